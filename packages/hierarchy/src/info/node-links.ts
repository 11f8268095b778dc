/**
 * A node's inputs and outputs for the info card (tensorboard-graph.md §5.4, §11.1). An op lists
 * every base edge (real op names, across group borders), then its constants (inputs) or
 * summaries (outputs). A group lists one row per metaedge that crosses its border — the far end
 * at the level where the edge is drawn: a sibling, or a sibling of an ancestor (TensorBoard's
 * metagraph plus bridgegraph) — unpacked to the far op when it holds a single base edge.
 */
import { EDGE_CONTROL, EDGE_REF, EMBEDDING_SIDE, type SlimGraph } from '../graph/slim-graph.js';
import { nameOf } from '../hierarchy/build.js';
import type { Hierarchy, NodeRef } from '../hierarchy/types.js';
import { bridgeContext } from '../render/bridges.js';
import { embeddingShapeTexts, slotShapeText } from './shape-text.js';
import type { NodeLink } from './types.js';

export interface NodeLinks {
  inputs: NodeLink[];
  outputs: NodeLink[];
}

const opOf = (h: Hierarchy, ref: NodeRef) => (ref < h.n ? h.graph.ops[h.graph.op[ref]!]! : '');

/** A row for base edge `e`, named after its end `far` (the other end's output slot gives the shape). */
function edgeLink(h: Hierarchy, e: number, far: NodeRef): NodeLink {
  const g = h.graph;
  const control = (g.edgeFlags[e]! & EDGE_CONTROL) !== 0;
  return {
    kind: 'edge',
    name: h.names[far]!,
    ref: far,
    embedding: -1,
    op: opOf(h, far),
    shape: control ? '' : slotShapeText(g, g.edgeV[e]!, g.edgeSlot[e]!),
    control,
    reference: (g.edgeFlags[e]! & EDGE_REF) !== 0,
    edges: 1,
  };
}

/** Rows for embeddings `list[start, end)` of one op, each embedding once (a Const read twice is one row of 2 edges). */
function embeddingLinks(h: Hierarchy, list: Int32Array, start: number, end: number, kind: 'constant' | 'summary'): NodeLink[] {
  const g = h.graph;
  const rows = new Map<number, NodeLink>();
  for (let k = start; k < end; k++) {
    const e = list[k]!;
    const row = rows.get(e);
    if (row) row.edges++;
    else {
      const shape = kind === 'constant' ? (embeddingShapeTexts(g, e)[0] ?? '') : '';
      rows.set(e, { kind, name: h.embeddingNames[e]!, ref: -1, embedding: e, op: g.ops[g.embeddings.op[e]!]!, shape, control: false, reference: false, edges: 1 });
    }
  }
  return [...rows.values()];
}

/** An op's rows: each base edge in edge order (inputs in NodeDef order), then its embeddings. */
export function opLinks(h: Hierarchy, i: NodeRef): NodeLinks {
  const g = h.graph;
  const ctx = bridgeContext(h);
  const inputs: NodeLink[] = [];
  const outputs: NodeLink[] = [];
  for (let j = ctx.inStart[i]!; j < ctx.inStart[i + 1]!; j++) {
    const e = ctx.inList ? ctx.inList[j]! : j;
    inputs.push(edgeLink(h, e, g.edgeV[e]!));
  }
  for (let j = ctx.outStart[i]!; j < ctx.outStart[i + 1]!; j++) {
    const e = ctx.outList ? ctx.outList[j]! : j;
    outputs.push(edgeLink(h, e, g.edgeW[e]!));
  }
  inputs.push(...embeddingLinks(h, g.embIn, g.embInStart[i]!, g.embInStart[i + 1]!, 'constant'));
  outputs.push(...embeddingLinks(h, g.embOut, g.embOutStart[i]!, g.embOutStart[i + 1]!, 'summary'));
  return { inputs, outputs };
}

/** The crossing base edges of one metaedge, from one group's side. */
interface Crossing {
  metaedge: number;
  inbound: boolean;
  edges: number[];
}

