/**
 * Lays out a LayoutGraph with ELK calls that each stay under the node and edge budget. A graph
 * within budget is one call. A bigger one is cut into sections (sections.ts); each section is
 * laid out on its own with stubs where its edges leave, then the sections themselves are laid
 * out as boxes with fixed ports, recursively, and every cut edge is stitched back together
 * through the ports, so its route is continuous and every piece of it comes from ELK.
 */
import { taskKey } from '../elk/task-key.js';
import type { ElkResult } from '../elk/task.js';
import type { ElkRunner } from '../worker/runner.js';
import { packGrid } from './grid.js';
import { emptyLayout, type LayoutGraph, type LgLayout } from './layout-graph.js';
import { normalize } from './normalize.js';
import { partition, type Partition } from './sections.js';
import { buildSplitLevel, type SplitInput } from './split-level.js';
import { buildSectionGraphs } from './split-sections.js';
import { stitchSplit } from './split-stitch.js';
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
  for (const node of g.nodes) if (node.kind === 'plain') plain++;
  // Stubs are not counted: they are tiny and pinned to the first or last layer. Many nodes
  // without edges (an expanded series of unconnected members) cost ELK a component each, for
  // nothing a grid would not do: those go to a grid even under the budget. With stubs, a few
  // already do (see layoutOnce).
  const stubs = g.nodes.some((node) => node.kind !== 'plain');
  if (plain <= ctx.maxElkNodes && g.edges.length <= ctx.maxElkEdges && isolatedCount(g) <= (stubs ? FEW_ISOLATED : MANY_ISOLATED - 1)) return layoutOnce(g, ctx);
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

/**
 * In a graph with stubs, up to this many plain nodes without edges are laid out by ELK in one
 * row of the first layer; more go to a grid beside the rest (so that the row stays short).
 */
const FEW_ISOLATED = 8;

function isolatedCount(g: LayoutGraph): number {
  const touched = new Uint8Array(g.nodes.length);
  for (const e of g.edges) touched[e.v] = touched[e.w] = 1;
  let n = 0;
  for (let i = 0; i < g.nodes.length; i++) if (!touched[i] && g.nodes[i]!.kind === 'plain') n++;
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

/** No edges: a grid, no ELK call. Stubs (which have no edges either) sit at the origin. */
function layoutGrid(g: LayoutGraph, ctx: CompoundContext): LgLayout {
  const plain = g.nodes.map((node, i) => [node, i] as const).filter(([node]) => node.kind === 'plain');
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
  // lower components (and their titles) on their way to or from the border. Laid out as one
  // graph, components sit side by side in shared layers — single nodes without edges all in the
  // first layer, one row: a short one, as layoutCompound sends more of them to a grid.
  if (g.nodes.some((node) => node.kind !== 'plain')) options = { ...options, 'elk.separateConnectedComponents': 'false' };
  const task = toElkTask(g, options);
  const key = ctx.cache ? taskKey(task) : '';
  let r = ctx.cache?.get(key);
  const hit = r !== undefined;
  if (!r) {
    r = await ctx.runner.run(task, ctx.signal);
    // A quick stand-in for ELK's result is laid out again once ELK is ready.
    if (!r.provisional) ctx.cache?.set(key, r);
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
 * A graph over budget, in three steps: each section laid out on its own (split-sections.ts),
 * the level of sections (split-level.ts), and the stitching of both (split-stitch.ts). Sections
 * and the level go through `layoutCompound` again, so they are split again when still too big.
 */
async function layoutSplit(g: LayoutGraph, parts: Partition, ctx: CompoundContext): Promise<LgLayout> {
  const { isolated, sections } = parts;
  const sectionOf = new Int32Array(g.nodes.length).fill(-1);
  sections.forEach((s, k) => s.forEach((v) => (sectionOf[v] = k)));
  const split: SplitInput = { g, isolated, sectionOf, builds: buildSectionGraphs(g, sections, sectionOf), pad: ctx.sectionPadding };
  const subs = await Promise.all(split.builds.map((b) => layoutCompound(b.graph, ctx)));
  const level = buildSplitLevel(split, subs, ctx.gridGap);
  const levelLayout = await layoutCompound(level.graph, ctx);
  return stitchSplit(split, subs, level, levelLayout);
}
