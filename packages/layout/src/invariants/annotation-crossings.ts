/**
 * Edges that cross annotations (glyph or label): each edge against the annotations of its own
 * endpoints (an invariant), or against those of every collapsed node in its group (a quality
 * measure, with a uniform grid so that it stays fast on big views).
 */
import { AnnotationSide, AnnotationType, NodeKind, type Geometry } from '../geometry/types.js';
import { DEFAULT_LAYOUT_PARAMS } from '../params.js';
import type { TextMeasurer } from '../text/measurer.js';
import { roboto } from '../text/roboto.js';
import type { InvariantOptions } from './report.js';
import { rectOf, sampledCurve, segmentCrossesRect, type Rect } from './shapes.js';

export interface AnnotationCrossing {
  edge: number;
  annotation: number;
  part: 'glyph' | 'label';
}

export interface CrossingOptions extends Partial<InvariantOptions> {
  /**
   * Which annotations each edge is checked against: those of its own endpoints, or those of
   * every collapsed node drawn in the same group (its owner, sections included).
   */
  scope: 'endpoints' | 'group';
  /** Check the drawn B-spline (toSVG's basis curve, sampled) instead of the polyline. */
  curve?: boolean;
}

type AnnotationRects = Array<{ part: 'glyph' | 'label'; rect: Rect }>;

/** The rectangles of an annotation: its glyph (none for an ellipsis) and its label. */
function annotationRects(g: Geometry, k: number, measurer: TextMeasurer = roboto, px = DEFAULT_LAYOUT_PARAMS.annotationLabelPx): AnnotationRects {
  const an = g.annotations;
  const out: AnnotationRects = [];
  const glyph = rectOf(an.box, k);
  if (an.type[k] !== AnnotationType.ellipsis && glyph[2] > 0 && glyph[3] > 0) out.push({ part: 'glyph', rect: glyph });
  const label = an.label[k]!;
  if (label) {
    const w = measurer.width(label, px);
    const h = measurer.lineHeight(px);
    const x = an.labelXY[2 * k]!;
    const y = an.labelXY[2 * k + 1]!;
    // In-annotation labels end at their anchor, out-annotation labels start there; y is the centre line.
    out.push({ part: 'label', rect: [an.side[k] === AnnotationSide.in ? x - w : x, y - h / 2, w, h] });
  }
  return out;
}

/** What the crossing checks of one geometry share. */
interface Crossings {
  g: Geometry;
  tol: number;
  curve: boolean;
  /** The rectangles of each annotation. */
  rects: AnnotationRects[];
  out: AnnotationCrossing[];
}

/**
 * Edges that cross annotations (glyph or label, shrunk by the tolerance so that touching is
 * fine): each edge against the annotations of its endpoints, or of every node in its group.
 */
export function annotationCrossings(g: Geometry, options: CrossingOptions): AnnotationCrossing[] {
  const measurer = options.measurer ?? roboto;
  const px = options.annotationLabelPx ?? DEFAULT_LAYOUT_PARAMS.annotationLabelPx;
  const out: AnnotationCrossing[] = [];
  if (!g.annotations.count || !g.edges.count) return out;
  const rects = Array.from({ length: g.annotations.count }, (_, k) => annotationRects(g, k, measurer, px));
  const c: Crossings = { g, tol: options.tolerance ?? 0.5, curve: options.curve ?? false, rects, out };
  if (options.scope === 'endpoints') endpointCrossings(c);
  else groupCrossings(c);
  return out;
}

/** Edge k as drawn: its polyline, or the sampled curve through it. */
function polyline(c: Crossings, k: number): ArrayLike<number> {
  const e = c.g.edges;
  const pts = e.points.subarray(2 * e.pointStart[k]!, 2 * e.pointStart[k + 1]!);
  return c.curve ? sampledCurve(pts) : pts;
}

/** Records the first part of annotation a that the polyline crosses, if any. */
function check(c: Crossings, k: number, pts: ArrayLike<number>, a: number): void {
  for (const { part, rect } of c.rects[a]!) {
    for (let i = 0; i + 3 < pts.length; i += 2) {
      if (segmentCrossesRect(pts[i]!, pts[i + 1]!, pts[i + 2]!, pts[i + 3]!, rect, c.tol)) {
        c.out.push({ edge: k, annotation: a, part });
        return;
      }
    }
  }
}

/** Each edge against the annotations of its endpoints. */
function endpointCrossings(c: Crossings): void {
  const e = c.g.edges;
  const an = c.g.annotations;
  const byHost = new Map<number, number[]>();
  for (let k = 0; k < an.count; k++) {
    const list = byHost.get(an.host[k]!);
    if (list) list.push(k);
    else byHost.set(an.host[k]!, [k]);
  }
  for (let k = 0; k < e.count; k++) {
    const v = e.v[k]!;
    const w = e.w[k]!;
    const anns = [...(v >= 0 ? (byHost.get(v) ?? []) : []), ...(w >= 0 && w !== v ? (byHost.get(w) ?? []) : [])];
    if (!anns.length) continue;
    const pts = polyline(c, k);
    for (const a of anns) check(c, k, pts, a);
  }
}

/** Cells of the grid of annotation rectangles, in px. */
const CELL = 64;

/** Every annotation of the edge's group: a uniform grid of annotation rectangles per group, and each segment walked through the grid. */
function groupCrossings(c: Crossings): void {
  const e = c.g.edges;
  const grid = annotationGrid(c);
  for (let k = 0; k < e.count; k++) {
    const owner = e.owner[k]!;
    const pts = polyline(c, k);
    const seen = new Set<number>();
    for (let i = 0; i + 3 < pts.length; i += 2) {
      const [x1, y1, x2, y2] = [pts[i]!, pts[i + 1]!, pts[i + 2]!, pts[i + 3]!];
      const len = Math.hypot(x2 - x1, y2 - y1);
      const steps = Math.max(1, Math.ceil(len / (CELL / 2)));
      for (let s = 0; s <= steps; s++) {
        const cx = Math.floor((x1 + ((x2 - x1) * s) / steps) / CELL);
        const cy = Math.floor((y1 + ((y2 - y1) * s) / steps) / CELL);
        for (let dx = -1; dx <= 1; dx++) for (let dy = -1; dy <= 1; dy++) for (const a of grid.get(`${owner}:${cx + dx}:${cy + dy}`) ?? []) seen.add(a);
      }
    }
    for (const a of seen) check(c, k, pts, a);
  }
}

/** The annotations in each grid cell of each group, by `${group}:${cx}:${cy}`. */
function annotationGrid(c: Crossings): Map<string, number[]> {
  const n = c.g.nodes;
  const an = c.g.annotations;
  const groupOf = (i: number) => {
    let p = n.parent[i]!;
    while (p >= 0 && n.kind[p] === NodeKind.section) p = n.parent[p]!;
    return p;
  };
  const grid = new Map<string, number[]>();
  for (let k = 0; k < an.count; k++) {
    const gi = groupOf(an.host[k]!);
    for (const { rect } of c.rects[k]!) {
      for (let cx = Math.floor(rect[0] / CELL); cx <= Math.floor((rect[0] + rect[2]) / CELL); cx++) {
        for (let cy = Math.floor(rect[1] / CELL); cy <= Math.floor((rect[1] + rect[3]) / CELL); cy++) {
          const key = `${gi}:${cx}:${cy}`;
          const list = grid.get(key);
          if (!list) grid.set(key, [k]);
          else if (list[list.length - 1] !== k) list.push(k);
        }
      }
    }
  }
  return grid;
}
