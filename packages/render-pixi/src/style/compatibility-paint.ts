/**
 * TensorBoard's "TPU compatibility" colour mode (tensorboard-graph.md §9.3): an op is green when
 * the TPU runs its op, red when not; a collapsed group is green for its compatible share, then
 * red (embedded constants and summaries count with their op).
 */
import type { Hierarchy } from '@tbg/hierarchy';
import type { Geometry } from '@tbg/layout';
import { histogramPaint, type HistogramsOf } from './histogram-paint.js';
import type { NodePaint } from './paint.js';

export const COMPATIBILITY_COLORS = { compatible: 0x0f9d58, incompatible: 0xdb4437 } as const;

export function compatibilityPaint(g: Geometry, h: Hierarchy, histogramsOf?: HistogramsOf): NodePaint {
  return histogramPaint(g, h, (hist) => ({ ...hist.compatibility }), new Map(Object.entries(COMPATIBILITY_COLORS)), histogramsOf);
}
