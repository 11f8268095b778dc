/**
 * The reload loop: the first load, then one reload every interval after the previous one ended
 * (never overlapping); after each, newly damaged files are logged once.
 */
import type { DataSource } from './data-source.js';
import { fileProblems, ProblemLog } from './file-problems.js';
import type { LogFn } from './http-server.js';
import { countLoaded, type LoadProgress } from './load-progress.js';

export class Loader {
  private timer: ReturnType<typeof setTimeout> | null = null;
  private stopped = false;
  private loading = true;
  private reloads = 0;
  private lastReloadMs = 0;
  private lastError = '';
  private readonly problems: ProblemLog;

  constructor(
    private readonly source: DataSource,
    private readonly log: LogFn,
  ) {
    this.problems = new ProblemLog(log);
  }

  async start(intervalS: number): Promise<void> {
    await this.reloadOnce();
    this.loading = false;
    if (intervalS > 0) this.schedule(intervalS * 1000);
  }

  private schedule(ms: number): void {
    if (this.stopped) return;
    this.timer = setTimeout(() => {
      void this.reloadOnce().then(() => this.schedule(ms));
    }, ms);
    this.timer.unref();
  }

  async reloadOnce(): Promise<void> {
    const t0 = performance.now();
    try {
      await this.source.reload();
      this.lastError = '';
    } catch (err) {
      const message = err instanceof Error ? err.message : String(err);
      if (message !== this.lastError) this.log(`reload failed: ${message}`);
      this.lastError = message;
    }
    this.reloads++;
    this.lastReloadMs = performance.now() - t0;
    if (!this.stopped) this.problems.report(fileProblems(this.source));
  }

  stop(): void {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
  }

  progress(): LoadProgress {
    return { loading: this.loading, reloads: this.reloads, lastReloadMs: this.lastReloadMs, ...countLoaded(this.source) };
  }
}
