/**
 * The flat geometry of a laid-out view: what the renderer draws, `toSVG` writes and the
 * invariant checks inspect. Columns of typed arrays (transferable), absolute coordinates in
 * px with the origin at the top-left of the root; strings only for labels.
 */

/** Node kinds. */
export const KIND_OP = 0;
export const KIND_META = 1;
export const KIND_SERIES = 2;
/** An artificial section of a split group (no hierarchy node): drawn as a faint outline. */
export const KIND_SECTION = 3;

/** Node flags. */
export const FLAG_EXPANDED = 1;
export const FLAG_IN_EXTRACT = 2;
export const FLAG_OUT_EXTRACT = 4;
export const FLAG_LIBRARY = 8;
/** The root group (the whole view). */
export const FLAG_ROOT = 16;
/** A node referenced by an input but absent from the graph (tbg keeps it visible). */
export const FLAG_MISSING = 32;
/** A series whose members are joined by data edges (vertical stamp). */
export const FLAG_SERIES_CONNECTED = 64;
/** A metanode that stands for a library function (its call sites link to it). */
export const FLAG_FUNCTION = 128;

/** Shapes. */
export const SHAPE_NONE = 0;
export const SHAPE_ELLIPSE = 1;
/** Rounded rectangle; the radius is in `Geometry.nodes.radius`. */
export const SHAPE_RECT = 2;
export const SHAPE_SERIES_VERTICAL = 3;
export const SHAPE_SERIES_HORIZONTAL = 4;
/** Function input (pointing into the body) and output triangles. */
export const SHAPE_TRIANGLE_IN = 5;
export const SHAPE_TRIANGLE_OUT = 6;

/** Label alignment relative to its anchor point. */
export const ALIGN_MIDDLE = 0;
export const ALIGN_START = 1;
export const ALIGN_END = 2;

/** Edge flags. */
export const EDGE_CONTROL_ONLY = 1;
export const EDGE_HAS_REF = 2;
/** Part of a path that crosses a group border (TensorBoard's bridge edges). */
export const EDGE_BRIDGE = 4;

/** Annotation types (as in the render model). */
export const ANN_SHORTCUT = 0;
export const ANN_CONSTANT = 1;
export const ANN_SUMMARY = 2;
export const ANN_ELLIPSIS = 3;

export interface GeometryNodes {
  count: number;
  /** Hierarchy NodeRef, −1 for sections. */
  ref: Int32Array;
  /** Index of the containing node (an expanded group or a section), −1 for the root. */
  parent: Int32Array;
  kind: Uint8Array;
  flags: Uint16Array;
  /** Full box (shape, label and annotation areas): x, y, width, height per node. */
  box: Float32Array;
  /** The drawn shape: x, y, width, height per node. */
  shape: Float32Array;
  shapeKind: Uint8Array;
  /** Corner radius of rectangles. */
  radius: Float32Array;
  /** Label as drawn (already truncated to fit), its anchor (x, y = baseline centre line), size and alignment. */
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
  /** 0 = in (left of the shape), 1 = out (right). */
  side: Uint8Array;
  type: Uint8Array;
  /** Shortcut target NodeRef, embedding index for constants and summaries, −1 for ellipses. */
  target: Int32Array;
  /** Glyph box: x, y, width, height. */
  box: Float32Array;
  /** Glyph shape (shortcuts mimic their target's shape). */
  shapeKind: Uint8Array;
  /** 1 for control-only shortcuts (dashed), 2 for reference edges. */
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
