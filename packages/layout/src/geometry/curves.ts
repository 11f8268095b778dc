/**
 * Edge drawing helpers shared by every renderer: TensorBoard draws routes as uniform B-splines
 * (d3.curveBasis) with an arrowhead whose tip lands on the end point.
 */

/** Cubic Bézier segments of a uniform B-spline through the polyline's ends (d3.curveBasis): `M x y (C x1 y1 x2 y2 x y)*`. */
export function basisSegments(pts: ArrayLike<number>): number[][] {
  const k = pts.length / 2;
  if (k < 2) return [];
  if (k === 2) return [[pts[0]!, pts[1]!, pts[2]!, pts[3]!]];
  const x = (i: number) => pts[2 * Math.min(k - 1, Math.max(0, i))]!;
  const y = (i: number) => pts[2 * Math.min(k - 1, Math.max(0, i)) + 1]!;
  const segs: number[][] = [[x(0), y(0)]];
  // The end points are tripled so that the spline starts and ends exactly on them.
  const px = [x(0), x(0), ...Array.from({ length: k }, (_, i) => x(i)), x(k - 1), x(k - 1)];
  const py = [y(0), y(0), ...Array.from({ length: k }, (_, i) => y(i)), y(k - 1), y(k - 1)];
  // One cubic span per window of four control points (Q0 … Q3), from (Q0+4Q1+Q2)/6 to (Q1+4Q2+Q3)/6.
  for (let i = 0; i + 3 < px.length; i++) {
    const [x1, x2, x3] = [px[i + 1]!, px[i + 2]!, px[i + 3]!];
    const [y1, y2, y3] = [py[i + 1]!, py[i + 2]!, py[i + 3]!];
    segs.push([(2 * x1 + x2) / 3, (2 * y1 + y2) / 3, (x1 + 2 * x2) / 3, (y1 + 2 * y2) / 3, (x1 + 4 * x2 + x3) / 6, (y1 + 4 * y2 + y3) / 6]);
  }
  return segs;
}

/** SVG path data of the basis curve. */
export function basisPath(pts: ArrayLike<number>): string {
  const segs = basisSegments(pts);
  if (!segs.length) return '';
  const f = (v: number) => round(v);
  let d = `M${f(segs[0]![0]!)},${f(segs[0]![1]!)}`;
  for (let i = 1; i < segs.length; i++) {
    const s = segs[i]!;
    d += s.length === 2 ? `L${f(s[0]!)},${f(s[1]!)}` : `C${f(s[0]!)},${f(s[1]!)},${f(s[2]!)},${f(s[3]!)},${f(s[4]!)},${f(s[5]!)}`;
  }
  if (segs.length === 1 && segs[0]!.length === 4) d = `M${f(segs[0]![0]!)},${f(segs[0]![1]!)}L${f(segs[0]![2]!)},${f(segs[0]![3]!)}`;
  return d;
}

/**
 * The arrowhead at the end of a polyline: a triangle with its tip on the last point, pointing
 * along the last segment, `size` long and `size` wide (TB's marker shape). Also returns the
 * polyline with its last point pulled back so the stroke does not poke through the tip.
 */
export function arrowAtEnd(pts: ArrayLike<number>, size: number): { triangle: number[]; trimmed: number[] } {
  const k = pts.length / 2;
  const trimmed = Array.from(pts);
  if (k < 2) return { triangle: [], trimmed };
  const tx = pts[2 * k - 2]!;
  const ty = pts[2 * k - 1]!;
  // Direction from the last distinct point.
  let j = k - 2;
  while (j > 0 && Math.hypot(pts[2 * j]! - tx, pts[2 * j + 1]! - ty) < 1e-6) j--;
  let dx = tx - pts[2 * j]!;
  let dy = ty - pts[2 * j + 1]!;
  const len = Math.hypot(dx, dy) || 1;
  dx /= len;
  dy /= len;
  const bx = tx - dx * size;
  const by = ty - dy * size;
  const hw = size / 2;
  const triangle = [tx, ty, bx - dy * hw, by + dx * hw, bx + dy * hw, by - dx * hw];
  const pull = Math.min(size * 0.7, len * 0.9);
  // Repeated end points are dropped, so the pulled-back end is the polyline's last point.
  const kept = trimmed.slice(0, 2 * (j + 1));
  kept.push(tx - dx * pull, ty - dy * pull);
  return { triangle, trimmed: kept };
}

export function round(v: number): string {
  return String(Math.round(v * 100) / 100);
}
