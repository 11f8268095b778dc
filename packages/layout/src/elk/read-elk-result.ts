import type { ElkEdgeSection, ElkExtendedEdge, ElkNode, ElkPoint } from 'elkjs/lib/elk-api.js';
import { indexFromId } from './elk-ids.js';
import { edgeCount, nodeCount, type ElkResult, type ElkTask } from './task.js';

/**
 * Typed-array result of a graph ELK has laid out (the output of `toElkGraph(task)`).
 *
 * Edge polylines, per edge:
 * - one section (the normal case for a flat graph): startPoint, bendPoints…, endPoint;
 * - several sections (not expected for our one-source, one-target edges; handled anyway): the
 *   sections' points chained in the order ELK lists them, a start point equal to the previous
 *   end point dropped;
 * - no section (or the edge missing from ELK's output): a straight segment from the source
 *   anchor to the target anchor, where the anchor is the port's absolute position, or the
 *   node's center for an edge without port. So every edge has at least 2 points.
 * Junction points are not read. −0 is stored as +0 (ELK echoes a port x of 0 as −0 in RIGHT
 * layouts; node and edge coordinates have not shown it, but results should compare equal under
 * Object.is / toEqual either way).
 */
export function readElkResult(task: ElkTask, laidOut: ElkNode, elkMs: number): ElkResult {
  const n = nodeCount(task);
  const nodeXY = new Float64Array(2 * n);
  for (const child of laidOut.children ?? []) {
    const i = indexFromId(child.id, 'n');
    if (i < 0 || i >= n) continue;
    nodeXY[2 * i] = plusZero(child.x ?? 0);
    nodeXY[2 * i + 1] = plusZero(child.y ?? 0);
  }

  const m = edgeCount(task);
  const byIndex = new Array<ElkExtendedEdge | undefined>(m);
  for (const edge of laidOut.edges ?? []) {
    const e = indexFromId(edge.id, 'e');
    if (e >= 0 && e < m) byIndex[e] = edge;
  }

  const polylines: number[][] = [];
  let total = 0;
  for (let e = 0; e < m; e++) {
    const sections = byIndex[e]?.sections ?? [];
    const points = sections.length > 0 ? chainSections(sections) : straightSegment(task, nodeXY, e);
    polylines.push(points);
    total += points.length;
  }

  const edgePointStart = new Uint32Array(m + 1);
  const edgePoints = new Float64Array(total);
  let at = 0;
  for (let e = 0; e < m; e++) {
    edgePointStart[e] = at / 2;
    edgePoints.set(polylines[e]!, at);
    at += polylines[e]!.length;
  }
  edgePointStart[m] = at / 2;

  return { nodeXY, edgePointStart, edgePoints, width: plusZero(laidOut.width ?? 0), height: plusZero(laidOut.height ?? 0), elkMs };
}

/** x with −0 turned into +0 (−0 + 0 is +0; every other value is unchanged). */
const plusZero = (x: number): number => x + 0;

/** Flat x, y list of the sections' points, start to end. */
function chainSections(sections: readonly ElkEdgeSection[]): number[] {
  const out: number[] = [];
  const push = (p: ElkPoint): void => {
    out.push(plusZero(p.x), plusZero(p.y));
  };
  for (const section of sections) {
    const joint = out.length >= 2 && out[out.length - 2] === plusZero(section.startPoint.x) && out[out.length - 1] === plusZero(section.startPoint.y);
    if (!joint) push(section.startPoint);
    for (const bend of section.bendPoints ?? []) push(bend);
    push(section.endPoint);
  }
  return out;
}

function straightSegment(task: ElkTask, nodeXY: Float64Array, e: number): number[] {
  const [sx, sy] = anchor(task, nodeXY, task.edges[4 * e]!, task.edges[4 * e + 1]!);
  const [tx, ty] = anchor(task, nodeXY, task.edges[4 * e + 2]!, task.edges[4 * e + 3]!);
  return [sx, sy, tx, ty];
}

function anchor(task: ElkTask, nodeXY: Float64Array, node: number, port: number): [number, number] {
  const x = nodeXY[2 * node]!;
  const y = nodeXY[2 * node + 1]!;
  if (port >= 0) return [x + task.portXY[2 * port]!, y + task.portXY[2 * port + 1]!];
  return [x + task.nodeSize[2 * node]! / 2, y + task.nodeSize[2 * node + 1]! / 2];
}
