/**
 * The box of a collapsed node (tensorboard-graph.md §8.2–§8.3): its shape, its label and the
 * columns of in- and out-annotations on either side, all measured with the bundled font. The
 * box is what ELK places, so labels and annotations never overlap neighbouring nodes.
 */
import { GROUP_META, NODE_INPUT_ARG, nameOf, type Annotation, type Hierarchy, type NodeAnnotations, type NodeRef } from '@tbg/hierarchy';
import { EXPAND_BUTTON_INSET, EXPAND_BUTTON_RADIUS } from '../geometry/expand-button.js';
import { AnnotationSide, LabelAlign, ShapeKind } from '../geometry/types.js';
import type { LayoutParams } from '../params.js';
import type { TextMeasurer } from '../text/measurer.js';
import { clipToShape } from './clip.js';
import { displayName } from './display-name.js';
import type { AnnotationBox, NodeBox } from './types.js';

/**
 * Left to right: how far below the shape's centre line (where edges arrive and leave) the
 * annotation columns start. The widest arrowheads are 20 px long and half as wide as they are
 * far from their tip, so at the glyphs (annotationXOffset = 10 px out) they are 5 px high and
 * at the labels ≈ 8 px: 7 px plus the gap between a label's centre line and its cap height.
 * @internal exported for tests
 */
export const LR_AXIS_CLEARANCE = 7;

/**
 * TensorBoard's collapsed metanode label: shorter text gets a bigger font (9 px at ≤ 11
 * characters, 6 px at ≥ 18).
 * @internal exported for tests
 */
export function metaLabel(name: string): { text: string; px: number } {
  const text = name.length > 18 ? `${name.slice(0, 16)}…` : name;
  const t = Math.min(1, Math.max(0, (text.length - 11) / (18 - 11)));
  return { text, px: 9 - 3 * t };
}

/** Room kept between a metanode's label and its expand button, and at least between the label and the box's left side, in px. */
export const BUTTON_CLEARANCE = 1;
export const LABEL_SIDE_MARGIN = 2;
/** How much a label's font may shrink to pass beside the button, rather than lose characters. */
export const MAX_LABEL_SHRINK = 0.08;

/**
 * A collapsed metanode's label, centred in its `w` × `h` shape — unless it would run under the
 * expand button (in a low box, a long label reaches the button's row): then it moves left, into
 * the box's side margin, to end before the button, and when that room is still short (it is a
 * few px less than `maxWidth`), its font shrinks to fit (by 8 % at most) rather than losing
 * characters.
 * @internal exported for tests
 */
export function besideButton(text: string, px: number, w: number, h: number, maxWidth: number, m: TextMeasurer): { label: string; px: number; labelShift: number } {
  const label = m.truncate(text, px, maxWidth);
  // How far the button (with the clearance) reaches in from the top and right sides.
  const reach = EXPAND_BUTTON_INSET + EXPAND_BUTTON_RADIUS + BUTTON_CLEARANCE;
  if (h / 2 - m.lineHeight(px) / 2 >= reach) return { label, px, labelShift: 0 };
  // From the shape's centre: the label may reach right to the button, left to the margin.
  const right = w / 2 - reach;
  const room = right - (-w / 2 + LABEL_SIDE_MARGIN);
  const width = m.width(label, px);
  if (width <= room) return { label, px, labelShift: Math.max(0, width / 2 - right) };
  // Shrunk at most by MAX_LABEL_SHRINK (with the default sizes, 48 of 52 px is enough); then cut.
  const fitted = Math.max((px * room) / width, px * (1 - MAX_LABEL_SHRINK));
  const cut = m.width(label, fitted) <= room + 1e-6 ? label : m.truncate(text, fitted, room);
  return { label: cut, px: fitted, labelShift: Math.max(0, m.width(cut, fitted) / 2 - right) };
}

/**
 * Height of a collapsed metanode over its cardinality.
 * @internal exported for tests
 */
export function metaHeight(p: LayoutParams, cardinality: number): number {
  const t = Math.min(1, Math.max(0, (cardinality - 1) / (200 - 1)));
  return p.metaMinHeight + t * (p.metaMaxHeight - p.metaMinHeight);
}

interface Glyph {
  w: number;
  h: number;
  kind: ShapeKind;
}

