/**
 * The graph one group hands to layout: boxes with fixed ports, border stubs and edges. It
 * knows nothing of TensorFlow; `layoutCompound` turns it into bounded ELK calls.
 */
import type { Direction, PortSide, TaskNodeKind } from '../elk/task.js';

export interface LgPort {
  /** Relative to the node's top-left corner. */
  x: number;
  y: number;
  side: PortSide;
}

export interface LgNode {
  width: number;
  height: number;
  /** A plain box, or a stub: one of the group's border crossings. */
  kind: TaskNodeKind;
  /** Fixed ports; when present, every edge of the node uses one of them. */
  ports: LgPort[];
}

export interface LgEdge {
  v: number;
  /** Port index within v's ports, −1 for none. */
  vPort: number;
  w: number;
  wPort: number;
}

export interface LayoutGraph {
  direction: Direction;
  nodes: LgNode[];
  edges: LgEdge[];
}

/** Where one node of a LayoutGraph ended up, relative to the layout's top-left corner. */
export interface LgLayout {
  /** Top-left corner per node: 2 per node. */
  nodeXY: Float64Array;
  /** Edge polylines: 2 numbers per point, edge e is `points[pointStart[e] … pointStart[e+1])` in points. */
  pointStart: Uint32Array;
  points: Float64Array;
  /** Bounding box of the plain nodes and the edge points between plain nodes (stubs excluded). */
  width: number;
  height: number;
  /** Sections created to keep each ELK call bounded (empty when one call sufficed). */
  sections: LgSection[];
  /** Largest single ELK call made for this layout, and the number of calls. */
  maxElkNodes: number;
  maxElkMs: number;
  elkCalls: number;
}

/** A section of a split layout: a box and the nodes placed directly in it. A parent may be listed before or after its children. */
export interface LgSection {
  x: number;
  y: number;
  width: number;
  height: number;
  /** Index of the enclosing section, −1 for none. */
  parent: number;
  /** Top-level node indices placed directly in this section. */
  members: number[];
}

/** A layout of n nodes at the origin, without edges, sections or ELK calls. */
export function emptyLayout(n: number): LgLayout {
  return { nodeXY: new Float64Array(2 * n), pointStart: new Uint32Array(1), points: new Float64Array(0), width: 0, height: 0, sections: [], maxElkNodes: 0, maxElkMs: 0, elkCalls: 0 };
}
