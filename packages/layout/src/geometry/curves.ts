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
 * polyline with its end pulled back inside the arrowhead along its final straight run (the run's
 * points within the pull are dropped), so that the stroke does not poke through the tip: by 0.7
 * × size, or further for a stroke `width` whose round cap would not fit in the tip's wedge; never
 * past the base, nor past 90 % of the final straight run.
 */
export function arrowAtEnd(pts: ArrayLike<number>, size: number, width = 0): { triangle: number[]; trimmed: number[] } {
  const k = pts.length / 2;
  const trimmed = Array.from(pts);
  if (k < 2) return { triangle: [], trimmed };
  const tx = pts[2 * k - 2]!;
  const ty = pts[2 * k - 1]!;
  const { dx, dy, run, last, first } = finalRun(pts);
  const bx = tx - dx * size;
  const by = ty - dy * size;
  const hw = size / 2;
  const triangle = [tx, ty, bx - dy * hw, by + dx * hw, bx + dy * hw, by - dx * hw];
  const pull = Math.min(Math.max(size * 0.7, width * CAP_PULL), size, run * 0.9);
  // Repeated end points and the run's points within the pull are dropped, so the pulled-back
  // end is the polyline's last point.
  let keep = last;
  while (keep > first && (tx - pts[2 * keep]!) * dx + (ty - pts[2 * keep + 1]!) * dy <= pull) keep--;
  const kept = trimmed.slice(0, 2 * (keep + 1));
  kept.push(tx - dx * pull, ty - dy * pull);
  return { triangle, trimmed: kept };
}

/**
 * A round cap of radius w/2 fits in the arrowhead's tip from √5/2 · w back: the tip's wedge
 * (`size` long, `size` wide) has a half-angle of atan(1/2).
 */
const CAP_PULL = Math.sqrt(5) / 2;

/** Points this close (px) to the line of a polyline's last segment continue its final straight run. */
const STRAIGHT_TOLERANCE = 0.05;

/** The end of a polyline (at least 2 points) as an arrowhead sees it. */
export interface FinalRun {
  /** Unit direction of the last segment (from the last point distinct from the end). */
  dx: number;
  dy: number;
  /** Index of that last distinct point, and of the first point of the final straight run. */
  last: number;
  first: number;
  /** Length of the final straight run: from its first point to the end, along (dx, dy). */
  run: number;
}

/** The direction of a polyline's last segment and how far back it runs straight along it. */
export function finalRun(pts: ArrayLike<number>): FinalRun {
  const k = pts.length / 2;
  const tx = pts[2 * k - 2]!;
  const ty = pts[2 * k - 1]!;
  let last = k - 2;
  while (last > 0 && Math.hypot(pts[2 * last]! - tx, pts[2 * last + 1]! - ty) < 1e-6) last--;
  let dx = tx - pts[2 * last]!;
  let dy = ty - pts[2 * last + 1]!;
  const len = Math.hypot(dx, dy) || 1;
  dx /= len;
  dy /= len;
  const along = (i: number) => (tx - pts[2 * i]!) * dx + (ty - pts[2 * i + 1]!) * dy;
  const off = (i: number) => Math.abs((tx - pts[2 * i]!) * dy - (ty - pts[2 * i + 1]!) * dx);
  let first = last;
  while (first > 0 && along(first - 1) > along(first) && off(first - 1) <= STRAIGHT_TOLERANCE) first--;
  return { dx, dy, last, first, run: along(first) };
}

/** An edge as toSVG draws it. */
export interface EdgeDrawing {
  /** The stroke's centre line: the basis curve through the pulled-back polyline, sampled (x, y pairs). */
  line: number[];
  /** Half the stroke's width. */
  radius: number;
  /** The arrowhead: its tip, then its base corners (empty without a route). */
  triangle: number[];
}

/** Edge route `pts` drawn `width` wide with an `arrow` px arrowhead, as toSVG draws it. */
export function edgeDrawing(pts: ArrayLike<number>, width: number, arrow: number): EdgeDrawing {
  const { triangle, trimmed } = arrowAtEnd(pts, arrow, width);
  return { line: sampledCurve(trimmed), radius: width / 2, triangle };
}

/** The basis curve toSVG draws through a polyline, as a polyline of `steps` pieces per cubic span. */
export function sampledCurve(pts: ArrayLike<number>, steps = 8): number[] {
  const segs = basisSegments(pts);
  if (!segs.length) return [];
  if (segs.length === 1) return segs[0]!.slice();
  const out = [segs[0]![0]!, segs[0]![1]!];
  let x0 = out[0]!;
  let y0 = out[1]!;
  for (let i = 1; i < segs.length; i++) {
    const [ax, ay, bx, by, cx, cy] = segs[i]!;
    for (let s = 1; s <= steps; s++) {
      const t = s / steps;
      const u = 1 - t;
      out.push(u * u * u * x0 + 3 * u * u * t * ax! + 3 * u * t * t * bx! + t * t * t * cx!, u * u * u * y0 + 3 * u * u * t * ay! + 3 * u * t * t * by! + t * t * t * cy!);
    }
    x0 = cx!;
    y0 = cy!;
  }
  return out;
}

export function round(v: number): string {
  return String(Math.round(v * 100) / 100);
}
