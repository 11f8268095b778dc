/**
 * The render model of one expanded group (tensorboard-graph.md §7.3–§7.7): its core graph,
 * TensorBoard's auxiliary-node extraction in TensorBoard's order, annotations, and — for groups
 * below the root — bridge edges that cross its border, drawn as paths or turned into
 * annotations. Works on a small mutable copy of the group's metaedges; nothing else is touched.
 */
import { FUNCTION_LIBRARY_PREFIX } from '../graph/slim-graph.js';
import { nameOf } from '../hierarchy/build.js';
import { GROUP_META, type Hierarchy, type NodeRef } from '../hierarchy/types.js';
import { pushAnnotation } from './annotations.js';
import { crossingEdges, type BridgeContext } from './bridges.js';
import { RENDER_PARAMS, type Annotation, type BridgeEdge, type CoreEdge, type NodeAnnotations, type RenderGroup, type RenderOptions } from './types.js';

const UNSPECIFIED = 0;
const INCLUDE = 1;
const EXCLUDE = 2;

/** The local, mutable core graph of the group being built. */
class Core {
  readonly nodes: NodeRef[];
  readonly index = new Map<NodeRef, number>();
  readonly include: Uint8Array;
  readonly removed: Uint8Array;
  readonly inFlag: Uint8Array;
  readonly outFlag: Uint8Array;
  readonly edges: number[];
  readonly ev: Int32Array;
  readonly ew: Int32Array;
  readonly alive: Uint8Array;
  readonly preds: number[][];
  readonly succs: number[][];
  readonly annotations: NodeAnnotations[];

  constructor(
    readonly h: Hierarchy,
    readonly ref: NodeRef,
    opts: RenderOptions,
  ) {
    const g = h.groups[ref - h.n]!;
    this.nodes = g.children.slice();
    const k = this.nodes.length;
    this.nodes.forEach((c, i) => this.index.set(c, i));
    this.include = new Uint8Array(k);
    this.removed = new Uint8Array(k);
    this.inFlag = new Uint8Array(k);
    this.outFlag = new Uint8Array(k);
    this.preds = Array.from({ length: k }, () => []);
    this.succs = Array.from({ length: k }, () => []);
    this.annotations = Array.from({ length: k }, () => ({ in: [], out: [] }));
    if (opts.inclusion.size) {
      this.nodes.forEach((c, i) => {
        const o = opts.inclusion.get(nameOf(h, c));
        this.include[i] = o === 'include' ? INCLUDE : o === 'exclude' ? EXCLUDE : UNSPECIFIED;
      });
    }
    const me = h.metaedges;
    const a = me.groupMetaStart[ref - h.n]!;
    const b = me.groupMetaStart[ref - h.n + 1]!;
    this.edges = Array.from(me.groupMetaList.subarray(a, b));
    this.ev = new Int32Array(this.edges.length);
    this.ew = new Int32Array(this.edges.length);
    this.alive = new Uint8Array(this.edges.length).fill(1);
    this.edges.forEach((m, e) => {
      const v = this.index.get(me.v[m]!)!;
      const w = this.index.get(me.w[m]!)!;
      this.ev[e] = v;
      this.ew[e] = w;
      this.succs[v]!.push(e);
      this.preds[w]!.push(e);
    });
  }

  aliveIn(x: number): number[] {
    return this.preds[x]!.filter((e) => this.alive[e]);
  }

  aliveOut(x: number): number[] {
    return this.succs[x]!.filter((e) => this.alive[e]);
  }

  degree(x: number): number {
    return this.aliveIn(x).length + this.aliveOut(x).length;
  }

  regular(e: number): boolean {
    return this.h.metaedges.numRegular[this.edges[e]!]! > 0;
  }

  shortcutAnnotation(target: NodeRef, m: number, bridge: number): Annotation {
    const me = this.h.metaedges;
    const control = m >= 0 ? me.numRegular[m] === 0 : false;
    const reference = m >= 0 ? me.numRef[m]! > 0 : false;
    return { type: 'shortcut', target, name: nameOf(this.h, target), control, reference, metaedge: m, bridge, count: 0 };
  }

