/**
 * The expand/collapse animation's plan (TensorBoard: 250 ms position transitions, new subscenes
 * fading in): nodes of the new layout matched to the old one by hierarchy NodeRef move and grow
 * from their old boxes; new nodes ride along inside their nearest matched ancestor as it grows
 * (so a group's children unfold out of the collapsed node) and fade in. Pure data: the renderer
 * writes the interpolated boxes into vertex buffers each animation frame.
 */
import type { Geometry } from '@tbg/layout';

export interface TransitionPlan {
  /** Per node of the new geometry: the shape box (x, y, w, h) it starts from. */
  from: Float32Array;
  /** Per node: 1 when it has no counterpart in the old geometry (it fades in). */
  fresh: Uint8Array;
}

/** Where each node of `next` starts when `prev` was on screen before. */
export function planTransition(prev: Geometry, next: Geometry): TransitionPlan {
  const oldByRef = new Map<number, number>();
  for (let i = 0; i < prev.nodes.count; i++) if (prev.nodes.ref[i]! >= 0) oldByRef.set(prev.nodes.ref[i]!, i);
  const n = next.nodes.count;
  const from = new Float32Array(4 * n);
  const fresh = new Uint8Array(n);
  // The nearest ancestor (or self) with a counterpart, and that counterpart.
  const anchor = new Int32Array(n).fill(-1);
  const anchorOld = new Int32Array(n).fill(-1);
  const s = next.nodes.shape;
  for (let i = 0; i < n; i++) {
    const old = next.nodes.ref[i]! >= 0 ? oldByRef.get(next.nodes.ref[i]!) : undefined;
    const p = next.nodes.parent[i]!;
    if (old !== undefined) {
      anchor[i] = i;
      anchorOld[i] = old;
      from.set(prev.nodes.shape.subarray(4 * old, 4 * old + 4), 4 * i);
      continue;
    }
    fresh[i] = 1;
    // Parents come first, so the parent's anchor is known.
    anchor[i] = p >= 0 ? anchor[p]! : -1;
    anchorOld[i] = p >= 0 ? anchorOld[p]! : -1;
    if (anchor[i]! < 0) {
      from.set(s.subarray(4 * i, 4 * i + 4), 4 * i);
      continue;
    }
    // Mapped from the anchor's new box into its old one.
    const [a, o] = [anchor[i]!, anchorOld[i]!];
    const ps = prev.nodes.shape;
    const kx = ps[4 * o + 2]! / Math.max(1e-6, s[4 * a + 2]!);
    const ky = ps[4 * o + 3]! / Math.max(1e-6, s[4 * a + 3]!);
    from.set([ps[4 * o]! + (s[4 * i]! - s[4 * a]!) * kx, ps[4 * o + 1]! + (s[4 * i + 1]! - s[4 * a + 1]!) * ky, s[4 * i + 2]! * kx, s[4 * i + 3]! * ky], 4 * i);
  }
  return { from, fresh };
}

/** The shape boxes at progress t (0 → the plan's start, 1 → `next`), written into `out`. */
export function shapesAt(plan: TransitionPlan, next: Geometry, t: number, out: Float32Array): Float32Array {
  const to = next.nodes.shape;
  for (let k = 0; k < 4 * next.nodes.count; k++) out[k] = plan.from[k]! + (to[k]! - plan.from[k]!) * t;
  return out;
}
