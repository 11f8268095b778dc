import { describe, expect, it } from 'vitest';
import { arrowAtEnd, basisPath, basisSegments, edgeDrawing, finalRun } from './curves.js';

type Pt = [number, number];

/** Point at t of the cubic Bézier from `from` with controls and end taken from a `C` segment. */
function bezier(from: Pt, seg: number[], t: number): Pt {
  const u = 1 - t;
  const b = [u * u * u, 3 * u * u * t, 3 * u * t * t, t * t * t] as const;
  return [
    b[0] * from[0] + b[1] * seg[0]! + b[2] * seg[2]! + b[3] * seg[4]!,
    b[0] * from[1] + b[1] * seg[1]! + b[2] * seg[3]! + b[3] * seg[5]!,
  ];
}

/** Samples of the whole basis curve, from its segments. */
function sampleCurve(segs: number[][], steps = 8): Pt[] {
  let at: Pt = [segs[0]![0]!, segs[0]![1]!];
  const out: Pt[] = [at];
  for (const seg of segs.slice(1)) {
    for (let s = 1; s <= steps; s++) out.push(bezier(at, seg, s / steps));
    at = [seg[4]!, seg[5]!];
  }
  return out;
}

/**
 * Reference: the uniform cubic B-spline with end points tripled (what d3.curveBasis draws),
 * evaluated from the B-spline basis functions directly, span by span.
 */
function referenceSpline(pts: number[], steps = 8): Pt[] {
  const k = pts.length / 2;
  const p = (i: number): Pt => [pts[2 * i]!, pts[2 * i + 1]!];
  const q: Pt[] = [p(0), p(0), ...Array.from({ length: k }, (_, i) => p(i)), p(k - 1), p(k - 1)];
  const at = (i: number, t: number): Pt => {
    const w = [(1 - t) ** 3, 3 * t ** 3 - 6 * t ** 2 + 4, -3 * t ** 3 + 3 * t ** 2 + 3 * t + 1, t ** 3].map((v) => v / 6);
    return [0, 1].map((c) => w.reduce((s, wj, j) => s + wj * q[i + j]![c]!, 0)) as Pt;
  };
  const out: Pt[] = [at(0, 0)];
  for (let i = 0; i + 3 < q.length; i++) for (let s = 1; s <= steps; s++) out.push(at(i, s / steps));
  return out;
}

/** A seeded random polyline of `k` points. */
function polyline(k: number, seed: number): number[] {
  let s = seed;
  const rnd = () => ((s = (s * 1103515245 + 12345) % 2147483648) / 2147483648) * 200 - 100;
  return Array.from({ length: 2 * k }, rnd);
}

describe('basisSegments', () => {
  it('is empty below 2 points', () => {
    expect(basisSegments([])).toEqual([]);
    expect(basisSegments([3, 4])).toEqual([]);
    expect(basisPath([3, 4])).toBe('');
  });

  it('draws 2 points as a straight line', () => {
    expect(basisSegments([1, 2, 11, 7])).toEqual([[1, 2, 11, 7]]);
    expect(basisPath([1, 2, 11, 7])).toBe('M1,2L11,7');
  });

  it('starts at the first point and ends at the last', () => {
    for (let k = 3; k <= 9; k++) {
      const pts = polyline(k, k);
      const segs = basisSegments(pts);
      expect(segs[0]).toEqual([pts[0], pts[1]]);
      expect(segs.at(-1)!.slice(4)).toEqual([pts[2 * k - 2], pts[2 * k - 1]]);
      // One cubic per point plus one (spans of the tripled-end control polygon).
      expect(segs.length).toBe(k + 2);
      expect(segs.slice(1).every((s) => s.length === 6)).toBe(true);
    }
  });

  it('is the uniform B-spline with tripled ends (d3.curveBasis)', () => {
    for (let k = 3; k <= 7; k++) {
      const pts = polyline(k, 100 + k);
      const got = sampleCurve(basisSegments(pts));
      const want = referenceSpline(pts);
      expect(got.length).toBe(want.length);
      got.forEach((g, i) => {
        expect(g[0]).toBeCloseTo(want[i]![0], 9);
        expect(g[1]).toBeCloseTo(want[i]![1], 9);
      });
    }
  });

  it('keeps the curve of a straight polyline on the line', () => {
    // Along the direction (3, 4) from (5, −2), going back and forth.
    const ts = [0, 10, 4, 25, 25, -8, 30];
    const pts = ts.flatMap((t) => [5 + 3 * t, -2 + 4 * t]);
    for (const [x, y] of sampleCurve(basisSegments(pts), 16)) {
      expect(Math.abs(4 * (x - 5) - 3 * (y + 2)) / 5).toBeLessThan(1e-9);
    }
    // A horizontal polyline: every control point keeps the same y.
    for (const seg of basisSegments([0, 7, 10, 7, 15, 7, 40, 7]).slice(1)) expect([seg[1], seg[3], seg[5]]).toEqual([7, 7, 7]);
  });
});

