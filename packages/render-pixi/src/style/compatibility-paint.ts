/**
 * TensorBoard's "TPU compatibility" colour mode (tensorboard-graph.md §9.3): an op is green when
 * the TPU runs its op, red when not (whatever its embedded constants are); a collapsed group is
 * green for its compatible share, then red (there, embedded constants and summaries count with
 * their op).
 */
import { histograms, type Hierarchy } from '@tbg/hierarchy';
import type { Geometry } from '@tbg/layout';
import { histogramPaint, type HistogramsOf } from './histogram-paint.js';
import type { NodePaint } from './paint.js';

export const COMPATIBILITY_COLORS = { compatible: 0x0f9d58, incompatible: 0xdb4437 } as const;

export function compatibilityPaint(g: Geometry, h: Hierarchy, histogramsOf: HistogramsOf = (ref) => histograms(h, ref)): NodePaint {
  const own = (ref: number) => (h.graph.compatible[ref] ? { compatible: 1, incompatible: 0 } : { compatible: 0, incompatible: 1 });
  return histogramPaint(g, h, (hist) => ({ ...hist.compatibility }), new Map(Object.entries(COMPATIBILITY_COLORS)), (ref) => (ref < h.n ? { ...histogramsOf(ref), compatibility: own(ref) } : histogramsOf(ref)));
}
