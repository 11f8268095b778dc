/**
 * Edges as triangles in plain vertex buffers: each route is TensorBoard's basis curve, cut into
 * straight pieces (as many as its bends need), each piece a quad that the vertex shader widens to at least one screen pixel;
 * dashed control edges are cut in the fragment shader by the distance along the route; the
 * arrowhead is a triangle whose tip lands on the route's end (at its start for reference edges,
 * which TensorBoard draws pointing back). Colours are theme roles resolved in the shader.
 */
import { arrowAtEnd, basisSegments, EdgeFlag, type Geometry } from '@tbg/layout';
import type { EdgeLevel, LodThresholds } from './lod.js';
import { simplifyPolyline } from './simplify-polyline.js';

export interface EdgeStrokes {
  /** Vertices written. */
  vertices: number;
  /** Per vertex: the point on the route (x, y). */
  centre: Float32Array;
  /** Per vertex: unit normal × side (±1), zero for arrowhead corners. */
  normal: Float32Array;
  /** Per vertex: half the stroke width (world px; its sign: the side of the centre line), distance along the route, StrokeKind, EdgeRole. */
  stroke: Float32Array;
  /** Per vertex: state slot (node count + edge, or the host node of an annotation), hide-below scale. */
  meta: Float32Array;
  index: Uint32Array;
}

/** What a vertex belongs to: a solid or dashed line, or the arrowhead of one (hidden when zoomed out). */
export const StrokeKind = { solid: 0, dashed: 1, arrow: 2, dashedArrow: 3 } as const;
export type StrokeKind = (typeof StrokeKind)[keyof typeof StrokeKind];

/** Which theme colour an edge takes. */
export const EdgeRole = { data: 0, reference: 1, annotation: 2 } as const;
export type EdgeRole = (typeof EdgeRole)[keyof typeof EdgeRole];

/** The style of the strokes a writer is writing. */
export interface StrokeStyle {
  half: number;
  dashed: boolean;
  role: EdgeRole;
  id: number;
  hide: number;
}

/** At most this many straight pieces per cubic span of the basis curve. */
export const PIECES_PER_SPAN = 8;
/** How far (world px) a piece may stray from the curve: straighter spans get fewer pieces. */
export const FLATNESS = 0.1;

/** The route of edge e as a flat point list. */
function route(g: Geometry, e: number): Float32Array {
  return g.edges.points.subarray(2 * g.edges.pointStart[e]!, 2 * g.edges.pointStart[e + 1]!);
}

/** Distance from (px, py) to the line through (ax, ay) and (bx, by). */
function offLine(px: number, py: number, ax: number, ay: number, bx: number, by: number): number {
  const len = Math.hypot(bx - ax, by - ay);
  return len < 1e-9 ? Math.hypot(px - ax, py - ay) : Math.abs((bx - ax) * (ay - py) - (ax - px) * (by - ay)) / len;
}

/**
 * A polyline following the basis curve through `pts`: each cubic span cut into up to `pieces`
 * pieces, as many as its bend needs (a straight span is one piece; the error of n pieces is
 * about the control points' offset / n²).
 */
export function flattenBasis(pts: ArrayLike<number>, pieces = PIECES_PER_SPAN): number[] {
  const segs = basisSegments(pts);
  if (!segs.length) return [];
  const first = segs[0]!;
  if (segs.length === 1 && first.length === 4) return [...first];
  const out = [first[0]!, first[1]!];
  let x0 = first[0]!;
  let y0 = first[1]!;
  for (let s = 1; s < segs.length; s++) {
    const [x1, y1, x2, y2, x3, y3] = segs[s] as [number, number, number, number, number, number];
    const bend = Math.max(offLine(x1, y1, x0, y0, x3, y3), offLine(x2, y2, x0, y0, x3, y3));
    const n = Math.min(pieces, Math.max(1, Math.ceil(Math.sqrt(bend / FLATNESS))));
    for (let k = 1; k <= n; k++) {
      const t = k / n;
      const u = 1 - t;
      out.push(u * u * u * x0 + 3 * u * u * t * x1 + 3 * u * t * t * x2 + t * t * t * x3, u * u * u * y0 + 3 * u * u * t * y1 + 3 * u * t * t * y2 + t * t * t * y3);
    }
    x0 = x3;
    y0 = y3;
  }
  return out;
}

/** A mitre longer than this many half widths is cut to it (a near reversal would spike far out). */
export const MITRE_LIMIT = 3;

/**
 * Per point of a polyline (x, y pairs): the offset, in half widths, of its stroke's left edge —
 * the piece's unit normal at the ends, and at a bend the mitre of the normals of the pieces before
 * and after it, so that both pieces' quads share that corner. Pieces of zero length are passed
 * over: the points they join take the mitre of the real pieces around them.
 */