function glyphOf(h: Hierarchy, a: Annotation): Glyph {
  switch (a.type) {
    case 'constant':
      return { w: 4, h: 4, kind: ShapeKind.ellipse };
    case 'summary':
      return { w: 8, h: 6, kind: ShapeKind.rect };
    case 'ellipsis':
      return { w: 0, h: 0, kind: ShapeKind.none };
    case 'shortcut': {
      const t = a.target;
      if (t < h.n) return { w: 10, h: 4, kind: ShapeKind.ellipse };
      return h.groups[t - h.n]!.kind === GROUP_META ? { w: 12, h: 4, kind: ShapeKind.rect } : { w: 14, h: 4, kind: ShapeKind.seriesHorizontal };
    }
  }
}

/** Shape, size and label of a collapsed node, before annotations. */
interface Shape {
  w: number;
  h: number;
  kind: ShapeKind;
  radius: number;
  label: string;
  px: number;
  /** Whether the label is drawn inside the shape (metanodes) rather than above it. */
  inside: boolean;
  /** How far the label's centre sits left of the shape's (to stay clear of the expand button). */
  labelShift: number;
}

function shapeOf(h: Hierarchy, ref: NodeRef, p: LayoutParams, m: TextMeasurer): Shape {
  const name = displayName(nameOf(h, ref));
  if (ref < h.n) {
    const g = h.graph;
    const kind = g.kind[ref] === NODE_INPUT_ARG ? ShapeKind.triangleIn : g.functionOutputIndex.has(ref) ? ShapeKind.triangleOut : ShapeKind.ellipse;
    const w = kind === ShapeKind.ellipse ? p.opWidth : 10;
    const hh = kind === ShapeKind.ellipse ? p.opHeight : 8;
    return { w, h: hh, kind, radius: 0, label: m.truncate(name, p.opLabelPx, p.opMaxLabelWidth), px: p.opLabelPx, inside: false, labelShift: 0 };
  }
  const grp = h.groups[ref - h.n]!;
  if (grp.kind === GROUP_META) {
    const { text, px } = metaLabel(name);
    const h = metaHeight(p, grp.cardinality);
    return { w: p.metaWidth, h, kind: ShapeKind.rect, radius: 5, ...besideButton(text, px, p.metaWidth, h, p.metaMaxLabelWidth, m), inside: true };
  }
  const s = grp.hasNonControlEdges ? p.seriesVertical : p.seriesHorizontal;
  return {
    w: s.width,
    h: s.height,
    kind: grp.hasNonControlEdges ? ShapeKind.seriesVertical : ShapeKind.seriesHorizontal,
    radius: 0,
    label: m.truncate(name, p.seriesLabelPx, p.opMaxLabelWidth),
    px: p.seriesLabelPx,
    inside: false,
    labelShift: 0,
  };
}

/** The point on the shape's outline at height `dy` from its centre, on the left or right. */
function outlineX(kind: ShapeKind, cx: number, w: number, hh: number, dy: number, right: boolean): number {
  if (kind !== ShapeKind.ellipse) return right ? cx + w / 2 : cx - w / 2;
  const ry = hh / 2;
  const k = ry > 0 ? Math.sqrt(Math.max(0, 1 - (dy / ry) ** 2)) : 1;
  return right ? cx + (w / 2) * k : cx - (w / 2) * k;
}

/** The extent of the box being built, around the shape's centre (0, 0). */
interface Extent {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}

export function nodeBox(h: Hierarchy, ref: NodeRef, ann: NodeAnnotations | undefined, p: LayoutParams, m: TextMeasurer): NodeBox {
  const s = shapeOf(h, ref, p, m);
  const labelW = m.width(s.label, s.px);
  const labelH = m.lineHeight(s.px);
  // Work around the shape's centre (0, 0), then shift to the box's top-left.
  const items: AnnotationBox[] = [];
  const extent: Extent = { x0: -s.w / 2, y0: -s.h / 2, x1: s.w / 2, y1: s.h / 2 };
  if (ann?.in.length) placeColumn(h, s, ann.in, AnnotationSide.in, p, m, items, extent);
  if (ann?.out.length) placeColumn(h, s, ann.out, AnnotationSide.out, p, m, items, extent);
  // A label above the shape goes above the annotation columns too, so they never meet.
  let labelY = 0;
  if (!s.inside) {
    labelY = extent.y0 - p.labelGap - labelH / 2;
    extent.y0 -= p.labelGap + labelH;
    extent.x0 = Math.min(extent.x0, -labelW / 2);
    extent.x1 = Math.max(extent.x1, labelW / 2);
  }
  return placedBox(s, labelY, items, extent);
}

/** Annotation edges meet an ellipse within this share of its half height from its axis. */
export const ELLIPSE_ANNOTATION_REACH = 0.3;

