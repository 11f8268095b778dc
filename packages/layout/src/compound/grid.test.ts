import { describe, expect, it } from 'vitest';
import { packGrid } from './grid.js';

type Size = { width: number; height: number };

/** Seeded sizes: widths and heights in [1, 80]. */
function sizes(n: number, seed: number): Size[] {
  let s = seed;
  const rnd = () => (s = (s * 48271) % 2147483647) / 2147483647;
  return Array.from({ length: n }, () => ({ width: 1 + Math.floor(rnd() * 80), height: 1 + Math.floor(rnd() * 80) }));
}

function boxes(list: Size[], gap: number) {
  const g = packGrid(list, gap);
  return { ...g, boxes: list.map((s, i) => ({ x: g.xy[2 * i]!, y: g.xy[2 * i + 1]!, ...s })) };
}

/** Rows as runs of boxes sharing a y (row-major order makes them consecutive). */
function rows(bs: Array<{ x: number; y: number; width: number; height: number }>) {
  const out: (typeof bs)[] = [];
  for (const b of bs) {
    const last = out.at(-1);
    if (last && last[0]!.y === b.y) last.push(b);
    else out.push([b]);
  }
  return out;
}

const cases: Array<[n: number, seed: number, gap: number]> = [
  [1, 1, 8],
  [2, 2, 8],
  [7, 3, 0],
  [50, 4, 8],
  [333, 5, 3.5],
  [1000, 6, 8],
];

describe('packGrid', () => {
  it('packs nothing into an empty 0 × 0 grid', () => {
    const g = packGrid([], 8);
    expect(g.xy.length).toBe(0);
    expect([g.width, g.height]).toEqual([0, 0]);
  });

  it('places one box at the origin, the grid its exact size', () => {
    const g = packGrid([{ width: 17, height: 9 }], 8);
    expect(Array.from(g.xy)).toEqual([0, 0]);
    expect([g.width, g.height]).toEqual([17, 9]);
  });

  it('never overlaps boxes, and keeps at least `gap` between them', () => {
    for (const [n, seed, gap] of cases) {
      const { boxes: bs } = boxes(sizes(n, seed), gap);
      const sorted = bs.slice().sort((a, b) => a.x - b.x);
      for (let i = 0; i < sorted.length; i++) {
        const a = sorted[i]!;
        for (let j = i + 1; j < sorted.length && sorted[j]!.x < a.x + a.width + gap; j++) {
          const b = sorted[j]!;
          // Separated by ≥ gap along x or along y.
          const sepX = Math.max(b.x - (a.x + a.width), a.x - (b.x + b.width));
          const sepY = Math.max(b.y - (a.y + a.height), a.y - (b.y + b.height));
          expect(Math.max(sepX, sepY), `boxes at (${a.x}, ${a.y}) and (${b.x}, ${b.y})`).toBeGreaterThanOrEqual(gap);
        }
      }
    }
  });

  it('fills rows left to right in input order, rows top to bottom', () => {
    for (const [n, seed, gap] of cases) {
      const { boxes: bs } = boxes(sizes(n, seed), gap);
      for (let i = 1; i < bs.length; i++) {
        const [a, b] = [bs[i - 1]!, bs[i]!];
        if (b.y === a.y) expect(b.x).toBe(a.x + a.width + gap);
        else {
          expect(b.x).toBe(0);
          expect(b.y).toBeGreaterThan(a.y);
        }
      }
      expect(bs[0]).toMatchObject({ x: 0, y: 0 });
    }
  });

  it('starts each row `gap` below the tallest box of the row above', () => {
    for (const [n, seed, gap] of cases) {
      const rs = rows(boxes(sizes(n, seed), gap).boxes);
      for (let r = 1; r < rs.length; r++) {
        const above = rs[r - 1]!;
        expect(rs[r]![0]!.y).toBe(above[0]!.y + Math.max(...above.map((b) => b.height)) + gap);
      }
    }
  });

  it('returns the tight size around every box', () => {
    for (const [n, seed, gap] of cases) {
      const { boxes: bs, width, height } = boxes(sizes(n, seed), gap);
      for (const b of bs) {
        expect(b.x).toBeGreaterThanOrEqual(0);
        expect(b.y).toBeGreaterThanOrEqual(0);
        expect(b.x + b.width).toBeLessThanOrEqual(width);
        expect(b.y + b.height).toBeLessThanOrEqual(height);
      }
      expect(Math.max(...bs.map((b) => b.x + b.width))).toBe(width);
      expect(Math.max(...bs.map((b) => b.y + b.height))).toBe(height);
    }
  });

  it('makes a compact block of many equal boxes, wider than tall', () => {
    const g = packGrid(Array.from({ length: 10_000 }, () => ({ width: 15, height: 6 })), 8);
    const perRow = Math.round(g.width / 23);
    expect(perRow).toBeGreaterThan(10);
    expect(perRow).toBeLessThan(10_000);
    // Roughly a screen's shape, and no big empty area.
    expect(g.width / g.height).toBeGreaterThan(1);
    expect(g.width / g.height).toBeLessThan(3);
    expect((g.width + 8) * (g.height + 8)).toBeLessThan(1.2 * 10_000 * 23 * 14);
  });

  it('gives a box wider than all the others a row of its own', () => {
    const list = [...sizes(40, 9), { width: 5000, height: 3 }, ...sizes(40, 10)];
    const { boxes: bs, width } = boxes(list, 8);
    const huge = bs[40]!;
    expect(huge.x).toBe(0);
    expect(width).toBe(5000);
    expect(bs.filter((b) => b.y === huge.y)).toEqual([huge]);
  });
});