  /** TensorBoard's createShortcut: the edge becomes an annotation on both ends, unless kept. */
  shortcut(e: number): void {
    if (!this.alive[e]) return;
    const v = this.ev[e]!;
    const w = this.ew[e]!;
    const iv = this.include[v]!;
    const iw = this.include[w]!;
    if ((iv === INCLUDE || iw === INCLUDE) && iv !== EXCLUDE && iw !== EXCLUDE) return;
    const m = this.edges[e]!;
    pushAnnotation(this.annotations[v]!.out, this.shortcutAnnotation(this.nodes[w]!, m, -1));
    pushAnnotation(this.annotations[w]!.in, this.shortcutAnnotation(this.nodes[v]!, m, -1));
    this.alive[e] = 0;
  }

  isolate(x: number, list: NodeRef[]): void {
    this.include[x] = EXCLUDE;
    this.removed[x] = 1;
    list.push(this.nodes[x]!);
  }
}

export interface GroupBuildContext {
  /** Per-op edge lists, built on first need (the root has no bridges). */
  bridges(): BridgeContext;
  /** Render groups of ancestors, for adjoining edges. */
  renderOf(ref: NodeRef): RenderGroup;
  topologicalOrder(ref: NodeRef): Map<NodeRef, number>;
}

export function buildRenderGroup(h: Hierarchy, ref: NodeRef, opts: RenderOptions, ctx: GroupBuildContext): RenderGroup {
  const g = h.groups[ref - h.n]!;
  const core = new Core(h, ref, opts);
  // Quirk 12: TensorBoard sends sink-like nodes (many inputs) to the in-area and source-like ones
  // to the out-area in steps 1 and 3; by role (the default) it is the other way round.
  const ex: Extraction = { core, inExtract: [], outExtract: [], byRole: opts.extractSides !== 'tensorboard' };
  addEmbeddingAnnotations(h, core);
  if (g.kind === GROUP_META) extractAuxiliary(ex, opts);
  // At the root, library functions leave the core for their own area.
  const library = g.id === 0 ? extractLibrary(core) : [];
  // Bridge edges (not at the root).
  const bridges: BridgeEdge[] = g.id === 0 ? [] : buildBridges(h, core, ctx);
  const flaggedIn = new Set<NodeRef>();
  const flaggedOut = new Set<NodeRef>();
  core.nodes.forEach((c, x) => {
    if (core.inFlag[x]) flaggedIn.add(c);
    if (core.outFlag[x]) flaggedOut.add(c);
  });
  return {
    ref,
    core: core.nodes.filter((_, x) => !core.removed[x]),
    inExtract: ex.inExtract,
    outExtract: ex.outExtract,
    library,
    flaggedIn,
    flaggedOut,
    edges: coreEdges(core),
    bridges,
    annotations: annotationsByNode(core),
  };
}

/** Embeddings: Const inputs and Summary outputs of op children become annotations. */
function addEmbeddingAnnotations(h: Hierarchy, core: Core): void {
  const sg = h.graph;
  core.nodes.forEach((c, x) => {
    if (c >= h.n) return;
    for (let k = sg.embInStart[c]!; k < sg.embInStart[c + 1]!; k++) {
      const emb = sg.embIn[k]!;
      pushAnnotation(core.annotations[x]!.in, { type: 'constant', target: emb, name: h.embeddingNames[emb]!, control: false, reference: false, metaedge: -1, bridge: -1, count: 0 });
    }
    for (let k = sg.embOutStart[c]!; k < sg.embOutStart[c + 1]!; k++) {
      const emb = sg.embOut[k]!;
      pushAnnotation(core.annotations[x]!.out, { type: 'summary', target: emb, name: h.embeddingNames[emb]!, control: false, reference: false, metaedge: -1, bridge: -1, count: 0 });
    }
  });
}

/** The auxiliary areas being filled, and which way degree-extracted nodes go. */
interface Extraction {
  readonly core: Core;
  readonly inExtract: NodeRef[];
  readonly outExtract: NodeRef[];
  /** Sides by role (`extractSides: 'role'`), else TensorBoard's. */
  readonly byRole: boolean;
}

