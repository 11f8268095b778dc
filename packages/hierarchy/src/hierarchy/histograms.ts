/**
 * Per-group histograms (op, device, XLA cluster, TPU compatibility), computed on demand from the
 * group's contiguous range of ops, so the hierarchy stores none of them.
 */
import type { Hierarchy, NodeRef } from './types.js';

export interface GroupHistograms {
  op: Record<string, number>;
  device: Record<string, number>;
  xlaCluster: Record<string, number>;
  /** Over the ops and their in-/out-embeddings, as TensorBoard counts it. */
  compatibility: { compatible: number; incompatible: number };
}

function bump(h: Record<string, number>, k: string): void {
  h[k] = (h[k] ?? 0) + 1;
}

/** Histograms of the ops below `ref` (a group), or of the op itself. */
export function histograms(h: Hierarchy, ref: NodeRef): GroupHistograms {
  const g = h.graph;
  const out: GroupHistograms = { op: {}, device: {}, xlaCluster: {}, compatibility: { compatible: 0, incompatible: 0 } };
  const [start, end] = ref < h.n ? [h.opPos[ref]!, h.opPos[ref]! + 1] : [h.groups[ref - h.n]!.opStart, h.groups[ref - h.n]!.opEnd];
  const emb = g.embeddings;
  for (let k = start; k < end; k++) {
    const i = h.opOrder[k]!;
    bump(out.op, g.ops[g.op[i]!]!);
    const d = g.devices[g.device[i]!]!;
    if (d) bump(out.device, d);
    if (g.xla[i]! >= 0) bump(out.xlaCluster, g.xlaClusters[g.xla[i]!]!);
    const c = out.compatibility;
    if (g.compatible[i]) c.compatible++;
    else c.incompatible++;
    for (let e = g.embInStart[i]!; e < g.embInStart[i + 1]!; e++) {
      if (emb.compatible[g.embIn[e]!]) c.compatible++;
      else c.incompatible++;
    }
    for (let e = g.embOutStart[i]!; e < g.embOutStart[i + 1]!; e++) {
      if (emb.compatible[g.embOut[e]!]) c.compatible++;
      else c.incompatible++;
    }
  }
  return out;
}
