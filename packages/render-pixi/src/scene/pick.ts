/**
 * Hit testing for the host element: what is under a world point at a given zoom — a node's
 * expand button, its label or its shape (the deepest node wins, so a point inside an expanded
 * group but on none of its children picks the group), or an annotation. Candidates come from the
 * R-trees (nodes' full boxes; annotations' glyph and label boxes), never a scan; only what is
 * drawn at that zoom can be picked (the same level-of-detail rules as the shaders).
 */
import Flatbush from 'flatbush';
import { AnnotationSide, AnnotationType, LabelAlign, NodeFlag, NodeKind, type Geometry, type TextMeasurer } from '@tbg/layout';
import { ANNOTATION_LABEL_PX } from './annotations.js';
import { EXPAND_BUTTON_RADIUS, expandButtonCentre, hasExpandButton } from './expand-buttons.js';
import { MIN_LABEL_SCREEN_PX, PLAIN_BELOW_SCALE, type LodThresholds } from './lod.js';
import { insideShape, type NodeIndex } from './spatial-index.js';

export type PickPart = 'shape' | 'expandButton' | 'label';

/** A node (geometry index) and the part of it under the point, or an annotation (index). */
export type PickResult = { node: number; part: PickPart } | { annotation: number };

export interface Picker {
  /** What is drawn at world point (x, y) at camera scale `scale`; `lod: false` when every detail is drawn. */
  pick(x: number, y: number, scale: number, lod: boolean): PickResult | null;
}

/** How far beyond a node's full box its button may reach (a collapsed series' is 10 px right). */
const SEARCH_SLACK = 16;
const PART_RANK: Record<PickPart, number> = { shape: 0, label: 1, expandButton: 2 };

/** A label's box from its anchor (x by alignment, y the central line), width and size. */
function labelBox(x: number, y: number, width: number, px: number, align: number): [number, number, number, number] {
  const x0 = align === LabelAlign.middle ? x - width / 2 : align === LabelAlign.end ? x - width : x;
  return [x0, y - px / 2, x0 + width, y + px / 2];
}

const inBox = (b: ArrayLike<number>, o: number, x: number, y: number) => x >= b[o]! && x <= b[o + 2]! && y >= b[o + 1]! && y <= b[o + 3]!;

/** Node label boxes (x0, y0, x1, y1), measured once. */
function nodeLabelBoxes(g: Geometry, m: TextMeasurer): Float32Array {
  const boxes = new Float32Array(4 * g.nodes.count);
  for (let i = 0; i < g.nodes.count; i++) {
    const text = g.nodes.label[i];
    if (!text) continue;
    const px = g.nodes.labelPx[i]!;
    boxes.set(labelBox(g.nodes.labelXY[2 * i]!, g.nodes.labelXY[2 * i + 1]!, m.width(text, px), px, g.nodes.labelAlign[i]!), 4 * i);
  }
  return boxes;
}

/** An R-tree over annotation glyphs and labels: item 2a is annotation a's glyph, 2a + 1 its label. */
function annotationTree(g: Geometry, m: TextMeasurer): { tree: Flatbush | null; labels: Float32Array } {
  const a = g.annotations;
  const labels = new Float32Array(4 * a.count);
  if (a.count === 0) return { tree: null, labels };
  const tree = new Flatbush(2 * a.count);
  for (let i = 0; i < a.count; i++) {
    const b = a.box;
    tree.add(b[4 * i]!, b[4 * i + 1]!, b[4 * i]! + b[4 * i + 2]!, b[4 * i + 1]! + b[4 * i + 3]!);
    const text = a.label[i] ?? '';
    const align = a.side[i] === AnnotationSide.in ? LabelAlign.end : LabelAlign.start;
    const box = labelBox(a.labelXY[2 * i]!, a.labelXY[2 * i + 1]!, text ? m.width(text, ANNOTATION_LABEL_PX) : 0, ANNOTATION_LABEL_PX, align);
    labels.set(box, 4 * i);
    tree.add(...box);
  }
  tree.finish();
  return { tree, labels };
}

export function createPicker(g: Geometry, index: NodeIndex, lod: LodThresholds, m: TextMeasurer): Picker {
  // Built on the first pick: a renderer that is never pointed at pays nothing.
  let labels: Float32Array | null = null;
  let annotations: ReturnType<typeof annotationTree> | null = null;
  return {
    pick(x, y, scale, useLod) {
      labels ??= nodeLabelBoxes(g, m);
      annotations ??= annotationTree(g, m);
      const node = pickNode(g, index, lod, labels, x, y, scale, useLod);
      const ann = pickAnnotation(g, lod, annotations, x, y, scale, useLod);
      // Annotations lie outside their host, over its parent: they win over nodes no deeper than the host.
      if (ann >= 0 && (!node || index.depth[g.annotations.host[ann]!]! >= index.depth[node.node]!)) return { annotation: ann };
      return node;
    },
  };
}

function pickNode(g: Geometry, index: NodeIndex, lod: LodThresholds, labels: Float32Array, x: number, y: number, scale: number, useLod: boolean): { node: number; part: PickPart } | null {
  let best: { node: number; part: PickPart } | null = null;
  const better = (i: number, part: PickPart) =>
    !best || index.depth[i]! > index.depth[best.node]! || (index.depth[i] === index.depth[best.node] && PART_RANK[part] > PART_RANK[best.part]);
  const plain = useLod && scale < PLAIN_BELOW_SCALE;
  for (const i of index.query({ x: x - SEARCH_SLACK, y: y - SEARCH_SLACK, width: 2 * SEARCH_SLACK, height: 2 * SEARCH_SLACK })) {
    // Sections are layout artefacts; nodes inside an aggregate are not drawn.
    if (g.nodes.kind[i] === NodeKind.section || (g.nodes.flags[i]! & NodeFlag.root) !== 0) continue;
    if (useLod && scale < lod.nodeHide[i]!) continue;
    if (!plain && hasExpandButton(g, i)) {
      const [bx, by] = expandButtonCentre(g, i);
      // One screen px of slack: the disc is small.
      if (Math.hypot(x - bx, y - by) <= EXPAND_BUTTON_RADIUS + 1 / scale && better(i, 'expandButton')) best = { node: i, part: 'expandButton' };
    }
    const labelShown = !useLod || g.nodes.labelPx[i]! * scale >= MIN_LABEL_SCREEN_PX;
    if (labelShown && g.nodes.label[i] && inBox(labels, 4 * i, x, y) && better(i, 'label')) best = { node: i, part: 'label' };
    else if (insideShape(g, i, x, y) && better(i, 'shape')) best = { node: i, part: 'shape' };
  }
  return best;
}

function pickAnnotation(g: Geometry, lod: LodThresholds, t: ReturnType<typeof annotationTree>, x: number, y: number, scale: number, useLod: boolean): number {
  if (!t.tree || (useLod && scale < PLAIN_BELOW_SCALE)) return -1;
  const a = g.annotations;
  for (const item of t.tree.search(x, y, x, y)) {
    const i = item >> 1;
    // TensorBoard's "... N more" entries take no clicks.
    if (a.type[i] === AnnotationType.ellipsis) continue;
    if (useLod && scale < lod.nodeHide[a.host[i]!]!) continue;
    // A label is only there when it is drawn.
    if (item & 1 && (!a.label[i] || (useLod && ANNOTATION_LABEL_PX * scale < MIN_LABEL_SCREEN_PX))) continue;
    return i;
  }
  return -1;
}