/**
 * Flags x for the out-area and turns all its edges into annotations (TensorBoard's
 * detachAllEdgesForHighDegree: forced or not, every edge is detached); isolated, it moves there.
 */
function makeOutExtract(ex: Extraction, x: number): void {
  const core = ex.core;
  core.outFlag[x] = 1;
  for (const e of core.aliveIn(x)) core.shortcut(e);
  for (const e of core.aliveOut(x)) core.shortcut(e);
  if (core.degree(x) === 0) core.isolate(x, ex.outExtract);
}

/** As `makeOutExtract`, for the in-area (outputs detached first). */
function makeInExtract(ex: Extraction, x: number): void {
  const core = ex.core;
  core.inFlag[x] = 1;
  for (const e of core.aliveOut(x)) core.shortcut(e);
  for (const e of core.aliveIn(x)) core.shortcut(e);
  if (core.degree(x) === 0) core.isolate(x, ex.inExtract);
}

/** A source-like node: to the in-area by role, to the out-area as TensorBoard does. */
function toSourceSide(ex: Extraction, x: number): void {
  if (ex.byRole) makeInExtract(ex, x);
  else makeOutExtract(ex, x);
}

/** A sink-like node: to the out-area by role, to the in-area as TensorBoard does. */
function toSinkSide(ex: Extraction, x: number): void {
  if (ex.byRole) makeOutExtract(ex, x);
  else makeInExtract(ex, x);
}

/** Core indices of the nodes still in the core. */
function live(core: Core): number[] {
  return core.nodes.map((_, x) => x).filter((x) => !core.removed[x]);
}

/** §7.5: the auxiliary-node extraction of a metanode, in TensorBoard's order. */
function extractAuxiliary(ex: Extraction, opts: RenderOptions): void {
  const core = ex.core;
  const h = core.h;
  // 1. Nodes the user removed from the main graph.
  for (const x of live(core)) {
    if (core.include[x] !== EXCLUDE || nameOf(h, core.nodes[x]!).startsWith(FUNCTION_LIBRARY_PREFIX)) continue;
    if (core.aliveOut(x).length > core.aliveIn(x).length) toSourceSide(ex, x);
    else toSinkSide(ex, x);
  }
  // 2. Predefined sinks (NoOp), by op, or for a metanode by its root op `name/(leaf)`.
  for (const x of live(core)) {
    if (core.removed[x] || core.include[x] !== UNSPECIFIED) continue;
    const op = typeOf(h, core.nodes[x]!);
    if (op !== null && RENDER_PARAMS.outExtractTypes.includes(op)) makeOutExtract(ex, x);
  }
  // 3. High in- or out-degree nodes, by TensorBoard's IQR rules.
  if (opts.autoExtract) extractHighDegrees(ex, live(core));
  // 4. Nodes with many control edges: all of those edges become annotations.
  removeControlEdges(core);
  // 5. Isolated nodes with annotations on one side only move to the auxiliary areas.
  extractIsolated(ex);
}

/** §7.5 step 6: isolated nodes go to the area they are flagged for, or by the side of their annotations. */
function extractIsolated(ex: Extraction): void {
  const core = ex.core;
  for (const x of live(core)) {
    if (core.include[x] !== UNSPECIFIED || core.degree(x) !== 0) continue;
    const a = core.annotations[x]!;
    if (core.inFlag[x]) core.isolate(x, ex.inExtract);
    else if (core.outFlag[x]) core.isolate(x, ex.outExtract);
    else if (a.out.length > 0 && a.in.length === 0) {
      core.inFlag[x] = 1;
      core.isolate(x, ex.inExtract);
    } else if (a.in.length > 0 && a.out.length === 0) {
      core.outFlag[x] = 1;
      core.isolate(x, ex.outExtract);
    }
  }
}

/** Library function metanodes leave the root's core; returns them. */
function extractLibrary(core: Core): NodeRef[] {
  const h = core.h;
  const library: NodeRef[] = [];
  for (const x of live(core)) {
    const c = core.nodes[x]!;
    if (c >= h.n && h.groups[c - h.n]!.associatedFunction >= 0) {
      core.removed[x] = 1;
      library.push(c);
    }
  }
  return library;
}

