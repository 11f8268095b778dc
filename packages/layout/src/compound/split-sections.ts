/**
 * Step 1 of a split layout: each section as a graph of its own — its members, the edges among
 * them, and one stub per place its edges leave to (another section, or a stub of the whole
 * graph), so that every section is one bounded ELK call.
 */
import type { LayoutGraph, LgNode } from './layout-graph.js';

/** Key of a cut: where the edge goes outside a section (another section, or a stub of the whole graph). */
export type CutKey = string;

export interface SectionBuild {
  members: number[];
  /** Node index in the sub-graph of each member. */
  local: Map<number, number>;
  graph: LayoutGraph;
  /** Sub-stub index by (direction, key): see `cutStubKey`. */
  stubs: Map<CutKey, number>;
  /** For each original edge touching this section: its edge index in the sub-graph. */
  edgeIndex: Map<number, number>;
}

/** Where one side of an original edge lives: section k, or the top level (a stub of the whole graph). */
export function outerKey(sectionOf: Int32Array, v: number): CutKey {
  return sectionOf[v]! >= 0 ? `s${sectionOf[v]}` : `n${v}`;
}

/** Key of a section's stub for the edges that come in from (or go out to) `key`. */
export function cutStubKey(inbound: boolean, key: CutKey): string {
  return `${inbound ? 'i' : 'o'}${key}`;
}

/** The graphs of the sections; `sectionOf` maps each node to its section (−1: isolated or a stub). */
export function buildSectionGraphs(g: LayoutGraph, sections: number[][], sectionOf: Int32Array): SectionBuild[] {
  const builds: SectionBuild[] = sections.map((members) => {
    const local = new Map<number, number>();
    const nodes: LgNode[] = members.map((v, i) => {
      local.set(v, i);
      return g.nodes[v]!;
    });
    return { members, local, graph: { direction: g.direction, nodes, edges: [] }, stubs: new Map(), edgeIndex: new Map() };
  });
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
      b.graph.edges.push({ v: b.local.get(e.v)!, vPort: e.vPort, w: stubFor(b, false, outerKey(sectionOf, e.w)), wPort: -1 });
    }
    if (sw >= 0) {
      const b = builds[sw]!;
      b.edgeIndex.set(idx, b.graph.edges.length);
      b.graph.edges.push({ v: stubFor(b, true, outerKey(sectionOf, e.v)), vPort: -1, w: b.local.get(e.w)!, wPort: e.wPort });
    }
  });
  return builds;
}

/** The section's stub for `key` in this direction, added on first use. */
function stubFor(b: SectionBuild, inbound: boolean, key: CutKey): number {
  const k = cutStubKey(inbound, key);
  let s = b.stubs.get(k);
  if (s === undefined) {
    s = b.graph.nodes.length;
    b.graph.nodes.push({ width: 2, height: 2, kind: inbound ? 'stubIn' : 'stubOut', ports: [] });
    b.stubs.set(k, s);
  }
  return s;
}
