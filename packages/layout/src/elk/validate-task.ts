import { edgeCount, nodeCount, PortSideCode, TaskNodeKindCode, type ElkTask } from './task.js';

const KIND_CODES: ReadonlySet<number> = new Set(Object.values(TaskNodeKindCode));
const SIDE_CODES: ReadonlySet<number> = new Set(Object.values(PortSideCode));

/**
 * Throws a descriptive error if the arrays of `task` do not fit together. Cheap (one pass), and
 * it turns a malformed task into a clear `failed` message instead of an obscure ELK exception
 * or a silently wrong layout.
 */
export function validateTask(task: ElkTask): void {
  const n = nodeCount(task);
  if (task.direction !== 'UP' && task.direction !== 'RIGHT') fail(`unknown direction ${String(task.direction)}`);
  if (task.nodeSize.length !== 2 * n) fail(`nodeSize has ${task.nodeSize.length} values for ${n} nodes (want ${2 * n})`);
  if (task.portStart.length !== n + 1) fail(`portStart has ${task.portStart.length} entries for ${n} nodes (want ${n + 1})`);
  const ports = task.portSide.length;
  if (task.portStart[0] !== 0 || task.portStart[n] !== ports) fail(`portStart must run from 0 to ${ports} (the port count)`);
  for (let i = 0; i < n; i++) {
    if (task.portStart[i + 1]! < task.portStart[i]!) fail(`portStart decreases at node ${i}`);
    if (!KIND_CODES.has(task.nodeKind[i]!)) fail(`node ${i} has unknown kind ${task.nodeKind[i]}`);
  }
  if (task.portXY.length !== 2 * ports) fail(`portXY has ${task.portXY.length} values for ${ports} ports (want ${2 * ports})`);
  for (let p = 0; p < ports; p++) if (!SIDE_CODES.has(task.portSide[p]!)) fail(`port ${p} has unknown side ${task.portSide[p]}`);
  if (task.edges.length % 4 !== 0) fail(`edges has ${task.edges.length} values, not a multiple of 4`);
  const m = edgeCount(task);
  for (let e = 0; e < m; e++) {
    checkEnd(task, e, task.edges[4 * e]!, task.edges[4 * e + 1]!, 'source');
    checkEnd(task, e, task.edges[4 * e + 2]!, task.edges[4 * e + 3]!, 'target');
  }
}

function checkEnd(task: ElkTask, e: number, node: number, port: number, end: string): void {
  if (node < 0 || node >= nodeCount(task)) fail(`edge ${e} ${end} node ${node} is out of range`);
  if (port === -1) return;
  if (port < task.portStart[node]! || port >= task.portStart[node + 1]!) {
    fail(`edge ${e} ${end} port ${port} does not belong to node ${node}`);
  }
}

function fail(message: string): never {
  throw new Error(`invalid ELK task: ${message}`);
}