export function mitreNormals(pts: ArrayLike<number>): Float32Array {
  const n = pts.length >> 1;
  const out = new Float32Array(2 * n);
  // The unit normal of each piece k → k + 1, NaN for a piece of zero length.
  const nx = new Float64Array(Math.max(0, n - 1));
  const ny = new Float64Array(Math.max(0, n - 1));
  for (let k = 0; k + 1 < n; k++) {
    const dx = pts[2 * k + 2]! - pts[2 * k]!;
    const dy = pts[2 * k + 3]! - pts[2 * k + 1]!;
    const len = Math.hypot(dx, dy);
    [nx[k], ny[k]] = len < 1e-6 ? [NaN, NaN] : [-dy / len, dx / len];
  }
  // Per point, the nearest real piece before it and after it.
  const before = new Int32Array(n).fill(-1);
  const after = new Int32Array(n).fill(-1);
  for (let p = 1; p < n; p++) before[p] = Number.isNaN(nx[p - 1]!) ? before[p - 1]! : p - 1;
  for (let p = n - 2; p >= 0; p--) after[p] = Number.isNaN(nx[p]!) ? after[p + 1]! : p;
  for (let p = 0; p < n; p++) {
    const [a, b] = [before[p]!, after[p]!];
    if (a < 0 && b < 0) continue;
    if (a < 0 || b < 0) {
      const k = a < 0 ? b : a;
      [out[2 * p], out[2 * p + 1]] = [nx[k]!, ny[k]!];
      continue;
    }
    const [mx, my] = [nx[a]! + nx[b]!, ny[a]! + ny[b]!];
    const m = Math.hypot(mx, my);
    // cos of half the turn is m / 2: the mitre is 1 / cos long, up to MITRE_LIMIT. A reversal has no mitre.
    const scale = m < 1e-6 ? 0 : Math.min(MITRE_LIMIT, 2 / m) / m;
    [out[2 * p], out[2 * p + 1]] = scale ? [mx * scale, my * scale] : [nx[b]!, ny[b]!];
  }
  return out;
}

/** Writes pieces and arrowheads into preallocated stroke buffers, in the current style. */
export class StrokeWriter {
  private v = 0;
  private i = 0;
  style: StrokeStyle = { half: 0.5, dashed: false, role: EdgeRole.data, id: 0, hide: 0 };
  constructor(readonly out: EdgeStrokes) {}

  /** `side` (±1): which side of the centre line the vertex is on (its sign goes on the half width, for the shader's anti-aliasing). */
  private vertex(x: number, y: number, nx: number, ny: number, dist: number, arrow: boolean, side = 1): void {
    const o = this.out;
    const s = this.style;
    const v = this.v++;
    o.centre[2 * v] = x;
    o.centre[2 * v + 1] = y;
    o.normal[2 * v] = nx;
    o.normal[2 * v + 1] = ny;
    o.stroke[4 * v] = arrow ? 0 : side * s.half;
    o.stroke[4 * v + 1] = dist;
    o.stroke[4 * v + 2] = (s.dashed ? StrokeKind.dashed : StrokeKind.solid) + (arrow ? StrokeKind.arrow : 0);
    o.stroke[4 * v + 3] = s.role;
    o.meta[2 * v] = s.id;
    o.meta[2 * v + 1] = s.hide;
  }

  /**
   * One quad per piece of the polyline. Pieces meet on mitred joins (their corners shared), so a
   * wide edge bends without gaps on the outside of its bends nor spikes where pieces overlap.
   */
  line(pts: ArrayLike<number>): void {
    const joins = mitreNormals(pts);
    let dist = 0;
    for (let k = 0; k + 3 < pts.length; k += 2) {
      const [ax, ay, bx, by] = [pts[k]!, pts[k + 1]!, pts[k + 2]!, pts[k + 3]!];
      const len = Math.hypot(bx - ax, by - ay);
      if (len < 1e-6) continue;
      // Points joined by a zero-length piece share their mitre: corners still meet.
      const [nax, nay, nbx, nby] = [joins[k]!, joins[k + 1]!, joins[k + 2]!, joins[k + 3]!];
      const base = this.v;
      this.vertex(ax, ay, nax, nay, dist, false, 1);
      this.vertex(ax, ay, -nax, -nay, dist, false, -1);
      this.vertex(bx, by, -nbx, -nby, dist + len, false, -1);
      this.vertex(bx, by, nbx, nby, dist + len, false, 1);
      this.out.index.set([base, base + 1, base + 2, base, base + 2, base + 3], this.i);
      this.i += 6;
      dist += len;
    }
  }

  triangle(t: ArrayLike<number>): void {
    const base = this.v;
    for (let k = 0; k < 3; k++) this.vertex(t[2 * k]!, t[2 * k + 1]!, 0, 0, 0, true);
    this.out.index.set([base, base + 1, base + 2], this.i);
    this.i += 3;
  }

  finish(): EdgeStrokes {
    const o = this.out;
    const v = this.v;
    return { vertices: v, centre: o.centre.subarray(0, 2 * v), normal: o.normal.subarray(0, 2 * v), stroke: o.stroke.subarray(0, 4 * v), meta: o.meta.subarray(0, 2 * v), index: o.index.subarray(0, this.i) };
  }
}

