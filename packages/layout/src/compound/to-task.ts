/** LayoutGraph ⇄ ElkTask: flattening boxes, ports and edges into the typed task the pool runs. */
import type { ElkResult, ElkTask } from '../elk/task.js';
import type { LayoutGraph } from './layout-graph.js';

export function toElkTask(g: LayoutGraph, options: Record<string, string>): ElkTask {
  const n = g.nodes.length;
  const nodeSize = new Float64Array(2 * n);
  const nodeKind = new Uint8Array(n);
  const portStart = new Uint32Array(n + 1);
  let ports = 0;
  g.nodes.forEach((node, i) => {
    nodeSize[2 * i] = node.width;
    nodeSize[2 * i + 1] = node.height;
    nodeKind[i] = node.kind;
    portStart[i] = ports;
    ports += node.ports.length;
  });
  portStart[n] = ports;
  const portXY = new Float64Array(2 * ports);
  const portSide = new Uint8Array(ports);
  g.nodes.forEach((node, i) => {
    node.ports.forEach((p, k) => {
      const j = portStart[i]! + k;
      portXY[2 * j] = p.x;
      portXY[2 * j + 1] = p.y;
      portSide[j] = p.side;
    });
  });
  const edges = new Int32Array(4 * g.edges.length);
  g.edges.forEach((e, k) => {
    edges[4 * k] = e.v;
    edges[4 * k + 1] = e.vPort < 0 ? -1 : portStart[e.v]! + e.vPort;
    edges[4 * k + 2] = e.w;
    edges[4 * k + 3] = e.wPort < 0 ? -1 : portStart[e.w]! + e.wPort;
  });
  return { direction: g.direction, options, nodeSize, nodeKind, portStart, portXY, portSide, edges };
}

/** The points of edge e of an ELK result, as [x, y] pairs. */
export function edgePoints(r: Pick<ElkResult, 'edgePointStart' | 'edgePoints'>, e: number): number[] {
  return Array.from(r.edgePoints.subarray(2 * r.edgePointStart[e]!, 2 * r.edgePointStart[e + 1]!));
}
