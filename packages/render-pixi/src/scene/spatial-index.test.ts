import { NodeKind, NodeFlag, type Geometry } from '@tbg/layout';
import { beforeAll, describe, expect, it } from 'vitest';
import { exampleGeometry } from '../test-support/example-geometry.js';
import { buildNodeIndex, insideShape, nodeDepths } from './spatial-index.js';

let g: Geometry;
beforeAll(async () => {
  g = await exampleGeometry('all');
}, 60_000);

const boxOf = (i: number) => Array.from(g.nodes.box.subarray(4 * i, 4 * i + 4));

describe('node index over real geometry', () => {
  it('depths follow the parent column', () => {
    const d = nodeDepths(g);
    for (let i = 0; i < g.nodes.count; i++) {
      const p = g.nodes.parent[i]!;
      expect(d[i]).toBe(p < 0 ? 0 : d[p]! + 1);
    }
  });

  it('a query returns exactly the nodes whose box meets the rectangle (same as a linear scan)', () => {
    const idx = buildNodeIndex(g);
    const rects = [
      { x: 0, y: 0, width: g.width, height: g.height },
      { x: g.width * 0.3, y: g.height * 0.2, width: 80, height: 60 },
      { x: -500, y: -500, width: 10, height: 10 },
    ];
    for (const r of rects) {
      const scan: number[] = [];
      for (let i = 0; i < g.nodes.count; i++) {
        const [x, y, w, h] = boxOf(i) as [number, number, number, number];
        if (x <= r.x + r.width && x + w >= r.x && y <= r.y + r.height && y + h >= r.y) scan.push(i);
      }
      expect(idx.query(r).sort((a, b) => a - b)).toEqual(scan);
    }
  });

  it('hit testing picks the innermost shape under the point, never a section, and −1 on empty space', () => {
    const idx = buildNodeIndex(g);
    let ops = 0;
    for (let i = 0; i < g.nodes.count; i++) {
      if (g.nodes.kind[i] !== NodeKind.op) continue;
      const s = g.nodes.shape;
      const cx = s[4 * i]! + s[4 * i + 2]! / 2;
      const cy = s[4 * i + 1]! + s[4 * i + 3]! / 2;
      expect(idx.hit(cx, cy), `op ${g.nodes.label[i]}`).toBe(i);
      ops++;
    }
    expect(ops).toBeGreaterThan(20);
    const root = Array.from({ length: g.nodes.count }, (_, i) => i).find((i) => g.nodes.flags[i]! & NodeFlag.root)!;
    expect(root).toBeDefined();
    expect(idx.hit(-1000, -1000)).toBe(-1);
  });

  it('ellipses are hit inside their outline only', () => {
    const i = Array.from({ length: g.nodes.count }, (_, k) => k).find((k) => g.nodes.kind[k] === NodeKind.op)!;
    const s = g.nodes.shape;
    // The corner of the bounding rectangle lies outside the ellipse.
    expect(insideShape(g, i, s[4 * i]! + 0.5, s[4 * i + 1]! + 0.5)).toBe(false);
    expect(insideShape(g, i, s[4 * i]! + s[4 * i + 2]! / 2, s[4 * i + 1]! + s[4 * i + 3]! / 2)).toBe(true);
  });
});
