/**
 * Edges that cross a group's border, aggregated by (inner child, outside node, direction). The
 * outside node is the child of the base edge's lowest common ancestor on the far side — what
 * TensorBoard's bridgegraph calls `other`. Found from the group's contiguous op range and a
 * per-op edge index, so the cost is the number of edges touching the group.
 */
import { EDGE_CONTROL, EDGE_REF } from '../graph/slim-graph.js';
import type { Hierarchy, NodeRef } from '../hierarchy/types.js';
import type { BridgeEdge } from './types.js';

/** Per-op lists of incident base edges (built once per hierarchy, on first use). */
export interface BridgeContext {
  outStart: Uint32Array;
  /** Edge ids by source / by target; null when the edges are already in that order. */
  outList: Int32Array | null;
  inStart: Uint32Array;
  inList: Int32Array | null;
  /** Scratch, one slot per base edge / metaedge; all zero between calls. */
  edgeMark: Uint8Array;
  metaCount: Int32Array;
}

const contexts = new WeakMap<Hierarchy, BridgeContext>();

/** The edge index for a hierarchy: built on first use, then shared by every RenderModel over it. */
export function bridgeContext(h: Hierarchy): BridgeContext {
  let ctx = contexts.get(h);
  if (!ctx) contexts.set(h, (ctx = buildBridgeContext(h)));
  return ctx;
}

function buildBridgeContext(h: Hierarchy): BridgeContext {
  const g = h.graph;
  const starts = (from: Int32Array) => {
    const start = new Uint32Array(h.n + 1);
    for (let e = 0; e < g.edgeCount; e++) start[from[e]! + 1]!++;
    for (let i = 0; i < h.n; i++) start[i + 1]! += start[i]!;
    return start;
  };
  const list = (from: Int32Array, start: Uint32Array) => {
    // Edges come out of the graph model grouped by their target, so the in-list is usually the
    // identity and is not stored (≈7 bytes per node at 100k).
    let sorted = true;
    for (let e = 1; e < g.edgeCount && sorted; e++) sorted = from[e]! >= from[e - 1]!;
    if (sorted) return null;
    const fill = start.slice(0, h.n);
    const out = new Int32Array(g.edgeCount);
    for (let e = 0; e < g.edgeCount; e++) out[fill[from[e]!]!++] = e;
    return out;
  };
  const outStart = starts(g.edgeV);
  const inStart = starts(g.edgeW);
  return {
    outStart,
    outList: list(g.edgeV, outStart),
    inStart,
    inList: list(g.edgeW, inStart),
    edgeMark: new Uint8Array(g.edgeCount),
    metaCount: new Int32Array(h.metaedges.count),
  };
}

export function crossingEdges(h: Hierarchy, groupRef: NodeRef, ctx: BridgeContext): BridgeEdge[] {
  const n = h.n;
  const grp = h.groups[groupRef - n]!;
  const { opStart, opEnd } = grp;
  const g = h.graph;
  const me = h.metaedges;
  const { edgeMark, metaCount, inList, outList } = ctx;
  // Each child owns a contiguous slice of the group's op range: map position → child index
  // once, instead of walking up the tree for every crossing edge.
  const childAt = new Int32Array(opEnd - opStart);
  grp.children.forEach((c, i) => {
    if (c < n) childAt[h.opPos[c]! - opStart] = i;
    else {
      const cg = h.groups[c - n]!;
      childAt.fill(i, cg.opStart - opStart, cg.opEnd - opStart);
    }
  });
  const inside = (op: number) => {
    const p = h.opPos[op]!;
    return p >= opStart && p < opEnd;
  };
  // The crossing base edges, bucketed by metaedge. A crossing edge's common ancestor is above
  // this group, so within one metaedge the direction and the outside node are fixed.
  const crossing: number[] = [];
  const metas: number[] = [];
  const take = (e: number) => {
    crossing.push(e);
    edgeMark[e] = 1;
    const m = me.ofEdge[e]!;
    if (metaCount[m]!++ === 0) metas.push(m);
  };
  for (let k = opStart; k < opEnd; k++) {
    const op = h.opOrder[k]!;
    for (let j = ctx.inStart[op]!; j < ctx.inStart[op + 1]!; j++) {
      const e = inList ? inList[j]! : j;
      if (!inside(g.edgeV[e]!)) take(e);
    }
    for (let j = ctx.outStart[op]!; j < ctx.outStart[op + 1]!; j++) {
      const e = outList ? outList[j]! : j;
      if (!inside(g.edgeW[e]!)) take(e);
    }
  }
  // TensorBoard's bridgegraph order: the parent's own metaedges first, then its bridgegraph's
  // (common ancestor higher up), each metaedge in creation order, its base edges in order.
  // This order decides which five annotations show before "... N more".
  const deepest = h.level[groupRef]!;
  const up = (m: number) => deepest - h.level[n + me.group[m]!]!;
  metas.sort((a, b) => up(a) - up(b) || a - b);
  const slotStamp = new Int32Array(grp.children.length).fill(-1);
  const slot = new Int32Array(grp.children.length);
  const out: BridgeEdge[] = [];
  const visit = (m: number, e: number) => {
    const inbound = inside(g.edgeW[e]!);
    const ci = childAt[h.opPos[inbound ? g.edgeW[e]! : g.edgeV[e]!]! - opStart]!;
    let b: BridgeEdge;
    if (slotStamp[ci] === m) b = out[slot[ci]!]!;
    else {
      const other = inbound ? me.v[m]! : me.w[m]!;
      b = { child: grp.children[ci]!, other, inbound, numRegular: 0, numControl: 0, numRef: 0, totalSize: 0, baseEdges: [], drawn: false, adjoiningMetaedge: -1, adjoiningBridge: -1 };
      slotStamp[ci] = m;
      slot[ci] = out.length;
      out.push(b);
    }
    const f = g.edgeFlags[e]!;
    if (f & EDGE_CONTROL) b.numControl++;
    else b.numRegular++;
    if (f & EDGE_REF) b.numRef++;
    b.totalSize += g.edgeSize[e]!;
    b.baseEdges.push(e);
  };
  // Edge order inside a metaedge: walk its (already ordered) base list when most of it
  // crosses, else sort the few crossing edges. Edges are grouped by metaedge first.
  const byMeta = new Map<number, number[]>();
  for (const e of crossing) {
    const m = me.ofEdge[e]!;
    if (metaCount[m]! * 8 < me.baseStart[m + 1]! - me.baseStart[m]!) {
      let list = byMeta.get(m);
      if (!list) byMeta.set(m, (list = []));
      list.push(e);
    }
  }
  for (const m of metas) {
    const few = byMeta.get(m);
    if (few) for (const e of few.sort((a, b) => a - b)) visit(m, e);
    else
      for (let j = me.baseStart[m]!; j < me.baseStart[m + 1]!; j++) {
        const e = me.baseList[j]!;
        if (edgeMark[e]) visit(m, e);
      }
    metaCount[m] = 0;
  }
  for (const e of crossing) edgeMark[e] = 0;
  return out;
}
