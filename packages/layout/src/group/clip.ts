/** Where a line towards a shape's centre meets its outline: edges end on shapes, not on boxes (TB's intersectPointAndNode). */
import { ShapeKind } from '../geometry/types.js';

/**
 * The point where the segment from (px, py) to the centre of the shape (x, y, w, h) crosses the
 * shape's outline, or null when (px, py) is inside the shape.
 */
export function clipToShape(kind: ShapeKind, x: number, y: number, w: number, h: number, px: number, py: number): [number, number] | null {
  const cx = x + w / 2;
  const cy = y + h / 2;
  const dx = px - cx;
  const dy = py - cy;
  if (kind === ShapeKind.ellipse) {
    const rx = w / 2;
    const ry = h / 2;
    const k = (dx / rx) ** 2 + (dy / ry) ** 2;
    if (k <= 1) return null;
    const t = 1 / Math.sqrt(k);
    return [cx + dx * t, cy + dy * t];
  }
  const ax = Math.abs(dx);
  const ay = Math.abs(dy);
  if (ax <= w / 2 && ay <= h / 2) return null;
  // Scale the direction so it touches the nearer pair of sides.
  const t = Math.min(ax > 0 ? w / 2 / ax : Infinity, ay > 0 ? h / 2 / ay : Infinity);
  return [cx + dx * t, cy + dy * t];
}
