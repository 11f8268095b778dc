/** The hierarchy's plain data: groups (metanodes and series) over the SlimGraph's op nodes. */
import type { SlimGraph } from '../graph/slim-graph.js';
import type { GroupNameLookup } from './name-index.js';

/** A name-scope metanode (the root is one too). */
export const GROUP_META = 'meta';
/** A series: sequential siblings (`Add_1 … Add_9`) collapsed into one node. */
export const GROUP_SERIES = 'series';
export type GroupKind = typeof GROUP_META | typeof GROUP_SERIES;

/**
 * Node references: `0 … n−1` are op nodes, `n + g` is group `g`. Group 0 is the root
 * (`__root__`). Group ids are creation order, not tree order (a scope series is created after
 * its members): use `Hierarchy.groupOrder` to go top-down or bottom-up.
 */
export type NodeRef = number;

export interface Group {
  readonly id: number;
  /** Full name: a scope path, `parent/prefix[first-last]suffix` for a series, `__root__` for the root. */
  name: string;
  kind: GroupKind;
  /** Parent group's NodeRef, or −1 for the root. */
  parent: NodeRef;
  /** Children in a stable order (ops and groups, as NodeRefs). */
  children: NodeRef[];
  /** Levels of groups below (TensorBoard's `depth`: 1 for a group of ops only). */
  depth: number;
  /** Op nodes below (embeddings not counted, as in TensorBoard). */
  cardinality: number;
  /** The library function this metanode holds (`__function_library__f`), else −1. */
  associatedFunction: number;
  /** Some edge inside it carries data (for series: members joined by data edges ⇒ "connected"). */
  hasNonControlEdges: boolean;
  /** Op nodes below are `opOrder[opStart … opEnd)`. */
  opStart: number;
  opEnd: number;
  /** For series: the members' op, prefix, suffix and id range. */
  series: SeriesInfo | null;
}

export interface SeriesInfo {
  op: number;
  prefix: string;
  suffix: string;
  first: number;
  last: number;
  /** Scope series (groups of metanodes), from the generalized option. */
  ofGroups: boolean;
}

/** A series that was detected but is not grouped (below the minimum size, or ungrouped by the user). */
export interface UngroupedSeries {
  name: string;
  parent: NodeRef;
  members: NodeRef[];
}

/**
 * Metaedges: for each group, the aggregated edges between its children. Column arrays indexed
 * by metaedge id; base edges of metaedge m are `baseList[baseStart[m] … baseStart[m+1])`;
 * metaedges of group g are `groupMetaList[groupMetaStart[g] … groupMetaStart[g+1])`.
 */
export interface Metaedges {
  readonly count: number;
  readonly group: Int32Array;
  readonly v: Int32Array;
  readonly w: Int32Array;
  readonly numRegular: Uint32Array;
  readonly numControl: Uint32Array;
  readonly numRef: Uint32Array;
  readonly totalSize: Float64Array;
  readonly baseStart: Uint32Array;
  readonly baseList: Int32Array;
  readonly groupMetaStart: Uint32Array;
  readonly groupMetaList: Int32Array;
  /** Metaedge of each base edge. */
  readonly ofEdge: Int32Array;
}

export interface LibraryFunction {
  index: number;
  name: string;
  /** The `__function_library__<name>` metanode. */
  group: number;
  /** Op nodes that call it. */
  usages: NodeRef[];
}

export interface HierarchyParams {
  /** Minimum members for a series to be grouped (TensorBoard: 5). */
  seriesNodeMinSize: number;
  /** Group series at all (TensorBoard always does; users asked for a switch, #572). */
  groupSeries: boolean;
  /**
   * Also group series of scopes (`layer_1 … layer_12`, same structure) and series whose prefix
   * contains digits (`conv2d_1 … conv2d_9`). Off by default, as in TensorBoard.
   */
  generalizedSeries: boolean;
  /** Per-series overrides by series name: `group` forces grouping (any size ≥ 2), `ungroup` prevents it. */
  seriesOverrides: ReadonlyMap<string, 'group' | 'ungroup'>;
}

export const DEFAULT_HIERARCHY_PARAMS: HierarchyParams = {
  seriesNodeMinSize: 5,
  groupSeries: true,
  generalizedSeries: false,
  seriesOverrides: new Map(),
};

export interface Hierarchy {
  readonly graph: SlimGraph;
  readonly params: HierarchyParams;
  /** Op nodes (same ids as the SlimGraph). */
  readonly n: number;
  /** Final op names, after TensorBoard's strict renaming (`a/b` that is also a scope → `a/b/(b)`). */
  readonly names: string[];
  /** Final embedding names (renamed the same way). */
  readonly embeddingNames: string[];
  /** Parent group (NodeRef) of each op. */
  readonly parent: Int32Array;
  readonly groups: Group[];
  /** Group ids with every parent before its children (reverse it for bottom-up passes). */
  readonly groupOrder: Int32Array;
  readonly groupByName: GroupNameLookup;
  /** Ops in depth-first order of the tree; `opPos[i]` is op i's position. */
  readonly opOrder: Int32Array;
  readonly opPos: Int32Array;
  /** Level below the root of every NodeRef (root = 0). */
  readonly level: Int32Array;
  readonly metaedges: Metaedges;
  readonly maxMetaedgeSize: number;
  readonly libraryFunctions: LibraryFunction[];
  readonly ungroupedSeries: UngroupedSeries[];
  readonly warnings: string[];
}
