/**
 * An ElkRunner that answers with the quick layout (quick-layered.ts) until ELK is ready, and with
 * ELK after: a view's first picture need not wait for ELK to compile. `ready` resolves when ELK
 * has finished its first (warm-up) call; the warm-up goes on, a small call at a time, whenever
 * ELK has had no real task for a second, so that its JIT is warm for later expands. Results laid
 * out quickly are `provisional`.
 *
 * Once ELK is ready, a task that ELK has not answered within `deadlineMs` of its layout's start
 * (RunOptions.since) is answered with the quick layout too (an expand is on screen at once), while
 * ELK goes on with it: the next run of the same task (the client's settling request) gets ELK's
 * result, waiting for it if need be.
 */
import type { ElkResult, ElkTask } from '../elk/task.js';
import { warmUpTask, WARM_UP_CALLS } from '../elk/warm-up-tasks.js';
import type { ElkRunner, RunOptions } from '../worker/runner.js';
import { deadlineRuns } from './deadline-runs.js';
import { quickLayered } from './quick-layered.js';

/** How long ELK must have had no real task before the warm-up goes on. */
const QUIET_MS = 1000;
/**
 * The warm-up here runs while the user may expand at any moment, and a real task waits for the
 * call in flight: calls of up to 24 nodes instead of 60 (one of 53 nodes took 545 ms here while
 * the renderer was busy, and an expand waited for it).
 */
const IDLE_WARM_UP_NODES = 24;
/**
 * An expand's budget to its first frame is 150 ms; meshes and the frame take 50–80 ms of it here,
 * and a layout may need a task per level of nesting.
 */
const DEFAULT_DEADLINE_MS = 40;

export interface QuickStartRunner extends ElkRunner {
  /** Resolves once tasks go to ELK. */
  readonly ready: Promise<void>;
  readonly elkReady: boolean;
  /** Runs `f` (a layout) with every task waiting for ELK, however long it takes: a settling layout. */
  withoutDeadline<T>(f: () => Promise<T>): Promise<T>;
}

export interface QuickStartOptions {
  /**
   * After ELK is ready, how long a layout's tasks may wait for ELK, counted from the layout's
   * start (RunOptions.since; else from each task's), before the quick layout stands in (ms;
   * Infinity: never).
   */
  deadlineMs?: number;
}

/** `elk`: the runner that reaches ELK (a pool, or a channel to an ELK worker). */
export function createQuickStartRunner(elk: ElkRunner, options: QuickStartOptions = {}): QuickStartRunner {
  const deadlineMs = options.deadlineMs ?? DEFAULT_DEADLINE_MS;
  let elkReady = false;
  let markReady = () => {};
  const ready = new Promise<void>((resolve) => (markReady = resolve));
  // Real tasks in ELK now. The warm-up waits while there are any, and for a quiet spell after
  // them (expands come in bursts), so that a real task seldom waits behind a warm-up call.
  let pending = 0;
  let lastReal = -Infinity;
  let onIdle: Array<() => void> = [];
  const quiet = () => new Promise<void>((resolve) => setTimeout(resolve, Math.max(0, lastReal + QUIET_MS - performance.now())));
  const idle = async (): Promise<void> => {
    while (pending > 0 || performance.now() < lastReal + QUIET_MS) {
      if (pending > 0) await new Promise<void>((resolve) => onIdle.push(resolve));
      else await quiet();
    }
  };
  const warmUp = async (): Promise<void> => {
    for (let i = 0; i < WARM_UP_CALLS; i++) {
      await idle();
      const ok = await elk.run(warmUpTask(i, IDLE_WARM_UP_NODES)).then(
        () => true,
        () => false,
      );
      if (!elkReady) {
        elkReady = true;
        markReady();
      }
      if (!ok) return;
    }
  };
  void warmUp();
  const runElk = (task: ElkTask, signal?: AbortSignal, options?: RunOptions): Promise<ElkResult> => {
    pending++;
    return elk.run(task, signal, options).finally(() => {
      lastReal = performance.now();
      if (--pending > 0) return;
      const waiting = onIdle;
      onIdle = [];
      for (const resolve of waiting) resolve();
    });
  };
  const deadline = Number.isFinite(deadlineMs) ? deadlineRuns(runElk, deadlineMs) : null;
  /** Layouts in progress that wait for ELK (`withoutDeadline`). */
  let patient = 0;
  return {
    get size() {
      return elk.size;
    },
    ready,
    get elkReady() {
      return elkReady;
    },
    run(task: ElkTask, signal?: AbortSignal, options?: RunOptions): Promise<ElkResult> {
      if (!elkReady) return signal?.aborted ? elk.run(task, signal, options) : Promise.resolve(quickLayered(task));
      if (!deadline) return runElk(task, signal, options);
      return patient > 0 ? deadline.wait(task, signal) : deadline.run(task, signal, options?.since);
    },
    async withoutDeadline<T>(f: () => Promise<T>): Promise<T> {
      patient++;
      try {
        return await f();
      } finally {
        patient--;
      }
    },
    warmup: () => elk.warmup(),
    close: () => elk.close(),
    get stats() {
      return elk.stats;
    },
  };
}
