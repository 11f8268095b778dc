/**
 * Geometry invariants: what must hold for any graph, checked on real fixtures and generated
 * graphs in tests and reported by `tbg-layout`:
 * - sibling nodes do not overlap;
 * - every node lies inside its parent (expanded group or section);
 * - every edge starts and ends on its endpoints' outlines (shapes of collapsed nodes, borders
 *   of expanded ones, or its group's border for bridge edges), and stays inside its group;
 * - annotations do not overlap their node's shape;
 * - no edge crosses an annotation (glyph or label) of its own endpoints;
 * - every bridge edge continues outside its group: its end on the border is the end of an
 *   edge of the enclosing group at this group (so the drawn path is continuous).
 */
import { basisSegments } from '../geometry/curves.js';
import { ANN_ELLIPSIS, FLAG_EXPANDED, FLAG_ROOT, KIND_SECTION, SHAPE_ELLIPSE, type Geometry } from '../geometry/types.js';
import { DEFAULT_LAYOUT_PARAMS } from '../params.js';
import type { TextMeasurer } from '../text/measurer.js';
import { roboto } from '../text/roboto.js';

export interface Violation {
  rule: 'sibling-overlap' | 'outside-parent' | 'edge-endpoint' | 'edge-outside-group' | 'annotation-overlap' | 'edge-crosses-annotation' | 'bridge-continuity';
  message: string;
}

export interface InvariantReport {
  ok: boolean;
  violations: Violation[];
  /** Violations found beyond `maxViolations` are counted, not listed. */
  more: number;
}

export interface InvariantOptions {
  /** Slack in px for floating point (the geometry is Float32). */
  tolerance: number;
  maxViolations: number;
  /** Measures annotation labels (the layout's measurer; the geometry keeps their text, not their width). */
  measurer: TextMeasurer;
  /** Font size of annotation labels (toSVG draws them at 5 px). */
  annotationLabelPx: number;
}

type Rect = readonly [number, number, number, number];

function rectOf(a: Float32Array, i: number): Rect {
  return [a[4 * i]!, a[4 * i + 1]!, a[4 * i + 2]!, a[4 * i + 3]!];
}

function overlap(a: Rect, b: Rect, tol: number): boolean {
  return a[0] + a[2] - tol > b[0] && b[0] + b[2] - tol > a[0] && a[1] + a[3] - tol > b[1] && b[1] + b[3] - tol > a[1];
}

/** Distance from (x, y) to the outline of a rectangle. */
function rectOutlineDistance(r: Rect, x: number, y: number): number {
  const [rx, ry, w, h] = r;
  const dx = Math.max(rx - x, 0, x - (rx + w));
  const dy = Math.max(ry - y, 0, y - (ry + h));
  if (dx > 0 || dy > 0) return Math.hypot(dx, dy);
  return Math.min(x - rx, rx + w - x, y - ry, ry + h - y);
}

/** Distance from (x, y) to an ellipse's outline, measured along the ray from its centre. */
function ellipseOutlineDistance(r: Rect, x: number, y: number): number {
  const cx = r[0] + r[2] / 2;
  const cy = r[1] + r[3] / 2;
  const dx = x - cx;
  const dy = y - cy;
  const k = Math.sqrt((dx / (r[2] / 2)) ** 2 + (dy / (r[3] / 2)) ** 2);
  if (k === 0) return Math.min(r[2], r[3]) / 2;
  return Math.hypot(dx, dy) * Math.abs(1 - 1 / k);
}

