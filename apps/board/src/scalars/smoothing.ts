/**
 * TensorBoard's scalar smoothing: a debiased exponential moving average
 * (`tensorboard-http-api.md` §8.1). The first finite point is kept exactly; non-finite points
 * pass through and do not move the average; a constant series is returned as is.
 */

export const SMOOTHING_MIN = 0;
export const SMOOTHING_MAX = 0.999;

/** A weight as TensorBoard cleans it: non-finite → 0, clamped to [0, 1]. */
export function cleanWeight(w: number): number {
  return Number.isFinite(w) ? Math.min(1, Math.max(0, w)) : 0;
}

export function smooth(ys: ArrayLike<number>, weight: number): number[] {
  const w = cleanWeight(weight);
  const out = Array.from(ys);
  const first = out[0];
  // TensorBoard compares with `==`: a constant series stays unsmoothed.
  if (out.every((y) => y === first)) return out;
  let last = out.length ? 0 : NaN;
  let n = 0;
  for (let i = 0; i < out.length; i++) {
    const y = out[i]!;
    if (!Number.isFinite(y)) continue;
    last = w * last + (1 - w) * y;
    n++;
    const debias = w === 1 ? 1 : 1 - Math.pow(w, n);
    out[i] = last / debias;
  }
  return out;
}
