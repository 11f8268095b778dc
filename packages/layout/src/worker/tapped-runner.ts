import type { ElkResult, ElkTask } from '../elk/task.js';
import type { ElkRunner, RunOptions } from './runner.js';

/**
 * A runner that shows each task to `tap` before `inner` runs it, and each result to `onResult`
 * after: for recording calls in tests and benches, logging, or yielding first. A tap that
 * throws (or rejects) refuses the task. `defaults`: the RunOptions of a task run without any.
 */
export function tappedRunner(
  inner: ElkRunner,
  tap: (task: ElkTask, signal?: AbortSignal) => void | Promise<void>,
  onResult?: (result: ElkResult) => void,
  defaults?: RunOptions,
): ElkRunner {
  return {
    get size() {
      return inner.size;
    },
    get stats() {
      return inner.stats;
    },
    async run(task, signal, options?: RunOptions) {
      await tap(task, signal);
      const result = await inner.run(task, signal, options ?? defaults);
      onResult?.(result);
      return result;
    },
    warmup: () => inner.warmup(),
    close: () => inner.close(),
  };
}
