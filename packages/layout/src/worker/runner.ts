import type { ElkResult, ElkTask } from '../elk/task.js';

export interface ElkRunnerStats {
  /** ELK calls completed (including results discarded because their run was aborted). */
  tasks: number;
  /** Longest single ELK call, in ms (measured in the thread that ran it). */
  maxElkMs: number;
  /** Most nodes in a single ELK call (not necessarily the call of maxElkMs). */
  maxElkNodes: number;
}

/** How a task is to be run, beyond the task itself. */
export interface RunOptions {
  /**
   * When the layout that asks started (performance.now()). A runner with a deadline
   * (quick/quick-start-runner.ts) counts it from here, so that a layout of several levels, each
   * a task that waits for the one below, shares one deadline instead of one per level.
   */
  since?: number;
}

/** Something that runs ElkTasks: a pool of workers or the calling thread. */
export interface ElkRunner {
  /** Tasks it can run at once (workers; 1 in-thread). */
  readonly size: number;
  /**
   * Lays out `task`. Takes ownership of the task: a pool transfers its typed arrays to a
   * worker, which detaches them (length 0) in the caller, so keep a copy of anything you need
   * later. Tasks start in FIFO order. An AbortSignal that fires before the task starts removes
   * it (its arrays stay untouched); once it runs, the promise rejects at once and the late
   * result is dropped. Rejections for aborts are Errors named 'AbortError'.
   */
  run(task: ElkTask, signal?: AbortSignal, options?: RunOptions): Promise<ElkResult>;
  /** Warms ELK's JIT up in every thread; resolves with the wall-clock time it took, in ms. */
  warmup(): Promise<number>;
  /** Stops the threads and rejects every task not finished yet. Idempotent. */
  close(): Promise<void>;
  /** A snapshot. */
  readonly stats: Readonly<ElkRunnerStats>;
}

export function emptyStats(): ElkRunnerStats {
  return { tasks: 0, maxElkMs: 0, maxElkNodes: 0 };
}

export function recordElkCall(stats: ElkRunnerStats, elkMs: number, nodes: number): void {
  stats.tasks++;
  stats.maxElkMs = Math.max(stats.maxElkMs, elkMs);
  stats.maxElkNodes = Math.max(stats.maxElkNodes, nodes);
}
