/**
 * Packs boxes without edges into rows (no ELK call needed): an unconnected series of 10,000
 * `Assign` ops becomes a compact block instead of a 10,000-wide layer.
 */
export interface GridPacking {
  /** Top-left per box: 2 per box. */
  xy: Float64Array;
  width: number;
  height: number;
}

export function packGrid(sizes: ReadonlyArray<{ width: number; height: number }>, gap: number): GridPacking {
  const xy = new Float64Array(2 * sizes.length);
  if (!sizes.length) return { xy, width: 0, height: 0 };
  let area = 0;
  let widest = 0;
  for (const s of sizes) {
    area += (s.width + gap) * (s.height + gap);
    widest = Math.max(widest, s.width);
  }
  // Rows about 1.6× as wide as tall: roughly the shape of a screen.
  const rowLimit = Math.max(widest, Math.sqrt(area * 1.6));
  let x = 0;
  let y = 0;
  let rowHeight = 0;
  let width = 0;
  sizes.forEach((s, i) => {
    if (x > 0 && x + s.width > rowLimit) {
      y += rowHeight + gap;
      x = 0;
      rowHeight = 0;
    }
    xy[2 * i] = x;
    xy[2 * i + 1] = y;
    x += s.width + gap;
    width = Math.max(width, x - gap);
    rowHeight = Math.max(rowHeight, s.height);
  });
  return { xy, width, height: y + rowHeight };
}
