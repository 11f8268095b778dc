import { describe, expect, it } from 'vitest';
import { buildTiles, visibleTiles } from './tiles.js';

/** n boxes of 10×10 on a grid with `gap` spacing. */
function gridBoxes(n: number, perRow: number, gap: number): Float32Array {
  const b = new Float32Array(4 * n);
  for (let i = 0; i < n; i++) b.set([(i % perRow) * gap, Math.floor(i / perRow) * gap, 10, 10], 4 * i);
  return b;
}

describe('tiles', () => {
  it('puts every item in exactly one tile, the one holding its centre', () => {
    const n = 1000;
    const boxes = gridBoxes(n, 40, 100);
    const grid = buildTiles(boxes, n, { x: 0, y: 0, width: 4000, height: 2500 }, 16, 256, 0);
    expect(grid.cols).toBe(16);
    expect(grid.rows).toBe(10);
    expect([...grid.items].sort((a, b) => a - b)).toEqual(Array.from({ length: n }, (_, i) => i));
    for (let t = 0; t < grid.cols * grid.rows; t++) {
      for (let k = grid.start[t]!; k < grid.start[t + 1]!; k++) {
        const i = grid.items[k]!;
        const col = Math.floor((boxes[4 * i]! + 5) / grid.cellW);
        const row = Math.floor((boxes[4 * i + 1]! + 5) / grid.cellH);
        expect(row * grid.cols + col).toBe(t);
      }
    }
  });

  it('a tile is visible when its contents meet the view, whatever the cell it belongs to', () => {
    // One wide box whose centre is in the first cell but that reaches into the second.
    const boxes = new Float32Array([0, 0, 400, 10, 600, 0, 10, 10]);
    const grid = buildTiles(boxes, 2, { x: 0, y: 0, width: 1024, height: 10 }, 16, 256, 0);
    expect(grid.cols).toBe(4);
    expect(visibleTiles(grid, { x: 300, y: 0, width: 10, height: 10 })).toEqual([0]);
    expect(visibleTiles(grid, { x: 590, y: 0, width: 30, height: 10 })).toEqual([2]);
    expect(visibleTiles(grid, { x: 800, y: 0, width: 100, height: 10 })).toEqual([]);
  });

  it('no more tiles than items / itemsPerTile: a few nodes over a wide area share one tile', () => {
    const boxes = gridBoxes(40, 8, 500);
    expect(buildTiles(boxes, 40, { x: 0, y: 0, width: 4000, height: 2500 }).cols).toBe(1);
    const many = buildTiles(gridBoxes(1000, 40, 100), 1000, { x: 0, y: 0, width: 4000, height: 2500 });
    expect(many.cols * many.rows).toBeLessThanOrEqual(Math.ceil(1000 / 64));
    expect(many.cols * many.rows).toBeGreaterThan(1);
  });

  it('small scenes get one tile; no items, no visible tiles', () => {
    const grid = buildTiles(new Float32Array(0), 0, { x: 0, y: 0, width: 100, height: 100 });
    expect(grid.cols * grid.rows).toBe(1);
    expect(visibleTiles(grid, { x: 0, y: 0, width: 100, height: 100 })).toEqual([]);
  });
});