/** The metaedges still drawn between core nodes. */
function coreEdges(core: Core): CoreEdge[] {
  const edges: CoreEdge[] = [];
  core.edges.forEach((m, e) => {
    if (core.alive[e] && !core.removed[core.ev[e]!] && !core.removed[core.ew[e]!]) edges.push({ metaedge: m, v: core.nodes[core.ev[e]!]!, w: core.nodes[core.ew[e]!]! });
  });
  return edges;
}

/** Annotation lists of the children that have any. */
function annotationsByNode(core: Core): Map<NodeRef, NodeAnnotations> {
  const annotations = new Map<NodeRef, NodeAnnotations>();
  core.nodes.forEach((c, x) => {
    const a = core.annotations[x]!;
    if (a.in.length || a.out.length) annotations.set(c, a);
  });
  return annotations;
}

/** The op of an op node, or of a metanode's root op `name/(leaf)`; null otherwise. */
function typeOf(h: Hierarchy, ref: NodeRef): string | null {
  if (ref < h.n) return h.graph.ops[h.graph.op[ref]!]!;
  const g = h.groups[ref - h.n]!;
  if (g.kind !== GROUP_META) return null;
  const rootName = `${g.name}/(${g.name.slice(g.name.lastIndexOf('/') + 1)})`;
  for (const c of g.children) if (c < h.n && h.names[c] === rootName) return h.graph.ops[h.graph.op[c]!]!;
  return null;
}

/**
 * §7.5 step 4: nodes above the in-degree bound go to the sink side, then nodes above the
 * out-degree bound that the first pass did not take go to the source side.
 */
function extractHighDegrees(ex: Extraction, nodes: number[]): void {
  const core = ex.core;
  const valid: number[] = [];
  const inDeg = new Map<number, number>();
  const outDeg = new Map<number, number>();
  for (const x of nodes) {
    if (core.removed[x] || core.include[x] !== UNSPECIFIED) continue;
    const ins = core.aliveIn(x);
    const outs = core.aliveOut(x);
    let di = ins.filter((e) => core.regular(e)).length;
    if (di === 0 && ins.length > 0) di = ins.length;
    let dout = outs.filter((e) => core.regular(e)).length;
    if (dout === 0 && outs.length > 0) dout = outs.length;
    inDeg.set(x, di);
    outDeg.set(x, dout);
    valid.push(x);
  }
  const count = valid.length;
  if (count < RENDER_PARAMS.minNodeCountForExtraction) return;
  const minUpper = RENDER_PARAMS.minDegreeForExtraction - 1;
  const q3 = Math.round(count * 0.75);
  const q1 = Math.round(count * 0.25);
  const byIn = valid.slice().sort((a, b) => inDeg.get(a)! - inDeg.get(b)!);
  const inQ3 = inDeg.get(byIn[q3]!)!;
  const inQ1 = inDeg.get(byIn[q1]!)!;
  const inBound = Math.max(inQ3 + inQ3 - inQ1, minUpper);
  const takenByIn = new Uint8Array(core.nodes.length);
  for (let i = count - 1; i >= 0 && inDeg.get(byIn[i]!)! > inBound; i--) {
    takenByIn[byIn[i]!] = 1;
    toSinkSide(ex, byIn[i]!);
  }
  const byOut = valid.slice().sort((a, b) => outDeg.get(a)! - outDeg.get(b)!);
  const outQ3 = outDeg.get(byOut[q3]!)!;
  const outQ1 = outDeg.get(byOut[q1]!)!;
  const outBound = Math.max(outQ3 + (outQ3 - outQ1) * 4, minUpper);
  for (let i = count - 1; i >= 0 && outDeg.get(byOut[i]!)! > outBound; i--) {
    const x = byOut[i]!;
    if (takenByIn[x]) continue;
    toSourceSide(ex, x);
  }
}

function removeControlEdges(core: Core): void {
  const perNode = new Map<number, number[]>();
  core.edges.forEach((_, e) => {
    if (!core.alive[e] || core.regular(e)) return;
    for (const x of [core.ev[e]!, core.ew[e]!]) {
      let l = perNode.get(x);
      if (!l) perNode.set(x, (l = []));
      l.push(e);
    }
  });
  for (const edges of perNode.values()) {
    if (edges.length > RENDER_PARAMS.maxControlDegree) for (const e of edges) core.shortcut(e);
  }
}