export function checkInvariants(g: Geometry, options: Partial<InvariantOptions> = {}): InvariantReport {
  const tol = options.tolerance ?? 0.5;
  const max = options.maxViolations ?? 50;
  const violations: Violation[] = [];
  let more = 0;
  const report = (v: Violation) => {
    if (violations.length < max) violations.push(v);
    else more++;
  };
  const n = g.nodes;
  const name = (i: number) => (i < 0 ? 'border' : n.label[i] || `#${i}`);

  // Children of each parent, for the overlap sweep.
  const kids = new Map<number, number[]>();
  for (let i = 0; i < n.count; i++) {
    const p = n.parent[i]!;
    if (p < 0) continue;
    const list = kids.get(p);
    if (list) list.push(i);
    else kids.set(p, [i]);
    const b = rectOf(n.box, i);
    const pb = rectOf(n.box, p);
    if (b[0] < pb[0] - tol || b[1] < pb[1] - tol || b[0] + b[2] > pb[0] + pb[2] + tol || b[1] + b[3] > pb[1] + pb[3] + tol) {
      report({ rule: 'outside-parent', message: `${name(i)} [${b.map((v) => v.toFixed(1))}] is not inside ${name(p)} [${pb.map((v) => v.toFixed(1))}]` });
    }
  }
  for (const list of kids.values()) {
    // Sweep over x: only boxes whose x-ranges meet are compared.
    const sorted = list.slice().sort((a, b) => n.box[4 * a]! - n.box[4 * b]!);
    const active: number[] = [];
    for (const i of sorted) {
      const b = rectOf(n.box, i);
      for (let k = active.length - 1; k >= 0; k--) {
        const j = active[k]!;
        if (n.box[4 * j]! + n.box[4 * j + 2]! - tol <= b[0]) active.splice(k, 1);
        else if (overlap(b, rectOf(n.box, j), tol)) report({ rule: 'sibling-overlap', message: `${name(i)} overlaps ${name(j)}` });
      }
      active.push(i);
    }
  }

  const e = g.edges;
  const onOutline = (node: number, owner: number, x: number, y: number): number => {
    if (node < 0) return rectOutlineDistance(rectOf(n.box, owner), x, y);
    if (n.flags[node]! & FLAG_EXPANDED) return rectOutlineDistance(rectOf(n.box, node), x, y);
    const s = rectOf(n.shape, node);
    return n.shapeKind[node] === SHAPE_ELLIPSE ? ellipseOutlineDistance(s, x, y) : rectOutlineDistance(s, x, y);
  };
  for (let k = 0; k < e.count; k++) {
    const a = e.pointStart[k]!;
    const b = e.pointStart[k + 1]!;
    if (b - a < 2) {
      report({ rule: 'edge-endpoint', message: `edge ${k} (${name(e.v[k]!)} → ${name(e.w[k]!)}) has ${b - a} points` });
      continue;
    }
    const owner = e.owner[k]!;
    const ends: Array<[number, number]> = [
      [e.v[k]!, a],
      [e.w[k]!, b - 1],
    ];
    for (const [node, p] of ends) {
      const d = onOutline(node, owner, e.points[2 * p]!, e.points[2 * p + 1]!);
      if (d > 1) report({ rule: 'edge-endpoint', message: `edge ${k} (${name(e.v[k]!)} → ${name(e.w[k]!)}) ends ${d.toFixed(2)} px off ${name(node)}` });
    }
    if (!(n.flags[owner]! & FLAG_ROOT)) {
      const ob = rectOf(n.box, owner);
      for (let p = a; p < b; p++) {
        const x = e.points[2 * p]!;
        const y = e.points[2 * p + 1]!;
        if (x < ob[0] - 1 || y < ob[1] - 1 || x > ob[0] + ob[2] + 1 || y > ob[1] + ob[3] + 1) {
          report({ rule: 'edge-outside-group', message: `edge ${k} (${name(e.v[k]!)} → ${name(e.w[k]!)}) leaves ${name(owner)} at (${x.toFixed(1)}, ${y.toFixed(1)})` });
          break;
        }
      }
    }
  }

  const an = g.annotations;
  for (let k = 0; k < an.count; k++) {
    const host = an.host[k]!;
    if (overlap(rectOf(an.box, k), rectOf(n.shape, host), tol)) report({ rule: 'annotation-overlap', message: `annotation ${an.label[k]} overlaps ${name(host)}` });
  }
  // Bridge edges: the end on the owner's border meets an edge of the enclosing group that ends
  // at the owner, at the same point (the path goes on outside).
  const enclosing = (i: number) => {
    let p = n.parent[i]!;
    while (p >= 0 && n.kind[p] === KIND_SECTION) p = n.parent[p]!;
    return p;
  };
  const outerEnds = new Map<string, number[]>();
  for (let k = 0; k < e.count; k++) {
    const a = e.pointStart[k]!;
    const b = e.pointStart[k + 1]!;
    if (b - a < 2) continue;
    for (const [node, p, inbound] of [
      [e.w[k]!, b - 1, true],
      [e.v[k]!, a, false],
    ] as const) {
      if (node < 0 || !(n.flags[node]! & FLAG_EXPANDED)) continue;
      const key = `${node}${inbound ? '<' : '>'}`;
      const list = outerEnds.get(key);
      if (list) list.push(e.points[2 * p]!, e.points[2 * p + 1]!);
      else outerEnds.set(key, [e.points[2 * p]!, e.points[2 * p + 1]!]);
    }
  }
  for (let k = 0; k < e.count; k++) {
    const inbound = e.v[k]! < 0;
    if (!inbound && e.w[k]! >= 0) continue;
    const owner = e.owner[k]!;
    const a = e.pointStart[k]!;
    const b = e.pointStart[k + 1]!;
    if (b - a < 2 || n.flags[owner]! & FLAG_ROOT) continue;
    const p = inbound ? a : b - 1;
    const x = e.points[2 * p]!;
    const y = e.points[2 * p + 1]!;
    const ends = enclosing(owner) >= 0 ? (outerEnds.get(`${owner}${inbound ? '<' : '>'}`) ?? []) : [];
    let met = false;
    for (let i = 0; i < ends.length && !met; i += 2) met = Math.abs(ends[i]! - x) <= 0.01 && Math.abs(ends[i + 1]! - y) <= 0.01;
    if (!met) report({ rule: 'bridge-continuity', message: `bridge edge ${k} (${name(e.v[k]!)} → ${name(e.w[k]!)}) of ${name(owner)} ends at (${x.toFixed(1)}, ${y.toFixed(1)}) on its border, where no edge ${inbound ? 'arrives' : 'leaves'} outside` });
  }

  for (const c of annotationCrossings(g, { ...options, scope: 'endpoints', tolerance: tol })) {
    report({ rule: 'edge-crosses-annotation', message: `edge ${c.edge} (${name(e.v[c.edge]!)} → ${name(e.w[c.edge]!)}) crosses the ${c.part} of annotation ${an.label[c.annotation]} of ${name(an.host[c.annotation]!)}` });
  }
  return { ok: violations.length === 0 && more === 0, violations, more };
}

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

