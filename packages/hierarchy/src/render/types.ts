/** The render model's plain data: what one expanded group shows (tensorboard-graph.md §7). */
import type { NodeRef } from '../hierarchy/types.js';

export type AnnotationType = 'shortcut' | 'constant' | 'summary' | 'ellipsis';

export interface Annotation {
  type: AnnotationType;
  /**
   * For a shortcut: the NodeRef it points to. For a constant or summary: the embedding index.
   * For an ellipsis: −1.
   */
  target: number;
  /** Display name: the target's name, or `... N more`. */
  name: string;
  /** For shortcuts: the edge it stands for is control-only (drawn dashed). */
  control: boolean;
  /** For shortcuts: the edge carries reference edges. */
  reference: boolean;
  /** For shortcuts: the metaedge (core shortcut) or bridge edge index it replaces, −1 otherwise. */
  metaedge: number;
  bridge: number;
  /** For an ellipsis: how many annotations it stands for. */
  count: number;
}

/** A node's annotation lists: at most 5 entries, then one `... N more`. */
export interface NodeAnnotations {
  in: Annotation[];
  out: Annotation[];
}

/** An edge of a group's core graph: a metaedge of the group between two core children. */
export interface CoreEdge {
  metaedge: number;
  v: NodeRef;
  w: NodeRef;
}

/**
 * An edge that crosses the group's boundary, aggregated by (inner child, outside node): the
 * outside node is the child of the edge's lowest common ancestor (a sibling of an ancestor).
 */
export interface BridgeEdge {
  /** The group's child holding the inner endpoint. */
  child: NodeRef;
  /** The node outside, at the granularity where the edge is drawn in an ancestor. */
  other: NodeRef;
  /** True when the edge enters the group (other → child). */
  inbound: boolean;
  numRegular: number;
  numControl: number;
  numRef: number;
  totalSize: number;
  /** Base edges it aggregates. */
  baseEdges: number[];
  /** Drawn as a path through the border (else it became an annotation of `child`). */
  drawn: boolean;
  /**
   * The edge this path continues in the parent group: the parent's core metaedge (`other`↔this
   * group) or the parent's own bridge edge for the same `other`. −1 when not drawn.
   */
  adjoiningMetaedge: number;
  adjoiningBridge: number;
}

export interface RenderGroup {
  /** The expanded group. */
  ref: NodeRef;
  /** Children drawn in the main graph. */
  core: NodeRef[];
  /** Children moved to the auxiliary area (TensorBoard's "isolated in/out extract"). */
  inExtract: NodeRef[];
  outExtract: NodeRef[];
  /** Library function metanodes (root only). */
  library: NodeRef[];
  /** Children flagged in/out-extract (some keep edges when forced to stay). */
  flaggedIn: ReadonlySet<NodeRef>;
  flaggedOut: ReadonlySet<NodeRef>;
  edges: CoreEdge[];
  bridges: BridgeEdge[];
  /** Annotation lists of the children that have any. */
  annotations: Map<NodeRef, NodeAnnotations>;
}

export type Inclusion = 'include' | 'exclude';

/**
 * Which auxiliary area a node extracted for its degree goes to (tensorboard-graph.md §14 quirk 12).
 * - `'role'` (default): by the node's role, as the areas are meant — the in-area holds source-like
 *   nodes, the out-area sink-like ones. A node with a high in-degree (many inputs: a sink) goes
 *   to the out-area, one with a high out-degree to the in-area; a node the user removes goes to
 *   the in-area when it has more outputs than inputs, else to the out-area.
 * - `'tensorboard'`: TensorBoard's inverted choice — high in-degree → in-area, high out-degree →
 *   out-area, a removed node with more outputs → out-area.
 * The other rules agree in both: `NoOp` sinks go to the out-area; an isolated node with only
 * out-annotations (a source) to the in-area, with only in-annotations to the out-area. The
 * degree bounds stay with the degree (in: Q3 + IQR, checked first; out: Q3 + 4·IQR).
 */
export type ExtractSides = 'role' | 'tensorboard';

export interface RenderOptions {
  /** TensorBoard's "Auto-extract high-degree nodes" (default on). */
  autoExtract: boolean;
  /** Where degree-extracted and user-removed nodes go (default `'role'`; see `ExtractSides`). */
  extractSides: ExtractSides;
  /** User overrides, by node or group name: "Add to / Remove from main graph". */
  inclusion: ReadonlyMap<string, Inclusion>;
}

export const RENDER_PARAMS = {
  minNodeCountForExtraction: 15,
  minDegreeForExtraction: 5,
  maxControlDegree: 4,
  maxBridgePathDegree: 4,
  outExtractTypes: ['NoOp'] as readonly string[],
  inExtractTypes: [] as readonly string[],
  maxAnnotations: 5,
} as const;
