/**
 * The arrow end of a group's edge. Renderers draw the arrowhead along the route's last segment
 * with its tip on the last point (arrowAtEnd, tensorboard-graph.md §9.5), so the route ends with
 * a straight run along the flow, at least as long as its arrowhead, whose last point is on the
 * target's outline: the shape of a collapsed child (entered within the middle of its side, or
 * on its axis between its annotation columns), the port on an expanded child's border, or the
 * port on the group's own border. ELK's points in the way of that run — its end on the child's
 * box or at the stub, a last bend a pixel or two before the box — are dropped: they turned the
 * arrowhead of a thick edge sideways, beside its node.
 */
import { clamp } from '../geometry/clamp.js';
import { ShapeKind } from '../geometry/types.js';
import type { CoreGraph } from './core-graph.js';
import type { BorderPort, NodeBox, PlacedChild } from './types.js';

/** What extending the ends of a group's edges needs (one per group). */
export interface EndContext {
  cg: CoreGraph;
  children: PlacedChild[];
  ports: Map<string, BorderPort>;
  up: boolean;
  width: number;
  height: number;
  rankSep: number;
  /** Room inside the border in front of its out side (group-frame.ts). */
  outRoom: number;
}

/** Where a route's arrowhead goes. */
interface ArrowTarget {
  /** The tip, on the target's outline. */
  x: number;
  y: number;
  /** The direction the run goes in: along the flow, or against it into a reversed edge's target. */
  dx: number;
  dy: number;
  /** How far before the tip the target's box begins (the node's own margin around its shape). */
  margin: number;
  /** How far before the tip the route crosses the box's border at its port (0: no port on the box). */
  port: number;
  /** How far before the tip the straight run may start without reaching other nodes. */
  room: number;
  /** Where the route reaches the target's layer, in place of ELK's end (the stub's place), if anywhere. */
  via: [number, number] | null;
}

/**
 * Ends route `pts` (its last point is ELK's end at core graph node `node`) with a straight run
 * into the target, `arrow` px or longer: up to 1.5 arrowheads (more through a wide margin, so
 * that the drawn curve is straight where it enters the box) where there is room.
 */
export function arrowEnd(c: EndContext, pts: number[], node: number, arrow: number): void {
  if (pts.length < 4) return;
  const t = arrowTarget(c, pts, node);
  const want = Math.max(1.5 * arrow, 2 * t.margin + c.rankSep / 4);
  straightRun(pts, t, Math.max(arrow, Math.min(want, t.room)), arrow);
}

function arrowTarget(c: EndContext, pts: number[], node: number): ArrowTarget {
  const ex = pts[pts.length - 2]!;
  const ey = pts[pts.length - 1]!;
  const [fx, fy] = c.up ? [0, -1] : [1, 0];
  // In front of a child: its layer's gap, less what a bend before the run needs.
  const gap = c.rankSep * 0.7;
  if (node >= c.cg.core.length) {
    // The stub sits in ELK's last layer, beside that layer's nodes or in a layer of its own:
    // the route goes on from the stub's place straight out to the border point.
    const bp = c.ports.get(c.cg.stubKeys[node - c.cg.core.length]!)!;
    const via: [number, number] = c.up ? [bp.x, clamp(ey, 0, c.height)] : [clamp(ex, 0, c.width), bp.y];
    return { x: bp.x, y: bp.y, dx: fx, dy: fy, margin: 0, port: 0, room: c.outRoom, via };
  }
  const child = c.cg.core[node]!;
  if (child.layout) return { x: ex, y: ey, dx: fx, dy: fy, margin: 0, port: 0, room: gap, via: null };
  const b = child.box!;
  const ox = c.children[node]!.x;
  const oy = c.children[node]!.y;
  const [sx, sy, sw, sh] = [ox + b.shapeX, oy + b.shapeY, b.shapeW, b.shapeH];
  const axis = c.cg.graph.nodes[node]!.ports.length > 0;
  if (c.up) {
    // Into the bottom of the shape from below; a reversed edge (of a cycle) into its top.
    const back = !axis && ey < sy + sh / 2;
    const cx = sx + sw / 2;
    const reach = lateralReach(b, sw);
    const x = axis ? cx : clamp(ex, cx - reach, cx + reach);
    const y = back ? sy + sag(b.shapeKind, sw, sh, x - cx) : sy + sh - sag(b.shapeKind, sw, sh, x - cx);
    const margin = back ? y - oy : oy + b.height - y;
    return { x, y, dx: 0, dy: back ? 1 : -1, margin, port: axis ? margin : 0, room: margin + gap, via: null };
  }
  // Into the left side of the shape from the left; a reversed edge into its right side.
  const back = !axis && ex > sx + sw / 2;
  const cy = sy + sh / 2;
  const reach = lateralReach(b, sh);
  const y = axis ? cy : clamp(ey, cy - reach, cy + reach);
  const x = back ? sx + sw - sag(b.shapeKind, sh, sw, y - cy) : sx + sag(b.shapeKind, sh, sw, y - cy);
  const margin = back ? ox + b.width - x : x - ox;
  return { x, y, dx: back ? -1 : 1, dy: 0, margin, port: axis ? margin : 0, room: margin + gap, via: null };
}

