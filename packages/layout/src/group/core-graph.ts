/**
 * Step 1 of a group's layout: its core graph as a LayoutGraph — the core children (expanded
 * ones with the ports of their bridges, collapsed ones with annotations with a port on each
 * side of the shape), one stub per outside node and direction for the bridge edges, and the
 * edges: one per metaedge between core children, one per (stub, child).
 */
import type { BridgeEdge, NodeRef, RenderGroup } from '@tbg/hierarchy';
import type { Direction } from '../elk/task.js';
import type { LayoutGraph, LgEdge, LgNode, LgPort } from '../compound/layout-graph.js';
import type { ChildInfo } from './child-info.js';
import { DEFAULT_IN_PORT, DEFAULT_OUT_PORT, portKey } from './types.js';

/** What an edge of the core graph draws: a metaedge, or the bridges from one stub to one child. */
export interface DrawnEdge {
  metaedge: number;
  bridges: BridgeEdge[] | null;
}

export interface CoreGraph {
  graph: LayoutGraph;
  /** Node i of the graph is core child i; the stubs come after the core children. */
  core: ChildInfo[];
  /** Per edge of the graph. */
  drawn: DrawnEdge[];
  /** The port key of each stub: stub k is node `core.length + k`. */
  stubKeys: string[];
}

interface CoreBuild {
  nodes: LgNode[];
  edges: LgEdge[];
  drawn: DrawnEdge[];
  stubKeys: string[];
  /** Per core child: its ports by key. */
  portIndex: Array<Map<string, number>>;
  coreIndex: Map<NodeRef, number>;
}

export function buildCoreGraph(rg: RenderGroup, core: ChildInfo[], direction: Direction): CoreGraph {
  const up = direction === 'UP';
  const b: CoreBuild = { nodes: [], edges: [], drawn: [], stubKeys: [], portIndex: [], coreIndex: new Map() };
  for (const c of core) addChild(b, c, up);
  core.forEach((c, i) => b.coreIndex.set(c.ref, i));
  for (const e of rg.edges) {
    const v = b.coreIndex.get(e.v);
    const w = b.coreIndex.get(e.w);
    if (v === undefined || w === undefined) continue;
    b.edges.push({ v, vPort: portOf(b, v, portKey(e.w, false), DEFAULT_OUT_PORT), w, wPort: portOf(b, w, portKey(e.v, true), DEFAULT_IN_PORT) });
    b.drawn.push({ metaedge: e.metaedge, bridges: null });
  }
  addBridges(b, rg);
  return { graph: { direction, nodes: b.nodes, edges: b.edges }, core, drawn: b.drawn, stubKeys: b.stubKeys };
}

/** A core child's node, with the ports its edges go through. */
function addChild(b: CoreBuild, c: ChildInfo, up: boolean): void {
  const ports: LgPort[] = [];
  const index = new Map<string, number>();
  if (c.layout) {
    for (const [key, bp] of c.layout.ports) {
      index.set(key, ports.length);
      ports.push({ x: bp.x, y: bp.y, side: bp.side });
    }
  } else if (c.box!.annotations.length) {
    // Edges must reach the shape, not the annotation columns: ports on the box's border on
    // the shape's axis (bottom to top: below and above the shape, between the columns; left
    // to right: beside it, above the columns, which hang below that axis there — nodeBox).
    // The edges then run from the port straight along the axis to the shape's side (edge-routes.ts).
    const box = c.box!;
    const cx = box.shapeX + box.shapeW / 2;
    const cy = box.shapeY + box.shapeH / 2;
    index.set(DEFAULT_IN_PORT, 0);
    index.set(DEFAULT_OUT_PORT, 1);
    ports.push(up ? { x: cx, y: box.height, side: 'in' } : { x: 0, y: cy, side: 'in' });
    ports.push(up ? { x: cx, y: 0, side: 'out' } : { x: box.width, y: cy, side: 'out' });
  }
  b.portIndex.push(index);
  b.nodes.push({ width: c.width, height: c.height, kind: 'plain', ports });
}

/** The port of core child i for `key`, else its `fallback` port, else none (−1). */
function portOf(b: CoreBuild, i: number, key: string, fallback: string): number {
  return b.portIndex[i]!.get(key) ?? b.portIndex[i]!.get(fallback) ?? -1;
}

/** One stub per (outside node, direction), one edge per (stub, child) drawing all their bridges. */
function addBridges(b: CoreBuild, rg: RenderGroup): void {
  const stubOf = new Map<string, number>();
  const stubEdges = new Map<string, BridgeEdge[]>();
  for (const br of rg.bridges) {
    if (!br.drawn) continue;
    const child = b.coreIndex.get(br.child);
    if (child === undefined) continue;
    const key = portKey(br.other, br.inbound);
    if (!stubOf.has(key)) {
      stubOf.set(key, b.nodes.length);
      b.stubKeys.push(key);
      b.nodes.push({ width: 2, height: 2, kind: br.inbound ? 'stubIn' : 'stubOut', ports: [] });
    }
    const ek = `${key}|${child}`;
    const list = stubEdges.get(ek);
    if (list) list.push(br);
    else stubEdges.set(ek, [br]);
  }
  for (const [ek, list] of stubEdges) {
    const br = list[0]!;
    const s = stubOf.get(ek.slice(0, ek.indexOf('|')))!;
    const child = b.coreIndex.get(br.child)!;
    if (br.inbound) b.edges.push({ v: s, vPort: -1, w: child, wPort: portOf(b, child, portKey(br.other, true), DEFAULT_IN_PORT) });
    else b.edges.push({ v: child, vPort: portOf(b, child, portKey(br.other, false), DEFAULT_OUT_PORT), w: s, wPort: -1 });
    b.drawn.push({ metaedge: -1, bridges: list });
  }
}