/**
 * Edges crossing the group's border (§7.6): a path through the border when the outside node is
 * not too popular, the inner child is in the core, the parent draws the adjoining edge, and a
 * control edge does not point backwards; otherwise an annotation on the inner child.
 */
function buildBridges(h: Hierarchy, core: Core, ctx: GroupBuildContext): BridgeEdge[] {
  const ref = core.ref;
  const parentRef = h.groups[ref - h.n]!.parent;
  const parentRender = ctx.renderOf(parentRef);
  const bridges = crossingEdges(h, ref, ctx.bridges());
  const counts = { in: new Map<NodeRef, number>(), out: new Map<NodeRef, number>(), control: new Map<NodeRef, number>() };
  const bump = (m: Map<NodeRef, number>, k: NodeRef) => m.set(k, (m.get(k) ?? 0) + 1);
  for (const b of bridges) {
    if (!b.numRegular) bump(counts.control, b.other);
    else if (b.inbound) bump(counts.out, b.other);
    else bump(counts.in, b.other);
  }
  // The parent's drawn edges between `other` and this group, and its drawn bridges.
  const parentCore = new Map<string, number>();
  for (const e of parentRender.edges) parentCore.set(`${e.v}>${e.w}`, e.metaedge);
  const parentBridges = new Map<string, number>();
  parentRender.bridges.forEach((pb, i) => {
    if (pb.drawn && pb.child === ref) parentBridges.set(`${pb.other}>${pb.inbound ? 'in' : 'out'}`, i);
  });
  bridges.forEach((b, bi) => {
    const x = core.index.get(b.child)!;
    const highDegree = (b.inbound ? counts.out : counts.in).get(b.other)! > RENDER_PARAMS.maxBridgePathDegree;
    const controlCrowd = !b.numRegular && (counts.control.get(b.other) ?? 0) > RENDER_PARAMS.maxControlDegree;
    let adjoiningMetaedge = -1;
    let adjoiningBridge = -1;
    if (!highDegree && !controlCrowd && !core.removed[x] && !core.inFlag[x] && !core.outFlag[x]) {
      adjoiningMetaedge = parentCore.get(b.inbound ? `${b.other}>${ref}` : `${ref}>${b.other}`) ?? -1;
      if (adjoiningMetaedge < 0) adjoiningBridge = parentBridges.get(`${b.other}>${b.inbound ? 'in' : 'out'}`) ?? -1;
    }
    let drawn = adjoiningMetaedge >= 0 || adjoiningBridge >= 0;
    if (drawn && !b.numRegular) drawn = !isBackwards(h, ctx, parentRef, adjoiningMetaedge, adjoiningBridge);
    b.drawn = drawn;
    b.adjoiningMetaedge = drawn ? adjoiningMetaedge : -1;
    b.adjoiningBridge = drawn ? adjoiningBridge : -1;
    if (!drawn) {
      const a = core.shortcutAnnotation(b.other, -1, bi);
      a.control = b.numRegular === 0;
      a.reference = b.numRef > 0;
      pushAnnotation(b.inbound ? core.annotations[x]!.in : core.annotations[x]!.out, a);
    }
  });
  return bridges;
}

/** A control bridge is backwards when the top adjoining metaedge runs against the topological order. */
function isBackwards(h: Hierarchy, ctx: GroupBuildContext, parentRef: NodeRef, metaedge: number, bridge: number): boolean {
  let group = parentRef;
  let m = metaedge;
  let b = bridge;
  while (m < 0 && b >= 0) {
    const pb = ctx.renderOf(group).bridges[b]!;
    m = pb.adjoiningMetaedge;
    b = pb.adjoiningBridge;
    group = h.groups[group - h.n]!.parent;
  }
  if (m < 0) return false;
  const order = ctx.topologicalOrder(group);
  const me = h.metaedges;
  return (order.get(me.v[m]!) ?? 0) > (order.get(me.w[m]!) ?? 0);
}
