import { describe, expect, it } from 'vitest';
import { distributionReadout, nearestPoint } from './distribution-hover.js';

const pts = [0, 1, 2].map((k) => ({ step: 100 * (k + 1), px: 50 + 100 * k, values: [-2, -1.5, -1, -0.5, k, 0.5, 1, 1.5, 2 + k] }));

describe('distribution readout', () => {
  it('reads the step nearest the pointer', () => {
    expect(nearestPoint(pts, 0)).toBe(0);
    expect(nearestPoint(pts, 140)).toBe(1);
    expect(nearestPoint(pts, 1000)).toBe(2);
    expect(nearestPoint([], 10)).toBe(-1);
  });

  it('says the step, the minimum, the median and the maximum', () => {
    expect(distributionReadout(pts[1]!)).toBe('step 200 · min -2 · median 1 · max 3');
  });
});
