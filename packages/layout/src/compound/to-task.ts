/** LayoutGraph ⇄ ElkTask: flattening boxes, ports and edges into the typed task the pool runs. */
import type { ElkResult, ElkTask } from '../elk/task.js';
import { packTask } from '../elk/task-builder.js';
import type { LayoutGraph } from './layout-graph.js';

export function toElkTask(g: LayoutGraph, options: Record<string, string>): ElkTask {
  return packTask(g.direction, options, g.nodes, g.edges);
}

/** The points of edge e of an ELK result, as [x, y] pairs. */
export function edgePoints(r: Pick<ElkResult, 'edgePointStart' | 'edgePoints'>, e: number): number[] {
  return Array.from(r.edgePoints.subarray(2 * r.edgePointStart[e]!, 2 * r.edgePointStart[e + 1]!));
}
