/**
 * SlimGraph → Hierarchy (tensorboard-graph.md §5): name-scope metanodes, strict renaming,
 * cardinality and depth, series grouping, the depth-first op order, and metaedges.
 * Everything is iterative; groups refer to each other by index.
 */
import { FUNCTION_LIBRARY_PREFIX, type SlimGraph } from '../graph/slim-graph.js';
import { buildMetaedges } from './metaedges.js';
import { NameIndex } from './name-index.js';
import { groupAllSeries } from './series.js';
import {
  DEFAULT_HIERARCHY_PARAMS,
  GROUP_META,
  type Group,
  type Hierarchy,
  type HierarchyParams,
  type LibraryFunction,
  type NodeRef,
} from './types.js';

export const ROOT_NAME = '__root__';

export function newGroup(id: number, name: string, kind: Group['kind'], parent: NodeRef): Group {
  return { id, name, kind, parent, children: [], depth: 1, cardinality: 0, associatedFunction: -1, hasNonControlEdges: false, opStart: 0, opEnd: 0, series: null };
}

export function buildHierarchy(graph: SlimGraph, params: Partial<HierarchyParams> = {}): Hierarchy {
  const p: HierarchyParams = { ...DEFAULT_HIERARCHY_PARAMS, ...params };
  const n = graph.n;
  const warnings: string[] = [];
  const names = graph.names.slice();
  // `__root__` names the root: nodes whose first segment is `__root__` move to `__root__~k`.
  const rootStandIn = reserveRootName(names, graph.embeddings.names, warnings);
  // 1. Scopes: every proper '/'-prefix of a name is a metanode, created parent first.
  const scopes = new ScopeBuilder(n);
  const parent = new Int32Array(n);
  for (let i = 0; i < n; i++) {
    const name = names[i]!;
    const k = name.lastIndexOf('/');
    parent[i] = k < 0 ? n : n + scopes.ensure(name.slice(0, k));
  }
  const { groups, groupByName } = scopes;
  // 2. Strict names: an op named like a scope moves into that scope as `a/b/(b)`.
  applyStrictNames(names, parent, groupByName);
  const embeddingNames = graph.embeddings.names.map((e) => embeddingName(e, rootStandIn, groupByName));
  placeChildren(groups, parent);
  // 3. Library functions are the metanodes `__function_library__<f>` directly under the root.
  const libraryFunctions = findLibraryFunctions(graph, names, groups, groupByName);
  // 4. Series.
  const ungroupedSeries = groupAllSeries(graph, names, parent, groups, groupByName, p);
  // 5. Depth-first op order, levels, and a top-down order of groups.
  const order = depthFirstOrder(groups, n);
  // 6. Cardinality and depth, bottom-up.
  countCardinalityAndDepth(groups, parent, order.groupOrder);
  // Children arrays grew by push (V8 over-allocates): store exact-size copies.
  for (const grp of groups) grp.children = grp.children.slice();
  // 7. Metaedges.
  const { metaedges, maxSize } = buildMetaedges(graph, n, parent, groups, order.level);
  if (graph.warnings.length) warnings.push(...graph.warnings);
  return {
    graph,
    params: p,
    n,
    names,
    embeddingNames,
    parent,
    groups,
    groupOrder: order.groupOrder,
    groupByName: new NameIndex(groups),
    opOrder: order.opOrder,
    opPos: order.opPos,
    level: order.level,
    metaedges,
    maxMetaedgeSize: maxSize,
    libraryFunctions,
    ungroupedSeries,
    warnings,
  };
}

/** The scope metanodes, created on first need, each after its parent. */
class ScopeBuilder {
  readonly groups: Group[] = [newGroup(0, ROOT_NAME, GROUP_META, -1)];
  readonly groupByName = new Map<string, number>();
  /** Scratch: the paths to create, deepest first. */
  private readonly pending: string[] = [];

  constructor(private readonly n: number) {}