/** The rectangles of an annotation: its glyph (none for an ellipsis) and its label. */
export function annotationRects(g: Geometry, k: number, measurer: TextMeasurer = roboto, px = DEFAULT_LAYOUT_PARAMS.annotationLabelPx): Array<{ part: 'glyph' | 'label'; rect: Rect }> {
  const an = g.annotations;
  const out: Array<{ part: 'glyph' | 'label'; rect: Rect }> = [];
  const glyph = rectOf(an.box, k);
  if (an.type[k] !== ANN_ELLIPSIS && glyph[2] > 0 && glyph[3] > 0) out.push({ part: 'glyph', rect: glyph });
  const label = an.label[k]!;
  if (label) {
    const w = measurer.width(label, px);
    const h = measurer.lineHeight(px);
    const x = an.labelXY[2 * k]!;
    const y = an.labelXY[2 * k + 1]!;
    // In-annotation labels end at their anchor, out-annotation labels start there; y is the centre line.
    out.push({ part: 'label', rect: [an.side[k] === 0 ? x - w : x, y - h / 2, w, h] });
  }
  return out;
}

/** True when the segment meets the inside of the rectangle shrunk by `tol` on every side (Liang–Barsky). */
export function segmentCrossesRect(x1: number, y1: number, x2: number, y2: number, r: Rect, tol: number): boolean {
  const rx0 = r[0] + tol;
  const ry0 = r[1] + tol;
  const rx1 = r[0] + r[2] - tol;
  const ry1 = r[1] + r[3] - tol;
  if (rx0 >= rx1 || ry0 >= ry1) return false;
  let t0 = 0;
  let t1 = 1;
  const dx = x2 - x1;
  const dy = y2 - y1;
  const clip = (p: number, q: number): boolean => {
    if (p === 0) return q > 0;
    const t = q / p;
    if (p < 0) {
      if (t >= t1) return false;
      if (t > t0) t0 = t;
    } else {
      if (t <= t0) return false;
      if (t < t1) t1 = t;
    }
    return true;
  };
  return clip(-dx, x1 - rx0) && clip(dx, rx1 - x1) && clip(-dy, y1 - ry0) && clip(dy, ry1 - y1) && t0 < t1;
}

