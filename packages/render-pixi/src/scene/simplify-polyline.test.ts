import { describe, expect, it } from 'vitest';
import { simplifyPolyline } from './simplify-polyline.js';

/** Largest distance from any point of `fine` to the polyline `coarse`. */
function deviation(fine: number[], coarse: number[]): number {
  let worst = 0;
  for (let k = 0; k < fine.length; k += 2) {
    let best = Infinity;
    for (let j = 0; j + 3 < coarse.length; j += 2) {
      const [ax, ay, bx, by] = [coarse[j]!, coarse[j + 1]!, coarse[j + 2]!, coarse[j + 3]!];
      const [dx, dy] = [bx - ax, by - ay];
      const l2 = dx * dx + dy * dy;
      const t = l2 > 0 ? Math.max(0, Math.min(1, ((fine[k]! - ax) * dx + (fine[k + 1]! - ay) * dy) / l2)) : 0;
      best = Math.min(best, Math.hypot(fine[k]! - ax - t * dx, fine[k + 1]! - ay - t * dy));
    }
    worst = Math.max(worst, best);
  }
  return worst;
}

describe('simplifyPolyline', () => {
  it('keeps the ends and drops points within the tolerance', () => {
    expect(simplifyPolyline([0, 0, 5, 0.2, 10, 0], 0.5)).toEqual([0, 0, 10, 0]);
    expect(simplifyPolyline([0, 0, 5, 2, 10, 0], 0.5)).toEqual([0, 0, 5, 2, 10, 0]);
    expect(simplifyPolyline([0, 0, 3, 4], 1)).toEqual([0, 0, 3, 4]);
    expect(simplifyPolyline([], 1)).toEqual([]);
  });

  it('stays within the tolerance of a wavy route, with fewer points as the tolerance grows', () => {
    const wave: number[] = [];
    for (let k = 0; k <= 400; k++) wave.push(k, 20 * Math.sin(k / 15) + (k % 7) * 0.05);
    let last = Infinity;
    for (const tol of [0.25, 1, 4, 16]) {
      const c = simplifyPolyline(wave, tol);
      expect(deviation(wave, c)).toBeLessThanOrEqual(tol + 1e-9);
      expect(c.length).toBeLessThan(last);
      last = c.length;
    }
  });

  it('keeps a route that doubles back (distance to the segment, not the line)', () => {
    // Out to x = 10 and back to x = 2: every point is on the line through the ends.
    const c = simplifyPolyline([0, 0, 10, 0, 2, 0], 1);
    expect(c).toEqual([0, 0, 10, 0, 2, 0]);
  });
});
