/**
 * Anchors that keep a drawn edge on its route. Renderers draw a uniform B-spline through the
 * route's points (d3.curveBasis), which cuts each corner by up to a sixth of the segments beside
 * it: beside a long segment of ELK's polyline that is tens or hundreds of px, enough to cut
 * through the node or the group title the route went around. A point on each long segment a
 * short way from either end keeps the curve within a few px of the route; its corners stay
 * rounded.
 */

/** Distance in px from a corner to the anchors beside it: the curve cuts a corner by at most a third of it. */
export const ANCHOR_DISTANCE = 12;

/** Route `pts` (x, y pairs) with anchors on every segment longer than two anchor distances. */
export function anchorRoute(pts: readonly number[]): number[] {
  const out: number[] = [];
  for (let i = 0; i + 1 < pts.length; i += 2) {
    out.push(pts[i]!, pts[i + 1]!);
    if (i + 3 >= pts.length) break;
    const dx = pts[i + 2]! - pts[i]!;
    const dy = pts[i + 3]! - pts[i + 1]!;
    const len = Math.hypot(dx, dy);
    if (len <= 2 * ANCHOR_DISTANCE) continue;
    const t = ANCHOR_DISTANCE / len;
    out.push(pts[i]! + dx * t, pts[i + 1]! + dy * t, pts[i + 2]! - dx * t, pts[i + 3]! - dy * t);
  }
  return out;
}
