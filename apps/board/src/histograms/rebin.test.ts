import { describe, expect, it } from 'vitest';
import type { HistogramRow } from '../core/types.js';
import { globalRange, rebin, rebinStep } from './rebin.js';

describe('rebin', () => {
  it('spreads counts by overlap and keeps the total', () => {
    const bins = rebinStep([[0, 3, 6], [3, 4, 2]], 0, 4, 4);
    expect(bins).toEqual([2, 2, 2, 2]);
    const uneven = rebinStep([[0.5, 1.5, 10]], 0, 2, 2);
    expect(uneven).toEqual([5, 5]);
  });

  it('uses the global range of all steps, sorted by step', () => {
    const rows: HistogramRow[] = [
      [2, 5, [[0, 1, 4]]],
      [1, 1, [[-1, 0, 2], [0, 2, 2]]],
    ];
    const r = rebin(rows, 3)!;
    expect([r.lo, r.hi]).toEqual([-1, 2]);
    expect(r.steps.map((s) => s.step)).toEqual([1, 5]);
    expect(r.steps[0]!.bins.reduce((a, b) => a + b)).toBeCloseTo(4);
    expect(r.steps[1]!.bins).toEqual([0, 4, 0]);
    expect(r.maxCount).toBe(4);
  });

  it('widens a zero-width range and puts point masses in their bin', () => {
    expect(globalRange([[0, 0, [[5, 5, 3]]]])).toEqual([5 / 1.1 - 1, 5 * 1.1 + 1]);
    const r = rebin([[0, 0, [[5, 5, 3]]]], 30)!;
    expect(r.steps[0]!.bins.reduce((a, b) => a + b)).toBe(3);
  });

  it('has nothing to draw without buckets', () => {
    expect(rebin([[0, 0, []]])).toBeNull();
  });
});
