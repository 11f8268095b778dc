/** Moving a layout to the origin of the box around what is drawn of it. */
import type { LayoutGraph, LgLayout } from './layout-graph.js';

/** Bounds that grow to hold points. */
class Bounds {
  x0 = Infinity;
  y0 = Infinity;
  x1 = -Infinity;
  y1 = -Infinity;

  grow(x: number, y: number): void {
    if (x < this.x0) this.x0 = x;
    if (y < this.y0) this.y0 = y;
    if (x > this.x1) this.x1 = x;
    if (y > this.y1) this.y1 = y;
  }
}

/**
 * Moves the layout so that the box around its plain nodes and edge routes starts at (0, 0), and
 * records that box's size. Stubs, and the last bit of an edge into a stub, may lie outside it.
 */
export function normalize(g: LayoutGraph, out: LgLayout): void {
  const b = new Bounds();
  g.nodes.forEach((node, i) => {
    if (node.kind !== 'plain') return;
    b.grow(out.nodeXY[2 * i]!, out.nodeXY[2 * i + 1]!);
    b.grow(out.nodeXY[2 * i]! + node.width, out.nodeXY[2 * i + 1]! + node.height);
  });
  // Edge points too, except the ends at stubs (those are replaced by border points later).
  g.edges.forEach((e, k) => {
    const from = out.pointStart[k]! + (g.nodes[e.v]!.kind === 'plain' ? 0 : 1);
    const to = out.pointStart[k + 1]! - (g.nodes[e.w]!.kind === 'plain' ? 0 : 1);
    for (let p = from; p < to; p++) b.grow(out.points[2 * p]!, out.points[2 * p + 1]!);
  });
  let { x0, y0, x1, y1 } = b;
  if (x0 === Infinity) {
    x0 = y0 = 0;
    x1 = y1 = 0;
  }
  for (let i = 0; i < out.nodeXY.length; i += 2) {
    out.nodeXY[i]! -= x0;
    out.nodeXY[i + 1]! -= y0;
  }
  for (let i = 0; i < out.points.length; i += 2) {
    out.points[i]! -= x0;
    out.points[i + 1]! -= y0;
  }
  out.width = x1 - x0;
  out.height = y1 - y0;
}
