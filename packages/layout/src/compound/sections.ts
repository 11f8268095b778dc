/**
 * How a big core graph is cut: isolated nodes go to a grid, the rest is ordered topologically
 * and cut into consecutive sections (Model Explorer's idea), each small enough for one bounded
 * ELK call. Consecutive topological ranges keep most edges inside a section and make the
 * section-level graph nearly a chain.
 */
import type { LayoutGraph } from './layout-graph.js';

export interface Partition {
  /** Plain nodes without any edge (packed in a grid). */
  isolated: number[];
  /** Sections of connected plain nodes, in topological order. */
  sections: number[][];
}

/**
 * Topological order of the plain nodes (Kahn; on a cycle, the lowest-index waiting node goes next). Iterative.
 * @internal exported for tests
 */
export function topologicalOrder(g: LayoutGraph, nodes: readonly number[]): number[] {
  const inSet = new Map<number, number>();
  nodes.forEach((v, i) => inSet.set(v, i));
  const k = nodes.length;
  const indeg = new Int32Array(k);
  const succ: number[][] = Array.from({ length: k }, () => []);
  for (const e of g.edges) {
    const a = inSet.get(e.v);
    const b = inSet.get(e.w);
    if (a === undefined || b === undefined || a === b) continue;
    succ[a]!.push(b);
    indeg[b]!++;
  }
  const order: number[] = [];
  const done = new Uint8Array(k);
  // A min-heap would be tidier; a sorted queue of ready nodes in index order is enough here.
  let ready: number[] = [];
  for (let i = 0; i < k; i++) if (indeg[i] === 0) ready.push(i);
  let scan = 0;
  while (order.length < k) {
    if (!ready.length) {
      // Cycle: release the first waiting node.
      while (done[scan]) scan++;
      ready.push(scan);
    }
    const next: number[] = [];
    for (const i of ready) {
      if (done[i]) continue;
      done[i] = 1;
      order.push(nodes[i]!);
      for (const j of succ[i]!) if (--indeg[j]! === 0 && !done[j]) next.push(j);
    }
    ready = next.sort((a, b) => a - b);
  }
  return order;
}

export function partition(g: LayoutGraph, maxNodes: number, maxEdges: number): Partition {
  const n = g.nodes.length;
  const degree = new Int32Array(n);
  for (const e of g.edges) {
    degree[e.v]!++;
    degree[e.w]!++;
  }
  const isolated: number[] = [];
  const connected: number[] = [];
  for (let i = 0; i < n; i++) {
    if (g.nodes[i]!.kind !== 'plain') continue;
    (degree[i] === 0 ? isolated : connected).push(i);
  }
  const order = topologicalOrder(g, connected);
  // Edges among plain nodes, per node, to bound the edges inside each section.
  const adj: number[][] = Array.from({ length: n }, () => []);
  for (const e of g.edges) {
    adj[e.v]!.push(e.w);
    adj[e.w]!.push(e.v);
  }
  const section = new Int32Array(n).fill(-1);
  const sections: number[][] = [];
  let cur: number[] = [];
  let curEdges = 0;
  // A section's ELK call gets every edge of its members: those inside it once, and those that
  // leave it (to other sections or to stubs) as edges to its own stubs.
  for (const v of order) {
    let inside = 0;
    for (const u of adj[v]!) if (section[u] === sections.length) inside++;
    let added = adj[v]!.length - inside;
    if (cur.length && (cur.length >= maxNodes || curEdges + added > maxEdges)) {
      sections.push(cur);
      cur = [];
      curEdges = 0;
      added = adj[v]!.length;
    }
    section[v] = sections.length;
    cur.push(v);
    curEdges += added;
  }
  if (cur.length) sections.push(cur);
  return { isolated, sections };
}
