import type { Direction, ElkTask, PortSide, TaskNodeKind } from './task.js';
import { buildTask, type EdgeSpec, type NodeSpec, type PortSpec } from './task-builder.js';

export interface SyntheticTaskOptions {
  /** Plain nodes (stubs come on top). */
  nodes: number;
  seed: number;
  direction?: Direction;
  /** Give about every third node fixed ports, one per incident edge. */
  ports?: boolean;
  /** Add a few border stubs: IN stubs feeding nodes, OUT stubs fed by nodes. */
  stubs?: boolean;
  options?: Record<string, string>;
}

/**
 * A deterministic random DAG shaped like a layout group (edges from earlier to later nodes,
 * mostly short), for ELK warm-up, tests and benchmarks.
 */
export function syntheticTask(o: SyntheticTaskOptions): ElkTask {
  const random = seededRandom(o.seed);
  const direction = o.direction ?? 'UP';
  const nodes: { width: number; height: number; kind?: TaskNodeKind; hasPorts: boolean }[] = [];
  for (let i = 0; i < o.nodes; i++) {
    nodes.push({ width: 30 + Math.floor(random() * 60), height: 15 + Math.floor(random() * 30), hasPorts: o.ports === true && i % 3 === 1 });
  }
  const links: [number, number][] = [];
  for (let j = 1; j < o.nodes; j++) {
    const fanIn = 1 + Math.floor(random() * 2);
    for (let k = 0; k < fanIn; k++) links.push([Math.max(0, j - 1 - Math.floor(random() * 8)), j]);
  }
  if (o.stubs === true && o.nodes > 0) {
    const stubs = 1 + Math.floor(o.nodes / 10);
    for (let k = 0; k < stubs; k++) {
      nodes.push({ width: 4, height: 4, kind: 'stubIn', hasPorts: false });
      links.push([nodes.length - 1, Math.floor(random() * o.nodes)]);
      nodes.push({ width: 4, height: 4, kind: 'stubOut', hasPorts: false });
      links.push([Math.floor(random() * o.nodes), nodes.length - 1]);
    }
  }

  // One port per incident edge, spread evenly along the node's in-side / out-side.
  const inCount = nodes.map(() => 0);
  const outCount = nodes.map(() => 0);
  for (const [s, t] of links) {
    outCount[s]!++;
    inCount[t]!++;
  }
  const ports: PortSpec[][] = nodes.map(() => []);
  const edges: EdgeSpec[] = links.map(([source, target]) => {
    const edge: EdgeSpec = { source, target };
    const s = nodes[source]!;
    const t = nodes[target]!;
    if (s.hasPorts) edge.sourcePort = addPort(ports[source]!, direction, 'out', s, outCount[source]!);
    if (t.hasPorts) edge.targetPort = addPort(ports[target]!, direction, 'in', t, inCount[target]!);
    return edge;
  });
  const specs: NodeSpec[] = nodes.map((node, i) => ({ width: node.width, height: node.height, kind: node.kind ?? 'plain', ports: ports[i]! }));
  return buildTask({ direction, options: { 'elk.algorithm': 'layered', ...o.options }, nodes: specs, edges });
}

function addPort(list: PortSpec[], direction: Direction, side: PortSide, box: { width: number; height: number }, count: number): number {
  const along = (list.filter((p) => p.side === side).length + 1) / (count + 1);
  if (direction === 'UP') list.push({ x: box.width * along, y: side === 'in' ? box.height : 0, side });
  else list.push({ x: side === 'in' ? 0 : box.width, y: box.height * along, side });
  return list.length - 1;
}

/** Small deterministic generator in [0, 1) (xorshift32). */
function seededRandom(seed: number): () => number {
  let s = seed >>> 0 || 0x9e3779b9;
  return () => {
    s ^= s << 13;
    s >>>= 0;
    s ^= s >>> 17;
    s ^= s << 5;
    s >>>= 0;
    return s / 4294967296;
  };
}