  /** The group of scope `path`, creating it and any missing ancestor. */
  ensure(path: string): number {
    let g = this.groupByName.get(path);
    if (g !== undefined) return g;
    // Walk up to the nearest existing ancestor, then create downwards.
    const pending = this.pending;
    let cur = path;
    pending.length = 0;
    for (;;) {
      pending.push(cur);
      const k = cur.lastIndexOf('/');
      if (k < 0) {
        g = 0;
        break;
      }
      cur = cur.slice(0, k);
      const found = this.groupByName.get(cur);
      if (found !== undefined) {
        g = found;
        break;
      }
    }
    for (let i = pending.length - 1; i >= 0; i--) {
      const id = this.groups.length;
      this.groups.push(newGroup(id, pending[i]!, GROUP_META, this.n + g));
      this.groupByName.set(pending[i]!, id);
      g = id;
    }
    return g;
  }
}

/**
 * An op named like a scope moves into that scope as `a/b/(b)`. Should that name be taken
 * already (an op or scope literally named `a/b/(b)`), a `~k` suffix keeps names unique, as for
 * repeated names. Changes `names` and `parent` in place.
 */
function applyStrictNames(names: string[], parent: Int32Array, groupByName: ReadonlyMap<string, number>): void {
  const n = names.length;
  let taken: Set<string> | null = null;
  for (let i = 0; i < n; i++) {
    const g = groupByName.get(names[i]!);
    if (g === undefined) continue;
    const name = names[i]!;
    let strict = `${name}/(${name.slice(name.lastIndexOf('/') + 1)})`;
    taken ??= namesWithParenSegment(names, groupByName);
    if (taken.has(strict)) {
      let k = 2;
      while (taken.has(`${strict}~${k}`)) k++;
      strict = `${strict}~${k}`;
    }
    taken.add(strict);
    names[i] = strict;
    parent[i] = n + g;
  }
}

/** An embedding's final name: moved off the root's name, and strict when it names a scope. */
function embeddingName(e0: string, rootStandIn: string, groupByName: ReadonlyMap<string, number>): string {
  const e = rootStandIn && (e0 === ROOT_NAME || e0.startsWith(`${ROOT_NAME}/`)) ? rootStandIn + e0.slice(ROOT_NAME.length) : e0;
  return groupByName.has(e) ? `${e}/(${e.slice(e.lastIndexOf('/') + 1)})` : e;
}

/**
 * Children in order of first appearance, ops and scopes interleaved, as TensorBoard's
 * metagraphs insert them (ties in extraction and annotation order depend on it).
 */
function placeChildren(groups: Group[], parent: Int32Array): void {
  const n = parent.length;
  const placed = new Uint8Array(groups.length);
  placed[0] = 1;
  const chain: number[] = [];
  for (let i = 0; i < n; i++) {
    chain.length = 0;
    for (let g = parent[i]! - n; !placed[g]; g = groups[g]!.parent - n) chain.push(g);
    for (let c = chain.length - 1; c >= 0; c--) {
      const g = chain[c]!;
      placed[g] = 1;
      groups[groups[g]!.parent - n]!.children.push(n + g);
    }
    groups[parent[i]! - n]!.children.push(i);
  }
}

/** The metanodes `__function_library__<f>` directly under the root, with the ops that call them. */
function findLibraryFunctions(graph: SlimGraph, names: readonly string[], groups: Group[], groupByName: ReadonlyMap<string, number>): LibraryFunction[] {
  const n = graph.n;
  const libraryFunctions: LibraryFunction[] = [];
  graph.functionNames.forEach((f, index) => {
    const g = groupByName.get(FUNCTION_LIBRARY_PREFIX + f);
    if (g === undefined || groups[g]!.parent !== n) return;
    groups[g]!.associatedFunction = index;
    libraryFunctions.push({ index, name: f, group: g, usages: [] });
  });
  if (libraryFunctions.length) {
    const byIndex = new Map(libraryFunctions.map((lf) => [lf.index, lf]));
    for (const [i, c] of graph.callee) if (!names[i]!.startsWith(FUNCTION_LIBRARY_PREFIX)) byIndex.get(c)?.usages.push(i);
  }
  return libraryFunctions;
}

interface TreeOrder {
  opOrder: Int32Array;
  opPos: Int32Array;
  level: Int32Array;
  groupOrder: Int32Array;
}

