/**
 * Layout of one expanded group (tensorboard-graph.md §8.2): its core graph through
 * `layoutCompound` (bounded ELK calls), bridge edges through stubs that become ports on the
 * group's border, and the auxiliary columns (in-extract, out-extract, functions) to the right
 * of the core, side by side so they never overlap (TensorBoard #3878).
 */
import { GROUP_SERIES, type BridgeEdge, type Hierarchy, type NodeRef, type RenderGroup } from '@tbg/hierarchy';
import type { CompoundContext } from '../compound/layout-compound.js';
import { layoutCompound } from '../compound/layout-compound.js';
import type { LayoutGraph, LgEdge, LgNode, LgPort } from '../compound/layout-graph.js';
import { NODE_PLAIN, NODE_STUB_IN, NODE_STUB_OUT, SIDE_IN, SIDE_OUT } from '../elk/task.js';
import { FLAG_IN_EXTRACT, FLAG_LIBRARY, FLAG_OUT_EXTRACT } from '../geometry/types.js';
import type { LayoutParams } from '../params.js';
import type { TextMeasurer } from '../text/measurer.js';
import { clipToShape } from './clip.js';
import { displayName } from './display-name.js';
import { bridgeStyle, metaedgeStyle } from './edge-style.js';
import { nodeBox } from './node-box.js';
import { DEFAULT_IN_PORT, DEFAULT_OUT_PORT, portKey, type BorderPort, type GroupLayout, type NodeBox, type PlacedChild, type PlacedEdge } from './types.js';

export interface GroupLayoutContext {
  hierarchy: Hierarchy;
  params: LayoutParams;
  measurer: TextMeasurer;
  compound: CompoundContext;
  /** The layout of an expanded child, already computed; null when the child is collapsed. */
  childLayout(ref: NodeRef): GroupLayout | null;
}

interface ChildInfo {
  ref: NodeRef;
  layout: GroupLayout | null;
  box: NodeBox | null;
  width: number;
  height: number;
}

