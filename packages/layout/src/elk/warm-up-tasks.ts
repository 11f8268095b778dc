/**
 * The small layouts that warm ELK's JIT up, as tasks only: a view host that runs ELK in another
 * worker sends them without loading ELK itself (see warm-up.ts for running them in place).
 */
import { syntheticTask } from './synthetic-task.js';
import type { ElkTask } from './task.js';

// POLYLINE most often (what layout calls use today), the other routings for the rest.
const ROUTINGS = ['POLYLINE', 'ORTHOGONAL', 'POLYLINE', 'SPLINES'] as const;

/** Warm-up layouts: how many `warmUpElk` runs, and the i-th one (5 to `maxNodes` nodes, varied; 60 by default). */
export const WARM_UP_CALLS = 30;

export function warmUpTask(i: number, maxNodes = 60): ElkTask {
  const nodes = 5 + ((i * 17) % (maxNodes - 4));
  return syntheticTask({
    nodes,
    seed: 1 + i,
    direction: i % 2 === 0 ? 'UP' : 'RIGHT',
    ports: i % 4 < 2,
    stubs: i % 3 !== 0,
    options: { 'elk.edgeRouting': ROUTINGS[i % ROUTINGS.length]!, 'elk.layered.thoroughness': nodes <= 40 ? '7' : '1' },
  });
}