/** A group's rows: one per metaedge with base edges across its border, the parent's own metaedges first. */
export function groupLinks(h: Hierarchy, ref: NodeRef): NodeLinks {
  const grp = h.groups[ref - h.n]!;
  const byMeta = crossingByMetaedge(h, grp.opStart, grp.opEnd);
  const me = h.metaedges;
  // Deeper common ancestors first (the parent's metagraph, then each ancestor's), then creation order.
  const depth = (m: number) => h.level[h.n + me.group[m]!]!;
  const order = [...byMeta.values()].sort((a, b) => depth(b.metaedge) - depth(a.metaedge) || a.metaedge - b.metaedge);
  const inputs: NodeLink[] = [];
  const outputs: NodeLink[] = [];
  for (const c of order) (c.inbound ? inputs : outputs).push(crossingLink(h, c));
  return { inputs, outputs };
}

/** Base edges with exactly one end in op positions `[start, end)`, bucketed by metaedge. */
function crossingByMetaedge(h: Hierarchy, start: number, end: number): Map<number, Crossing> {
  const g = h.graph;
  const ctx = bridgeContext(h);
  const inside = (op: number) => h.opPos[op]! >= start && h.opPos[op]! < end;
  const byMeta = new Map<number, Crossing>();
  const add = (e: number, inbound: boolean) => {
    const m = h.metaedges.ofEdge[e]!;
    let c = byMeta.get(m);
    if (!c) byMeta.set(m, (c = { metaedge: m, inbound, edges: [] }));
    c.edges.push(e);
  };
  for (let k = start; k < end; k++) {
    const op = h.opOrder[k]!;
    for (let j = ctx.inStart[op]!; j < ctx.inStart[op + 1]!; j++) {
      const e = ctx.inList ? ctx.inList[j]! : j;
      if (!inside(g.edgeV[e]!)) add(e, true);
    }
    for (let j = ctx.outStart[op]!; j < ctx.outStart[op + 1]!; j++) {
      const e = ctx.outList ? ctx.outList[j]! : j;
      if (!inside(g.edgeW[e]!)) add(e, false);
    }
  }
  return byMeta;
}

/** One row for a metaedge's crossing edges: the far end at the metaedge's level, or the far op for a single edge. */
function crossingLink(h: Hierarchy, c: Crossing): NodeLink {
  const g = h.graph;
  const edges = c.edges.sort((a, b) => a - b);
  if (edges.length === 1) return edgeLink(h, edges[0]!, c.inbound ? g.edgeV[edges[0]!]! : g.edgeW[edges[0]!]!);
  const me = h.metaedges;
  const far = c.inbound ? me.v[c.metaedge]! : me.w[c.metaedge]!;
  const data = edges.filter((e) => !(g.edgeFlags[e]! & EDGE_CONTROL));
  return {
    kind: 'metaedge',
    name: nameOf(h, far),
    ref: far,
    embedding: -1,
    op: opOf(h, far),
    shape: data.length === 1 ? slotShapeText(g, g.edgeV[data[0]!]!, g.edgeSlot[data[0]!]!) : data.length ? `${data.length} tensors` : '',
    control: data.length === 0,
    reference: edges.some((e) => (g.edgeFlags[e]! & EDGE_REF) !== 0),
    edges: edges.length,
  };
}

/**
 * An embedding's rows: the ops it is shown on — a constant's outputs (with its own shape), a
 * summary's inputs — each op once.
 */
export function embeddingHostLinks(h: Hierarchy, e: number): NodeLinks {
  const g = h.graph;
  const constant = g.embeddings.side[e] === EMBEDDING_SIDE.in;
  const hosts = embeddingHosts(g, e, constant);
  const shape = constant ? (embeddingShapeTexts(g, e)[0] ?? '') : '';
  const rows: NodeLink[] = [];
  for (const [host, count] of hosts) {
    rows.push({ kind: 'edge', name: h.names[host]!, ref: host, embedding: -1, op: opOf(h, host), shape, control: false, reference: false, edges: count });
  }
  return constant ? { inputs: [], outputs: rows } : { inputs: rows, outputs: [] };
}

/** The ops embedding `e` is shown on (in-lists for a constant, out-lists for a summary), with how often, in op order. */
function embeddingHosts(g: SlimGraph, e: number, constant: boolean): Map<number, number> {
  const start = constant ? g.embInStart : g.embOutStart;
  const list = constant ? g.embIn : g.embOut;
  const hosts = new Map<number, number>();
  for (let i = 0; i < g.n; i++) {
    for (let k = start[i]!; k < start[i + 1]!; k++) if (list[k] === e) hosts.set(i, (hosts.get(i) ?? 0) + 1);
  }
  return hosts;
}
