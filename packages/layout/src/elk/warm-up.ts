import { runElkTask, type ElkLayouter } from './run-elk.js';
import { warmUpTask, WARM_UP_CALLS } from './warm-up-tasks.js';
import { nextMacrotask } from '../worker/yielding-runner.js';

/**
 * Runs ~30 small layouts (5–60 nodes, both directions, with and without ports and stubs, all
 * edge routings, high and low thoroughness) so that the JIT has compiled ELK's hot paths
 * before the first real task. Returns to the event loop between layouts, so that a thread
 * warming up still answers messages. Resolves with the time it took, in ms.
 */
export async function warmUpElk(elk: ElkLayouter, calls = WARM_UP_CALLS): Promise<number> {
  const started = performance.now();
  for (let i = 0; i < calls; i++) {
    await runElkTask(elk, warmUpTask(i));
    await nextMacrotask();
  }
  return performance.now() - started;
}

export { warmUpTask, WARM_UP_CALLS };
