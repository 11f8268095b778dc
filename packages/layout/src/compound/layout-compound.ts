/**
 * Lays out a LayoutGraph with ELK calls that each stay under the node and edge budget. A graph
 * within budget is one call. A bigger one is cut into sections (sections.ts); each section is
 * laid out on its own with stubs where its edges leave, then the sections themselves are laid
 * out as boxes with fixed ports, recursively, and every cut edge is stitched back together
 * through the ports, so its route is continuous and every piece of it comes from ELK.
 */
import { taskKey } from '../elk/task-key.js';
import { NODE_PLAIN, NODE_STUB_IN, NODE_STUB_OUT, SIDE_IN, SIDE_OUT, type ElkResult } from '../elk/task.js';
import type { ElkRunner } from '../worker/runner.js';
import { packGrid } from './grid.js';
import type { LayoutGraph, LgEdge, LgLayout, LgNode, LgSection } from './layout-graph.js';
import { partition, type Partition } from './sections.js';
import { toElkTask } from './to-task.js';

export interface CompoundContext {
  runner: ElkRunner;
  maxElkNodes: number;
  maxElkEdges: number;
  sectionPadding: number;
  gridGap: number;
  /** ELK options for a call of this many nodes and edges. */
  elkOptions(nodes: number, edges: number): Record<string, string>;
  signal?: AbortSignal;
  /** ELK results by task content (see task-key.ts): unchanged calls are not made again. */
  cache?: ElkResultCache;
}

export interface ElkResultCache {
  get(key: string): ElkResult | undefined;
  set(key: string, result: ElkResult): void;
}

export async function layoutCompound(g: LayoutGraph, ctx: CompoundContext): Promise<LgLayout> {
  if (!g.edges.length) return layoutGrid(g, ctx);
  let plain = 0;
  for (const node of g.nodes) if (node.kind === NODE_PLAIN) plain++;
  // Stubs are not counted: they are tiny and pinned to the first or last layer. Many nodes
  // without edges (an expanded series of unconnected members) cost ELK a component each, for
  // nothing a grid would not do: those go to a grid even under the budget.
  if (plain <= ctx.maxElkNodes && g.edges.length <= ctx.maxElkEdges && isolatedCount(g) < MANY_ISOLATED) return layoutOnce(g, ctx);
  const parts = partition(g, ctx.maxElkNodes, ctx.maxElkEdges);
  // Cutting must shrink the graph — fewer boxes, or fewer edges once parallel cut edges merge.
  // When it cannot (e.g. every node has more edges than the budget, so each section is one
  // node and no edges merge), one call over budget beats recursing for ever.
  // A single section holding every node would be the same graph again.
  if (parts.sections.length <= 1 && !parts.isolated.length) return layoutOnce(g, ctx);
  if (parts.sections.length + (parts.isolated.length ? 1 : 0) >= plain && distinctCuts(g, parts) >= g.edges.length) return layoutOnce(g, ctx);
  return layoutSplit(g, parts, ctx);
}

/** From this many plain nodes without edges, they are packed in a grid rather than given to ELK. */
const MANY_ISOLATED = 24;

function isolatedCount(g: LayoutGraph): number {
  const touched = new Uint8Array(g.nodes.length);
  for (const e of g.edges) touched[e.v] = touched[e.w] = 1;
  let n = 0;
  for (let i = 0; i < g.nodes.length; i++) if (!touched[i] && g.nodes[i]!.kind === NODE_PLAIN) n++;
  return n;
}

/** Edges left at the level of sections: one per distinct (from, to) pair of sections or stubs. */
function distinctCuts(g: LayoutGraph, parts: Partition): number {
  const where = new Map<number, number>();
  parts.sections.forEach((sec, k) => sec.forEach((v) => where.set(v, k)));
  const pairs = new Set<string>();
  for (const e of g.edges) pairs.add(`${where.get(e.v) ?? `n${e.v}`}>${where.get(e.w) ?? `n${e.w}`}`);
  return pairs.size;
}

function emptyLayout(n: number): LgLayout {
  return { nodeXY: new Float64Array(2 * n), pointStart: new Uint32Array(1), points: new Float64Array(0), width: 0, height: 0, sections: [], maxElkNodes: 0, maxElkMs: 0, elkCalls: 0 };
}

