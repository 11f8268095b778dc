/**
 * TensorBoard's histogram preparation (`tensorboard-http-api.md` §9.1): every step re-binned
 * into 30 uniform bins over the global range of all steps, each bin taking counts from the input
 * buckets in proportion to how much they overlap it.
 */
import type { HistogramRow } from '../core/types.js';

export const BIN_COUNT = 30;

export interface HistogramStep {
  step: number;
  wall: number;
  /** Counts per uniform bin. */
  bins: number[];
}

export interface Rebinned {
  lo: number;
  hi: number;
  steps: HistogramStep[];
  maxCount: number;
}

/** The global [min, max] over all buckets; a zero-width range widened as TensorBoard does. */
export function globalRange(rows: readonly HistogramRow[]): [number, number] | null {
  let lo = Infinity;
  let hi = -Infinity;
  for (const [, , buckets] of rows) {
    for (const [l, r] of buckets) {
      if (!Number.isFinite(l) || !Number.isFinite(r)) continue;
      lo = Math.min(lo, l);
      hi = Math.max(hi, r);
    }
  }
  if (lo > hi) return null;
  if (lo === hi) {
    const a = lo / 1.1 - 1;
    const b = lo * 1.1 + 1;
    return [Math.min(a, b), Math.max(a, b)];
  }
  return [lo, hi];
}

/** One step's buckets spread over `n` bins of [lo, hi]. */
export function rebinStep(buckets: ReadonlyArray<readonly [number, number, number]>, lo: number, hi: number, n = BIN_COUNT): number[] {
  const bins = new Array<number>(n).fill(0);
  const width = (hi - lo) / n;
  for (const [l, r, count] of buckets) {
    if (!(count > 0) || !Number.isFinite(l) || !Number.isFinite(r)) continue;
    if (r <= l) {
      bins[Math.min(n - 1, Math.max(0, Math.floor((l - lo) / width)))]! += count;
      continue;
    }
    const first = Math.max(0, Math.floor((l - lo) / width));
    const last = Math.min(n - 1, Math.floor((r - lo) / width));
    for (let b = first; b <= last; b++) {
      const overlap = Math.min(r, lo + (b + 1) * width) - Math.max(l, lo + b * width);
      if (overlap > 0) bins[b]! += (count * overlap) / (r - l);
    }
  }
  return bins;
}

export function rebin(rows: readonly HistogramRow[], n = BIN_COUNT): Rebinned | null {
  const range = globalRange(rows);
  if (!range) return null;
  const [lo, hi] = range;
  const steps = [...rows].sort((a, b) => a[1] - b[1]).map(([wall, step, buckets]) => ({ step, wall, bins: rebinStep(buckets, lo, hi, n) }));
  const maxCount = Math.max(0, ...steps.flatMap((s) => s.bins));
  return { lo, hi, steps, maxCount };
}
