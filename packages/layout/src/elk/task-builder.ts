import { PortSideCode, TaskNodeKindCode, type Direction, type ElkTask, type PortSide, type TaskNodeKind } from './task.js';

/** A port on a node: x, y from the node's top-left corner, and its side. */
export interface PortSpec {
  x: number;
  y: number;
  side: PortSide;
}

export interface NodeSpec {
  width: number;
  height: number;
  /** 'plain' by default. */
  kind?: TaskNodeKind;
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

/** An edge between node indices, with port indices within each node's own ports (−1: none). */
export interface PackedEdgeSpec {
  v: number;
  vPort: number;
  w: number;
  wPort: number;
}

/** Flattens nodes, their ports and edges into the typed arrays of an ElkTask (each its own buffer, transferable as is). */
export function packTask(direction: Direction, options: Record<string, string>, nodes: readonly NodeSpec[], edgeList: readonly PackedEdgeSpec[]): ElkTask {
  const n = nodes.length;
  const nodeSize = new Float64Array(2 * n);
  const nodeKind = new Uint8Array(n);
  const portStart = new Uint32Array(n + 1);
  let ports = 0;
  nodes.forEach((node, i) => {
    nodeSize[2 * i] = node.width;
    nodeSize[2 * i + 1] = node.height;
    nodeKind[i] = TaskNodeKindCode[node.kind ?? 'plain'];
    portStart[i] = ports;
    ports += node.ports?.length ?? 0;
  });
  portStart[n] = ports;
  const portXY = new Float64Array(2 * ports);
  const portSide = new Uint8Array(ports);
  nodes.forEach((node, i) => {
    node.ports?.forEach((p, k) => {
      const j = portStart[i]! + k;
      portXY[2 * j] = p.x;
      portXY[2 * j + 1] = p.y;
      portSide[j] = PortSideCode[p.side];
    });
  });
  const edges = new Int32Array(4 * edgeList.length);
  edgeList.forEach((e, k) => {
    edges[4 * k] = e.v;
    edges[4 * k + 1] = e.vPort < 0 ? -1 : portStart[e.v]! + e.vPort;
    edges[4 * k + 2] = e.w;
    edges[4 * k + 3] = e.wPort < 0 ? -1 : portStart[e.w]! + e.wPort;
  });
  return { direction, options, nodeSize, nodeKind, portStart, portXY, portSide, edges };
}

/**
 * An ElkTask from readable specs (tests, warm-up, small callers). Every array gets its own
 * buffer, so the task can be transferred as is.
 */
export function buildTask(spec: TaskSpec): ElkTask {
  const edges = spec.edges.map((edge) => ({
    v: edge.source,
    vPort: localPort(spec, edge.source, edge.sourcePort),
    w: edge.target,
    wPort: localPort(spec, edge.target, edge.targetPort),
  }));
  return packTask(spec.direction, { ...spec.options }, spec.nodes, edges);
}

function localPort(spec: TaskSpec, node: number, local: number | undefined): number {
  if (local === undefined) return -1;
  const count = spec.nodes[node]?.ports?.length ?? 0;
  if (local < 0 || local >= count) throw new RangeError(`node ${node} has no port ${local}`);
  return local;
}
