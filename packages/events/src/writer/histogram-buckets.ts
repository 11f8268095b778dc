/**
 * Histogram bucketing, identical to TensorBoard's TF2 `tf.summary.histogram`
 * (`tensorboard/plugins/histogram/summary_v2.py`, `_buckets`), so a histogram written here looks
 * exactly like one written from Python:
 *
 * - `buckets <= 0` or no data → `buckets` rows of zeros (shape `[max(buckets, 0), 3]`);
 * - all values equal (`max == min`) → `buckets` rows `[v, v, 0]`, the last with count = n;
 * - otherwise `width = (max - min) / k`, `index = floor((x - min) / width)` clamped to `k - 1`,
 *   edges `min + i * width` (that is `linspace(min, max, k + 1)`) with the last edge forced to
 *   `max`; rows `[edge_i, edge_{i+1}, count_i]`.
 *
 * Counts are float64 (TF uses float64 to avoid float32 losing counts past 2^24, TF #51419); here
 * they are plain JS numbers, exact up to 2^53.
 *
 * Non-finite values: TF propagates NaN/±Inf into min/max, which yields NaN edges that no
 * dashboard can draw. We instead **ignore NaN and ±Inf** (they are not counted); if nothing
 * finite remains the result is the "no data" case. `droppedNonFinite` reports how many were left out.
 */

export const DEFAULT_BUCKET_COUNT = 30;

export interface HistogramBuckets {
  /** Row-major `[k, 3]`: `left, right, count` per bucket. */
  data: Float64Array;
  /** Number of rows `k` (= the requested bucket count, or 0 when it was <= 0). */
  rows: number;
  /** How many NaN/±Inf inputs were ignored. */
  droppedNonFinite: number;
}

export function histogramBuckets(values: ArrayLike<number>, bucketCount: number = DEFAULT_BUCKET_COUNT): HistogramBuckets {
  if (!Number.isInteger(bucketCount)) throw new RangeError(`bucket count must be an integer, got ${bucketCount}`);
  // TF: "Treat a negative bucket count as zero."
  const k = Math.max(0, bucketCount);
  const out = new Float64Array(k * 3);
  const n = values.length;

  let min = Infinity;
  let max = -Infinity;
  let finite = 0;
  for (let i = 0; i < n; i++) {
    const x = +values[i]!;
    if (x - x !== 0) continue; // NaN or ±Inf
    finite++;
    if (x < min) min = x;
    if (x > max) max = x;
  }
  const droppedNonFinite = n - finite;
  if (k === 0 || finite === 0) return { data: out, rows: k, droppedNonFinite };

  const range = max - min;
  if (range === 0) {
    for (let i = 0; i < k; i++) {
      out[i * 3] = max;
      out[i * 3 + 1] = max;
    }
    out[(k - 1) * 3 + 2] = finite;
    return { data: out, rows: k, droppedNonFinite };
  }

  const width = range / k;
  // Overflow guard: for huge ranges (e.g. -1e308..1e308) `max - min` is Infinity, so width is
  // too; TF then gets NaN indices. Scaling both sides by 1/2 keeps the arithmetic finite.
  if (!Number.isFinite(width)) return bucketsHugeRange(values, k, min, max, out, droppedNonFinite);

  const counts = new Float64Array(k);
  const last = k - 1;
  for (let i = 0; i < n; i++) {
    const x = +values[i]!;
    if (x - x !== 0) continue;
    const idx = Math.floor((x - min) / width);
    counts[idx < last ? idx : last]!++;
  }
  for (let i = 0; i < k; i++) {
    out[i * 3] = min + i * width;
    out[i * 3 + 1] = i === last ? max : min + (i + 1) * width;
    out[i * 3 + 2] = counts[i]!;
  }
  return { data: out, rows: k, droppedNonFinite };
}

/** Same bucketing when `max - min` overflows: work on halved values so every step stays finite. */
function bucketsHugeRange(
  values: ArrayLike<number>,
  k: number,
  min: number,
  max: number,
  out: Float64Array,
  droppedNonFinite: number,
): HistogramBuckets {
  const halfMin = min / 2;
  const halfWidth = (max / 2 - halfMin) / k;
  const counts = new Float64Array(k);
  const last = k - 1;
  for (let i = 0; i < values.length; i++) {
    const x = +values[i]!;
    if (x - x !== 0) continue;
    const idx = Math.floor((x / 2 - halfMin) / halfWidth);
    counts[idx < last ? idx : last]!++;
  }
  for (let i = 0; i < k; i++) {
    out[i * 3] = 2 * (halfMin + i * halfWidth);
    out[i * 3 + 1] = i === last ? max : 2 * (halfMin + (i + 1) * halfWidth);
    out[i * 3 + 2] = counts[i]!;
  }
  return { data: out, rows: k, droppedNonFinite };
}
