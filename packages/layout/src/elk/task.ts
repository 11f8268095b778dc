/**
 * One bounded ELK call as plain data: the unit of work the worker pool runs. Typed arrays so
 * that tasks and results travel between threads as transferables. Nothing here knows about
 * the hierarchy: nodes are indices, ports are fixed points on a node's box.
 */

/** Flow direction of the layered layout: `UP` is TensorBoard's (inputs at the bottom). */
export type Direction = 'UP' | 'RIGHT';

/**
 * What a node of a task is: a plain box, or a border stub of an edge that enters the graph
 * (forced into the first layer, ELK `FIRST`) or leaves it (forced into the last, ELK `LAST`).
 */
export type TaskNodeKind = 'plain' | 'stubIn' | 'stubOut';

/** The codes `ElkTask.nodeKind` stores per node (a typed array, so that tasks transfer between threads). */
export const TaskNodeKindCode = { plain: 0, stubIn: 1, stubOut: 2 } as const satisfies Record<TaskNodeKind, number>;
export type TaskNodeKindCode = (typeof TaskNodeKindCode)[TaskNodeKind];

/** The side of its node a port is on: where edges come in (SOUTH for `UP`, WEST for `RIGHT`) or leave (NORTH, EAST). */
export type PortSide = 'in' | 'out';

/** The codes `ElkTask.portSide` stores per port. */
export const PortSideCode = { in: 0, out: 1 } as const satisfies Record<PortSide, number>;
export type PortSideCode = (typeof PortSideCode)[PortSide];

export interface ElkTask {
  direction: Direction;
  /** ELK layout options for the graph (keys as ELK spells them), already chosen by the caller. */
  options: Record<string, string>;
  /** Width, height per node: 2 per node. */
  nodeSize: Float64Array;
  /** A TaskNodeKindCode per node. */
  nodeKind: Uint8Array;
  /**
   * Fixed ports (ELK `FIXED_POS`): node i owns ports `portStart[i] … portStart[i+1]`. A node
   * with ports gets every edge through them.
   */
  portStart: Uint32Array;
  /** x, y of each port relative to its node's top-left corner: 2 per port. */
  portXY: Float64Array;
  /** A PortSideCode per port. */
  portSide: Uint8Array;
  /** Edges: source node, source port (global port index or −1), target node, target port (or −1): 4 per edge. */
  edges: Int32Array;
}

export interface ElkResult {
  /** Top-left corner per node: 2 per node. The graph has no padding; the origin is ELK's. */
  nodeXY: Float64Array;
  /** Polyline of edge e: points `edgePointStart[e] … edgePointStart[e+1]` of `edgePoints` (x, y pairs), start to end. */
  edgePointStart: Uint32Array;
  edgePoints: Float64Array;
  /** Size ELK reports for the whole graph. */
  width: number;
  height: number;
  /** Time spent inside ELK for this task, in the thread that ran it. */
  elkMs: number;
  /** Laid out by the quick layout while ELK was not ready (quick/quick-layered.ts): never cached, replaced once ELK runs. */
  provisional?: boolean;
}

/** The typed-array buffers of a task or result, for `postMessage(…, transfer)`. */
export function taskTransferables(t: ElkTask): ArrayBuffer[] {
  return [t.nodeSize, t.nodeKind, t.portStart, t.portXY, t.portSide, t.edges].map((a) => a.buffer as ArrayBuffer);
}

export function resultTransferables(r: ElkResult): ArrayBuffer[] {
  return [r.nodeXY, r.edgePointStart, r.edgePoints].map((a) => a.buffer as ArrayBuffer);
}

export function nodeCount(t: ElkTask): number {
  return t.nodeKind.length;
}

export function edgeCount(t: ElkTask): number {
  return t.edges.length / 4;
}

/**
 * A deep copy (a pool detaches the arrays of the tasks it sends).
 * @internal for tests and benchmarks
 */
export function copyTask(t: ElkTask): ElkTask {
  return { ...t, options: { ...t.options }, nodeSize: t.nodeSize.slice(), nodeKind: t.nodeKind.slice(), portStart: t.portStart.slice(), portXY: t.portXY.slice(), portSide: t.portSide.slice(), edges: t.edges.slice() };
}
