/**
 * TensorBoard's distribution compression (`distribution/compressor.py`, `compress_histogram`):
 * a histogram's [left, right, count] buckets → its values at the basis points of the normal
 * distribution (min, −1.5σ, −1σ, −0.5σ, median, +0.5σ, +1σ, +1.5σ, max), by linear
 * interpolation within the bucket where the cumulative weight passes each basis point.
 */

export const NORMAL_HISTOGRAM_BPS = [0, 668, 1587, 3085, 5000, 6915, 8413, 9332, 10000] as const;

/** `buckets` is flat: [left, right, count] × k. Returns [[bp, value] × 9]. */
export function compressHistogram(buckets: ArrayLike<number>, bps: readonly number[] = NORMAL_HISTOGRAM_BPS): Array<[number, number]> {
  const k = Math.floor(buckets.length / 3);
  if (k === 0) return bps.map((bp) => [bp, 0]);
  const minmin = buckets[0]!;
  const maxmax = buckets[3 * (k - 1) + 1]!;
  let total = 0;
  for (let i = 0; i < k; i++) total += buckets[3 * i + 2]!;
  const cum: number[] = [];
  let run = 0;
  // As numpy: each weight scaled first, then the cumulative sum (same rounding).
  for (let i = 0; i < k; i++) {
    run += (buckets[3 * i + 2]! * 10000) / (total === 0 ? 1 : total);
    cum.push(run);
  }
  const out: Array<[number, number]> = [];
  let bpIndex = 0;
  for (let i = 0; i < k && bpIndex < bps.length; i++) {
    const prev = i > 0 ? cum[i - 1]! : 0;
    if (i > 0 && cum[i] === prev) continue;
    const lhs = i === 0 || prev === 0 ? minmin : Math.max(buckets[3 * (i - 1) + 1]!, minmin);
    const rhs = Math.min(buckets[3 * i + 1]!, maxmax);
    while (bpIndex < bps.length && cum[i]! > bps[bpIndex]!) {
      const bp = bps[bpIndex]!;
      out.push([bp, lhs + ((bp - prev) * (rhs - lhs)) / (cum[i]! - prev)]);
      bpIndex++;
    }
  }
  for (; bpIndex < bps.length; bpIndex++) out.push([bps[bpIndex]!, maxmax]);
  return out;
}
