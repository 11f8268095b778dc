/**
 * Hit testing for the host element: what is under a world point at a given zoom — a node's
 * expand button, its label or its shape (the deepest node wins, so a point inside an expanded
 * group but on none of its children picks the group), or an annotation. Candidates come from the
 * node index's R-tree (nodes' full boxes, which hold their labels and annotations), never a scan,
 * and only candidates' labels are measured; only what is drawn at that zoom can be picked (the
 * same level-of-detail rules as the shaders).
 */
import { AnnotationType, EXPAND_BUTTON_RADIUS, expandButtonCentre, hasExpandButton, LabelAlign, NodeFlag, NodeKind, type Geometry, type TextMeasurer } from '@tbg/layout';
import { ANNOTATION_LABEL_PX, annotationAlign } from './annotations.js';
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
/** The same for boxes stored as x, y, width, height (the geometry's). */
const inXywh = (b: ArrayLike<number>, o: number, x: number, y: number) => x >= b[o]! && x <= b[o]! + b[o + 2]! && y >= b[o + 1]! && y <= b[o + 1]! + b[o + 3]!;

/**
 * Label boxes (x0, y0, x1, y1) measured when first asked for: a pick measures only the labels
 * near its point (measuring all 10k labels of a graph took 60 ms, the first hover's wait).
 */
class LabelBoxes {
  private readonly boxes: Float32Array;

  constructor(
    count: number,
    private readonly measure: (i: number) => [number, number, number, number],
  ) {
    this.boxes = new Float32Array(4 * count).fill(NaN);
  }

  contains(i: number, x: number, y: number): boolean {
    if (Number.isNaN(this.boxes[4 * i]!)) this.boxes.set(this.measure(i), 4 * i);
    return inBox(this.boxes, 4 * i, x, y);
  }
}

function nodeLabelBoxes(g: Geometry, m: TextMeasurer): LabelBoxes {
  return new LabelBoxes(g.nodes.count, (i) => {
    const px = g.nodes.labelPx[i]!;
    return labelBox(g.nodes.labelXY[2 * i]!, g.nodes.labelXY[2 * i + 1]!, m.width(g.nodes.label[i] ?? '', px), px, g.nodes.labelAlign[i]!);
  });
}

/**
 * Annotations by host node (`start[h] … start[h + 1]` of `list`), with their label boxes: a host's
 * full box holds its annotations, so the node index finds them (no tree of their own to build,
 * which took 60 ms at the first hover of a 10k-node view), and only candidates are measured.
 */
interface Annotations {
  start: Uint32Array;
  list: Uint32Array;
  labels: LabelBoxes;
}

function annotationsByHost(g: Geometry, m: TextMeasurer): Annotations {
  const a = g.annotations;
  const start = new Uint32Array(g.nodes.count + 1);
  for (let i = 0; i < a.count; i++) start[a.host[i]! + 1]!++;
  for (let h = 0; h < g.nodes.count; h++) start[h + 1]! += start[h]!;
  const fill = start.slice(0, g.nodes.count);
  const list = new Uint32Array(a.count);
  for (let i = 0; i < a.count; i++) list[fill[a.host[i]!]!++] = i;
  const labels = new LabelBoxes(a.count, (i) => {
    const text = a.label[i] ?? '';
    return labelBox(a.labelXY[2 * i]!, a.labelXY[2 * i + 1]!, text ? m.width(text, ANNOTATION_LABEL_PX) : 0, ANNOTATION_LABEL_PX, annotationAlign(g, i));
  });
  return { start, list, labels };
}

export function createPicker(g: Geometry, index: NodeIndex, lod: LodThresholds, m: TextMeasurer): Picker {
  // Built on the first pick: a renderer that is never pointed at pays nothing.
  let labels: LabelBoxes | null = null;
  let annotations: Annotations | null = null;
  return {
    pick(x, y, scale, useLod) {
      labels ??= nodeLabelBoxes(g, m);
      annotations ??= annotationsByHost(g, m);
      // One query serves both: nodes near the point, and the hosts whose full box holds it.
      const near = index.query({ x: x - SEARCH_SLACK, y: y - SEARCH_SLACK, width: 2 * SEARCH_SLACK, height: 2 * SEARCH_SLACK });
      const node = pickNode(g, index, lod, labels, near, x, y, scale, useLod);
      const ann = pickAnnotation(g, lod, annotations, near, x, y, scale, useLod);
      // Annotations lie outside their host, over its parent: they win over nodes no deeper than the host.
      if (ann >= 0 && (!node || index.depth[g.annotations.host[ann]!]! >= index.depth[node.node]!)) return { annotation: ann };
      return node;
    },
  };
}

function pickNode(g: Geometry, index: NodeIndex, lod: LodThresholds, labels: LabelBoxes, near: readonly number[], x: number, y: number, scale: number, useLod: boolean): { node: number; part: PickPart } | null {
  let best: { node: number; part: PickPart } | null = null;
  const better = (i: number, part: PickPart) =>
    !best || index.depth[i]! > index.depth[best.node]! || (index.depth[i] === index.depth[best.node] && PART_RANK[part] > PART_RANK[best.part]);
  const plain = useLod && scale < PLAIN_BELOW_SCALE;
  for (const i of near) {
    // Sections are layout artefacts; nodes inside an aggregate are not drawn.
    if (g.nodes.kind[i] === NodeKind.section || (g.nodes.flags[i]! & NodeFlag.root) !== 0) continue;
    if (useLod && scale < lod.nodeHide[i]!) continue;
    if (!plain && hasExpandButton(g, i)) {
      const [bx, by] = expandButtonCentre(g, i);
      // One screen px of slack: the disc is small.
      if (Math.hypot(x - bx, y - by) <= EXPAND_BUTTON_RADIUS + 1 / scale && better(i, 'expandButton')) best = { node: i, part: 'expandButton' };
    }
    const labelShown = !useLod || g.nodes.labelPx[i]! * scale >= MIN_LABEL_SCREEN_PX;
    if (labelShown && g.nodes.label[i] && labels.contains(i, x, y) && better(i, 'label')) best = { node: i, part: 'label' };
    else if (insideShape(g, i, x, y) && better(i, 'shape')) best = { node: i, part: 'shape' };
  }
  return best;
}

function pickAnnotation(g: Geometry, lod: LodThresholds, t: Annotations, near: readonly number[], x: number, y: number, scale: number, useLod: boolean): number {
  const a = g.annotations;
  if (a.count === 0 || (useLod && scale < PLAIN_BELOW_SCALE)) return -1;
  const labelShown = !useLod || ANNOTATION_LABEL_PX * scale >= MIN_LABEL_SCREEN_PX;
  for (const host of near) {
    if (!inXywh(g.nodes.box, 4 * host, x, y) || (useLod && scale < lod.nodeHide[host]!)) continue;
    for (let k = t.start[host]!; k < t.start[host + 1]!; k++) {
      const i = t.list[k]!;
      // TensorBoard's "... N more" entries take no clicks.
      if (a.type[i] === AnnotationType.ellipsis) continue;
      // A label is only there when it is drawn, and where it is measured to be.
      if (inXywh(a.box, 4 * i, x, y) || (labelShown && a.label[i] && t.labels.contains(i, x, y))) return i;
    }
  }
  return -1;
}
