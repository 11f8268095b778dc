import { NODE_PLAIN, type Direction, type ElkTask } from './task.js';

/** A port on a node: x, y from the node's top-left corner; SIDE_IN or SIDE_OUT. */
export interface PortSpec {
  x: number;
  y: number;
  side: number;
}

export interface NodeSpec {
  width: number;
  height: number;
  /** NODE_PLAIN (default), NODE_STUB_IN or NODE_STUB_OUT. */
  kind?: number;
  ports?: readonly PortSpec[];
}

/** An edge; ports are indices into the node's own `ports` (not global port indices). */
export interface EdgeSpec {
  source: number;
  target: number;
  sourcePort?: number;
  targetPort?: number;
}

export interface TaskSpec {
  direction: Direction;
  options?: Record<string, string>;
  nodes: readonly NodeSpec[];
  edges: readonly EdgeSpec[];
}

/**
 * An ElkTask from readable specs (tests, warm-up, small callers). Every array gets its own
 * buffer, so the task can be transferred as is.
 */
export function buildTask(spec: TaskSpec): ElkTask {
  const n = spec.nodes.length;
  const nodeSize = new Float64Array(2 * n);
  const nodeKind = new Uint8Array(n);
  const portStart = new Uint32Array(n + 1);
  let ports = 0;
  spec.nodes.forEach((node, i) => {
    nodeSize[2 * i] = node.width;
    nodeSize[2 * i + 1] = node.height;
    nodeKind[i] = node.kind ?? NODE_PLAIN;
    portStart[i] = ports;
    ports += node.ports?.length ?? 0;
  });
  portStart[n] = ports;

  const portXY = new Float64Array(2 * ports);
  const portSide = new Uint8Array(ports);
  spec.nodes.forEach((node, i) => {
    node.ports?.forEach((port, k) => {
      const p = portStart[i]! + k;
      portXY[2 * p] = port.x;
      portXY[2 * p + 1] = port.y;
      portSide[p] = port.side;
    });
  });

  const edges = new Int32Array(4 * spec.edges.length);
  spec.edges.forEach((edge, e) => {
    edges.set([edge.source, globalPort(spec, edge.source, edge.sourcePort), edge.target, globalPort(spec, edge.target, edge.targetPort)], 4 * e);
  });
  return { direction: spec.direction, options: { ...spec.options }, nodeSize, nodeKind, portStart, portXY, portSide, edges };
}

function globalPort(spec: TaskSpec, node: number, local: number | undefined): number {
  if (local === undefined) return -1;
  const count = spec.nodes[node]?.ports?.length ?? 0;
  if (local < 0 || local >= count) throw new RangeError(`node ${node} has no port ${local}`);
  let before = 0;
  for (let i = 0; i < node; i++) before += spec.nodes[i]?.ports?.length ?? 0;
  return before + local;
}
