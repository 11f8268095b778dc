/**
 * Spatial tiles: the scene is cut into a grid of world-space cells and every primitive belongs to
 * the cell of its centre. A tile's bounds are the union of its primitives' boxes, so a tile off
 * screen can be skipped whole and the cost of a frame follows what is on screen, not the size
 * of the graph.
 */
import type { Rect } from './camera.js';

export interface TileGrid {
  cols: number;
  rows: number;
  /** World size of one cell. */
  cellW: number;
  cellH: number;
  /** Per tile: minX, minY, maxX, maxY of what it holds (Infinity/−Infinity when empty). */
  bounds: Float32Array;
  /** Per tile, the items it holds: items `start[t] … start[t+1]` of `items`. */
  start: Uint32Array;
  items: Uint32Array;
}

/**
 * Groups `count` boxes (x, y, w, h per item in `boxes`) into tiles of a grid of at most
 * `maxSide` × `maxSide` cells over `extent`, with at least `minCell` world px per cell and no
 * more cells than `count / itemsPerTile`: every tile becomes meshes (GPU buffers and a draw call
 * each), which a small scene pays for on every layout without gaining any culling (0: no such cap).
 */
export function buildTiles(boxes: Float32Array, count: number, extent: Rect, maxSide = 16, minCell = 256, itemsPerTile = 64): TileGrid {
  let cols = Math.max(1, Math.min(maxSide, Math.ceil(extent.width / minCell)));
  let rows = Math.max(1, Math.min(maxSide, Math.ceil(extent.height / minCell)));
  const cap = itemsPerTile > 0 ? Math.max(1, Math.ceil(count / itemsPerTile)) : Infinity;
  while (cols * rows > cap) {
    if (cols >= rows) cols = Math.ceil(cols / 2);
    else rows = Math.ceil(rows / 2);
  }
  const cellW = Math.max(1e-6, extent.width / cols);
  const cellH = Math.max(1e-6, extent.height / rows);
  const tileOf = new Uint32Array(count);
  const counts = new Uint32Array(cols * rows);
  for (let i = 0; i < count; i++) {
    const cx = boxes[4 * i]! + boxes[4 * i + 2]! / 2 - extent.x;
    const cy = boxes[4 * i + 1]! + boxes[4 * i + 3]! / 2 - extent.y;
    const c = Math.min(cols - 1, Math.max(0, Math.floor(cx / cellW)));
    const r = Math.min(rows - 1, Math.max(0, Math.floor(cy / cellH)));
    tileOf[i] = r * cols + c;
    counts[r * cols + c]!++;
  }
  const start = new Uint32Array(cols * rows + 1);
  for (let t = 0; t < cols * rows; t++) start[t + 1] = start[t]! + counts[t]!;
  const items = new Uint32Array(count);
  const bounds = new Float32Array(4 * cols * rows);
  for (let t = 0; t < cols * rows; t++) bounds.set([Infinity, Infinity, -Infinity, -Infinity], 4 * t);
  const fill = start.slice(0, cols * rows);
  for (let i = 0; i < count; i++) {
    const t = tileOf[i]!;
    items[fill[t]!++] = i;
    growBounds(bounds, t, boxes, i);
  }
  return { cols, rows, cellW, cellH, bounds, start, items };
}

function growBounds(bounds: Float32Array, t: number, boxes: Float32Array, i: number): void {
  const x = boxes[4 * i]!;
  const y = boxes[4 * i + 1]!;
  bounds[4 * t] = Math.min(bounds[4 * t]!, x);
  bounds[4 * t + 1] = Math.min(bounds[4 * t + 1]!, y);
  bounds[4 * t + 2] = Math.max(bounds[4 * t + 2]!, x + boxes[4 * i + 2]!);
  bounds[4 * t + 3] = Math.max(bounds[4 * t + 3]!, y + boxes[4 * i + 3]!);
}

/** The tiles whose contents meet the world rectangle `r` (empty tiles never do). */
export function visibleTiles(grid: TileGrid, r: Rect): number[] {
  const out: number[] = [];
  const b = grid.bounds;
  for (let t = 0; t < grid.cols * grid.rows; t++) {
    if (b[4 * t]! <= r.x + r.width && b[4 * t + 2]! >= r.x && b[4 * t + 1]! <= r.y + r.height && b[4 * t + 3]! >= r.y) out.push(t);
  }
  return out;
}
