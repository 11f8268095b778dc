/** The geometric tests the invariant checks are made of: rectangles, outlines, segments, the drawn curve. */
import { LabelAlign, type Geometry } from '../geometry/types.js';
import type { TextMeasurer } from '../text/measurer.js';

export { sampledCurve } from '../geometry/curves.js';

/** x, y, width, height. */
export type Rect = readonly [number, number, number, number];

/** Rectangle i of a column of rectangles (4 numbers each). */
export function rectOf(a: Float32Array, i: number): Rect {
  return [a[4 * i]!, a[4 * i + 1]!, a[4 * i + 2]!, a[4 * i + 3]!];
}

/** Node i's label box: its measured text, one line high, centred on its anchor's y. */
export function labelBox(g: Geometry, i: number, measurer: TextMeasurer): Rect {
  const n = g.nodes;
  const px = n.labelPx[i]!;
  const w = measurer.width(n.label[i]!, px);
  const h = measurer.lineHeight(px);
  const x = n.labelXY[2 * i]!;
  const align = n.labelAlign[i]!;
  return [align === LabelAlign.middle ? x - w / 2 : align === LabelAlign.end ? x - w : x, n.labelXY[2 * i + 1]! - h / 2, w, h];
}

/** Whether two rectangles overlap by more than `tol`. */
export function overlap(a: Rect, b: Rect, tol: number): boolean {
  return a[0] + a[2] - tol > b[0] && b[0] + b[2] - tol > a[0] && a[1] + a[3] - tol > b[1] && b[1] + b[3] - tol > a[1];
}

/** Distance from (x, y) to the outline of a rectangle. */
export function rectOutlineDistance(r: Rect, x: number, y: number): number {
  const [rx, ry, w, h] = r;
  const dx = Math.max(rx - x, 0, x - (rx + w));
  const dy = Math.max(ry - y, 0, y - (ry + h));
  if (dx > 0 || dy > 0) return Math.hypot(dx, dy);
  return Math.min(x - rx, rx + w - x, y - ry, ry + h - y);
}

/** Distance from (x, y) to an ellipse's outline, measured along the ray from its centre. */
export function ellipseOutlineDistance(r: Rect, x: number, y: number): number {
  const cx = r[0] + r[2] / 2;
  const cy = r[1] + r[3] / 2;
  const dx = x - cx;
  const dy = y - cy;
  const k = Math.sqrt((dx / (r[2] / 2)) ** 2 + (dy / (r[3] / 2)) ** 2);
  if (k === 0) return Math.min(r[2], r[3]) / 2;
  return Math.hypot(dx, dy) * Math.abs(1 - 1 / k);
}

/** True when the segment meets the inside of the rectangle shrunk by `tol` on every side (Liang–Barsky). */
export function segmentCrossesRect(x1: number, y1: number, x2: number, y2: number, r: Rect, tol: number): boolean {
  const rx0 = r[0] + tol;
  const ry0 = r[1] + tol;
  const rx1 = r[0] + r[2] - tol;
  const ry1 = r[1] + r[3] - tol;
  if (rx0 >= rx1 || ry0 >= ry1) return false;
  let t0 = 0;
  let t1 = 1;
  const dx = x2 - x1;
  const dy = y2 - y1;
  const clip = (p: number, q: number): boolean => {
    if (p === 0) return q > 0;
    const t = q / p;
    if (p < 0) {
      if (t >= t1) return false;
      if (t > t0) t0 = t;
    } else {
      if (t <= t0) return false;
      if (t < t1) t1 = t;
    }
    return true;
  };
  return clip(-dx, x1 - rx0) && clip(dx, rx1 - x1) && clip(-dy, y1 - ry0) && clip(dy, ry1 - y1) && t0 < t1;
}
