/**
 * The flat geometry of a laid-out view: what the renderer draws, `toSVG` writes and the
 * invariant checks inspect. Columns of typed arrays (transferable), absolute coordinates in
 * px with the origin at the top-left of the root; strings only for labels.
 */

// Typed-array columns hold small integer codes: each kind of code has a named const map and the
// union of its values as a type of the same name (`NodeKind.section`, `kind: NodeKind`).

/** What a node is (`GeometryNodes.kind`). */
export const NodeKind = {
  op: 0,
  meta: 1,
  series: 2,
  /** An artificial section of a split group (no hierarchy node): drawn as a faint outline. */
  section: 3,
} as const;
export type NodeKind = (typeof NodeKind)[keyof typeof NodeKind];

/** Node flags (`GeometryNodes.flags` holds a bitwise OR of them). */
export const NodeFlag = {
  expanded: 1,
  inExtract: 2,
  outExtract: 4,
  library: 8,
  /** The root group (the whole view). */
  root: 16,
  /** A node referenced by an input but absent from the graph (tbg keeps it visible). */
  missing: 32,
  /** A series whose members are joined by data edges (vertical stamp). */
  seriesConnected: 64,
  /** A metanode that stands for a library function (its call sites link to it). */
  function: 128,
} as const;
export type NodeFlag = (typeof NodeFlag)[keyof typeof NodeFlag];
/** A bitwise OR of NodeFlag values (0 for none). */
export type NodeFlags = number;

/** Shapes (`GeometryNodes.shapeKind`, `GeometryAnnotations.shapeKind`). */
export const ShapeKind = {
  none: 0,
  ellipse: 1,
  /** Rounded rectangle; the radius is in `Geometry.nodes.radius`. */
  rect: 2,
  seriesVertical: 3,
  seriesHorizontal: 4,
  /** Function input (pointing into the body) and output triangles. */
  triangleIn: 5,
  triangleOut: 6,
} as const;
export type ShapeKind = (typeof ShapeKind)[keyof typeof ShapeKind];

/** Label alignment relative to its anchor point (`GeometryNodes.labelAlign`). */
export const LabelAlign = { middle: 0, start: 1, end: 2 } as const;
export type LabelAlign = (typeof LabelAlign)[keyof typeof LabelAlign];

/** Edge flags (`GeometryEdges.flags` and `GeometryAnnotations.edgeFlags` hold a bitwise OR of them). */
export const EdgeFlag = {
  controlOnly: 1,
  hasRef: 2,
  /** Part of a path that crosses a group border (TensorBoard's bridge edges). */
  bridge: 4,
} as const;
export type EdgeFlag = (typeof EdgeFlag)[keyof typeof EdgeFlag];
/** A bitwise OR of EdgeFlag values (0 for none). */
export type EdgeFlags = number;

/** Annotation types, keyed as the render model names them (`GeometryAnnotations.type`). */
export const AnnotationType = { shortcut: 0, constant: 1, summary: 2, ellipsis: 3 } as const;
export type AnnotationType = (typeof AnnotationType)[keyof typeof AnnotationType];

/** Which side of its host an annotation is on (`GeometryAnnotations.side`): its inputs left, its outputs right. */
export const AnnotationSide = { in: 0, out: 1 } as const;
export type AnnotationSide = (typeof AnnotationSide)[keyof typeof AnnotationSide];

export interface GeometryNodes {
  count: number;
  /** Hierarchy NodeRef, −1 for sections. */
  ref: Int32Array;
  /** Index of the containing node (an expanded group or a section), −1 for the root. */
  parent: Int32Array;
  /** A NodeKind per node. */
  kind: Uint8Array;
  /** NodeFlags per node. */
  flags: Uint16Array;
  /** Full box (shape, label and annotation areas): x, y, width, height per node. */
  box: Float32Array;
  /** The drawn shape: x, y, width, height per node. */
  shape: Float32Array;
  /** A ShapeKind per node. */
  shapeKind: Uint8Array;
  /** Corner radius of rectangles. */
  radius: Float32Array;
  /** Label as drawn (already truncated to fit), its anchor (x, y = baseline centre line), size and alignment (a LabelAlign). */
  label: string[];
  labelXY: Float32Array;
  labelPx: Float32Array;
  labelAlign: Uint8Array;
}

export interface GeometryEdges {
  count: number;
  /** The group (or section) node the edge is drawn in. */
  owner: Int32Array;
  /** Endpoint nodes (geometry indices); −1 where the edge ends on its owner's border. */
  v: Int32Array;
  w: Int32Array;
  /** Hierarchy metaedge drawn (−1 for bridge parts and section links). */
  metaedge: Int32Array;
  /** EdgeFlags per edge. */
  flags: Uint8Array;
  /** Stroke width (TensorBoard's size scale) and arrowhead size. */
  width: Float32Array;
  arrow: Float32Array;
  /** Tensor shape label (`?×784`, `scalar`, `3 tensors`), '' when unknown. */
  label: string[];
  /** Polyline of edge e: points `pointStart[e] … pointStart[e+1]` of `points` (x, y pairs). */
  pointStart: Uint32Array;
  points: Float32Array;
}

export interface GeometryAnnotations {
  count: number;
  /** The collapsed node they sit around. */
  host: Int32Array;
  /** An AnnotationSide per annotation: in (left of the shape) or out (right). */
  side: Uint8Array;
  /** An AnnotationType per annotation. */
  type: Uint8Array;
  /** Shortcut target NodeRef, embedding index for constants and summaries, −1 for ellipses. */
  target: Int32Array;
  /** Glyph box: x, y, width, height. */
  box: Float32Array;
  /** Glyph shape, a ShapeKind (shortcuts mimic their target's shape). */
  shapeKind: Uint8Array;
  /** EdgeFlags of the annotation's edge: `controlOnly` for control-only shortcuts (dashed), `hasRef` for reference edges. */
  edgeFlags: Uint8Array;
  label: string[];
  labelXY: Float32Array;
  /** The annotation's short edge: x1, y1, x2, y2 (from the glyph to the host shape for in, the reverse for out). */
  edge: Float32Array;
}

export interface Geometry {
  width: number;
  height: number;
  nodes: GeometryNodes;
  edges: GeometryEdges;
  annotations: GeometryAnnotations;
}

/** Every typed-array buffer of a geometry, for `postMessage(…, transfer)`. */
export function geometryTransferables(g: Geometry): ArrayBuffer[] {
  const n = g.nodes;
  const e = g.edges;
  const a = g.annotations;
  return [
    n.ref, n.parent, n.kind, n.flags, n.box, n.shape, n.shapeKind, n.radius, n.labelXY, n.labelPx, n.labelAlign,
    e.owner, e.v, e.w, e.metaedge, e.flags, e.width, e.arrow, e.pointStart, e.points,
    a.host, a.side, a.type, a.target, a.box, a.shapeKind, a.edgeFlags, a.labelXY, a.edge,
  ].map((x) => x.buffer as ArrayBuffer);
}