/** The basis curve toSVG draws through a polyline, as a polyline of `steps` pieces per cubic span. */
export function sampledCurve(pts: ArrayLike<number>, steps = 8): number[] {
  const segs = basisSegments(pts);
  if (!segs.length) return [];
  if (segs.length === 1) return segs[0]!.slice();
  const out = [segs[0]![0]!, segs[0]![1]!];
  let x0 = out[0]!;
  let y0 = out[1]!;
  for (let i = 1; i < segs.length; i++) {
    const [ax, ay, bx, by, cx, cy] = segs[i]!;
    for (let s = 1; s <= steps; s++) {
      const t = s / steps;
      const u = 1 - t;
      out.push(u * u * u * x0 + 3 * u * u * t * ax! + 3 * u * t * t * bx! + t * t * t * cx!, u * u * u * y0 + 3 * u * u * t * ay! + 3 * u * t * t * by! + t * t * t * cy!);
    }
    x0 = cx!;
    y0 = cy!;
  }
  return out;
}

/**
 * Edges that cross annotations (glyph or label, shrunk by the tolerance so that touching is
 * fine): each edge against the annotations of its endpoints, or of every node in its group.
 */
export function annotationCrossings(g: Geometry, options: CrossingOptions): AnnotationCrossing[] {
  const tol = options.tolerance ?? 0.5;
  const measurer = options.measurer ?? roboto;
  const px = options.annotationLabelPx ?? DEFAULT_LAYOUT_PARAMS.annotationLabelPx;
  const n = g.nodes;
  const e = g.edges;
  const an = g.annotations;
  const out: AnnotationCrossing[] = [];
  if (!an.count || !e.count) return out;
  const rects = Array.from({ length: an.count }, (_, k) => annotationRects(g, k, measurer, px));
  const polyline = (k: number): ArrayLike<number> => {
    const pts = e.points.subarray(2 * e.pointStart[k]!, 2 * e.pointStart[k + 1]!);
    return options.curve ? sampledCurve(pts) : pts;
  };
  const crossing = (pts: ArrayLike<number>, a: number): 'glyph' | 'label' | null => {
    for (const { part, rect } of rects[a]!) {
      for (let i = 0; i + 3 < pts.length; i += 2) if (segmentCrossesRect(pts[i]!, pts[i + 1]!, pts[i + 2]!, pts[i + 3]!, rect, tol)) return part;
    }
    return null;
  };

  if (options.scope === 'endpoints') {
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
      const pts = polyline(k);
      for (const a of anns) {
        const part = crossing(pts, a);
        if (part) out.push({ edge: k, annotation: a, part });
      }
    }
    return out;
  }

  // Every annotation of the edge's group: a uniform grid of annotation rectangles per group,
  // and each segment walked through the grid.
  const groupOf = (i: number) => {
    let p = n.parent[i]!;
    while (p >= 0 && n.kind[p] === KIND_SECTION) p = n.parent[p]!;
    return p;
  };
  const CELL = 64;
  const grid = new Map<string, number[]>();
  for (let k = 0; k < an.count; k++) {
    const gi = groupOf(an.host[k]!);
    for (const { rect } of rects[k]!) {
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
  for (let k = 0; k < e.count; k++) {
    const owner = e.owner[k]!;
    const pts = polyline(k);
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
    for (const a of seen) {
      const part = crossing(pts, a);
      if (part) out.push({ edge: k, annotation: a, part });
    }
  }
  return out;
}