/** No edges: a grid, no ELK call. Stubs (which have no edges either) sit at the origin. */
function layoutGrid(g: LayoutGraph, ctx: CompoundContext): LgLayout {
  const plain = g.nodes.map((node, i) => [node, i] as const).filter(([node]) => node.kind === NODE_PLAIN);
  const out = emptyLayout(g.nodes.length);
  const grid = packGrid(
    plain.map(([node]) => node),
    ctx.gridGap,
  );
  plain.forEach(([, i], k) => {
    out.nodeXY[2 * i] = grid.xy[2 * k]!;
    out.nodeXY[2 * i + 1] = grid.xy[2 * k + 1]!;
  });
  out.pointStart = new Uint32Array(g.edges.length + 1);
  out.width = grid.width;
  out.height = grid.height;
  return out;
}

async function layoutOnce(g: LayoutGraph, ctx: CompoundContext): Promise<LgLayout> {
  const n = g.nodes.length;
  let options = ctx.elkOptions(n, g.edges.length);
  // Stubs must be in the first or last layer of the whole graph, not of their connected
  // component: ELK packs separate components next to each other along the flow too (one above
  // the other, bottom to top), and then the bridges to the upper components' stubs cross the
  // lower components on their way from the border. Laid out as one graph, components sit side
  // by side in shared layers — except single nodes without edges: those all land in the first
  // layer, one long row (an expanded series of 83 unconnected members: 12,000 px wide), so a
  // graph with any of them keeps ELK's packing.
  if (g.nodes.some((node) => node.kind !== NODE_PLAIN)) {
    const linked = new Uint8Array(n);
    for (const e of g.edges) linked[e.v] = linked[e.w] = 1;
    if (g.nodes.every((node, i) => node.kind !== NODE_PLAIN || linked[i])) options = { ...options, 'elk.separateConnectedComponents': 'false' };
  }
  const task = toElkTask(g, options);
  const key = ctx.cache ? taskKey(task) : '';
  let r = ctx.cache?.get(key);
  const hit = r !== undefined;
  if (!r) {
    r = await ctx.runner.run(task, ctx.signal);
    ctx.cache?.set(key, r);
  }
  // Results may be shared through the cache: normalize copies.
  const out: LgLayout = {
    nodeXY: r.nodeXY.slice(),
    pointStart: r.edgePointStart,
    points: r.edgePoints.slice(),
    width: 0,
    height: 0,
    sections: [],
    maxElkNodes: hit ? 0 : n,
    maxElkMs: hit ? 0 : r.elkMs,
    elkCalls: hit ? 0 : 1,
  };
  normalize(g, out);
  return out;
}

/**
 * Moves the layout so that the box around its plain nodes and edge routes starts at (0, 0), and
 * records that box's size. Stubs, and the last bit of an edge into a stub, may lie outside it.
 */
function normalize(g: LayoutGraph, out: LgLayout): void {
  let x0 = Infinity;
  let y0 = Infinity;
  let x1 = -Infinity;
  let y1 = -Infinity;
  const grow = (x: number, y: number) => {
    if (x < x0) x0 = x;
    if (y < y0) y0 = y;
    if (x > x1) x1 = x;
    if (y > y1) y1 = y;
  };
  g.nodes.forEach((node, i) => {
    if (node.kind !== NODE_PLAIN) return;
    grow(out.nodeXY[2 * i]!, out.nodeXY[2 * i + 1]!);
    grow(out.nodeXY[2 * i]! + node.width, out.nodeXY[2 * i + 1]! + node.height);
  });
  // Edge points too, except the ends at stubs (those are replaced by border points later).
  g.edges.forEach((e, k) => {
    const from = out.pointStart[k]! + (g.nodes[e.v]!.kind === NODE_PLAIN ? 0 : 1);
    const to = out.pointStart[k + 1]! - (g.nodes[e.w]!.kind === NODE_PLAIN ? 0 : 1);
    for (let p = from; p < to; p++) grow(out.points[2 * p]!, out.points[2 * p + 1]!);
  });
  if (x0 === Infinity) {
    x0 = y0 = 0;
    x1 = y1 = 0;
  }
  for (let i = 0; i < out.nodeXY.length; i += 2) {
    out.nodeXY[i]! -= x0;
    out.nodeXY[i + 1]! -= y0;
  }
  for (let i = 0; i < out.points.length; i += 2) {
    out.points[i]! -= x0;
    out.points[i + 1]! -= y0;
  }
  out.width = x1 - x0;
  out.height = y1 - y0;
}