/**
 * One column of annotations beside the shape: in-annotations left of it, out-annotations right;
 * pushed to `items`, and `extent` widened to hold them.
 * Bottom to top (TB), edges meet the shape at the middle of its bottom and top sides and the
 * annotation columns sit beside it. Left to right, edges meet it at the middle of its left and
 * right sides, which is where the columns would be: there they hang below that axis instead.
 */
function placeColumn(
  h: Hierarchy,
  s: Shape,
  list: readonly Annotation[],
  side: AnnotationSide,
  p: LayoutParams,
  m: TextMeasurer,
  items: AnnotationBox[],
  extent: Extent,
): void {
  const lr = p.direction === 'RIGHT';
  const annH = m.lineHeight(p.annotationLabelPx);
  const glyphs = list.map((a) => glyphOf(h, a));
  const rows = glyphs.map((g) => Math.max(g.h, annH));
  const total = rows.reduce((a, b) => a + b, 0) + p.annotationYOffset * (rows.length - 1);
  // An ellipse is met in the middle part of its side, where its outline faces the edges (not at
  // its top and bottom, where an arrowhead would lie over it). TensorBoard meets it at one point.
  const reach = s.kind === ShapeKind.ellipse ? ELLIPSE_ANNOTATION_REACH * (s.h / 2) : s.h / 2 - s.radius;
  const touch = Math.max(0, Math.min(reach, total / 2));
  const isIn = side === AnnotationSide.in;
  let y = lr ? LR_AXIS_CLEARANCE : -total / 2;
  for (let i = 0; i < list.length; i++) {
    const g = glyphs[i]!;
    const cy = y + rows[i]! / 2;
    y += rows[i]! + p.annotationYOffset;
    // TensorBoard labels an annotation by the last part of its node's name (the full name is in the info card).
    const label = m.truncate(displayName(list[i]!.name), p.annotationLabelPx, p.annotationMaxLabelWidth);
    const lw = m.width(label, p.annotationLabelPx);
    const dir = isIn ? -1 : 1;
    const inner = dir * (s.w / 2 + p.annotationXOffset);
    const gx = isIn ? inner - g.w : inner;
    const labelX = isIn ? gx - p.annotationLabelOffset : gx + g.w + p.annotationLabelOffset;
    const glyphSide = isIn ? gx + g.w : gx;
    let hostX: number;
    let ty: number;
    if (lr) {
      // Towards the shape's centre: the edges of a column fan out without crossing, into the
      // lower half of the shape's side, clear of the edges that arrive on the axis.
      const hit = clipToShape(s.kind === ShapeKind.ellipse ? ShapeKind.ellipse : ShapeKind.rect, -s.w / 2, -s.h / 2, s.w, s.h, glyphSide, cy);
      [hostX, ty] = hit ?? [0, 0];
    } else {
      ty = list.length > 1 ? -touch + (2 * touch * i) / (list.length - 1) : 0;
      hostX = outlineX(s.kind, 0, s.w, s.h, ty, !isIn);
    }
    items.push({
      side,
      index: i,
      x: gx,
      y: cy - g.h / 2,
      width: g.w,
      height: g.h,
      shapeKind: g.kind,
      label,
      labelX,
      labelY: cy,
      edge: isIn ? [glyphSide, cy, hostX, ty] : [hostX, ty, glyphSide, cy],
    });
    const far = isIn ? labelX - lw : labelX + lw;
    extent.x0 = Math.min(extent.x0, far);
    extent.x1 = Math.max(extent.x1, far);
    extent.y0 = Math.min(extent.y0, cy - rows[i]! / 2);
    extent.y1 = Math.max(extent.y1, cy + rows[i]! / 2);
  }
}

/** The box with its top-left corner at the origin: everything shifted by the extent's corner. */
function placedBox(s: Shape, labelY: number, items: AnnotationBox[], extent: Extent): NodeBox {
  const { x0, y0, x1, y1 } = extent;
  const dx = -x0;
  const dy = -y0;
  for (const a of items) {
    a.x += dx;
    a.y += dy;
    a.labelX += dx;
    a.labelY += dy;
    a.edge = [a.edge[0] + dx, a.edge[1] + dy, a.edge[2] + dx, a.edge[3] + dy];
  }
  return {
    width: x1 - x0,
    height: y1 - y0,
    shapeX: dx - s.w / 2,
    shapeY: dy - s.h / 2,
    shapeW: s.w,
    shapeH: s.h,
    shapeKind: s.kind,
    radius: s.radius,
    label: s.label,
    labelX: dx - s.labelShift,
    labelY: dy + labelY,
    labelPx: s.px,
    labelAlign: LabelAlign.middle,
    annotations: items,
  };
}
