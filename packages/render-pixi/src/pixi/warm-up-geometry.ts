/**
 * A tiny scene with one of everything the renderer draws — every shape kind, an expanded group
 * with its button, a section, data, control, reference and labelled edges, and annotations of
 * every type — for `GraphRenderer.warmUp()`: drawing it once compiles every shader program and
 * uploads the glyph atlas before the first real frame.
 */
import { AnnotationSide, AnnotationType, EdgeFlag, LabelAlign, NodeFlag, NodeKind, ShapeKind, type Geometry } from '@tbg/layout';
import { plainPaint, type NodePaint } from '../style/paint.js';

interface WarmNode {
  parent: number;
  kind: NodeKind;
  flags: number;
  shapeKind: ShapeKind;
  shape: [number, number, number, number];
  label: string;
}

// Index 0 is the root; 1 an expanded group holding 2–7; 8 a section holding 9.
const NODES: WarmNode[] = [
  { parent: -1, kind: NodeKind.meta, flags: NodeFlag.expanded | NodeFlag.root, shapeKind: ShapeKind.none, shape: [0, 0, 300, 200], label: '' },
  { parent: 0, kind: NodeKind.meta, flags: NodeFlag.expanded, shapeKind: ShapeKind.rect, shape: [10, 10, 200, 120], label: 'group' },
  { parent: 1, kind: NodeKind.op, flags: 0, shapeKind: ShapeKind.ellipse, shape: [20, 40, 15, 6], label: 'op' },
  { parent: 1, kind: NodeKind.meta, flags: 0, shapeKind: ShapeKind.rect, shape: [60, 40, 40, 20], label: 'meta' },
  { parent: 1, kind: NodeKind.series, flags: NodeFlag.seriesConnected, shapeKind: ShapeKind.seriesVertical, shape: [110, 40, 20, 30], label: 'a[1-3]' },
  { parent: 1, kind: NodeKind.series, flags: 0, shapeKind: ShapeKind.seriesHorizontal, shape: [140, 40, 30, 15], label: 'b[1-3]' },
  { parent: 1, kind: NodeKind.op, flags: 0, shapeKind: ShapeKind.triangleIn, shape: [20, 90, 12, 10], label: 'in' },
  { parent: 1, kind: NodeKind.op, flags: NodeFlag.missing, shapeKind: ShapeKind.triangleOut, shape: [60, 90, 12, 10], label: 'out' },
  { parent: 0, kind: NodeKind.section, flags: 0, shapeKind: ShapeKind.rect, shape: [220, 10, 70, 60], label: '' },
  { parent: 8, kind: NodeKind.op, flags: 0, shapeKind: ShapeKind.ellipse, shape: [240, 30, 15, 6], label: 'Ωδ' },
];

// v, w, flags, label; drawn as a straight line between the shapes' centres.
const EDGES: Array<[number, number, number, string]> = [
  [2, 3, 0, '?×784'],
  [3, 4, EdgeFlag.controlOnly, ''],
  [4, 5, EdgeFlag.hasRef, 'scalar'],
  [6, 7, EdgeFlag.bridge, ''],
];

const ANNOTATIONS = [AnnotationType.shortcut, AnnotationType.constant, AnnotationType.summary, AnnotationType.ellipsis] as const;

const centre = (n: WarmNode): [number, number] => [n.shape[0] + n.shape[2] / 2, n.shape[1] + n.shape[3] / 2];

function warmNodes(): Geometry['nodes'] {
  const n = NODES.length;
  return {
    count: n,
    ref: Int32Array.from(NODES, (v, i) => (v.kind === NodeKind.section ? -1 : i)),
    parent: Int32Array.from(NODES, (v) => v.parent),
    kind: Uint8Array.from(NODES, (v) => v.kind),
    flags: Uint16Array.from(NODES, (v) => v.flags),
    box: Float32Array.from(NODES.flatMap((v) => v.shape)),
    shape: Float32Array.from(NODES.flatMap((v) => v.shape)),
    shapeKind: Uint8Array.from(NODES, (v) => v.shapeKind),
    radius: new Float32Array(n).fill(5),
    label: NODES.map((v) => v.label),
    labelXY: Float32Array.from(NODES.flatMap((v) => [centre(v)[0], v.shape[1] - 2])),
    labelPx: new Float32Array(n).fill(9),
    labelAlign: new Uint8Array(n).fill(LabelAlign.middle),
  };
}

function warmEdges(): Geometry['edges'] {
  const m = EDGES.length;
  return {
    count: m,
    owner: new Int32Array(m).fill(1),
    v: Int32Array.from(EDGES, (e) => e[0]),
    w: Int32Array.from(EDGES, (e) => e[1]),
    metaedge: new Int32Array(m).fill(-1),
    flags: Uint8Array.from(EDGES, (e) => e[2]),
    width: Float32Array.from(EDGES, (_, k) => 0.75 + k),
    arrow: new Float32Array(m).fill(5),
    label: EDGES.map((e) => e[3]),
    pointStart: Uint32Array.from({ length: m + 1 }, (_, k) => 2 * k),
    points: Float32Array.from(EDGES.flatMap(([v, w]) => [...centre(NODES[v]!), ...centre(NODES[w]!)])),
  };
}

function warmAnnotations(): Geometry['annotations'] {
  const k = ANNOTATIONS.length;
  const host = 3;
  const [hx, hy] = centre(NODES[host]!);
  const box = ANNOTATIONS.flatMap((_, i) => [hx - 40 + 50 * (i % 2), hy - 20 + 8 * i, 8, 5]);
  return {
    count: k,
    host: new Int32Array(k).fill(host),
    side: Uint8Array.from(ANNOTATIONS, (_, i) => (i % 2 ? AnnotationSide.out : AnnotationSide.in)),
    type: Uint8Array.from(ANNOTATIONS),
    target: Int32Array.from(ANNOTATIONS, (t) => (t === AnnotationType.ellipsis ? -1 : 2)),
    box: Float32Array.from(box),
    shapeKind: Uint8Array.from(ANNOTATIONS, (_, i) => (i % 2 ? ShapeKind.rect : ShapeKind.ellipse)),
    edgeFlags: Uint8Array.from(ANNOTATIONS, (_, i) => (i === 1 ? EdgeFlag.controlOnly : 0)),
    label: ANNOTATIONS.map((t) => (t === AnnotationType.ellipsis ? '... 2 more' : 'c')),
    labelXY: Float32Array.from(ANNOTATIONS.flatMap((_, i) => [box[4 * i]! + 12, box[4 * i + 1]! + 4])),
    edge: Float32Array.from(ANNOTATIONS.flatMap((_, i) => [box[4 * i]! + 8, box[4 * i + 1]! + 2, hx, hy])),
  };
}

/** The scene and its paint: TensorBoard's plain fills, and two device bands on the collapsed metanode (3). */
export function warmUpScene(): { geometry: Geometry; paint: NodePaint } {
  const geometry: Geometry = { width: 300, height: 200, nodes: warmNodes(), edges: warmEdges(), annotations: warmAnnotations() };
  const paint = plainPaint(geometry);
  paint.bands = { start: Uint32Array.from({ length: NODES.length + 1 }, (_, i) => (i <= 3 ? 0 : 2)), end: Float32Array.of(0.5, 1), color: Uint32Array.of(0xff0000, 0x00ff00) };
  return { geometry, paint };
}