describe('basisPath', () => {
  it('moves to the first point and ends on the last (rounded to 0.01)', () => {
    const d = basisPath([0.123, 4.567, 50, 20, 100.004, -3.338]);
    expect(d.startsWith('M0.12,4.57C')).toBe(true);
    expect(d.endsWith(',100,-3.34')).toBe(true);
    expect(d.match(/C/g)!.length).toBe(4);
  });
});

describe('arrowAtEnd', () => {
  /** True when p lies strictly inside the triangle. */
  function inside(tri: number[], p: Pt): boolean {
    const s = (ax: number, ay: number, bx: number, by: number) => (bx - ax) * (p[1] - ay) - (by - ay) * (p[0] - ax);
    const d1 = s(tri[0]!, tri[1]!, tri[2]!, tri[3]!);
    const d2 = s(tri[2]!, tri[3]!, tri[4]!, tri[5]!);
    const d3 = s(tri[4]!, tri[5]!, tri[0]!, tri[1]!);
    return (d1 > 0 && d2 > 0 && d3 > 0) || (d1 < 0 && d2 < 0 && d3 < 0);
  }

  it('puts the tip on the last point, the base `size` back, `size` wide', () => {
    for (let k = 2; k <= 6; k++) {
      const pts = polyline(k, 7 * k);
      for (const size of [5, 13, 20]) {
        const { triangle: t } = arrowAtEnd(pts, size);
        expect(t.length).toBe(6);
        const [tx, ty, px, py] = [pts[2 * k - 2]!, pts[2 * k - 1]!, pts[2 * k - 4]!, pts[2 * k - 3]!];
        expect([t[0], t[1]]).toEqual([tx, ty]);
        const len = Math.hypot(tx - px, ty - py);
        const [ux, uy] = [(tx - px) / len, (ty - py) / len];
        // Base midpoint `size` back along the last segment.
        expect((t[2]! + t[4]!) / 2).toBeCloseTo(tx - ux * size, 9);
        expect((t[3]! + t[5]!) / 2).toBeCloseTo(ty - uy * size, 9);
        // Base `size` wide, across the segment.
        expect(Math.hypot(t[2]! - t[4]!, t[3]! - t[5]!)).toBeCloseTo(size, 9);
        expect((t[2]! - t[4]!) * ux + (t[3]! - t[5]!) * uy).toBeCloseTo(0, 9);
      }
    }
  });

  it('pulls the polyline end back inside the arrow, along the last segment', () => {
    const cases: Array<[number[], number]> = [
      [[0, 0, 100, 0], 10],
      [[0, 0, 40, 30, 40, 100], 13],
      [[0, 0, 3, 4], 20], // last segment shorter than the arrow
      [[10, 10, 10, 12], 5],
    ];
    for (const [pts, size] of cases) {
      const k = pts.length / 2;
      const { triangle, trimmed } = arrowAtEnd(pts, size);
      expect(trimmed.length).toBe(pts.length);
      expect(trimmed.slice(0, -2)).toEqual(pts.slice(0, -2));
      const end: Pt = [trimmed[2 * k - 2]!, trimmed[2 * k - 1]!];
      expect(inside(triangle, end), `${pts.join(',')} size ${size}`).toBe(true);
      // Still between the previous point and the tip (does not turn back).
      const [px, py, tx, ty] = pts.slice(-4) as [number, number, number, number];
      const along = ((end[0] - px) * (tx - px) + (end[1] - py) * (ty - py)) / ((tx - px) ** 2 + (ty - py) ** 2);
      expect(along).toBeGreaterThan(0);
      expect(along).toBeLessThan(1);
    }
  });

  it('pulls back along the final straight run, through its collinear points', () => {
    // A run of 3 px steps into the tip (the layout's run points): the pull (0.7 × 13) drops the
    // points within it, and the stroke ends on the run 9.1 px before the tip.
    const pts = [0, 0, 50, 0, 50, 30, 50, 33, 50, 36, 50, 40];
    const { trimmed } = arrowAtEnd(pts, 13);
    expect(trimmed).toEqual([0, 0, 50, 0, 50, 30, 50, 40 - 9.1]);
    // Only as far as the run goes: 90 % of it.
    expect(arrowAtEnd([0, 0, 50, 0, 50, 3, 50, 6], 13).trimmed).toEqual([0, 0, 50, 0, 50, 6 - 5.4]);
  });

  it('pulls a wide stroke further back, so that its round cap stays inside the arrowhead', () => {
    const pts = [0, 0, 0, 100];
    // 0.7 × 5 = 3.5 px back; a 4 px stroke needs √5/2 × 4 ≈ 4.47 px; never past the base.
    expect(arrowAtEnd(pts, 5).trimmed[3]).toBeCloseTo(96.5, 9);
    expect(arrowAtEnd(pts, 5, 4).trimmed[3]).toBeCloseTo(100 - Math.sqrt(5) * 2, 9);
    expect(arrowAtEnd(pts, 5, 12).trimmed[3]).toBeCloseTo(95, 9);
    for (const [size, width] of [[5, 3.5], [13, 6.4], [16, 9.2], [20, 12]] as const) {
      // The cap's centre is on the axis; the sides are 1/√5 of the distance from the tip away.
      const { trimmed } = arrowAtEnd(pts, size, width);
      expect((100 - trimmed[3]!) / Math.sqrt(5), `${size} px arrowhead, ${width} px stroke`).toBeGreaterThanOrEqual(width / 2 - 1e-9);
    }
  });

  it('does not modify its input', () => {
    const pts = [0, 0, 5, 5, 9, 1];
    const copy = pts.slice();
    arrowAtEnd(pts, 10);
    arrowAtEnd(Float32Array.from(pts), 10);
    expect(pts).toEqual(copy);
  });

  it('survives degenerate polylines', () => {
    expect(arrowAtEnd([], 10)).toEqual({ triangle: [], trimmed: [] });
    expect(arrowAtEnd([4, 5], 10)).toEqual({ triangle: [], trimmed: [4, 5] });
    // Repeated last points: the direction comes from the last distinct point.
    const { triangle, trimmed } = arrowAtEnd([0, 0, 10, 0, 10, 0, 10, 0], 4);
    expect(triangle[0]).toBe(10);
    expect((triangle[2]! + triangle[4]!) / 2).toBeCloseTo(6, 9);
    expect((triangle[3]! + triangle[5]!) / 2).toBeCloseTo(0, 9);
    expect(trimmed.every(Number.isFinite)).toBe(true);
    // All points equal: no direction at all, but finite numbers.
    for (const pts of [
      [3, 3, 3, 3],
      [3, 3, 3, 3, 3, 3],
    ]) {
      const r = arrowAtEnd(pts, 8);
      expect([...r.triangle, ...r.trimmed].every(Number.isFinite)).toBe(true);
      expect([r.triangle[0], r.triangle[1]]).toEqual([3, 3]);
    }
  });
});

