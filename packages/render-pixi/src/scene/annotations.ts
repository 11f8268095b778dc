/**
 * Annotations around collapsed nodes (TensorBoard's in/out annotations, §9.2 and §9.5): each a
 * small glyph — a constant's white ellipse, a summary's icon, a shortcut in its target's shape —
 * with a short edge to its host and a 5 px label. They reuse the node-shape and edge-stroke
 * buffers, so they cost no extra shader; they share their host's highlight state and level of
 * detail (and are left out when nodes are drawn as plain boxes).
 */
import { AnnotationSide, AnnotationType, EdgeFlag, LabelAlign, ShapeKind, type Geometry } from '@tbg/layout';
import { TB_COLORS } from '../style/palette.js';
import { EdgeRole, StrokeWriter, allocateStrokes, type EdgeStrokes } from './edge-strokes.js';
import type { LabelSpec } from './label-glyphs.js';
import type { LodThresholds } from './lod.js';
import { allocateQuads, QuadRole, quadSpec, rgbaBytes, writeShapeQuad, type NodeQuads } from './node-quads.js';

/** Annotation label size (TensorBoard's Annotation.LABEL). */
export const ANNOTATION_LABEL_PX = 5;
/** Annotation edges: TensorBoard's width and arrowhead. */
export const ANNOTATION_EDGE_WIDTH = 0.5;
export const ANNOTATION_ARROW = 3;

/** The glyphs of the annotations listed in `items` (the "... N more" entries have none). */
export function buildAnnotationQuads(g: Geometry, items: ArrayLike<number>, lod: LodThresholds | null = null): NodeQuads {
  const a = g.annotations;
  const drawn = (i: number) => a.type[i] !== AnnotationType.ellipsis && a.shapeKind[i] !== ShapeKind.none;
  let count = 0;
  for (let k = 0; k < items.length; k++) if (drawn(items[k]!)) count++;
  const q = allocateQuads(count);
  const spec = quadSpec();
  spec.role = QuadRole.annotation;
  spec.stroke = rgbaBytes(TB_COLORS.annotationStroke);
  let slot = 0;
  for (let k = 0; k < items.length; k++) {
    const i = items[k]!;
    if (!drawn(i)) continue;
    // Summaries are TensorBoard's bar-chart icon: a small grey box stands in for it.
    const summary = a.type[i] === AnnotationType.summary;
    spec.fill = rgbaBytes(summary ? TB_COLORS.annotationStroke : a.type[i] === AnnotationType.constant ? TB_COLORS.opFill : TB_COLORS.unknown);
    [spec.x, spec.y, spec.w, spec.h] = [a.box[4 * i]!, a.box[4 * i + 1]!, a.box[4 * i + 2]!, a.box[4 * i + 3]!];
    spec.radius = summary ? 1 : 2;
    spec.kind = summary ? ShapeKind.rect : a.shapeKind[i]!;
    spec.id = a.host[i]!;
    spec.hide = lod ? lod.nodeHide[a.host[i]!]! : 0;
    writeShapeQuad(q, slot++, spec);
  }
  return q;
}

/** The short edges between annotations and their hosts, with small arrowheads. */
export function buildAnnotationEdges(g: Geometry, items: ArrayLike<number>, lod: LodThresholds | null = null): EdgeStrokes {
  const a = g.annotations;
  const w = new StrokeWriter(allocateStrokes(items.length, items.length));
  for (let k = 0; k < items.length; k++) {
    const i = items[k]!;
    const [x1, y1, x2, y2] = [a.edge[4 * i]!, a.edge[4 * i + 1]!, a.edge[4 * i + 2]!, a.edge[4 * i + 3]!];
    const len = Math.hypot(x2 - x1, y2 - y1);
    if (len < 1e-6) continue;
    const [dx, dy] = [(x2 - x1) / len, (y2 - y1) / len];
    const size = Math.min(ANNOTATION_ARROW, len * 0.5);
    const host = a.host[i]!;
    w.style = { half: ANNOTATION_EDGE_WIDTH / 2, dashed: (a.edgeFlags[i]! & EdgeFlag.controlOnly) !== 0, role: EdgeRole.annotation, id: host, hide: lod ? lod.nodeHide[host]! : 0 };
    w.line([x1, y1, x2 - dx * size * 0.7, y2 - dy * size * 0.7]);
    const [bx, by] = [x2 - dx * size, y2 - dy * size];
    w.triangle([x2, y2, bx - (dy * size) / 2, by + (dx * size) / 2, bx + (dy * size) / 2, by - (dx * size) / 2]);
  }
  return w.finish();
}

/** How annotation `i`'s label is aligned to its point: left of the glyph for inputs, right of it for outputs. */
export const annotationAlign = (g: Geometry, i: number): LabelAlign => (g.annotations.side[i] === AnnotationSide.in ? LabelAlign.end : LabelAlign.start);

/** Annotation labels, aligned by `annotationAlign`. */
export function annotationLabels(g: Geometry, items: ArrayLike<number>, lod: LodThresholds | null = null): LabelSpec[] {
  const a = g.annotations;
  const out: LabelSpec[] = [];
  for (let k = 0; k < items.length; k++) {
    const i = items[k]!;
    if (!a.label[i]) continue;
    const align = annotationAlign(g, i);
    const host = a.host[i]!;
    out.push({ text: a.label[i], x: a.labelXY[2 * i]!, y: a.labelXY[2 * i + 1]!, px: ANNOTATION_LABEL_PX, align, role: 'annotation', id: host, hide: lod ? lod.nodeHide[host]! : 0 });
  }
  return out;
}
