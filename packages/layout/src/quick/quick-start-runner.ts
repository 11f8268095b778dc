/**
 * An ElkRunner that answers with the quick layout (quick-layered.ts) until ELK is ready, and with
 * ELK after: a view's first picture need not wait for ELK to compile. `ready` resolves when ELK
 * has finished its first (warm-up) call; the warm-up goes on, a call at a time, until the first
 * real task reaches ELK. Results laid out quickly are `provisional`.
 */
import type { ElkResult, ElkTask } from '../elk/task.js';
import { warmUpTask, WARM_UP_CALLS } from '../elk/warm-up-tasks.js';
import type { ElkRunner } from '../worker/runner.js';
import { quickLayered } from './quick-layered.js';

export interface QuickStartRunner extends ElkRunner {
  /** Resolves once tasks go to ELK. */
  readonly ready: Promise<void>;
  readonly elkReady: boolean;
}

/** `elk`: the runner that reaches ELK (a pool, or a channel to an ELK worker). */
export function createQuickStartRunner(elk: ElkRunner): QuickStartRunner {
  let elkReady = false;
  let busy = false;
  const warmUp = async (): Promise<void> => {
    for (let i = 0; i < WARM_UP_CALLS && !busy; i++) {
      await elk.run(warmUpTask(i)).catch(() => undefined);
      elkReady = true;
      if (i === 0) markReady();
    }
  };
  let markReady = () => {};
  const ready = new Promise<void>((resolve) => (markReady = resolve));
  void warmUp();
  return {
    get size() {
      return elk.size;
    },
    ready,
    get elkReady() {
      return elkReady;
    },
    run(task: ElkTask, signal?: AbortSignal): Promise<ElkResult> {
      if (!elkReady) return signal?.aborted ? elk.run(task, signal) : Promise.resolve(quickLayered(task));
      busy = true;
      return elk.run(task, signal);
    },
    warmup: () => elk.warmup(),
    close: () => elk.close(),
    get stats() {
      return elk.stats;
    },
  };
}
