/**
 * Annotations around collapsed nodes (TensorBoard's in/out annotations, §9.2 and §9.5): each a
 * small glyph — a constant's white ellipse, a summary's icon, a shortcut in its target's shape —
 * with a short edge to its host and a 5 px label. They reuse the node-shape and edge-stroke
 * buffers, so they cost no extra shader.
 */
import { AnnotationSide, AnnotationType, EdgeFlag, LabelAlign, ShapeKind, type Geometry } from '@tbg/layout';
import { TB_COLORS } from '../style/palette.js';
import { StrokeWriter, allocateStrokes, type EdgeStrokes } from './edge-strokes.js';
import type { LabelSpec } from './label-glyphs.js';
import { allocateQuads, rgbaBytes, writeShapeQuad, type NodeQuads } from './node-quads.js';

/** Annotation label size (TensorBoard's Annotation.LABEL). */
export const ANNOTATION_LABEL_PX = 5;
/** Annotation edges: TensorBoard's width and arrowhead. */
export const ANNOTATION_EDGE_WIDTH = 0.5;
export const ANNOTATION_ARROW = 3;

/** The glyphs of the annotations listed in `items` (the "... N more" entries have none). */
export function buildAnnotationQuads(g: Geometry, items: ArrayLike<number>): NodeQuads {
  const a = g.annotations;
  let count = 0;
  for (let k = 0; k < items.length; k++) if (a.type[items[k]!] !== AnnotationType.ellipsis && a.shapeKind[items[k]!] !== ShapeKind.none) count++;
  const q = allocateQuads(count);
  let slot = 0;
  for (let k = 0; k < items.length; k++) {
    const i = items[k]!;
    const kind = a.shapeKind[i]!;
    if (a.type[i] === AnnotationType.ellipsis || kind === ShapeKind.none) continue;
    // Summaries are TensorBoard's bar-chart icon: a small grey box stands in for it.
    const summary = a.type[i] === AnnotationType.summary;
    const fill = summary ? TB_COLORS.annotationStroke : a.type[i] === AnnotationType.constant ? TB_COLORS.opFill : TB_COLORS.unknown;
    const b = a.box;
    writeShapeQuad(q, slot++, b[4 * i]!, b[4 * i + 1]!, b[4 * i + 2]!, b[4 * i + 3]!, summary ? 1 : 2, summary ? ShapeKind.rect : kind, rgbaBytes(fill), rgbaBytes(TB_COLORS.annotationStroke));
  }
  return q;
}

/** The short edges between annotations and their hosts, with small arrowheads. */
export function buildAnnotationEdges(g: Geometry, items: ArrayLike<number>): EdgeStrokes {
  const a = g.annotations;
  const w = new StrokeWriter(allocateStrokes(items.length, items.length));
  const color = rgbaBytes(TB_COLORS.annotationEdge);
  for (let k = 0; k < items.length; k++) {
    const i = items[k]!;
    const [x1, y1, x2, y2] = [a.edge[4 * i]!, a.edge[4 * i + 1]!, a.edge[4 * i + 2]!, a.edge[4 * i + 3]!];
    const len = Math.hypot(x2 - x1, y2 - y1);
    if (len < 1e-6) continue;
    const [dx, dy] = [(x2 - x1) / len, (y2 - y1) / len];
    const size = Math.min(ANNOTATION_ARROW, len * 0.5);
    const dashed = a.edgeFlags[i]! & EdgeFlag.controlOnly ? 1 : 0;
    w.line([x1, y1, x2 - dx * size * 0.7, y2 - dy * size * 0.7], ANNOTATION_EDGE_WIDTH / 2, dashed, color);
    const [bx, by] = [x2 - dx * size, y2 - dy * size];
    w.triangle([x2, y2, bx - (dy * size) / 2, by + (dx * size) / 2, bx + (dy * size) / 2, by - (dx * size) / 2], color);
  }
  return w.finish();
}

/** Annotation labels: left of the glyph for inputs, right of it for outputs. */
export function annotationLabels(g: Geometry, items: ArrayLike<number>): LabelSpec[] {
  const a = g.annotations;
  const out: LabelSpec[] = [];
  for (let k = 0; k < items.length; k++) {
    const i = items[k]!;
    if (!a.label[i]) continue;
    const align = a.side[i] === AnnotationSide.in ? LabelAlign.end : LabelAlign.start;
    out.push({ text: a.label[i], x: a.labelXY[2 * i]!, y: a.labelXY[2 * i + 1]!, px: ANNOTATION_LABEL_PX, align, color: TB_COLORS.label });
  }
  return out;
}
