/**
 * Series: sequential motifs like `Add_1 … Add_9` collapse into one node (tensorboard-graph.md
 * §5.2). TensorBoard's rule by default: among a metanode's direct op children with the same op,
 * the leaf must match `^(\D*)(\d+)$` (no match: the whole leaf is the prefix, id 0), runs of
 * consecutive ids of length ≥ 2 are series, and a series is grouped when it has at least
 * `seriesNodeMinSize` members. The generalized option also allows digits in the prefix
 * (`conv2d_1 …`) and groups series of scopes (`layer_1 … layer_12`) of the same structure: scopes
 * are clustered by `scopeShapes`, an exact structural id of each scope's subtree, so that only
 * scopes with equal structure can form one series.
 */
import { EDGE_CONTROL, type SlimGraph } from '../graph/slim-graph.js';
import { GROUP_META, GROUP_SERIES, type Group, type HierarchyParams, type NodeRef, type UngroupedSeries } from './types.js';
import { liftToLcaChildren } from './lca.js';

const TB_LEAF = /^(\D*)(\d+)$/;
const GENERAL_LEAF = /^(.*?)(\d+)$/;

interface Candidate {
  prefix: string;
  suffix: string;
  id: number;
  ref: NodeRef;
}

/** TensorBoard's series name: `parent/prefix[first-last]suffix`. */
export function seriesName(parentName: string, prefix: string, suffix: string, first: number, last: number): string {
  return `${parentName ? `${parentName}/` : ''}${prefix}[${first}-${last}]${suffix}`;
}

/** The state of one `groupAllSeries` pass, shared by its steps. */
interface SeriesContext {
  readonly graph: SlimGraph;
  readonly n: number;
  readonly names: readonly string[];
  readonly parent: Int32Array;
  readonly groups: Group[];
  readonly groupByName: Map<string, number>;
  readonly p: HierarchyParams;
  /** The leaf rule: TensorBoard's, or the generalized one. */
  readonly leaf: RegExp;
  /** Structural ids of scopes (generalized series only). */
  readonly shape: Int32Array | null;
  readonly ungrouped: UngroupedSeries[];
  /** The group whose op children's names are in `siblingNames` (built on first need), or −1. */
  siblingsOf: number;
  readonly siblingNames: Set<string>;
}

/** Groups the series of every metanode; returns the series found but left ungrouped. */
export function groupAllSeries(
  graph: SlimGraph,
  names: string[],
  parent: Int32Array,
  groups: Group[],
  groupByName: Map<string, number>,
  p: HierarchyParams,
): UngroupedSeries[] {
  const ctx: SeriesContext = {
    graph,
    n: graph.n,
    names,
    parent,
    groups,
    groupByName,
    p,
    leaf: p.generalizedSeries ? GENERAL_LEAF : TB_LEAF,
    shape: p.generalizedSeries ? scopeShapes(graph, parent, groups) : null,
    ungrouped: [],
    siblingsOf: -1,
    siblingNames: new Set<string>(),
  };
  const metaCount = groups.length;
  for (let g = 0; g < metaCount; g++) {
    const grp = groups[g]!;
    if (grp.kind !== GROUP_META) continue;
    const parentName = g === 0 ? '' : grp.name;
    for (const [key, members] of clusterChildren(ctx, grp)) {
      if (members.length < 2) continue;
      const ofGroups = key[0] === 'g';
      for (const cands of candidatesByPrefix(ctx, members).values()) {
        if (cands.length >= 2) groupRuns(ctx, cands, g, parentName, ofGroups);
      }
    }
  }
  return ctx.ungrouped;
}

/** Direct children that may form series together: ops by op type, scopes (generalized only) by shape. */
function clusterChildren(ctx: SeriesContext, grp: Group): Map<string, NodeRef[]> {
  const { n, graph, groups, shape } = ctx;
  const clusters = new Map<string, NodeRef[]>();
  for (const c of grp.children) {
    let key: string;
    if (c < n) key = `o${graph.op[c]}`;
    else if (shape && groups[c - n]!.kind === GROUP_META) key = `g${shape[c - n]}`;
    else continue;
    let list = clusters.get(key);
    if (!list) clusters.set(key, (list = []));
    list.push(c);
  }
  return clusters;
}

/** Members split by their leaf's prefix and suffix, each with its numeric id. */
function candidatesByPrefix(ctx: SeriesContext, members: readonly NodeRef[]): Map<string, Candidate[]> {
  const { n, names, groups } = ctx;
  const byPrefix = new Map<string, Candidate[]>();
  for (const ref of members) {
    const name = ref < n ? names[ref]! : groups[ref - n]!.name;
    const leaf = name.slice(name.lastIndexOf('/') + 1);
    const m = ctx.leaf.exec(leaf);
    const cand: Candidate = m ? { prefix: m[1]!, suffix: '', id: Number(m[2]!), ref } : { prefix: leaf, suffix: '', id: 0, ref };
    const k = `${cand.prefix}\u0000${cand.suffix}`;
    let list = byPrefix.get(k);
    if (!list) byPrefix.set(k, (list = []));
    list.push(cand);
  }
  return byPrefix;
}

/** Makes a series of every run of consecutive ids (length ≥ 2) among `cands` (sorted here). */
function groupRuns(ctx: SeriesContext, cands: Candidate[], g: number, parentName: string, ofGroups: boolean): void {
  cands.sort((a, b) => a.id - b.id);
  let start = 0;
  for (let i = 1; i <= cands.length; i++) {
    if (i < cands.length && cands[i]!.id === cands[i - 1]!.id + 1) continue;
    if (i - start > 1) makeSeries(ctx, cands.slice(start, i), g, parentName, ofGroups);
    start = i;
  }
}