/**
 * How far from the centre of a shape's side (`side` long) an edge may enter it: the middle
 * part, where an ellipse's outline faces the edge, off a rectangle's rounded corners, within a
 * series stamp's small ellipses.
 */
function lateralReach(b: NodeBox, side: number): number {
  switch (b.shapeKind) {
    case ShapeKind.ellipse:
      return 0.3 * side;
    case ShapeKind.rect:
      return Math.max(0, side / 2 - b.radius - 1);
    case ShapeKind.seriesVertical:
    case ShapeKind.seriesHorizontal:
      return 0.125 * side;
    default:
      return 0.25 * side;
  }
}

/** How far an ellipse's outline (across × along) recedes from its extreme at `u` from its axis; 0 for other shapes. */
function sag(kind: ShapeKind, across: number, along: number, u: number): number {
  if (kind !== ShapeKind.ellipse || across <= 0) return 0;
  const k = Math.min(1, Math.abs(u) / (across / 2));
  return (along / 2) * (1 - Math.sqrt(1 - k * k));
}

/**
 * Replaces the end of `pts` with a straight run of `run` px (at least `least`, where the route
 * leaves room) along the target's direction into the tip. ELK's end gives way to the target's
 * `via` point; then the route's points in front of the tip and closer than the run are dropped
 * (its first point stays); then come the run's start and
 * middle (so that the drawn B-spline is straight along it), the port on the box's border, and
 * the tip. A route that comes round from beside or behind the target (into a port on its far
 * side) first goes on past the target to the level of the run's start.
 */
function straightRun(pts: number[], t: ArrowTarget, run: number, least: number): void {
  const { dx, dy } = t;
  const along = (i: number) => (t.x - pts[i]!) * dx + (t.y - pts[i + 1]!) * dy;
  pts.length -= 2;
  if (t.via) pts.push(...t.via);
  while (pts.length > 2 && along(pts.length - 2) < run - 1e-6 && along(pts.length - 2) > -1e-6) pts.length -= 2;
  const q = pts.length - 2;
  const room = along(q);
  const inLine = Math.abs((t.x - pts[q]!) * dy - (t.y - pts[q + 1]!) * dx) < 1e-6;
  let r = run;
  if (room < run + JOG && !inLine) {
    // A step across to the run's start, or (shorter) a run from just before that point.
    if (room > JOG) r = Math.max(Math.min(run, room - JOG), Math.min(least, room - 1e-3));
    // Behind the tip (or level with it): on, past the target, to the level of the run's start.
    else pts.push(pts[q]! - (run - room) * dx, pts[q + 1]! - (run - room) * dy);
  }
  // Along the run: its start, its middle, and the port on the box's border (in that order).
  for (const l of [r, r / 2, t.port].sort((a, b) => b - a)) {
    const n = pts.length;
    const [x, y] = [t.x - l * dx, t.y - l * dy];
    if (l > 0 && l <= along(n - 2) + 1e-6 && Math.hypot(pts[n - 2]! - x, pts[n - 1]! - y) > 1e-6) pts.push(x, y);
  }
  pts.push(t.x, t.y);
}

/** The least step along the flow from the route's last point before the run to the run's start. */
const JOG = 0.5;
