import { runElkTask, type ElkLayouter } from './run-elk.js';
import { syntheticTask } from './synthetic-task.js';

// POLYLINE most often (what layout calls use today), the other routings for the rest.
const ROUTINGS = ['POLYLINE', 'ORTHOGONAL', 'POLYLINE', 'SPLINES'] as const;

/**
 * Runs ~30 small layouts (5–60 nodes, both directions, with and without ports and stubs, all
 * edge routings, high and low thoroughness) so that the JIT has compiled ELK's hot paths
 * before the first real task. Resolves with the time it took, in ms.
 */
export async function warmUpElk(elk: ElkLayouter, calls = 30): Promise<number> {
  const started = performance.now();
  for (let i = 0; i < calls; i++) {
    const nodes = 5 + ((i * 17) % 56);
    const task = syntheticTask({
      nodes,
      seed: 1 + i,
      direction: i % 2 === 0 ? 'UP' : 'RIGHT',
      ports: i % 4 < 2,
      stubs: i % 3 !== 0,
      options: { 'elk.edgeRouting': ROUTINGS[i % ROUTINGS.length]!, 'elk.layered.thoroughness': nodes <= 40 ? '7' : '1' },
    });
    await runElkTask(elk, task);
  }
  return performance.now() - started;
}
