/**
 * The server's view of its logdirs: one `Logdir` (from @tbg/events) per `--logdir` or
 * `--logdir_spec` entry, their runs under one namespace, sorted as TensorBoard sorts them (by
 * start time, then name), and what may be served.
 *
 * Only what lies under a logdir is read and served: each Logdir is confined (`confine`: a symlink
 * whose real path lies outside the logdir is left out at discovery, unopened, and reported), and
 * as a second line a run whose directory or any event file still resolves outside is refused
 * (left out of every route, reported once). Runs with no event at all (only empty or
 * non-event files) are left out too.
 */
import { realpath } from 'node:fs/promises';
import { Logdir, type ReloadReport, type RunAccumulator, type SamplesPerPlugin, type TimeSeries } from '@tbg/events';
import { isInside } from './safe-path.js';

export interface LogdirSpec {
  /** The `name` of a `--logdir_spec` entry (runs become `name/run`), or null for `--logdir`. */
  name: string | null;
  path: string;
}

export interface RunRef {
  /** The served run name. */
  name: string;
  /** The run's name inside its logdir. */
  inner: string;
  root: LogdirRoot;
}

export interface LogdirRoot {
  spec: LogdirSpec;
  logdir: Logdir;
}

interface RunState {
  ref: RunRef;
  /** Files already checked against the logdir's real path. */
  checked: Set<string>;
  /** Why the run is refused, if it is. */
  refused: string | null;
}

export interface DataSourceOptions {
  samplesPerPlugin?: SamplesPerPlugin | string;
}

export function servedRunName(spec: LogdirSpec, inner: string): string {
  if (spec.name === null) return inner;
  return inner === '.' ? spec.name : `${spec.name}/${inner}`;
}

export class DataSource {
  readonly roots: LogdirRoot[];
  private readonly states = new Map<string, RunState>();
  private sorted: RunRef[] = [];

  constructor(specs: readonly LogdirSpec[], options: DataSourceOptions = {}) {
    this.roots = specs.map((spec) => ({ spec, logdir: new Logdir(spec.path, { samplesPerPlugin: options.samplesPerPlugin, confine: true }) }));
  }

  /** Reloads every logdir (new bytes, new runs), then re-checks and re-sorts the runs. */
  async reload(): Promise<ReloadReport[]> {
    const reports: ReloadReport[] = [];
    for (const root of this.roots) reports.push(await root.logdir.reload());
    await this.refreshRuns();
    return reports;
  }

  private async refreshRuns(): Promise<void> {
    const present = new Set<string>();
    for (const root of this.roots) {
      const rootReal = await realpath(root.spec.path).catch(() => null);
      for (const inner of root.logdir.runs()) {
        const name = servedRunName(root.spec, inner);
        present.add(name);
        let st = this.states.get(name);
        if (!st) {
          st = { ref: { name, inner, root }, checked: new Set(), refused: null };
          this.states.set(name, st);
        }
        if (!st.refused) await this.checkRun(st, rootReal);
      }
    }
    // A run whose directory is gone has been dropped by its Logdir: it goes from every route.
    for (const name of this.states.keys()) if (!present.has(name)) this.states.delete(name);
    this.sorted = [...this.states.values()].filter((s) => !s.refused && this.accumulator(s.ref).events > 0).map((s) => s.ref);
    this.sorted.sort((a, b) => compareRuns(this.accumulator(a), this.accumulator(b), a.name, b.name));
  }

  /** Refuses a run whose directory or any file resolves outside the logdir. */
  private async checkRun(st: RunState, rootReal: string | null): Promise<void> {
    const { root, inner } = st.ref;
    const paths = [root.logdir.runDir(inner)!, ...root.logdir.files(inner).map((f) => f.path)].filter((p) => !st.checked.has(p));
    for (const p of paths) {
      const real = await realpath(p).catch(() => null);
      if (rootReal !== null && real !== null && !isInside(rootReal, real)) {
        // Reported (and logged once) as a file problem: file-problems.ts.
        st.refused = `${p} resolves to ${real}, outside the logdir ${root.spec.path}`;
        return;
      }
      if (real !== null) st.checked.add(p);
    }
  }

  private accumulator(ref: RunRef): RunAccumulator {
    return ref.root.logdir.run(ref.inner)!;
  }

  /** Served runs, in TensorBoard's order. */
  runs(): RunRef[] {
    return this.sorted;
  }

  run(name: string): RunRef | undefined {
    const st = this.states.get(name);
    return st && !st.refused && this.sorted.includes(st.ref) ? st.ref : undefined;
  }

  /** Runs refused because they lead outside their logdir, with the reason. */
  refusedRuns(): Array<{ run: string; reason: string }> {
    return [...this.states.values()].filter((s) => s.refused).map((s) => ({ run: s.ref.name, reason: s.refused! }));
  }

  accumulatorOf(name: string): RunAccumulator | undefined {
    const ref = this.run(name);
    return ref && this.accumulator(ref);
  }

  series(run: string, tag: string): TimeSeries | undefined {
    return this.accumulatorOf(run)?.timeSeries(tag);
  }

  /** Every served (run, series) whose plugin is one of `plugins`, runs in order. */
  seriesOf(plugins: readonly string[]): Array<{ run: string; series: TimeSeries[] }> {
    const out: Array<{ run: string; series: TimeSeries[] }> = [];
    for (const ref of this.sorted) {
      const series = this.accumulator(ref)
        .allTimeSeries()
        .filter((s) => plugins.includes(s.metadata.plugin));
      if (series.length) out.push({ run: ref.name, series });
    }
    return out;
  }

  /** Whether any served run has a series of one of `plugins`. */
  hasPlugin(plugins: readonly string[]): boolean {
    return this.sorted.some((ref) => this.accumulator(ref).allTimeSeries().some((s) => plugins.includes(s.metadata.plugin)));
  }
}

function compareRuns(a: RunAccumulator, b: RunAccumulator, an: string, bn: string): number {
  const ta = a.firstWallTime ?? Infinity;
  const tb = b.firstWallTime ?? Infinity;
  if (ta !== tb) return ta < tb ? -1 : 1;
  return an < bn ? -1 : an > bn ? 1 : 0;
}