export async function layoutGroup(rg: RenderGroup, ctx: GroupLayoutContext): Promise<GroupLayout> {
  const h = ctx.hierarchy;
  const p = ctx.params;
  const up = p.direction === 'UP';
  const ref = rg.ref;
  const isRoot = ref === h.n;
  const isSeries = h.groups[ref - h.n]!.kind === GROUP_SERIES;
  const info = (c: NodeRef): ChildInfo => {
    const layout = ctx.childLayout(c);
    if (layout) return { ref: c, layout, box: null, width: layout.width, height: layout.height };
    const box = nodeBox(h, c, rg.annotations.get(c), p, ctx.measurer);
    return { ref: c, layout: null, box, width: box.width, height: box.height };
  };
  const core = rg.core.map(info);

  // 1. The core graph: children (with the ports of expanded ones), stubs for bridges, edges.
  const nodes: LgNode[] = [];
  const portIndex: Array<Map<string, number>> = [];
  for (const c of core) {
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
      // The edges then run from the port straight along the axis to the shape's side (step 5).
      const b = c.box!;
      const cx = b.shapeX + b.shapeW / 2;
      const cy = b.shapeY + b.shapeH / 2;
      index.set(DEFAULT_IN_PORT, 0);
      index.set(DEFAULT_OUT_PORT, 1);
      ports.push(up ? { x: cx, y: b.height, side: SIDE_IN } : { x: 0, y: cy, side: SIDE_IN });
      ports.push(up ? { x: cx, y: 0, side: SIDE_OUT } : { x: b.width, y: cy, side: SIDE_OUT });
    }
    portIndex.push(index);
    nodes.push({ width: c.width, height: c.height, kind: NODE_PLAIN, ports });
  }
  const coreIndex = new Map<NodeRef, number>();
  core.forEach((c, i) => coreIndex.set(c.ref, i));
  const portOf = (i: number, key: string, fallback: string) => portIndex[i]!.get(key) ?? portIndex[i]!.get(fallback) ?? -1;

  const edges: LgEdge[] = [];
  const placedMeta: Array<{ metaedge: number; bridges: BridgeEdge[] | null }> = [];
  for (const e of rg.edges) {
    const v = coreIndex.get(e.v);
    const w = coreIndex.get(e.w);
    if (v === undefined || w === undefined) continue;
    edges.push({ v, vPort: portOf(v, portKey(e.w, false), DEFAULT_OUT_PORT), w, wPort: portOf(w, portKey(e.v, true), DEFAULT_IN_PORT) });
    placedMeta.push({ metaedge: e.metaedge, bridges: null });
  }
  // One stub per (outside node, direction), one edge per (stub, child).
  const stubOf = new Map<string, number>();
  const stubKeys: string[] = [];
  const stubEdges = new Map<string, BridgeEdge[]>();
  for (const b of rg.bridges) {
    if (!b.drawn) continue;
    const child = coreIndex.get(b.child);
    if (child === undefined) continue;
    const key = portKey(b.other, b.inbound);
    if (!stubOf.has(key)) {
      stubOf.set(key, nodes.length);
      stubKeys.push(key);
      nodes.push({ width: 2, height: 2, kind: b.inbound ? NODE_STUB_IN : NODE_STUB_OUT, ports: [] });
    }
    const ek = `${key}|${child}`;
    const list = stubEdges.get(ek);
    if (list) list.push(b);
    else stubEdges.set(ek, [b]);
  }
  for (const [ek, list] of stubEdges) {
    const b = list[0]!;
    const s = stubOf.get(ek.slice(0, ek.indexOf('|')))!;
    const child = coreIndex.get(b.child)!;
    if (b.inbound) edges.push({ v: s, vPort: -1, w: child, wPort: portOf(child, portKey(b.other, true), DEFAULT_IN_PORT) });
    else edges.push({ v: child, vPort: portOf(child, portKey(b.other, false), DEFAULT_OUT_PORT), w: s, wPort: -1 });
    placedMeta.push({ metaedge: -1, bridges: list });
  }
  const stubKeyOf = stubKeys.slice();
  const graph: LayoutGraph = { direction: p.direction, nodes, edges };
  const lg = await layoutCompound(graph, ctx.compound);

  // 2. The group's frame: label band, core, auxiliary columns.
  const pad = isSeries ? p.seriesPadding : isRoot ? 0 : p.metaPadding;
  const labelH = isRoot ? 0 : isSeries ? p.seriesLabelHeight : p.metaLabelHeight;
  const labelPx = isSeries ? p.expandedSeriesLabelPx : p.expandedMetaLabelPx;
  const coreX = pad;
  const coreY = pad + labelH;
  const coreW = core.length ? lg.width : 0;
  const coreH = core.length ? lg.height : 0;
  const column = (refs: NodeRef[], flag: number) => {
    const items = refs.map(info);
    const width = items.reduce((a, c) => Math.max(a, c.width), 0);
    const height = items.reduce((a, c) => a + c.height, 0) + p.extractYOffset * Math.max(0, items.length - 1);
    return { items, width, height, flag };
  };
  const inCol = column(rg.inExtract, FLAG_IN_EXTRACT);
  const outCol = column(rg.outExtract, FLAG_OUT_EXTRACT);
  const libCol = column(rg.library, FLAG_LIBRARY);
  const hasAux = inCol.items.length + outCol.items.length > 0;
  const auxX = coreX + coreW + (coreW > 0 && (hasAux || libCol.items.length) ? 2 * p.extractXOffset : 0);
  const inX = auxX;
  const outX = inX + inCol.width + (inCol.items.length && outCol.items.length ? p.extractXOffset : 0);
  const auxW = hasAux ? Math.max(p.minAuxWidth, outX + outCol.width - auxX) : 0;
  const libX = auxX + auxW + (auxW > 0 && libCol.items.length ? 2 * p.extractXOffset : 0);
  const contentRight = libCol.items.length ? libX + libCol.width : hasAux ? auxX + auxW : coreX + coreW;
  const label = isRoot ? '' : displayName(h.groups[ref - h.n]!.name);
  const labelW = ctx.measurer.width(label, labelPx);
  const width = Math.max(contentRight + pad, labelW + 2 * (pad || p.metaPadding));
  const height = coreY + Math.max(coreH, inCol.height, outCol.height, libCol.height) + pad;

  // 3. Children.
  const children: PlacedChild[] = [];
  const sectionOfCore = new Int32Array(core.length).fill(-1);
  lg.sections.forEach((s, k) => s.members.forEach((m) => (sectionOfCore[m] = k)));
  core.forEach((c, i) => {
    children.push({ ref: c.ref, x: coreX + lg.nodeXY[2 * i]!, y: coreY + lg.nodeXY[2 * i + 1]!, expanded: c.layout, box: c.box, aux: 0, section: sectionOfCore[i]! });
  });
  for (const [col, x] of [
    [inCol, inX],
    [outCol, outX],
    [libCol, libX],
  ] as const) {
    let y = coreY;
    for (const c of col.items) {
      children.push({ ref: c.ref, x, y, expanded: c.layout, box: c.box, aux: col.flag, section: -1 });
      y += c.height + p.extractYOffset;
    }
  }

  // 4. Border ports: where each stub's edges cross the border, plus the default ports.
  const ports = new Map<string, BorderPort>();
  const borderPoint = (inbound: boolean, sx: number, sy: number): BorderPort =>
    up
      ? { x: clamp(sx, 0, width), y: inbound ? height : 0, side: inbound ? SIDE_IN : SIDE_OUT }
      : { x: inbound ? 0 : width, y: clamp(sy, 0, height), side: inbound ? SIDE_IN : SIDE_OUT };
  for (const key of stubKeys) {
    const s = stubOf.get(key)!;
    const inbound = key.startsWith('i');
    ports.set(key, borderPoint(inbound, coreX + lg.nodeXY[2 * s]! + 1, coreY + lg.nodeXY[2 * s + 1]! + 1));
  }
  ports.set(DEFAULT_IN_PORT, borderPoint(true, width / 2, height / 2));
  ports.set(DEFAULT_OUT_PORT, borderPoint(false, width / 2, height / 2));

  // 5. Edges: routes moved into the group's frame; ends on collapsed children extended from
  //    ELK's end on the box (or port) to the shape; ends on stubs extended to the border.
  const placed: PlacedEdge[] = edges.map((e, k) => {
    const pts: number[] = [];
    for (let q = lg.pointStart[k]!; q < lg.pointStart[k + 1]!; q++) pts.push(coreX + lg.points[2 * q]!, coreY + lg.points[2 * q + 1]!);
    const meta = placedMeta[k]!;
    const st = meta.bridges ? bridgeStyle(h, meta.bridges) : metaedgeStyle(h, meta.metaedge);
    const endAt = (node: number, first: boolean) => {
      const at = first ? 0 : pts.length - 2;
      const nb = first ? 2 : pts.length - 4;
      if (node >= core.length) {
        // The stub sits in ELK's first (in) or last (out) layer: the route runs from the border
        // point straight across the flow to the stub's place, then on as ELK routed it. (Going
        // from the border point straight to the route's next point would cut through the nodes
        // beside the stub in its layer.)
        const bp = ports.get(stubKeyOf[node - core.length]!)!;
        const sx = up ? bp.x : clamp(pts[at]!, 0, width);
        const sy = up ? clamp(pts[at + 1]!, 0, height) : bp.y;
        const inner = Math.hypot(sx - bp.x, sy - bp.y) > 1e-6 ? [sx, sy] : [];
        if (first) pts.splice(0, 2, bp.x, bp.y, ...inner);
        else pts.splice(at, 2, ...inner, bp.x, bp.y);
        return;
      }
      const c = core[node]!;
      if (c.layout || pts.length < 4) return;
      const b = c.box!;
      const ox = children[node]!.x;
      const oy = children[node]!.y;
      if (nodes[node]!.ports.length) {
        // ELK ends the route at the port on the box's border; from there it runs along the
        // shape's axis to the shape. Two points just outside the port, on the axis, make the
        // drawn B-spline (d3.curveBasis) reach the axis before the port, so that it enters the
        // box along the axis instead of cutting the corner at the port through the annotations.
        const port = nodes[node]!.ports[first ? 1 : 0]!; // the out-port, the in-port
        const px = ox + port.x;
        const py = oy + port.y;
        const hit = clipToShape(b.shapeKind, ox + b.shapeX, oy + b.shapeY, b.shapeW, b.shapeH, px, py);
        // Outwards from the box at this port: up (UP) or right (RIGHT) at the out-port, the
        // opposite at the in-port; the lead points go at most 2/3 of the way to the next point.
        const ux = up ? 0 : first ? 1 : -1;
        const uy = up ? (first ? -1 : 1) : 0;
        const lead = Math.min(p.rankSep / 8, ((pts[nb]! - px) * ux + (pts[nb + 1]! - py) * uy) / 3);
        const ends = lead > 1e-6 ? [px + 2 * ux * lead, py + 2 * uy * lead, px + ux * lead, py + uy * lead, px, py] : [px, py];
        if (hit) ends.push(hit[0], hit[1]);
        if (first) {
          const rev: number[] = [];
          for (let i = ends.length - 2; i >= 0; i -= 2) rev.push(ends[i]!, ends[i + 1]!);
          pts.splice(0, 2, ...rev);
        } else pts.splice(at, 2, ...ends);
        return;
      }
      // No annotations, no ports: ELK ends the route on the box's border; from there it goes on
      // towards the shape's centre, to its outline. (Straight from the route's previous point to
      // the shape, as TensorBoard does, could cut through a neighbour in the node's layer.)
      const hit = clipToShape(b.shapeKind, ox + b.shapeX, oy + b.shapeY, b.shapeW, b.shapeH, pts[at]!, pts[at + 1]!);
      if (hit) {
        if (first) pts.unshift(hit[0], hit[1]);
        else pts.push(hit[0], hit[1]);
      }
    };
    endAt(e.v, true);
    endAt(e.w, false);
    return {
      v: e.v < core.length ? e.v : -1,
      w: e.w < core.length ? e.w : -1,
      metaedge: meta.metaedge,
      flags: st.flags,
      width: st.width,
      arrow: st.arrow,
      label: st.label,
      points: pts,
    };
  });

  return {
    ref,
    width,
    height,
    label: ctx.measurer.truncate(label, labelPx, Math.max(0, width - 2 * (pad || p.metaPadding))),
    labelX: width / 2,
    labelY: pad + labelH / 2,
    labelPx,
    ports,
    children,
    edges: placed,
    sections: lg.sections.map((s) => ({ x: coreX + s.x, y: coreY + s.y, width: s.width, height: s.height, parent: s.parent })),
    maxElkNodes: lg.maxElkNodes,
    maxElkMs: lg.maxElkMs,
    elkCalls: lg.elkCalls,
  };
}

function clamp(x: number, lo: number, hi: number): number {
  return x < lo ? lo : x > hi ? hi : x;
}
