/**
 * Edges that cross a group's border, aggregated by (inner child, outside node, direction). The
 * outside node is the child of the base edge's lowest common ancestor on the far side — what
 * TensorBoard's bridgegraph calls `other`. Found from the group's contiguous op range and a
 * per-op edge index, so the cost is the number of edges touching the group.
 */
import { EDGE_CONTROL, EDGE_REF } from '../graph/slim-graph.js';
import type { Group, Hierarchy, NodeRef } from '../hierarchy/types.js';
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

/** One `crossingEdges` call: the group, its op range, and the bridge edges made so far. */
interface CrossingContext {
  readonly h: Hierarchy;
  readonly grp: Group;
  readonly opStart: number;
  readonly opEnd: number;
  /** The child index owning each position of the group's op range. */
  readonly childAt: Int32Array;
  /** Per child: the metaedge its bridge edge in `slot` was made for (−1: none yet). */
  readonly slotStamp: Int32Array;
  readonly slot: Int32Array;
  readonly out: BridgeEdge[];
}

/**
 * The bridge edges of group `groupRef` (not yet drawn or annotated): its crossing base edges
 * aggregated by (inner child, outside node, direction), in TensorBoard's bridgegraph order.
 */
export function crossingEdges(h: Hierarchy, groupRef: NodeRef, ctx: BridgeContext): BridgeEdge[] {
  const grp = h.groups[groupRef - h.n]!;
  const k = grp.children.length;
  const cx: CrossingContext = {
    h,
    grp,
    opStart: grp.opStart,
    opEnd: grp.opEnd,
    childAt: childIndexByPosition(h, grp),
    slotStamp: new Int32Array(k).fill(-1),
    slot: new Int32Array(k),
    out: [],
  };
  // The crossing base edges, bucketed by metaedge. A crossing edge's common ancestor is above
  // this group, so within one metaedge the direction and the outside node are fixed.
  const crossing: number[] = [];
  const metas: number[] = [];
  collectCrossing(cx, ctx, crossing, metas);
  // TensorBoard's bridgegraph order: the parent's own metaedges first, then its bridgegraph's
  // (common ancestor higher up), each metaedge in creation order, its base edges in order.
  // This order decides which five annotations show before "... N more".
  const me = h.metaedges;
  const deepest = h.level[groupRef]!;
  const up = (m: number) => deepest - h.level[h.n + me.group[m]!]!;
  metas.sort((a, b) => up(a) - up(b) || a - b);
  const few = fewCrossingByMetaedge(h, ctx, crossing);
  for (const m of metas) {
    const list = few.get(m);
    if (list) for (const e of list.sort((a, b) => a - b)) addToBridge(cx, m, e);
    else {
      for (let j = me.baseStart[m]!; j < me.baseStart[m + 1]!; j++) {
        const e = me.baseList[j]!;
        if (ctx.edgeMark[e]) addToBridge(cx, m, e);
      }
    }
    ctx.metaCount[m] = 0;
  }
  for (const e of crossing) ctx.edgeMark[e] = 0;
  return cx.out;
}

/**
 * Each child owns a contiguous slice of the group's op range: map position → child index
 * once, instead of walking up the tree for every crossing edge.
 */
function childIndexByPosition(h: Hierarchy, grp: Group): Int32Array {
  const n = h.n;
  const childAt = new Int32Array(grp.opEnd - grp.opStart);
  grp.children.forEach((c, i) => {
    if (c < n) childAt[h.opPos[c]! - grp.opStart] = i;
    else {
      const cg = h.groups[c - n]!;
      childAt.fill(i, cg.opStart - grp.opStart, cg.opEnd - grp.opStart);
    }
  });
  return childAt;
}

function isInside(cx: CrossingContext, op: number): boolean {
  const p = cx.h.opPos[op]!;
  return p >= cx.opStart && p < cx.opEnd;
}

/** Marks every base edge with one end inside the group; lists them, and their metaedges once each. */
function collectCrossing(cx: CrossingContext, ctx: BridgeContext, crossing: number[], metas: number[]): void {
  const { h } = cx;
  const g = h.graph;
  const { inList, outList } = ctx;
  const ofEdge = h.metaedges.ofEdge;
  for (let k = cx.opStart; k < cx.opEnd; k++) {
    const op = h.opOrder[k]!;
    for (let j = ctx.inStart[op]!; j < ctx.inStart[op + 1]!; j++) {
      const e = inList ? inList[j]! : j;
      if (!isInside(cx, g.edgeV[e]!)) take(ctx, ofEdge[e]!, e, crossing, metas);
    }
    for (let j = ctx.outStart[op]!; j < ctx.outStart[op + 1]!; j++) {
      const e = outList ? outList[j]! : j;
      if (!isInside(cx, g.edgeW[e]!)) take(ctx, ofEdge[e]!, e, crossing, metas);
    }
  }
}

/** Marks crossing edge e of metaedge m, and lists m on its first crossing edge. */
function take(ctx: BridgeContext, m: number, e: number, crossing: number[], metas: number[]): void {
  crossing.push(e);
  ctx.edgeMark[e] = 1;
  if (ctx.metaCount[m]!++ === 0) metas.push(m);
}

/**
 * Edge order inside a metaedge: its (already ordered) base list is walked when most of it
 * crosses; the metaedges where few edges cross get their crossing edges listed here, to sort.
 */
function fewCrossingByMetaedge(h: Hierarchy, ctx: BridgeContext, crossing: readonly number[]): Map<number, number[]> {
  const me = h.metaedges;
  const byMeta = new Map<number, number[]>();
  for (const e of crossing) {
    const m = me.ofEdge[e]!;
    if (ctx.metaCount[m]! * 8 < me.baseStart[m + 1]! - me.baseStart[m]!) {
      let list = byMeta.get(m);
      if (!list) byMeta.set(m, (list = []));
      list.push(e);
    }
  }
  return byMeta;
}

/** Adds crossing base edge e (of metaedge m) to the bridge edge of its inner child, made on first need. */
function addToBridge(cx: CrossingContext, m: number, e: number): void {
  const { h, out } = cx;
  const g = h.graph;
  const me = h.metaedges;
  const inbound = isInside(cx, g.edgeW[e]!);
  const ci = cx.childAt[h.opPos[inbound ? g.edgeW[e]! : g.edgeV[e]!]! - cx.opStart]!;
  let b: BridgeEdge;
  if (cx.slotStamp[ci] === m) b = out[cx.slot[ci]!]!;
  else {
    const other = inbound ? me.v[m]! : me.w[m]!;
    b = { child: cx.grp.children[ci]!, other, inbound, numRegular: 0, numControl: 0, numRef: 0, totalSize: 0, baseEdges: [], drawn: false, adjoiningMetaedge: -1, adjoiningBridge: -1 };
    cx.slotStamp[ci] = m;
    cx.slot[ci] = out.length;
    out.push(b);
  }
  const f = g.edgeFlags[e]!;
  if (f & EDGE_CONTROL) b.numControl++;
  else b.numRegular++;
  if (f & EDGE_REF) b.numRef++;
  b.totalSize += g.edgeSize[e]!;
  b.baseEdges.push(e);
}