/** Room for `pieces` straight pieces and `triangles` arrowheads. */
export function allocateStrokes(pieces: number, triangles: number): EdgeStrokes {
  const vertices = 4 * pieces + 3 * triangles;
  return {
    vertices,
    centre: new Float32Array(2 * vertices),
    normal: new Float32Array(2 * vertices),
    stroke: new Float32Array(4 * vertices),
    meta: new Float32Array(2 * vertices),
    index: new Uint32Array(6 * pieces + 3 * triangles),
  };
}

/** Strokes and arrowheads of the edges listed in `edges` (e.g. one tile's, at one depth). */
export function buildEdgeStrokes(g: Geometry, edges: ArrayLike<number>, lod: LodThresholds | null = null): EdgeStrokes {
  const { lines, arrows } = flattenRoutes(g, edges);
  return writeStrokes(g, edges, lines, arrows, lod);
}

/**
 * The edges listed in `edges` at every level of detail: the fine strokes with arrowheads, then
 * one coarser copy per entry of `levels` (its routes simplified to within its tolerance, with no
 * arrowheads: those levels are drawn only where nodes are plain boxes). Routes are flattened once.
 */
export function buildEdgeStrokeLevels(g: Geometry, edges: ArrayLike<number>, lod: LodThresholds | null, levels: ReadonlyArray<EdgeLevel>): EdgeStrokes[] {
  const { lines, arrows } = flattenRoutes(g, edges);
  const out = [writeStrokes(g, edges, lines, arrows, lod)];
  // Each level simplifies the one before (fewer points to visit): the errors add up to its tolerance.
  let [coarser, within] = [lines, 0];
  for (const level of levels) {
    coarser = coarser.map((l) => simplifyPolyline(l, level.tolerance - within));
    within = level.tolerance;
    out.push(writeStrokes(g, edges, coarser, null, lod));
  }
  return out;
}

/** The edges listed in `edges` as one coarser copy: routes simplified to within `tolerance`, no arrowheads (a Canvas 2D picture at one zoom). */
export function buildCoarseEdgeStrokes(g: Geometry, edges: ArrayLike<number>, lod: LodThresholds | null, tolerance: number): EdgeStrokes {
  const { lines } = flattenRoutes(g, edges);
  return writeStrokes(g, edges, lines.map((l) => simplifyPolyline(l, tolerance)), null, lod);
}

/** Each edge's route as drawn (reversed for reference edges), flattened and trimmed for its arrowhead, and the arrowhead. */
function flattenRoutes(g: Geometry, edges: ArrayLike<number>): { lines: number[][]; arrows: number[][] } {
  const lines: number[][] = [];
  const arrows: number[][] = [];
  for (let k = 0; k < edges.length; k++) {
    const e = edges[k]!;
    let pts = Array.from(route(g, e));
    if (g.edges.flags[e]! & EdgeFlag.hasRef) pts = reversePoints(pts);
    const { triangle, trimmed } = arrowAtEnd(pts, g.edges.arrow[e]!);
    lines.push(flattenBasis(trimmed));
    arrows.push(triangle);
  }
  return { lines, arrows };
}

/** Writes the pieces of `lines` (one per edge of `edges`) and, unless null, the arrowheads. */
function writeStrokes(g: Geometry, edges: ArrayLike<number>, lines: number[][], arrows: number[][] | null, lod: LodThresholds | null): EdgeStrokes {
  const pieces = lines.reduce((n, l) => n + Math.max(0, l.length / 2 - 1), 0);
  const w = new StrokeWriter(allocateStrokes(pieces, arrows ? arrows.filter((t) => t.length).length : 0));
  lines.forEach((l, k) => {
    const e = edges[k]!;
    const flags = g.edges.flags[e]!;
    w.style = { half: g.edges.width[e]! / 2, dashed: (flags & EdgeFlag.controlOnly) !== 0, role: flags & EdgeFlag.hasRef ? EdgeRole.reference : EdgeRole.data, id: g.nodes.count + e, hide: lod ? lod.edgeHide[e]! : 0 };
    w.line(l);
    const arrow = arrows?.[k];
    if (arrow?.length) w.triangle(arrow);
  });
  return w.finish();
}

function reversePoints(pts: number[]): number[] {
  const out: number[] = [];
  for (let k = pts.length - 2; k >= 0; k -= 2) out.push(pts[k]!, pts[k + 1]!);
  return out;
}

/** Bounding boxes (x, y, w, h) of every edge's route, for tiling. */
export function edgeBoxes(g: Geometry): Float32Array {
  const n = g.edges.count;
  const boxes = new Float32Array(4 * n);
  for (let e = 0; e < n; e++) {
    const pts = route(g, e);
    let [x0, y0, x1, y1] = [Infinity, Infinity, -Infinity, -Infinity];
    for (let k = 0; k < pts.length; k += 2) {
      x0 = Math.min(x0, pts[k]!);
      x1 = Math.max(x1, pts[k]!);
      y0 = Math.min(y0, pts[k + 1]!);
      y1 = Math.max(y1, pts[k + 1]!);
    }
    if (!Number.isFinite(x0)) [x0, y0, x1, y1] = [0, 0, 0, 0];
    boxes.set([x0, y0, x1 - x0, y1 - y0], 4 * e);
  }
  return boxes;
}
