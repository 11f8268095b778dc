/**
 * The plain data of a node's info card (tensorboard-graph.md §11.1): what `nodeInfo` and
 * `embeddingInfo` return. Structured-cloneable (no typed arrays, maps or classes), so a worker
 * can post it as is.
 */
import type { NodeRef } from '../hierarchy/types.js';

/**
 * What the node is, for the card's header and icon:
 * - `op`: an op node; `missing`: an input that names no node (drawn as a node);
 * - `inputArg`: an input argument of a library function; `function`: the op node TensorBoard
 *   makes for each library function (op ``);
 * - `meta`: a name-scope metanode (the root and `__function_library__f` too); `series`: a series;
 * - `constant`, `summary`: a Const or *Summary shown as an annotation (an embedding, no NodeRef).
 */
export type NodeInfoKind = 'op' | 'missing' | 'inputArg' | 'function' | 'meta' | 'series' | 'constant' | 'summary';

export interface NodeInfoOptions {
  /** Attribute values longer than this many characters are cut, with `…` (default 300). */
  maxValueChars?: number;
  /** Rows kept in each of `inputs` and `outputs`; the rest are counted in `moreInputs`/`moreOutputs` (default 500). */
  maxLinks?: number;
  /** Keep `_output_shapes` among the attributes (default false: TensorBoard hides it; see `outputShapes`). */
  outputShapesAttr?: boolean;
}

/** One attribute row: `key` | `value`. */
export interface NodeAttribute {
  key: string;
  /** Display text (`DT_FLOAT`, `"SAME"`, `[?,784]`, `DT_FLOAT [784,300]` for a large tensor), cut to `maxValueChars` plus `…`. */
  value: string;
  /** Characters cut from the end of `value` (0 when whole). */
  cut: number;
  /** Left out of the graph at load for its size (listed in `_too_large_attrs`): `value` is `Too large to show…`. */
  tooLarge: boolean;
}

/**
 * What a row of inputs or outputs stands for:
 * - `edge`: one base edge (an op's rows; a group's row when its metaedge holds one base edge,
 *   named after the op at the far end, as TensorBoard unpacks it);
 * - `metaedge`: the base edges between this node and one node outside it, at the level where
 *   they are drawn (a sibling, or a sibling of an ancestor);
 * - `constant`, `summary`: an in-embedding (Const) or out-embedding (*Summary) of an op.
 */
export type NodeLinkKind = 'edge' | 'metaedge' | 'constant' | 'summary';

export interface NodeLink {
  kind: NodeLinkKind;
  /** Full name of the node at the other end. */
  name: string;
  /** Its NodeRef; −1 for a constant or summary (see `embedding`). */
  ref: NodeRef;
  /** For a constant or summary: its index in `graph.embeddings`; otherwise −1. */
  embedding: number;
  /** Op of the other end; '' for a group. */
  op: string;
  /** Tensor shape: `?×784`, `scalar`, `N tensors` for several edges; '' when unknown or control-only. */
  shape: string;
  /** Only control edges. */
  control: boolean;
  /** Some edge is a reference edge (input 0 of Assign-like ops). */
  reference: boolean;
  /** Base edges the row stands for. */
  edges: number;
}

/** A histogram entry: how many ops below have this op (or device, or XLA cluster). */
export interface HistogramEntry {
  key: string;
  count: number;
}

/** For metanodes and series: what is below. */
export interface GroupSummary {
  /** Op nodes below (TensorBoard's "Subgraph: N nodes"). */
  cardinality: number;
  /** Metanodes and series below. */
  groups: number;
  children: number;
  /** Levels of groups below (1 for a group of ops only). */
  depth: number;
  /** Counts of ops below, most frequent first (ties by name). */
  opHistogram: HistogramEntry[];
  deviceHistogram: HistogramEntry[];
  xlaClusterHistogram: HistogramEntry[];
  /** TPU compatibility over the ops below and their embeddings. */
  compatibility: { compatible: number; incompatible: number };
}

/** The series a node is, or is a member of (TensorBoard's "Group / Ungroup this series"). */
export interface NodeSeries {
  name: string;
  /** Grouped into one node now, or detected but left apart (too small, or ungrouped by the user). */
  grouped: boolean;
  members: number;
}

/** The library function a node belongs to: the `__function_library__f` metanode itself, or an op calling `f`. */
export interface NodeFunction {
  name: string;
  /** The function's metanode, or −1 when it has none. */
  group: NodeRef;
  /** Op nodes that call it (TensorBoard's "Usages of the Function"). */
  usages: NodeRef[];
}

export interface NodeInfo {
  /** The node's NodeRef; −1 for a constant or summary. */
  ref: NodeRef;
  /** For a constant or summary: its index in `graph.embeddings`; otherwise −1. */
  embedding: number;
  /** Full name, as the hierarchy shows it (after strict renaming: `a/b/(b)`). */
  name: string;
  kind: NodeInfoKind;
  /** Parent group; for a constant or summary, the parent of the first op it is shown on (−1 for the root or none). */
  parent: NodeRef;
  /** '' for groups. */
  op: string;
  /** '' when unset (and for groups: see `group.deviceHistogram`). */
  device: string;
  /** `_XlaCluster`, '' when none. */
  xlaCluster: string;
  /** Attributes in NodeDef order, without `_output_shapes` (unless asked) and `_too_large_attrs` (expanded into rows). */
  attributes: NodeAttribute[];
  /** Shapes of the node's outputs, by slot (`?×784`, `scalar`, '' for an unknown rank); empty without `_output_shapes`. */
  outputShapes: string[];
  /** Data and control inputs (ops: every base edge, then constants); at most `maxLinks`. */
  inputs: NodeLink[];
  outputs: NodeLink[];
  /** Rows left out of `inputs` / `outputs` by `maxLinks`. */
  moreInputs: number;
  moreOutputs: number;
  /** Inputs that name no node and are not drawn (PyTorch module objects, `SlimGraph.droppedInputs`), by name. */
  droppedInputs: string[];
  series: NodeSeries | null;
  function: NodeFunction | null;
  /** For metanodes and series; null for ops and embeddings. */
  group: GroupSummary | null;
}