/** Whether `name` is the name of an op child of group g. */
function siblingOpName(ctx: SeriesContext, g: number, name: string): boolean {
  if (ctx.siblingsOf !== g) {
    ctx.siblingsOf = g;
    ctx.siblingNames.clear();
    for (const c of ctx.groups[g]!.children) if (c < ctx.n) ctx.siblingNames.add(ctx.names[c]!);
  }
  return ctx.siblingNames.has(name);
}

/** Groups one run as a series under group g, or records it as ungrouped. */
function makeSeries(ctx: SeriesContext, run: Candidate[], g: number, parentName: string, ofGroups: boolean): void {
  const { n, p, groups } = ctx;
  const first = run[0]!;
  const last = run[run.length - 1]!;
  const name = seriesName(parentName, first.prefix, first.suffix, first.id, last.id);
  const override = p.seriesOverrides.get(name);
  const members = run.map((c) => c.ref);
  const group = override === 'group' || (override !== 'ungroup' && p.groupSeries && run.length >= p.seriesNodeMinSize);
  // A scope, or a sibling op, with the series' very name (`s/Relu_[1-5]`) keeps it ungrouped:
  // names must stay unique.
  if (!group || ctx.groupByName.has(name) || siblingOpName(ctx, g, name)) {
    ctx.ungrouped.push({ name, parent: n + g, members });
    return;
  }
  const id = groups.length;
  groups.push({
    id,
    name,
    kind: GROUP_SERIES,
    parent: n + g,
    children: members,
    depth: 1,
    cardinality: 0,
    associatedFunction: -1,
    hasNonControlEdges: false,
    opStart: 0,
    opEnd: 0,
    series: { op: first.ref < n ? ctx.graph.op[first.ref]! : -1, prefix: first.prefix, suffix: first.suffix, first: first.id, last: last.id, ofGroups },
  });
  ctx.groupByName.set(name, id);
  moveIntoSeries(ctx, groups[g]!, members, n + id);
}

/** The series takes the place of its first member among the parent's children; members move into it. */
function moveIntoSeries(ctx: SeriesContext, parentGroup: Group, members: NodeRef[], seriesRef: NodeRef): void {
  const { n, groups } = ctx;
  const memberSet = new Set(members);
  const kids: NodeRef[] = [];
  let placed = false;
  for (const c of parentGroup.children) {
    if (!memberSet.has(c)) kids.push(c);
    else if (!placed) {
      kids.push(seriesRef);
      placed = true;
    }
  }
  parentGroup.children = kids;
  for (const m of members) {
    if (m < n) ctx.parent[m] = seriesRef;
    else groups[m - n]!.parent = seriesRef;
  }
}

/**
 * Structural ids of the name scopes, before any series is grouped: two scopes get the same id
 * exactly when their subtrees have the same structure — the same multiset of direct op children
 * (by op), the same multiset of nested scopes (by their own id, so recursively the same shape),
 * and the same multiset of edges between direct children, each edge as (label of its source
 * child, label of its target child, control or data), where a label is an op or a nested
 * scope's id. Names play no part. Ids are interned signatures, so there are no collisions.
 *
 * Requires groups created parent first (every scope's id above its parent's), which holds for
 * the scopes `buildHierarchy` creates before series: a single pass from the highest id down is
 * then bottom-up, with no recursion. The root (which is never a series member) gets no id.
 */
export function scopeShapes(graph: SlimGraph, parent: Int32Array, groups: readonly Group[]): Int32Array {
  const n = graph.n;
  const count = groups.length;
  const up = (ref: NodeRef): NodeRef => (ref < n ? parent[ref]! : groups[ref - n]!.parent);
  // Levels: parents have lower ids, so one increasing pass suffices.
  const level = new Int32Array(n + count);
  for (let g = 1; g < count; g++) level[n + g] = level[groups[g]!.parent]! + 1;
  for (let i = 0; i < n; i++) level[i] = level[parent[i]!]! + 1;
  // Each base edge, lifted to the two direct children of its endpoints' lowest common scope.
  const edgesOf: number[][] = Array.from({ length: count }, () => []);
  const pair = new Int32Array(2);
  for (let e = 0; e < graph.edgeCount; e++) {
    liftToLcaChildren(graph.edgeV[e]!, graph.edgeW[e]!, level, up, pair);
    const a = pair[0]!;
    const b = pair[1]!;
    if (up(a) !== n) edgesOf[up(a) - n]!.push(a, b, graph.edgeFlags[e]! & EDGE_CONTROL);
  }
  const shape = new Int32Array(count);
  const interned = new Map<string, number>();
  // Labels of children as numbers: an op is its op id, a scope `ops + its shape id` (no other
  // kinds exist yet). An edge is (label v, label w, control) packed into one exact double.
  const ops = graph.ops.length;
  const label = (ref: NodeRef): number => (ref < n ? graph.op[ref]! : ops + shape[ref - n]!);
  const span = ops + count;
  const kids: number[] = [];
  const edges: number[] = [];
  const byValue = (a: number, b: number) => a - b;
  for (let g = count - 1; g > 0; g--) {
    const grp = groups[g]!;
    kids.length = 0;
    for (const c of grp.children) kids.push(label(c));
    kids.sort(byValue);
    edges.length = 0;
    const list = edgesOf[g]!;
    for (let k = 0; k < list.length; k += 3) edges.push((label(list[k]!) * span + label(list[k + 1]!)) * 2 + list[k + 2]!);
    edges.sort(byValue);
    const signature = `${kids.join(',')}|${edges.join(',')}`;
    let id = interned.get(signature);
    if (id === undefined) interned.set(signature, (id = interned.size));
    shape[g] = id;
  }
  return shape;
}
