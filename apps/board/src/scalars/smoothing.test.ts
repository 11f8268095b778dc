import { describe, expect, it } from 'vitest';
import { cleanWeight, smooth } from './smoothing.js';

describe('smooth (TensorBoard debiased EMA)', () => {
  it('keeps the first point and debiases the rest', () => {
    const out = smooth([1, 2, 3], 0.6);
    expect(out[0]).toBeCloseTo(1);
    // last = 0.6*0.4 + 0.4*2 = 1.04; debias 1-0.36 = 0.64 → 1.625
    expect(out[1]).toBeCloseTo(1.625);
    // last = 0.6*1.04 + 0.4*3 = 1.824; debias 1-0.216 = 0.784 → 2.3265…
    expect(out[2]).toBeCloseTo(1.824 / 0.784);
  });

  it('weight 0 is the raw series; weight 1 holds nothing but is finite', () => {
    expect(smooth([3, 1, 4, 1, 5], 0)).toEqual([3, 1, 4, 1, 5]);
    expect(smooth([3, 1, 4], 1)).toEqual([0, 0, 0]);
  });

  it('passes non-finite points through without moving the average', () => {
    const out = smooth([1, NaN, 3, Infinity], 0.5);
    expect(out[1]).toBeNaN();
    expect(out[3]).toBe(Infinity);
    // the NaN did not count: 3 is the second finite point
    expect(out[2]).toBeCloseTo((0.5 * 0.5 + 0.5 * 3) / 0.75);
  });

  it('returns a constant series unchanged, and an empty one empty', () => {
    expect(smooth([2, 2, 2], 0.9)).toEqual([2, 2, 2]);
    expect(smooth([], 0.9)).toEqual([]);
  });

  it('cleans the weight like TensorBoard', () => {
    expect(cleanWeight(NaN)).toBe(0);
    expect(cleanWeight(-1)).toBe(0);
    expect(cleanWeight(2)).toBe(1);
    expect(cleanWeight(0.6)).toBe(0.6);
  });
});
