/**
 * Step 5 of a group's layout: its edges — ELK's routes moved into the group's frame, ends on
 * collapsed children extended from ELK's end on the box (or port) to the shape, ends on stubs
 * extended to the group's border — with the style of what each edge draws.
 */
import type { LgLayout } from '../compound/layout-graph.js';
import { clamp } from '../geometry/clamp.js';
import type { GroupLayoutContext } from './child-info.js';
import { clipToShape } from './clip.js';
import type { CoreGraph } from './core-graph.js';
import { bridgeStyle, metaedgeStyle } from './edge-style.js';
import type { GroupFrame } from './group-frame.js';
import type { BorderPort, PlacedChild, PlacedEdge } from './types.js';

/** What extending the ends of a group's edges needs (one per group). */
interface EndContext {
  cg: CoreGraph;
  children: PlacedChild[];
  ports: Map<string, BorderPort>;
  up: boolean;
  width: number;
  height: number;
  rankSep: number;
}

export function placeEdges(cg: CoreGraph, lg: LgLayout, frame: GroupFrame, children: PlacedChild[], ports: Map<string, BorderPort>, ctx: GroupLayoutContext): PlacedEdge[] {
  const h = ctx.hierarchy;
  const { coreX, coreY } = frame;
  const core = cg.core;
  const ends: EndContext = { cg, children, ports, up: ctx.params.direction === 'UP', width: frame.width, height: frame.height, rankSep: ctx.params.rankSep };
  return cg.graph.edges.map((e, k) => {
    const pts: number[] = [];
    for (let q = lg.pointStart[k]!; q < lg.pointStart[k + 1]!; q++) pts.push(coreX + lg.points[2 * q]!, coreY + lg.points[2 * q + 1]!);
    const drawn = cg.drawn[k]!;
    const st = drawn.bridges ? bridgeStyle(h, drawn.bridges) : metaedgeStyle(h, drawn.metaedge);
    extendEnd(ends, pts, e.v, true);
    extendEnd(ends, pts, e.w, false);
    return {
      v: e.v < core.length ? e.v : -1,
      w: e.w < core.length ? e.w : -1,
      metaedge: drawn.metaedge,
      flags: st.flags,
      width: st.width,
      arrow: st.arrow,
      label: st.label,
      points: pts,
    };
  });
}

/** Extends the first (or last) end of route `pts` at core graph node `node`. */
function extendEnd(c: EndContext, pts: number[], node: number, first: boolean): void {
  if (node >= c.cg.core.length) {
    toBorder(c, pts, node, first);
    return;
  }
  const child = c.cg.core[node]!;
  if (child.layout || pts.length < 4) return;
  if (c.cg.graph.nodes[node]!.ports.length) throughPort(c, pts, node, first);
  else toShape(c, pts, node, first);
}

/**
 * An end at a stub. The stub sits in ELK's first (in) or last (out) layer: the route runs from
 * the border point straight across the flow to the stub's place, then on as ELK routed it.
 * (Going from the border point straight to the route's next point would cut through the nodes
 * beside the stub in its layer.)
 */
function toBorder(c: EndContext, pts: number[], node: number, first: boolean): void {
  const at = first ? 0 : pts.length - 2;
  const bp = c.ports.get(c.cg.stubKeys[node - c.cg.core.length]!)!;
  const sx = c.up ? bp.x : clamp(pts[at]!, 0, c.width);
  const sy = c.up ? clamp(pts[at + 1]!, 0, c.height) : bp.y;
  const inner = Math.hypot(sx - bp.x, sy - bp.y) > 1e-6 ? [sx, sy] : [];
  if (first) pts.splice(0, 2, bp.x, bp.y, ...inner);
  else pts.splice(at, 2, ...inner, bp.x, bp.y);
}

/**
 * An end at a collapsed child with annotations. ELK ends the route at the port on the box's
 * border; from there it runs along the shape's axis to the shape. Two points just outside the
 * port, on the axis, make the drawn B-spline (d3.curveBasis) reach the axis before the port, so
 * that it enters the box along the axis instead of cutting the corner at the port through the
 * annotations.
 */
function throughPort(c: EndContext, pts: number[], node: number, first: boolean): void {
  const at = first ? 0 : pts.length - 2;
  const nb = first ? 2 : pts.length - 4;
  const b = c.cg.core[node]!.box!;
  const ox = c.children[node]!.x;
  const oy = c.children[node]!.y;
  const port = c.cg.graph.nodes[node]!.ports[first ? 1 : 0]!; // the out-port, the in-port
  const px = ox + port.x;
  const py = oy + port.y;
  const hit = clipToShape(b.shapeKind, ox + b.shapeX, oy + b.shapeY, b.shapeW, b.shapeH, px, py);
  // Outwards from the box at this port: up (UP) or right (RIGHT) at the out-port, the
  // opposite at the in-port; the lead points go at most 2/3 of the way to the next point.
  const ux = c.up ? 0 : first ? 1 : -1;
  const uy = c.up ? (first ? -1 : 1) : 0;
  const lead = Math.min(c.rankSep / 8, ((pts[nb]! - px) * ux + (pts[nb + 1]! - py) * uy) / 3);
  const ends = lead > 1e-6 ? [px + 2 * ux * lead, py + 2 * uy * lead, px + ux * lead, py + uy * lead, px, py] : [px, py];
  if (hit) ends.push(hit[0], hit[1]);
  if (first) {
    const rev: number[] = [];
    for (let i = ends.length - 2; i >= 0; i -= 2) rev.push(ends[i]!, ends[i + 1]!);
    pts.splice(0, 2, ...rev);
  } else pts.splice(at, 2, ...ends);
}

/**
 * An end at a collapsed child without annotations (and so without ports): ELK ends the route on
 * the box's border; from there it goes on towards the shape's centre, to its outline. (Straight
 * from the route's previous point to the shape, as TensorBoard does, could cut through a
 * neighbour in the node's layer.)
 */
function toShape(c: EndContext, pts: number[], node: number, first: boolean): void {
  const at = first ? 0 : pts.length - 2;
  const b = c.cg.core[node]!.box!;
  const ox = c.children[node]!.x;
  const oy = c.children[node]!.y;
  const hit = clipToShape(b.shapeKind, ox + b.shapeX, oy + b.shapeY, b.shapeW, b.shapeH, pts[at]!, pts[at + 1]!);
  if (hit) {
    if (first) pts.unshift(hit[0], hit[1]);
    else pts.push(hit[0], hit[1]);
  }
}
