import { describe, expect, it } from 'vitest';
import { ARROW_SIZES, arrowSize, edgeWidth, MAX_EDGE_WIDTH, MIN_EDGE_WIDTH } from './params.js';

describe('edgeWidth', () => {
  it('maps the domain ends to 0.75 and 12 px', () => {
    expect(edgeWidth(1)).toBe(0.75);
    expect(edgeWidth(5e6)).toBeCloseTo(12, 12);
  });

  it('clamps outside [1, 5e6]', () => {
    for (const s of [0, -5, 0.5, Number.MIN_VALUE]) expect(edgeWidth(s)).toBe(0.75);
    for (const s of [5e6 + 1, 1e9, Infinity]) expect(edgeWidth(s)).toBeCloseTo(12, 12);
  });

  it('is monotone inside the domain', () => {
    let prev = edgeWidth(1);
    for (let s = 2; s <= 5e6; s = Math.ceil(s * 1.37)) {
      const w = edgeWidth(s);
      expect(w).toBeGreaterThan(prev);
      prev = w;
    }
  });

  it('follows a pow(0.3) scale (d3.scalePow), not a linear or log one', () => {
    // 1000^0.3 = 10^0.9; (5e6)^0.3 = e^(0.3 ln 5e6); range [0.75, 12] → 1.5214261536…
    expect(edgeWidth(1000)).toBeCloseTo(1.5214261536, 8);
    expect(edgeWidth(100)).toBeCloseTo(1.081208867, 8);
    expect(edgeWidth(5e4)).toBeCloseTo(3.4926763295, 8);
    const t = (10 ** 0.9 - 1) / (Math.exp(0.3 * Math.log(5e6)) - 1);
    expect(edgeWidth(1000)).toBeCloseTo(MIN_EDGE_WIDTH + t * (MAX_EDGE_WIDTH - MIN_EDGE_WIDTH), 10);
  });
});

describe('arrowSize', () => {
  it('has 4 buckets of equal width over [0.75, 12]', () => {
    expect(ARROW_SIZES).toEqual([5, 13, 16, 20]);
    // Bucket bounds at 0.75 + k · 11.25 / 4: 3.5625, 6.375, 9.1875 (a bound opens the next bucket).
    const cases: Array<[number, number]> = [
      [0.75, 5],
      [3.56, 5],
      [3.5625, 13],
      [6.37, 13],
      [6.375, 16],
      [9.18, 16],
      [9.1875, 20],
      [12, 20],
    ];
    for (const [w, size] of cases) expect(arrowSize(w), `width ${w}`).toBe(size);
  });

  it('clamps widths outside [0.75, 12]', () => {
    expect(arrowSize(0)).toBe(5);
    expect(arrowSize(-3)).toBe(5);
    expect(arrowSize(12.01)).toBe(20);
    expect(arrowSize(1e6)).toBe(20);
  });

  it('never shrinks as the width grows, and covers every edge width', () => {
    let prev = 0;
    const seen = new Set<number>();
    for (let s = 1; s <= 5e6; s *= 1.5) {
      const a = arrowSize(edgeWidth(s));
      expect(a).toBeGreaterThanOrEqual(prev);
      prev = a;
      seen.add(a);
    }
    seen.add(arrowSize(edgeWidth(5e6)));
    expect([...seen].sort((a, b) => a - b)).toEqual([5, 13, 16, 20]);
  });
});