/** Depth-first op order, levels and a top-down group order, with an explicit stack; sets each group's op range. */
function depthFirstOrder(groups: Group[], n: number): TreeOrder {
  const o: TreeOrder = { opOrder: new Int32Array(n), opPos: new Int32Array(n), level: new Int32Array(n + groups.length), groupOrder: new Int32Array(groups.length) };
  let at = 0;
  let gAt = 0;
  const stack: number[] = [0];
  const visitChildren: number[] = [0];
  groups[0]!.opStart = 0;
  o.groupOrder[gAt++] = 0;
  while (stack.length) {
    const g = stack[stack.length - 1]!;
    const grp = groups[g]!;
    const k = visitChildren[visitChildren.length - 1]!;
    if (k >= grp.children.length) {
      grp.opEnd = at;
      stack.pop();
      visitChildren.pop();
      continue;
    }
    visitChildren[visitChildren.length - 1] = k + 1;
    const c = grp.children[k]!;
    o.level[c] = o.level[n + g]! + 1;
    if (c < n) {
      o.opPos[c] = at;
      o.opOrder[at++] = c;
    } else {
      groups[c - n]!.opStart = at;
      o.groupOrder[gAt++] = c - n;
      stack.push(c - n);
      visitChildren.push(0);
    }
  }
  return o;
}

function countCardinalityAndDepth(groups: Group[], parent: Int32Array, groupOrder: Int32Array): void {
  const n = parent.length;
  for (let i = 0; i < n; i++) groups[parent[i]! - n]!.cardinality++;
  for (let k = groups.length - 1; k > 0; k--) {
    const grp = groups[groupOrder[k]!]!;
    const up = groups[grp.parent - n]!;
    up.cardinality += grp.cardinality;
    const d = grp.kind === GROUP_META ? grp.depth + 1 : grp.depth;
    if (d > up.depth) up.depth = d;
  }
}

/**
 * TensorBoard keys the root as `__root__` in the same index as every node, so an op named
 * `__root__` (or under `__root__/`) would clash with it. Such names get `__root__~k` (the first
 * k ≥ 2 no name starts with) as their first segment instead; op names are changed in place.
 * Returns the stand-in, or '' when no name needed it (embeddings are only checked for k).
 */
function reserveRootName(names: string[], embeddingNames: readonly string[], warnings: string[]): string {
  const reserved = (s: string) => s.charCodeAt(0) === 95 && (s === ROOT_NAME || s.startsWith(`${ROOT_NAME}/`));
  let count = 0;
  for (const s of names) if (reserved(s)) count++;
  let embCount = 0;
  for (const s of embeddingNames) if (reserved(s)) embCount++;
  if (!count && !embCount) return '';
  const firstSegments = new Set<string>();
  for (const list of [names, embeddingNames]) {
    for (const s of list) if (s.startsWith(`${ROOT_NAME}~`)) firstSegments.add(s.split('/', 1)[0]!);
  }
  let k = 2;
  while (firstSegments.has(`${ROOT_NAME}~${k}`)) k++;
  const standIn = `${ROOT_NAME}~${k}`;
  for (let i = 0; i < names.length; i++) if (reserved(names[i]!)) names[i] = standIn + names[i]!.slice(ROOT_NAME.length);
  warnings.push(`${count + embCount} node names start with "${ROOT_NAME}", the root's name; shown under "${standIn}"`);
  return standIn;
}

/** Names that could equal a strict name `a/(b)` or its `~k` variant: op and group names with a `/(` segment. */
function namesWithParenSegment(names: readonly string[], groupByName: ReadonlyMap<string, number>): Set<string> {
  const out = new Set<string>();
  for (const s of names) if (s.includes('/(')) out.add(s);
  for (const s of groupByName.keys()) if (s.includes('/(')) out.add(s);
  return out;
}

/** The parent NodeRef of any NodeRef (−1 for the root). */
export function parentOf(h: Pick<Hierarchy, 'n' | 'parent' | 'groups'>, ref: NodeRef): NodeRef {
  return ref < h.n ? h.parent[ref]! : h.groups[ref - h.n]!.parent;
}

/** The name of any NodeRef. */
export function nameOf(h: Pick<Hierarchy, 'n' | 'names' | 'groups'>, ref: NodeRef): string {
  return ref < h.n ? h.names[ref]! : h.groups[ref - h.n]!.name;
}

/** The chain of ancestors of a NodeRef, nearest first, root last. */
export function ancestors(h: Pick<Hierarchy, 'n' | 'parent' | 'groups'>, ref: NodeRef): NodeRef[] {
  const out: NodeRef[] = [];
  for (let p = parentOf(h, ref); p >= 0; p = parentOf(h, p)) out.push(p);
  return out;
}
