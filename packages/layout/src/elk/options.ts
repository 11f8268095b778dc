/**
 * ELK options per call. TensorBoard's spacing mapped onto ELK layered (tensorboard-graph.md
 * §8.4); routing, thoroughness and strategies picked by the option benchmark (README).
 */
import type { LayoutParams } from '../params.js';

/**
 * Thoroughness by call size (ELK's default is 7). From the option benchmark on real calls:
 * 11–40 nodes, 7 vs 1 cuts crossings per edge from 0.20 to 0.12 at p95 32 vs 18 ms (3: 0.14 at
 * 25 ms); 41–80 nodes, 3 gives 0.38 vs 0.59 at p95 53 vs 36 ms. An expand lays out again every
 * ancestor of the expanded group, one after the other (faceboxes: a 59-node while loop, a
 * 17-node and a 29-node group, the root), so the expand p95 budget decides: 7 only up to 16,
 * 3 up to 40, 1 above (faceboxes' p95 went from 130–164 to 125–134 ms).
 */
export function thoroughness(nodes: number, edges = 0): number {
  // Dense calls count by their edges too: a 29-node call with 43 edges took 100 ms at 7.
  const size = Math.max(nodes, Math.ceil(edges * 0.75));
  return size <= 16 ? 7 : size <= 40 ? 3 : 1;
}

export function elkOptions(p: LayoutParams, nodes: number, edges: number): Record<string, string> {
  return {
    'elk.algorithm': 'layered',
    'elk.spacing.nodeNode': String(p.nodeSep),
    'elk.layered.spacing.nodeNodeBetweenLayers': String(p.rankSep),
    'elk.spacing.edgeEdge': String(p.edgeSep),
    'elk.layered.spacing.edgeEdgeBetweenLayers': String(p.edgeSep),
    'elk.spacing.componentComponent': String(p.rankSep),
    'elk.edgeRouting': 'POLYLINE',
    'elk.layered.thoroughness': String(thoroughness(nodes, edges)),
  };
}
