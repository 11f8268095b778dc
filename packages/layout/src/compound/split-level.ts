/**
 * Step 2 of a split layout: the graph of the section level — one box per section with a fixed
 * port where each of its stubs meets its border, a box for the grid of isolated nodes, and the
 * whole graph's own stubs; one level edge per distinct (from port, to port), shared by the cut
 * edges that run between them.
 */
import { clamp } from '../geometry/clamp.js';
import { packGrid, type GridPacking } from './grid.js';
import type { LayoutGraph, LgEdge, LgLayout, LgNode, LgPort } from './layout-graph.js';
import { cutStubKey, outerKey, type SectionBuild } from './split-sections.js';

export interface SplitLevel {
  graph: LayoutGraph;
  /** Level node of each section. */
  levelOfSection: number[];
  /** Per section: the port of each of its stubs (by sub-graph node index). */
  portOfStub: Array<Map<number, number>>;
  /** Level node of the grid of isolated nodes (−1 when there are none), and the grid. */
  gridNode: number;
  grid: GridPacking;
  /** Level node of each stub of the whole graph. */
  levelOfStub: Map<number, number>;
  /** Level edge of each cut edge (−1 for edges inside one section). */
  levelEdgeOf: Int32Array;
}

export interface SplitInput {
  g: LayoutGraph;
  isolated: number[];
  sectionOf: Int32Array;
  builds: SectionBuild[];
  /** Padding inside each section box. */
  pad: number;
}

/** The level graph over the sections' layouts `subs`. */
export function buildSplitLevel(s: SplitInput, subs: LgLayout[], gridGap: number): SplitLevel {
  const { g, isolated, pad } = s;
  const nodes: LgNode[] = [];
  const levelOfSection: number[] = [];
  const portOfStub: Array<Map<number, number>> = [];
  s.builds.forEach((b, k) => {
    const [box, ports] = sectionBox(g, b, subs[k]!, pad);
    levelOfSection.push(nodes.length);
    portOfStub.push(ports);
    nodes.push(box);
  });
  const grid = packGrid(
    isolated.map((v) => g.nodes[v]!),
    gridGap,
  );
  const gridNode = isolated.length ? nodes.length : -1;
  if (isolated.length) nodes.push({ width: grid.width + 2 * pad, height: grid.height + 2 * pad, kind: 'plain', ports: [] });
  const levelOfStub = new Map<number, number>();
  g.nodes.forEach((node, v) => {
    if (node.kind === 'plain') return;
    levelOfStub.set(v, nodes.length);
    nodes.push(node);
  });
  const level: SplitLevel = { graph: { direction: g.direction, nodes, edges: [] }, levelOfSection, portOfStub, gridNode, grid, levelOfStub, levelEdgeOf: new Int32Array(g.edges.length).fill(-1) };
  linkLevel(s, level);
  return level;
}

/** A section's box, with a port where each of its stubs meets its border, and the port of each stub. */
function sectionBox(g: LayoutGraph, b: SectionBuild, sub: LgLayout, pad: number): [LgNode, Map<number, number>] {
  const box: LgNode = { width: sub.width + 2 * pad, height: sub.height + 2 * pad, kind: 'plain', ports: [] };
  const ports = new Map<number, number>();
  for (const s of b.stubs.values()) {
    const inbound = b.graph.nodes[s]!.kind === 'stubIn';
    const x = clamp(sub.nodeXY[2 * s]! + 1 + pad, 0, box.width);
    const onInSide = inbound;
    // UP: in-side is the bottom border; RIGHT: the left border.
    const p: LgPort =
      g.direction === 'UP'
        ? { x, y: onInSide ? box.height : 0, side: onInSide ? 'in' : 'out' }
        : { x: onInSide ? 0 : box.width, y: clamp(sub.nodeXY[2 * s + 1]! + 1 + pad, 0, box.height), side: onInSide ? 'in' : 'out' };
    ports.set(s, box.ports.length);
    box.ports.push(p);
  }
  return [box, ports];
}

/** The level edges: one per distinct (from port, to port); the cut edges share it. */
function linkLevel(s: SplitInput, level: SplitLevel): void {
  const { g, sectionOf } = s;
  const edges: LgEdge[] = level.graph.edges;
  const levelEdgeKey = new Map<string, number>();
  g.edges.forEach((e, idx) => {
    const sv = sectionOf[e.v]!;
    const sw = sectionOf[e.w]!;
    if (sv >= 0 && sv === sw) return;
    const [a, ap] = levelEnd(s, level, e.v, e.w, false);
    const [b, bp] = levelEnd(s, level, e.w, e.v, true);
    const key = `${a}.${ap}>${b}.${bp}`;
    let le = levelEdgeKey.get(key);
    if (le === undefined) {
      le = edges.length;
      levelEdgeKey.set(key, le);
      edges.push({ v: a, vPort: ap, w: b, wPort: bp });
    }
    level.levelEdgeOf[idx] = le;
  });
}

/** The level node and port where an edge between v and `other` ends at v's side. */
function levelEnd(s: SplitInput, level: SplitLevel, v: number, other: number, inbound: boolean): [number, number] {
  const k = s.sectionOf[v]!;
  if (k < 0) return [level.levelOfStub.get(v)!, -1];
  const stub = s.builds[k]!.stubs.get(cutStubKey(inbound, outerKey(s.sectionOf, other)))!;
  return [level.levelOfSection[k]!, level.portOfStub[k]!.get(stub)!];
}
