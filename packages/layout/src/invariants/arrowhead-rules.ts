/**
 * arrowhead-off-target: the arrowhead at the end of an edge, as renderers draw it (arrowAtEnd:
 * tip on the last point, along the last segment, as long and as wide as `arrow`), touches its
 * target — the shape of a collapsed node, the border of an expanded one, or, for an outbound
 * bridge piece, its group's border — whatever the edge's width. Its tip is the route's last
 * point, which edge-endpoint holds on the target's outline; and
 * - the route runs straight for at least the arrowhead's length before the tip, so that the
 *   arrowhead lies along the edge's last segment instead of across a bend;
 * - it points into the target (out of the group, for a bridge piece): the arrowhead lies on the
 *   outer side of the outline's tangent at the tip, i.e. its direction is within atan 2 ≈ 63.4°
 *   of the outline's normal;
 * - the stroke's rounded end, pulled back into the arrowhead, stays inside it.
 */
import { arrowAtEnd, finalRun } from '../geometry/curves.js';
import { NodeFlag, ShapeKind, type Geometry } from '../geometry/types.js';
import type { Reporter } from './report.js';
import { rectOf, type Rect } from './shapes.js';

/** cos(atan 2): the arrowhead's sides are atan(1/2) off its axis, so its axis may be this far off the normal. */
const MIN_COS = 1 / Math.sqrt(5);

export function checkArrowheads(g: Geometry, tol: number, r: Reporter): void {
  const e = g.edges;
  for (let k = 0; k < e.count; k++) {
    const a = e.pointStart[k]!;
    const b = e.pointStart[k + 1]!;
    if (b - a < 2) continue;
    const problem = arrowheadProblem(g, k, e.points.subarray(2 * a, 2 * b), tol);
    if (problem) r.report('arrowhead-off-target', `the arrowhead of ${r.edge(k)} ${problem}`);
  }
}

/** What is wrong with the arrowhead of edge k (route `pts`), or null. */
function arrowheadProblem(g: Geometry, k: number, pts: Float32Array, tol: number): string | null {
  const e = g.edges;
  const w = e.w[k]!;
  const owner = e.owner[k]!;
  const size = e.arrow[k]!;
  const tx = pts[pts.length - 2]!;
  const ty = pts[pts.length - 1]!;
  const { dx, dy, run, first } = finalRun(pts);
  if (run < size - tol) return `(${size} px) follows a straight run of only ${run.toFixed(2)} px`;
  const normal = outwardNormal(g, w, owner, tx, ty);
  // Into a node: against its outward normal; out of the group through its border: along it.
  const cos = normal ? (w < 0 ? 1 : -1) * (dx * normal[0] + dy * normal[1]) : 1;
  if (cos < MIN_COS - 0.01) return `meets the outline at ${((Math.acos(Math.max(-1, Math.min(1, cos))) * 180) / Math.PI).toFixed(0)}° from its normal`;
  const width = e.width[k]!;
  // The arrowhead and the stroke's end depend on the final straight run only.
  const { triangle: t, trimmed } = arrowAtEnd(pts.subarray(2 * first), size, width);
  const ex = trimmed[trimmed.length - 2]!;
  const ey = trimmed[trimmed.length - 1]!;
  // Distance from the stroke's end to each side through the tip, positive inside.
  const inside = Math.min(sideDistance(t, 2, ex, ey, dx, dy), sideDistance(t, 4, ex, ey, dx, dy));
  if (inside < width / 2 - tol) return `does not cover the end of its ${width.toFixed(2)} px stroke`;
  return null;
}

/** Distance from (x, y) to the line from the tip t[0..1] to corner t[c..c+1], positive on the arrowhead's axis side. */
function sideDistance(t: readonly number[], c: number, x: number, y: number, dx: number, dy: number): number {
  const sx = t[c]! - t[0]!;
  const sy = t[c + 1]! - t[1]!;
  const len = Math.hypot(sx, sy) || 1;
  const cross = (sx * (y - t[1]!) - sy * (x - t[0]!)) / len;
  // The axis point one unit back from the tip is on the inner side.
  const axis = sx * -dy - sy * -dx;
  return axis >= 0 ? cross : -cross;
}

/**
 * The outward normal of the outline at the tip (x, y): of the node's shape or box, or of the
 * owner's box for −1; null at an ellipse's centre (where edge-endpoint reports the tip).
 */
function outwardNormal(g: Geometry, node: number, owner: number, x: number, y: number): [number, number] | null {
  const n = g.nodes;
  if (node >= 0 && !(n.flags[node]! & NodeFlag.expanded) && n.shapeKind[node] === ShapeKind.ellipse) {
    const [sx, sy, sw, sh] = rectOf(n.shape, node);
    const gx = (x - sx - sw / 2) / (sw / 2) ** 2;
    const gy = (y - sy - sh / 2) / (sh / 2) ** 2;
    const len = Math.hypot(gx, gy);
    return len > 1e-9 ? [gx / len, gy / len] : null;
  }
  const rect: Rect = node < 0 ? rectOf(n.box, owner) : n.flags[node]! & NodeFlag.expanded ? rectOf(n.box, node) : rectOf(n.shape, node);
  // The side nearest the tip.
  const sides: Array<[number, number, number]> = [
    [Math.abs(x - rect[0]), -1, 0],
    [Math.abs(rect[0] + rect[2] - x), 1, 0],
    [Math.abs(y - rect[1]), 0, -1],
    [Math.abs(rect[1] + rect[3] - y), 0, 1],
  ];
  sides.sort((p, q) => p[0] - q[0]);
  return [sides[0]![1], sides[0]![2]];
}
