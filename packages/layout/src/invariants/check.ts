/**
 * Geometry invariants: what must hold for any graph, checked on real fixtures and generated
 * graphs in tests and reported by `tbg-layout`:
 * - sibling nodes do not overlap;
 * - every node lies inside its parent (expanded group or section);
 * - every edge starts and ends on its endpoints' outlines (shapes of collapsed nodes, borders
 *   of expanded ones, or its group's border for bridge edges), and stays inside its group;
 * - annotations do not overlap their node's shape.
 */
import { FLAG_EXPANDED, FLAG_ROOT, SHAPE_ELLIPSE, type Geometry } from '../geometry/types.js';

export interface Violation {
  rule: 'sibling-overlap' | 'outside-parent' | 'edge-endpoint' | 'edge-outside-group' | 'annotation-overlap';
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
  return { ok: violations.length === 0 && more === 0, violations, more };
}
