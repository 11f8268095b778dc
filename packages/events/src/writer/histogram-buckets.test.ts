import { describe, expect, it } from 'vitest';
import { histogramBuckets } from './histogram-buckets.js';

const rows = (values: ArrayLike<number>, k?: number) => {
  const b = histogramBuckets(values, k);
  const out: number[][] = [];
  for (let i = 0; i < b.rows; i++) out.push([b.data[i * 3]!, b.data[i * 3 + 1]!, b.data[i * 3 + 2]!]);
  return out;
};

describe('histogramBuckets (TF2 summary_v2 rules)', () => {
  it('[1,2,3,4] into 2 buckets', () => {
    // width 1.5; offsets 0, 1, 2, 3 → indices 0, 0, 1, 2→clamped 1.
    expect(rows([1, 2, 3, 4], 2)).toEqual([
      [1, 2.5, 2],
      [2.5, 4, 2],
    ]);
  });

  it('constant data: k rows [v, v, 0], the last holding n', () => {
    expect(rows([5, 5, 5], 3)).toEqual([
      [5, 5, 0],
      [5, 5, 0],
      [5, 5, 3],
    ]);
    expect(rows([-2.5], 1)).toEqual([[-2.5, -2.5, 1]]);
  });

  it('empty data: bucket_count rows of zeros', () => {
    expect(rows([], 3)).toEqual([
      [0, 0, 0],
      [0, 0, 0],
      [0, 0, 0],
    ]);
    const b = histogramBuckets([]);
    expect(b.rows).toBe(30);
    expect(Array.from(b.data).every((x) => x === 0)).toBe(true);
  });

  it('zero or negative bucket count: shape [0, 3]', () => {
    expect(histogramBuckets([1, 2, 3], 0).rows).toBe(0);
    expect(histogramBuckets([1, 2, 3], -4).rows).toBe(0);
    expect(histogramBuckets([1, 2, 3], -4).data.length).toBe(0);
    expect(() => histogramBuckets([1], 2.5)).toThrow(RangeError);
  });

  it('negative ranges', () => {
    // min -3, max -1, width 0.5: offsets 0, 2, 1, 0.5 → 0, 4→3, 2, 1.
    expect(rows([-3, -1, -2, -2.5], 4)).toEqual([
      [-3, -2.5, 1],
      [-2.5, -2, 1],
      [-2, -1.5, 1],
      [-1.5, -1, 1],
    ]);
  });

  it('the maximum lands in the last bucket, whose right edge is exactly max', () => {
    const r = rows([0, 0.3, 1], 10);
    expect(r[9]).toEqual([0.9, 1, 1]);
    expect(r[9]![1]).toBe(1); // forced, not 0 + 10 * 0.1
    // Float semantics as in numpy/TF: 0.3 / 0.1 = 2.9999999999999996 → bucket 2.
    expect(r[2]).toEqual([0.2, 0.30000000000000004, 1]);
    expect(r.reduce((s, x) => s + x[2]!, 0)).toBe(3);
    // Edges are min + i * width (linspace), left edge of the first is min.
    expect(r.map((x) => x[0])).toEqual(Array.from({ length: 10 }, (_, i) => i * 0.1));
  });

  it('default is 30 buckets and counts sum to n', () => {
    const values = Array.from({ length: 1000 }, (_, i) => Math.sin(i) * 10);
    const b = histogramBuckets(values);
    expect(b.rows).toBe(30);
    let sum = 0;
    for (let i = 0; i < 30; i++) sum += b.data[i * 3 + 2]!;
    expect(sum).toBe(1000);
  });

  it('counts stay exact past 2^24 (float32 would lose them)', () => {
    const n = 2 ** 24 + 1;
    const constant = new Float32Array(n).fill(0.5);
    expect(rows(constant, 2)).toEqual([
      [0.5, 0.5, 0],
      [0.5, 0.5, n],
    ]);
    expect(Math.fround(2 ** 24) + 1 === Math.fround(2 ** 24 + 1)).toBe(false); // the trap being avoided
    const skewed = new Float32Array(n + 1); // 2^24 + 1 zeros and a single 1
    skewed[n] = 1;
    expect(rows(skewed, 2)).toEqual([
      [0, 0.5, n],
      [0.5, 1, 1],
    ]);
  });

  it('ignores NaN and ±Inf (documented choice) and reports how many', () => {
    const b = histogramBuckets([NaN, 1, 2, Infinity, -Infinity], 1);
    expect(Array.from(b.data)).toEqual([1, 2, 2]);
    expect(b.droppedNonFinite).toBe(3);
    // Only non-finite values: the "no data" case.
    expect(rows([NaN, Infinity], 2)).toEqual([
      [0, 0, 0],
      [0, 0, 0],
    ]);
  });

  it('stays finite when max - min overflows', () => {
    expect(rows([-1e308, 1e308, 0.5e308], 2)).toEqual([
      [-1e308, 0, 1],
      [0, 1e308, 2],
    ]);
  });
});
