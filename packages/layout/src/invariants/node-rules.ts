/** Invariants of nodes: every node lies inside its parent, siblings do not overlap, annotations keep off their node's shape. */
import type { Geometry } from '../geometry/types.js';
import type { Reporter } from './report.js';
import { overlap, rectOf } from './shapes.js';

/** outside-parent, then sibling-overlap (a sweep over x per parent). */
export function checkNodes(g: Geometry, tol: number, r: Reporter): void {
  const n = g.nodes;
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
      r.report('outside-parent', `${r.name(i)} [${b.map((v) => v.toFixed(1)).join(',')}] is not inside ${r.name(p)} [${pb.map((v) => v.toFixed(1)).join(',')}]`);
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
        else if (overlap(b, rectOf(n.box, j), tol)) r.report('sibling-overlap', `${r.name(i)} overlaps ${r.name(j)}`);
      }
      active.push(i);
    }
  }
}

/** annotation-overlap: an annotation's glyph box over its host's shape. */
export function checkAnnotationOverlap(g: Geometry, tol: number, r: Reporter): void {
  const an = g.annotations;
  for (let k = 0; k < an.count; k++) {
    const host = an.host[k]!;
    if (overlap(rectOf(an.box, k), rectOf(g.nodes.shape, host), tol)) r.report('annotation-overlap', `annotation ${an.label[k]} overlaps ${r.name(host)}`);
  }
}
