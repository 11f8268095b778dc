import { runElkTask, type ElkLayouter } from './run-elk.js';
import { syntheticTask } from './synthetic-task.js';
import type { ElkTask } from './task.js';
import { nextMacrotask } from '../worker/yielding-runner.js';

// POLYLINE most often (what layout calls use today), the other routings for the rest.
const ROUTINGS = ['POLYLINE', 'ORTHOGONAL', 'POLYLINE', 'SPLINES'] as const;

/** Warm-up layouts: how many `warmUpElk` runs, and the i-th one (5–60 nodes, varied). */
export const WARM_UP_CALLS = 30;

export function warmUpTask(i: number): ElkTask {
  const nodes = 5 + ((i * 17) % 56);
  return syntheticTask({
    nodes,
    seed: 1 + i,
    direction: i % 2 === 0 ? 'UP' : 'RIGHT',
    ports: i % 4 < 2,
    stubs: i % 3 !== 0,
    options: { 'elk.edgeRouting': ROUTINGS[i % ROUTINGS.length]!, 'elk.layered.thoroughness': nodes <= 40 ? '7' : '1' },
  });
}

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
