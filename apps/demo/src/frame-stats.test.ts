import { describe, expect, it } from 'vitest';
import { FrameStats, percentile } from './frame-stats.js';

describe('percentile', () => {
  it('is the nearest rank', () => {
    const s = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10];
    expect(percentile(s, 0.5)).toBe(5);
    expect(percentile(s, 0.95)).toBe(10);
    expect(percentile(s, 0)).toBe(1);
    expect(percentile([42], 0.95)).toBe(42);
    expect(percentile([], 0.5)).toBeNaN();
  });
});

describe('FrameStats', () => {
  it('summarises only the last `window` frames', () => {
    const f = new FrameStats(60);
    for (let i = 0; i < 100; i++) f.push(i < 40 ? 1000 : i - 39); // 40 slow frames, then 1..60
    const s = f.summary();
    expect(s).toEqual({ count: 60, last: 60, p50: 30, p95: 57 });
  });

  it('is empty before the first frame and after clear()', () => {
    const f = new FrameStats();
    expect(f.summary().count).toBe(0);
    expect(f.summary().p50).toBeNaN();
    f.push(16);
    expect(f.summary()).toEqual({ count: 1, last: 16, p50: 16, p95: 16 });
    f.clear();
    expect(f.summary().last).toBeNaN();
  });
});
