/**
 * Edge strokes (scene/edge-strokes.ts) drawn with Canvas 2D as the edge shader draws them: each
 * run of pieces as one polyline at least one screen pixel wide, control edges in 2,2 dashes from
 * the distance along the route, arrowheads filled; colours by role from the theme.
 */
import { EdgeRole, StrokeKind, type EdgeStrokes } from '../scene/edge-strokes.js';
import type { Theme } from '../style/theme.js';
import { cssRgb } from './colours-2d.js';
import type { QuadMode } from './draw-quads-2d.js';
import type { Context2D } from './shape-path-2d.js';

function colourOf(role: number, dashed: boolean, t: Theme): number {
  if (role === EdgeRole.reference) return t.refEdge;
  if (role === EdgeRole.annotation) return t.annotationEdge;
  return dashed ? t.controlEdge : t.edge;
}

/** The style of the polyline being collected; a change of it strokes what was collected. */
interface Run {
  colour: number;
  width: number;
  dashed: boolean;
  /** End of the last piece, to join the next one to it. */
  endX: number;
  endY: number;
  open: boolean;
}

/** Draws every piece and arrowhead of `s` that the shader would draw at this zoom; returns how many pieces. */
export function drawStrokes2D(ctx: Context2D, s: EdgeStrokes, m: QuadMode): number {
  const run: Run = { colour: -1, width: 0, dashed: false, endX: NaN, endY: NaN, open: false };
  const arrows = new Map<number, number[]>();
  let pieces = 0;
  for (let i = 0; i < s.index.length; ) {
    const v = s.index[i]!;
    const kind = s.stroke[4 * v + 2]!;
    const arrow = kind >= StrokeKind.arrow;
    const skip = (m.lod && m.scale < s.meta[2 * v + 1]!) || (m.plain && (arrow || s.stroke[4 * v + 3] === EdgeRole.annotation));
    if (arrow) {
      if (!skip) collectArrow(arrows, s, i, colourOf(s.stroke[4 * v + 3]!, kind === StrokeKind.dashedArrow, m.theme));
      i += 3;
      continue;
    }
    if (!skip) {
      piece(ctx, s, v, run, m);
      pieces++;
    }
    i += 6;
  }
  flush(ctx, run);
  for (const [colour, pts] of arrows) fillTriangles(ctx, pts, colour);
  return pieces;
}

/** Adds the piece starting at vertex v (its quad: v … v + 3) to the run, or starts a new run. */
function piece(ctx: Context2D, s: EdgeStrokes, v: number, run: Run, m: QuadMode): void {
  const dashed = s.stroke[4 * v + 2] === StrokeKind.dashed && !m.plain;
  const colour = colourOf(s.stroke[4 * v + 3]!, s.stroke[4 * v + 2] === StrokeKind.dashed, m.theme);
  const width = 2 * Math.max(Math.abs(s.stroke[4 * v]!), 0.5 / m.scale);
  const [ax, ay, bx, by] = [s.centre[2 * v]!, s.centre[2 * v + 1]!, s.centre[2 * v + 4]!, s.centre[2 * v + 5]!];
  const joins = run.open && colour === run.colour && width === run.width && dashed === run.dashed && ax === run.endX && ay === run.endY;
  if (!joins) {
    // Dashes restart with each edge's distance along its route: one stroke per dashed run.
    if (run.open && (dashed || run.dashed || colour !== run.colour || width !== run.width)) flush(ctx, run);
    if (!run.open) {
      ctx.beginPath();
      Object.assign(run, { colour, width, dashed, open: true });
      ctx.lineDashOffset = dashed ? s.stroke[4 * v + 1]! : 0;
    }
    ctx.moveTo(ax, ay);
  }
  ctx.lineTo(bx, by);
  run.endX = bx;
  run.endY = by;
}

function flush(ctx: Context2D, run: Run): void {
  if (!run.open) return;
  ctx.strokeStyle = cssRgb(run.colour);
  ctx.lineWidth = run.width;
  ctx.lineCap = 'butt';
  ctx.lineJoin = 'round';
  ctx.setLineDash(run.dashed ? [2, 2] : []);
  ctx.stroke();
  ctx.setLineDash([]);
  run.open = false;
}

function collectArrow(arrows: Map<number, number[]>, s: EdgeStrokes, i: number, colour: number): void {
  let list = arrows.get(colour);
  if (!list) arrows.set(colour, (list = []));
  for (let k = 0; k < 3; k++) {
    const v = s.index[i + k]!;
    list.push(s.centre[2 * v]!, s.centre[2 * v + 1]!);
  }
}

function fillTriangles(ctx: Context2D, pts: number[], colour: number): void {
  ctx.beginPath();
  for (let k = 0; k < pts.length; k += 6) {
    ctx.moveTo(pts[k]!, pts[k + 1]!);
    ctx.lineTo(pts[k + 2]!, pts[k + 3]!);
    ctx.lineTo(pts[k + 4]!, pts[k + 5]!);
    ctx.closePath();
  }
  ctx.fillStyle = cssRgb(colour);
  ctx.fill();
}
