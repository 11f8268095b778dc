/**
 * Invariants of edges: every edge starts and ends on its endpoints' outlines (shapes of
 * collapsed nodes, borders of expanded ones, or its group's border for bridge edges) and stays
 * inside its group; every bridge edge continues outside its group.
 */
import { NodeFlag, NodeKind, ShapeKind, type Geometry } from '../geometry/types.js';
import type { Reporter } from './report.js';
import { ellipseOutlineDistance, rectOf, rectOutlineDistance } from './shapes.js';

/** edge-endpoint and edge-outside-group, edge by edge. */
export function checkEdges(g: Geometry, r: Reporter): void {
  const e = g.edges;
  for (let k = 0; k < e.count; k++) {
    const a = e.pointStart[k]!;
    const b = e.pointStart[k + 1]!;
    if (b - a < 2) {
      r.report('edge-endpoint', `${r.edge(k)} has ${b - a} points`);
      continue;
    }
    const owner = e.owner[k]!;
    const ends: Array<[number, number]> = [
      [e.v[k]!, a],
      [e.w[k]!, b - 1],
    ];
    for (const [node, p] of ends) {
      const d = outlineDistance(g, node, owner, e.points[2 * p]!, e.points[2 * p + 1]!);
      if (d > 1) r.report('edge-endpoint', `${r.edge(k)} ends ${d.toFixed(2)} px off ${r.name(node)}`);
    }
    if (!(g.nodes.flags[owner]! & NodeFlag.root)) checkInsideOwner(g, k, r);
  }
}

/** How far (x, y) is from where an edge of `owner` may end at `node` (−1: the owner's border). */
function outlineDistance(g: Geometry, node: number, owner: number, x: number, y: number): number {
  const n = g.nodes;
  if (node < 0) return rectOutlineDistance(rectOf(n.box, owner), x, y);
  if (n.flags[node]! & NodeFlag.expanded) return rectOutlineDistance(rectOf(n.box, node), x, y);
  const s = rectOf(n.shape, node);
  return n.shapeKind[node] === ShapeKind.ellipse ? ellipseOutlineDistance(s, x, y) : rectOutlineDistance(s, x, y);
}

/** edge-outside-group: the first point of edge k outside its owner (1 px allowed), if any. */
function checkInsideOwner(g: Geometry, k: number, r: Reporter): void {
  const e = g.edges;
  const owner = e.owner[k]!;
  const ob = rectOf(g.nodes.box, owner);
  for (let p = e.pointStart[k]!; p < e.pointStart[k + 1]!; p++) {
    const x = e.points[2 * p]!;
    const y = e.points[2 * p + 1]!;
    if (x < ob[0] - 1 || y < ob[1] - 1 || x > ob[0] + ob[2] + 1 || y > ob[1] + ob[3] + 1) {
      r.report('edge-outside-group', `${r.edge(k)} leaves ${r.name(owner)} at (${x.toFixed(1)}, ${y.toFixed(1)})`);
      break;
    }
  }
}

/**
 * bridge-continuity: a bridge edge's end on its owner's border meets, at the same point, an
 * edge of the enclosing group that ends at the owner (so the drawn path goes on outside).
 */
export function checkBridges(g: Geometry, r: Reporter): void {
  const n = g.nodes;
  const e = g.edges;
  const outerEnds = endsAtExpanded(g);
  for (let k = 0; k < e.count; k++) {
    const inbound = e.v[k]! < 0;
    if (!inbound && e.w[k]! >= 0) continue;
    const owner = e.owner[k]!;
    const a = e.pointStart[k]!;
    const b = e.pointStart[k + 1]!;
    if (b - a < 2 || n.flags[owner]! & NodeFlag.root) continue;
    const p = inbound ? a : b - 1;
    const x = e.points[2 * p]!;
    const y = e.points[2 * p + 1]!;
    const ends = enclosingGroup(g, owner) >= 0 ? (outerEnds.get(`${owner}${inbound ? '<' : '>'}`) ?? []) : [];
    let met = false;
    for (let i = 0; i < ends.length && !met; i += 2) met = Math.abs(ends[i]! - x) <= 0.01 && Math.abs(ends[i + 1]! - y) <= 0.01;
    if (!met) r.report('bridge-continuity', `bridge ${r.edge(k)} of ${r.name(owner)} ends at (${x.toFixed(1)}, ${y.toFixed(1)}) on its border, where no edge ${inbound ? 'arrives' : 'leaves'} outside`);
  }
}

/** The group node i is drawn in, through sections; −1 for the root. */
function enclosingGroup(g: Geometry, i: number): number {
  const n = g.nodes;
  let p = n.parent[i]!;
  while (p >= 0 && n.kind[p] === NodeKind.section) p = n.parent[p]!;
  return p;
}

/** The points where edges arrive at (`<`) or leave (`>`) each expanded node, by `${node}<` / `${node}>`: x, y pairs. */
function endsAtExpanded(g: Geometry): Map<string, number[]> {
  const n = g.nodes;
  const e = g.edges;
  const outerEnds = new Map<string, number[]>();
  for (let k = 0; k < e.count; k++) {
    const a = e.pointStart[k]!;
    const b = e.pointStart[k + 1]!;
    if (b - a < 2) continue;
    for (const [node, p, inbound] of [
      [e.w[k]!, b - 1, true],
      [e.v[k]!, a, false],
    ] as const) {
      if (node < 0 || !(n.flags[node]! & NodeFlag.expanded)) continue;
      const key = `${node}${inbound ? '<' : '>'}`;
      const list = outerEnds.get(key);
      if (list) list.push(e.points[2 * p]!, e.points[2 * p + 1]!);
      else outerEnds.set(key, [e.points[2 * p]!, e.points[2 * p + 1]!]);
    }
  }
  return outerEnds;
}
