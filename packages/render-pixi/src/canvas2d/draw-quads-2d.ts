/**
 * Node quads (scene/node-quads.ts) drawn with Canvas 2D as the node shader draws them: each quad's
 * shape filled and outlined one screen pixel wide, device bands as slices of one outline, the
 * levels of detail applied (hidden inside aggregates, plain boxes when zoomed out, aggregates
 * filled), buttons with their sign. Read from the same buffers as the GPU, so both agree.
 */
import { QUAD_PAD, QuadRole, BUTTON_PLUS, type NodeQuads } from '../scene/node-quads.js';
import type { Theme } from '../style/theme.js';
import { cssRgb, cssRgba, darkStroke, invertLightness, mixRgb, unpackRgba } from './colours-2d.js';
import { addButtonSign, addShapePath, type Context2D } from './shape-path-2d.js';

/** How quads are drawn at this zoom (the shader's uniforms). */
export interface QuadMode {
  /** Screen px per world px. */
  scale: number;
  lod: boolean;
  /** Nodes as plain boxes, no annotations or buttons (zoomed out). */
  plain: boolean;
  theme: Theme;
}

/** One quad decoded from its first vertex: centre, half sizes, corner radius, kind, slice, colours, role and thresholds. */
interface Quad {
  cx: number;
  cy: number;
  hw: number;
  hh: number;
  radius: number;
  kind: number;
  /** Slice of the width, in local x (−hw … hw; beyond for none). */
  x0: number;
  x1: number;
  fill: number;
  stroke: number;
  role: number;
  hide: number;
  aggregate: number;
}

function quadAt(q: NodeQuads, k: number, out: Quad): Quad {
  const p = 8 * k;
  out.x0 = q.local[p]!;
  out.x1 = q.local[p + 2]!;
  out.cx = q.position[p]! - out.x0;
  out.cy = q.position[p + 1]! - q.local[p + 1]!;
  const o = 16 * k;
  [out.hw, out.hh, out.radius, out.kind] = [q.shape[o]!, q.shape[o + 1]!, q.shape[o + 2]!, q.shape[o + 3]!];
  [out.role, out.hide, out.aggregate] = [q.meta[o + 1]!, q.meta[o + 2]!, q.meta[o + 3]!];
  out.fill = q.fill[4 * k]!;
  out.stroke = q.stroke[4 * k]!;
  return out;
}

/** Draws every quad of `q` that the shader would draw at this zoom. */
export function drawQuads2D(ctx: Context2D, q: NodeQuads, m: QuadMode): number {
  const quad = {} as Quad;
  let drawn = 0;
  for (let k = 0; k < q.count; k++) {
    quadAt(q, k, quad);
    if (skipped(quad, m)) continue;
    if (quad.role === QuadRole.expandButton) drawButton(ctx, quad, m);
    else drawShape(ctx, quad, m);
    drawn++;
  }
  return drawn;
}

function skipped(quad: Quad, m: QuadMode): boolean {
  if (quad.kind < 0.5 || (m.lod && m.scale < quad.hide)) return true;
  if (m.plain && (quad.role === QuadRole.annotation || quad.role === QuadRole.expandButton)) return true;
  // A collapsed node's button shows only while it is hovered, and nothing is hovered here.
  return quad.role === QuadRole.expandButton && quad.kind === BUTTON_PLUS;
}

function drawShape(ctx: Context2D, quad: Quad, m: QuadMode): void {
  let fill = unpackRgba(quad.fill);
  let stroke = unpackRgba(quad.stroke);
  if (m.theme.nodeFills === 'inverted') {
    fill = { ...fill, rgb: invertLightness(fill.rgb) };
    stroke = { ...stroke, rgb: darkStroke(stroke.rgb) };
  }
  const aggregate = m.lod && m.scale < quad.aggregate;
  const box = aggregate || (m.lod && m.plain);
  const sliced = quad.x0 > -quad.hw - QUAD_PAD + 1e-3 || quad.x1 < quad.hw + QUAD_PAD - 1e-3;
  ctx.save();
  if (sliced) {
    ctx.beginPath();
    ctx.rect(quad.cx + quad.x0, quad.cy - quad.hh - QUAD_PAD, quad.x1 - quad.x0, 2 * (quad.hh + QUAD_PAD));
    ctx.clip();
  }
  ctx.beginPath();
  addShapePath(ctx, box ? 0 : quad.kind, quad.cx, quad.cy, quad.hw, quad.hh, quad.radius);
  ctx.fillStyle = cssRgba(aggregate ? mixRgb(fill.rgb, stroke.rgb) : fill.rgb, fill.alpha);
  ctx.fill();
  if (!aggregate) {
    ctx.strokeStyle = cssRgba(stroke.rgb, stroke.alpha);
    ctx.lineWidth = 1 / m.scale;
    ctx.stroke();
  }
  ctx.restore();
}

/** TensorBoard's expand button: a disc in the theme's colour with its sign, at least one screen px thick. */
function drawButton(ctx: Context2D, quad: Quad, m: QuadMode): void {
  ctx.beginPath();
  addShapePath(ctx, quad.kind, quad.cx, quad.cy, quad.hw, quad.hh, 0);
  ctx.fillStyle = cssRgb(m.theme.expandButton);
  ctx.fill();
  ctx.beginPath();
  addButtonSign(ctx, quad.kind, quad.cx, quad.cy, quad.hw);
  ctx.strokeStyle = cssRgb(m.theme.expandButtonSign);
  ctx.lineWidth = Math.max(0.8, 1 / m.scale);
  ctx.stroke();
}
