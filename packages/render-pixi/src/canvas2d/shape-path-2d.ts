/**
 * The outlines that the node shader cuts by signed distance (pixi/shape-shader.ts), as Canvas 2D
 * paths: rounded rectangle, ellipse, series stamp, function triangles and the expand button's disc.
 */
import { ShapeKind } from '@tbg/layout';
import { BUTTON_MINUS, BUTTON_PLUS } from '../scene/node-quads.js';

/** What both canvas contexts share (a page's canvas, or an OffscreenCanvas in a worker). */
export type Context2D = CanvasRenderingContext2D | OffscreenCanvasRenderingContext2D;

/** Adds the outline of a shape of `kind` centred at (cx, cy) with half sizes hw, hh to the current path. */
export function addShapePath(ctx: Context2D, kind: number, cx: number, cy: number, hw: number, hh: number, radius: number): void {
  switch (kind) {
    case ShapeKind.ellipse:
      ctx.moveTo(cx + hw, cy);
      ctx.ellipse(cx, cy, hw, hh, 0, 0, 2 * Math.PI);
      return;
    case ShapeKind.rect:
      ctx.roundRect(cx - hw, cy - hh, 2 * hw, 2 * hh, Math.max(0, Math.min(radius, hw, hh)));
      return;
    case ShapeKind.seriesVertical:
    case ShapeKind.seriesHorizontal:
      addStamp(ctx, kind === ShapeKind.seriesVertical, cx, cy, hw, hh);
      return;
    case ShapeKind.triangleIn:
    case ShapeKind.triangleOut: {
      // Filling the box, pointing right (into a function body) or left (out of it).
      const s = kind === ShapeKind.triangleIn ? 1 : -1;
      ctx.moveTo(cx - s * hw, cy - hh);
      ctx.lineTo(cx + s * hw, cy);
      ctx.lineTo(cx - s * hw, cy + hh);
      ctx.closePath();
      return;
    }
    case BUTTON_PLUS:
    case BUTTON_MINUS:
      ctx.moveTo(cx + hw, cy);
      ctx.arc(cx, cy, hw, 0, 2 * Math.PI);
      return;
    default:
      ctx.rect(cx - hw, cy - hh, 2 * hw, 2 * hh);
  }
}

/** TensorBoard's series stamp: three ellipses along one axis, each a third of the box. */
function addStamp(ctx: Context2D, vertical: boolean, cx: number, cy: number, hw: number, hh: number): void {
  const [ex, ey] = vertical ? [hw, hh / 3] : [hw / 3, hh];
  const [sx, sy] = vertical ? [0, (2 * hh) / 3] : [(2 * hw) / 3, 0];
  for (const k of [-1, 0, 1]) {
    ctx.moveTo(cx + k * sx + ex, cy + k * sy);
    ctx.ellipse(cx + k * sx, cy + k * sy, ex, ey, 0, 0, 2 * Math.PI);
  }
}

/** The + or − of an expand button of radius r, as two (or one) bars. */
export function addButtonSign(ctx: Context2D, kind: number, cx: number, cy: number, r: number): void {
  const arm = r * 0.733;
  ctx.moveTo(cx - arm, cy);
  ctx.lineTo(cx + arm, cy);
  if (kind === BUTTON_PLUS) {
    ctx.moveTo(cx, cy - arm);
    ctx.lineTo(cx, cy + arm);
  }
}
