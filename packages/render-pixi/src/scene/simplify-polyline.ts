/**
 * Douglas–Peucker simplification of a flat polyline: the coarser routes drawn for zoomed-out
 * views (lod.ts EDGE_LEVELS), where a bend smaller than a screen pixel costs vertices and shows
 * nothing. Iterative, so a long route cannot overflow the stack.
 */

/** The points of `pts` (x, y, x, y, …) needed to stay within `tolerance` of it; the ends are kept. */
export function simplifyPolyline(pts: ArrayLike<number>, tolerance: number): number[] {
  const n = pts.length >> 1;
  if (n <= 2) return Array.from(pts);
  const keep = new Uint8Array(n);
  keep[0] = keep[n - 1] = 1;
  const stack = [0, n - 1];
  while (stack.length) {
    const b = stack.pop()!;
    const a = stack.pop()!;
    const [far, d] = farthest(pts, a, b);
    if (d > tolerance) {
      keep[far] = 1;
      stack.push(a, far, far, b);
    }
  }
  const out: number[] = [];
  for (let k = 0; k < n; k++) if (keep[k]) out.push(pts[2 * k]!, pts[2 * k + 1]!);
  return out;
}

/** The point strictly between a and b farthest from the segment a–b, and its distance. */
function farthest(pts: ArrayLike<number>, a: number, b: number): [number, number] {
  const [ax, ay, bx, by] = [pts[2 * a]!, pts[2 * a + 1]!, pts[2 * b]!, pts[2 * b + 1]!];
  const dx = bx - ax;
  const dy = by - ay;
  const len2 = dx * dx + dy * dy;
  let best = -1;
  let at = a;
  for (let k = a + 1; k < b; k++) {
    const px = pts[2 * k]! - ax;
    const py = pts[2 * k + 1]! - ay;
    // Distance to the segment (not the line): a route may double back.
    const t = len2 > 0 ? Math.max(0, Math.min(1, (px * dx + py * dy) / len2)) : 0;
    const d = Math.hypot(px - t * dx, py - t * dy);
    if (d > best) {
      best = d;
      at = k;
    }
  }
  return [at, best];
}