describe('finalRun', () => {
  it('gives the last segment’s direction and the straight run back through collinear points', () => {
    expect(finalRun([0, 0, 10, 0, 10, 5, 10, 8, 10, 20])).toEqual({ dx: 0, dy: 1, last: 3, first: 1, run: 20 });
    // A point 0.1 px off the line ends the run; repeated end points are skipped.
    expect(finalRun([10, -30, 10.1, 0, 10, 5, 10, 20, 10, 20])).toMatchObject({ last: 2, first: 2, run: 15 });
    expect(finalRun([0, 0, 3, 4])).toMatchObject({ dx: 0.6, dy: 0.8, run: 5 });
  });
});

describe('edgeDrawing', () => {
  it('is what toSVG draws: the sampled curve through the pulled-back route, half the width, the arrowhead', () => {
    const pts = [0, 0, 0, 50, 40, 50];
    const d = edgeDrawing(pts, 3, 13);
    const { triangle, trimmed } = arrowAtEnd(pts, 13, 3);
    expect(d.triangle).toEqual(triangle);
    expect(d.radius).toBe(1.5);
    expect(d.line.slice(0, 2)).toEqual([0, 0]);
    expect(d.line.at(-2)).toBeCloseTo(trimmed.at(-2)!, 9);
    expect(d.line.at(-1)).toBeCloseTo(trimmed.at(-1)!, 9);
  });
});