/** Key of a cut: where the edge goes outside a section (another section, or a stub of the whole graph). */
type CutKey = string;

interface SectionBuild {
  members: number[];
  /** Node index in the sub-graph of each member. */
  local: Map<number, number>;
  graph: LayoutGraph;
  /** Sub-stub index by (direction, key). */
  stubs: Map<CutKey, number>;
  /** For each original edge touching this section: its edge index in the sub-graph. */
  edgeIndex: Map<number, number>;
}

async function layoutSplit(g: LayoutGraph, parts: Partition, ctx: CompoundContext): Promise<LgLayout> {
  const n = g.nodes.length;
  const { isolated, sections } = parts;
  const sectionOf = new Int32Array(n).fill(-1);
  sections.forEach((s, k) => s.forEach((v) => (sectionOf[v] = k)));
  const pad = ctx.sectionPadding;

  // 1. Each section as its own graph: members, the edges among them, and one stub per place
  //    its edges leave to (another section, or a stub of the whole graph).
  const builds: SectionBuild[] = sections.map((members) => {
    const local = new Map<number, number>();
    const nodes: LgNode[] = members.map((v, i) => {
      local.set(v, i);
      return g.nodes[v]!;
    });
    return { members, local, graph: { direction: g.direction, nodes, edges: [] }, stubs: new Map(), edgeIndex: new Map() };
  });
  const stubFor = (b: SectionBuild, inbound: boolean, key: CutKey): number => {
    const k = `${inbound ? 'i' : 'o'}${key}`;
    let s = b.stubs.get(k);
    if (s === undefined) {
      s = b.graph.nodes.length;
      b.graph.nodes.push({ width: 2, height: 2, kind: inbound ? NODE_STUB_IN : NODE_STUB_OUT, ports: [] });
      b.stubs.set(k, s);
    }
    return s;
  };
  // Where each side of an original edge lives: section k, or the top level (stubs).
  const outerKey = (v: number): CutKey => (sectionOf[v]! >= 0 ? `s${sectionOf[v]}` : `n${v}`);
  g.edges.forEach((e, idx) => {
    const sv = sectionOf[e.v]!;
    const sw = sectionOf[e.w]!;
    if (sv >= 0 && sv === sw) {
      const b = builds[sv]!;
      b.edgeIndex.set(idx, b.graph.edges.length);
      b.graph.edges.push({ v: b.local.get(e.v)!, vPort: e.vPort, w: b.local.get(e.w)!, wPort: e.wPort });
      return;
    }
    if (sv >= 0) {
      const b = builds[sv]!;
      b.edgeIndex.set(idx, b.graph.edges.length);
      b.graph.edges.push({ v: b.local.get(e.v)!, vPort: e.vPort, w: stubFor(b, false, outerKey(e.w)), wPort: -1 });
    }
    if (sw >= 0) {
      const b = builds[sw]!;
      b.edgeIndex.set(idx, b.graph.edges.length);
      b.graph.edges.push({ v: stubFor(b, true, outerKey(e.v)), vPort: -1, w: b.local.get(e.w)!, wPort: e.wPort });
    }
  });
  const subs = await Promise.all(builds.map((b) => layoutCompound(b.graph, ctx)));

  // 2. The section level: one box per section with a port where each stub meets its border,
  //    the grid of isolated nodes, and the original stubs.
  const levelNodes: LgNode[] = [];
  const levelOfSection: number[] = [];
  const portOfStub: Array<Map<number, number>> = [];
  builds.forEach((b, k) => {
    const sub = subs[k]!;
    const box: LgNode = { width: sub.width + 2 * pad, height: sub.height + 2 * pad, kind: NODE_PLAIN, ports: [] };
    const ports = new Map<number, number>();
    for (const s of b.stubs.values()) {
      const inbound = b.graph.nodes[s]!.kind === NODE_STUB_IN;
      const x = clamp(sub.nodeXY[2 * s]! + 1 + pad, 0, box.width);
      const onInSide = inbound;
      // UP: in-side is the bottom border; RIGHT: the left border.
      const p =
        g.direction === 'UP'
          ? { x, y: onInSide ? box.height : 0, side: onInSide ? SIDE_IN : SIDE_OUT }
          : { x: onInSide ? 0 : box.width, y: clamp(sub.nodeXY[2 * s + 1]! + 1 + pad, 0, box.height), side: onInSide ? SIDE_IN : SIDE_OUT };
      ports.set(s, box.ports.length);
      box.ports.push(p);
    }
    levelOfSection.push(levelNodes.length);
    portOfStub.push(ports);
    levelNodes.push(box);
  });
  const grid = packGrid(
    isolated.map((v) => g.nodes[v]!),
    ctx.gridGap,
  );
  const gridNode = isolated.length ? levelNodes.length : -1;
  if (isolated.length) levelNodes.push({ width: grid.width + 2 * pad, height: grid.height + 2 * pad, kind: NODE_PLAIN, ports: [] });
  const levelOfStub = new Map<number, number>();
  g.nodes.forEach((node, v) => {
    if (node.kind === NODE_PLAIN) return;
    levelOfStub.set(v, levelNodes.length);
    levelNodes.push(node);
  });
  // One level edge per distinct (from port, to port): the cut edges share it.
  const levelEdges: LgEdge[] = [];
  const levelEdgeKey = new Map<string, number>();
  const levelEdgeOf = new Int32Array(g.edges.length).fill(-1);
  const endOf = (v: number, other: number, inbound: boolean): [number, number] => {
    const s = sectionOf[v]!;
    if (s < 0) return [levelOfStub.get(v)!, -1];
    const stub = builds[s]!.stubs.get(`${inbound ? 'i' : 'o'}${outerKey(other)}`)!;
    return [levelOfSection[s]!, portOfStub[s]!.get(stub)!];
  };
  g.edges.forEach((e, idx) => {
    const sv = sectionOf[e.v]!;
    const sw = sectionOf[e.w]!;
    if (sv >= 0 && sv === sw) return;
    const [a, ap] = endOf(e.v, e.w, false);
    const [b, bp] = endOf(e.w, e.v, true);
    const key = `${a}.${ap}>${b}.${bp}`;
    let le = levelEdgeKey.get(key);
    if (le === undefined) {
      le = levelEdges.length;
      levelEdgeKey.set(key, le);
      levelEdges.push({ v: a, vPort: ap, w: b, wPort: bp });
    }
    levelEdgeOf[idx] = le;
  });
  const level = await layoutCompound({ direction: g.direction, nodes: levelNodes, edges: levelEdges }, ctx);

  // 3. Stitch: members move with their section, cut edges are joined through the ports.
  const out = emptyLayout(n);
  const sectionList: LgSection[] = [];
  // Sections of the level layout (when the sections themselves had to be split) come first.
  const levelSectionBase = sectionList.length;
  for (const s of level.sections) sectionList.push({ ...s, parent: s.parent < 0 ? -1 : s.parent + levelSectionBase, members: [] });
  const levelSectionOf = new Int32Array(levelNodes.length).fill(-1);
  level.sections.forEach((s, k) => s.members.forEach((m) => (levelSectionOf[m] = k + levelSectionBase)));
  const origin = builds.map((_, k) => [level.nodeXY[2 * levelOfSection[k]!]! + pad, level.nodeXY[2 * levelOfSection[k]! + 1]! + pad] as const);
  builds.forEach((b, k) => {
    const sub = subs[k]!;
    const [ox, oy] = origin[k]!;
    const base = sectionList.length;
    for (const s of sub.sections) sectionList.push({ x: s.x + ox, y: s.y + oy, width: s.width, height: s.height, parent: s.parent < 0 ? -1 : s.parent + base, members: [] });
    const subSectionOf = new Int32Array(b.graph.nodes.length).fill(-1);
    sub.sections.forEach((s, j) => s.members.forEach((m) => (subSectionOf[m] = j + base)));
    const self = sectionList.length;
    const box = levelNodes[levelOfSection[k]!]!;
    sectionList.push({ x: ox - pad, y: oy - pad, width: box.width, height: box.height, parent: levelSectionOf[levelOfSection[k]!]!, members: [] });
    // The sub-layout's own top-level sections sit inside this one.
    for (let j = base; j < self; j++) if (sectionList[j]!.parent === -1) sectionList[j]!.parent = self;
    b.members.forEach((v, i) => {
      out.nodeXY[2 * v] = sub.nodeXY[2 * i]! + ox;
      out.nodeXY[2 * v + 1] = sub.nodeXY[2 * i + 1]! + oy;
      const inner = subSectionOf[i]!;
      sectionList[inner >= 0 ? inner : self]!.members.push(v);
    });
  });
  if (isolated.length) {
    const gx = level.nodeXY[2 * gridNode]! + pad;
    const gy = level.nodeXY[2 * gridNode + 1]! + pad;
    const box = levelNodes[gridNode]!;
    sectionList.push({ x: gx - pad, y: gy - pad, width: box.width, height: box.height, parent: levelSectionOf[gridNode]!, members: isolated.slice() });
    isolated.forEach((v, k) => {
      out.nodeXY[2 * v] = grid.xy[2 * k]! + gx;
      out.nodeXY[2 * v + 1] = grid.xy[2 * k + 1]! + gy;
    });
  }
  for (const [v, lv] of levelOfStub) {
    out.nodeXY[2 * v] = level.nodeXY[2 * lv]!;
    out.nodeXY[2 * v + 1] = level.nodeXY[2 * lv + 1]!;
  }
  // Edge routes.
  const pts: number[] = [];
  const starts = new Uint32Array(g.edges.length + 1);
  const append = (src: ArrayLike<number>, from: number, to: number, dx: number, dy: number) => {
    for (let p = from; p < to; p++) {
      const x = src[2 * p]! + dx;
      const y = src[2 * p + 1]! + dy;
      const m = pts.length;
      // Joins repeat the port point: keep one.
      if (m >= 2 && Math.abs(pts[m - 2]! - x) < 1e-6 && Math.abs(pts[m - 1]! - y) < 1e-6) continue;
      pts.push(x, y);
    }
  };
  g.edges.forEach((e, idx) => {
    starts[idx] = pts.length / 2;
    const sv = sectionOf[e.v]!;
    const sw = sectionOf[e.w]!;
    if (sv >= 0) {
      const sub = subs[sv]!;
      const se = builds[sv]!.edgeIndex.get(idx)!;
      const [ox, oy] = origin[sv]!;
      // A cut edge's piece inside the source section ends at its stub; the port replaces that end.
      const end = sw === sv ? sub.pointStart[se + 1]! : sub.pointStart[se + 1]! - 1;
      append(sub.points, sub.pointStart[se]!, end, ox, oy);
      if (sw === sv) return;
    }
    const le = levelEdgeOf[idx]!;
    append(level.points, level.pointStart[le]!, level.pointStart[le + 1]!, 0, 0);
    if (sw >= 0) {
      const sub = subs[sw]!;
      const se = builds[sw]!.edgeIndex.get(idx)!;
      const [ox, oy] = origin[sw]!;
      append(sub.points, sub.pointStart[se]! + 1, sub.pointStart[se + 1]!, ox, oy);
    }
  });
  starts[g.edges.length] = pts.length / 2;
  out.pointStart = starts;
  out.points = Float64Array.from(pts);
  out.width = level.width;
  out.height = level.height;
  out.sections = sectionList;
  out.maxElkNodes = Math.max(level.maxElkNodes, ...subs.map((s) => s.maxElkNodes));
  out.maxElkMs = Math.max(level.maxElkMs, ...subs.map((s) => s.maxElkMs));
  out.elkCalls = level.elkCalls + subs.reduce((a, s) => a + s.elkCalls, 0);
  return out;
}

function clamp(x: number, lo: number, hi: number): number {
  return x < lo ? lo : x > hi ? hi : x;
}
