/**
 * Step 5 of a group's layout: its edges — ELK's routes moved into the group's frame, with the
 * style of what each edge draws. The start on a collapsed child is extended from ELK's start on
 * the box (or port) to the shape, the start at a stub to the group's border; the end, where the
 * arrowhead goes, runs straight into its target (arrow-end.ts); anchors keep the drawn curve on
 * the route (curve-anchors.ts).
 */
import type { LgLayout } from '../compound/layout-graph.js';
import { clamp } from '../geometry/clamp.js';
import type { GroupLayoutContext } from './child-info.js';
import { clipToShape } from './clip.js';
import type { CoreGraph } from './core-graph.js';
import { arrowEnd, type EndContext } from './arrow-end.js';
import { anchorRoute } from './curve-anchors.js';
import type { EdgeStyle } from './edge-style.js';
import type { GroupFrame } from './group-frame.js';
import type { BorderPort, PlacedChild, PlacedEdge } from './types.js';

export function placeEdges(cg: CoreGraph, lg: LgLayout, frame: GroupFrame, children: PlacedChild[], ports: Map<string, BorderPort>, styles: readonly EdgeStyle[], ctx: GroupLayoutContext): PlacedEdge[] {
  const { coreX, coreY } = frame;
  const core = cg.core;
  const p = ctx.params;
  const ends: EndContext = { cg, children, ports, up: p.direction === 'UP', width: frame.width, height: frame.height, rankSep: p.rankSep, outRoom: frame.outRoom };
  return cg.graph.edges.map((e, k) => {
    const pts: number[] = [];
    for (let q = lg.pointStart[k]!; q < lg.pointStart[k + 1]!; q++) pts.push(coreX + lg.points[2 * q]!, coreY + lg.points[2 * q + 1]!);
    const st = styles[k]!;
    extendStart(ends, pts, e.v);
    arrowEnd(ends, pts, e.w, st.arrow);
    return {
      v: e.v < core.length ? e.v : -1,
      w: e.w < core.length ? e.w : -1,
      metaedge: cg.drawn[k]!.metaedge,
      flags: st.flags,
      width: st.width,
      arrow: st.arrow,
      label: st.label,
      points: anchorRoute(pts),
    };
  });
}

/** Extends the start of route `pts` at core graph node `node`. */
function extendStart(c: EndContext, pts: number[], node: number): void {
  if (node >= c.cg.core.length) {
    fromBorder(c, pts, node);
    return;
  }
  const child = c.cg.core[node]!;
  if (child.layout || pts.length < 4) return;
  if (c.cg.graph.nodes[node]!.ports.length) throughPort(c, pts, node);
  else fromShape(c, pts, node);
}

/**
 * A start at a stub. The stub sits in ELK's first layer: the route runs from the border point
 * straight across the flow to the stub's place, then on as ELK routed it. (Going from the border
 * point straight to the route's next point would cut through the nodes beside the stub in its
 * layer.)
 */
function fromBorder(c: EndContext, pts: number[], node: number): void {
  const bp = c.ports.get(c.cg.stubKeys[node - c.cg.core.length]!)!;
  const sx = c.up ? bp.x : clamp(pts[0]!, 0, c.width);
  const sy = c.up ? clamp(pts[1]!, 0, c.height) : bp.y;
  const inner = Math.hypot(sx - bp.x, sy - bp.y) > 1e-6 ? [sx, sy] : [];
  pts.splice(0, 2, bp.x, bp.y, ...inner);
}

/**
 * A start at a collapsed child with annotations. ELK starts the route at the out-port on the
 * box's border; before that it runs along the shape's axis from the shape. Two points just
 * outside the port, on the axis, make the drawn B-spline (d3.curveBasis) leave the axis only
 * after the port, so that it leaves the box along the axis instead of cutting the corner at the
 * port through the annotations.
 */
function throughPort(c: EndContext, pts: number[], node: number): void {
  const b = c.cg.core[node]!.box!;
  const ox = c.children[node]!.x;
  const oy = c.children[node]!.y;
  const port = c.cg.graph.nodes[node]!.ports[1]!; // the out-port
  const px = ox + port.x;
  const py = oy + port.y;
  const hit = clipToShape(b.shapeKind, ox + b.shapeX, oy + b.shapeY, b.shapeW, b.shapeH, px, py);
  // Outwards from the box at the out-port: up (UP) or right (RIGHT); the lead points go at most
  // 2/3 of the way to the next point.
  const ux = c.up ? 0 : 1;
  const uy = c.up ? -1 : 0;
  const lead = Math.min(c.rankSep / 8, ((pts[2]! - px) * ux + (pts[3]! - py) * uy) / 3);
  const start = hit ? [hit[0], hit[1], px, py] : [px, py];
  if (lead > 1e-6) start.push(px + ux * lead, py + uy * lead, px + 2 * ux * lead, py + 2 * uy * lead);
  pts.splice(0, 2, ...start);
}

/**
 * A start at a collapsed child without annotations (and so without ports): ELK starts the route
 * on the box's border; before that it comes from the shape's outline, on the line towards the
 * shape's centre. (Straight from the shape to the route's next point, as TensorBoard does, could
 * cut through a neighbour in the node's layer.)
 */
function fromShape(c: EndContext, pts: number[], node: number): void {
  const b = c.cg.core[node]!.box!;
  const ox = c.children[node]!.x;
  const oy = c.children[node]!.y;
  const hit = clipToShape(b.shapeKind, ox + b.shapeX, oy + b.shapeY, b.shapeW, b.shapeH, pts[0]!, pts[1]!);
  if (hit) pts.unshift(hit[0], hit[1]);
}
