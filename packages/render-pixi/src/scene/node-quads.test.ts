import { NodeKind, NodeFlag, ShapeKind, type Geometry } from '@tbg/layout';
import { beforeAll, describe, expect, it } from 'vitest';
import { TB_COLORS } from '../style/palette.js';
import { plainPaint } from '../style/paint.js';
import { exampleGeometry } from '../test-support/example-geometry.js';
import { buildNodeQuads, QUAD_PAD, rgbaBytes } from './node-quads.js';

let g: Geometry;
beforeAll(async () => {
  g = await exampleGeometry('all');
}, 60_000);

describe('node quads', () => {
  it('packs RGB and alpha as little-endian RGBA bytes', () => {
    const bytes = new Uint8Array(new Uint32Array([rgbaBytes(0x123456, 0x78)]).buffer);
    expect([...bytes]).toEqual([0x12, 0x34, 0x56, 0x78]);
  });

  it('one quad per node around its shape (plus the stroke pad), with its shape, fill and stroke', () => {
    const all = Array.from({ length: g.nodes.count }, (_, i) => i);
    const paint = plainPaint(g);
    const q = buildNodeQuads(g, all, paint);
    expect(q.count).toBe(g.nodes.count);
    for (const i of all) {
      const [x, y, w, h] = Array.from(g.nodes.shape.subarray(4 * i, 4 * i + 4)) as [number, number, number, number];
      const xs = [0, 1, 2, 3].map((v) => q.position[8 * i + 2 * v]!);
      const ys = [0, 1, 2, 3].map((v) => q.position[8 * i + 2 * v + 1]!);
      expect(Math.min(...xs)).toBeCloseTo(x - QUAD_PAD, 3);
      expect(Math.max(...xs)).toBeCloseTo(x + w + QUAD_PAD, 3);
      expect(Math.min(...ys)).toBeCloseTo(y - QUAD_PAD, 3);
      expect(Math.max(...ys)).toBeCloseTo(y + h + QUAD_PAD, 3);
      // The local coordinates are the offsets from the shape's centre.
      expect(q.position[8 * i]! - q.local[8 * i]!).toBeCloseTo(x + w / 2, 3);
      expect(q.shape[16 * i + 3]).toBe(g.nodes.shapeKind[i]);
      expect(q.fill[4 * i]).toBe(rgbaBytes(paint.fill[i]!));
    }
    expect(Math.max(...q.index)).toBe(4 * g.nodes.count - 1);
  });

  it("plain paint is TensorBoard's none mode: white ops, #eee metanodes, #f0f0f0 when expanded", () => {
    const p = plainPaint(g);
    let metas = 0;
    for (let i = 0; i < g.nodes.count; i++) {
      const kind = g.nodes.kind[i];
      const expanded = (g.nodes.flags[i]! & NodeFlag.expanded) !== 0;
      if (kind === NodeKind.op && g.nodes.shapeKind[i] === ShapeKind.ellipse) expect(p.fill[i]).toBe(TB_COLORS.opFill);
      if (kind === NodeKind.meta) {
        metas++;
        expect(p.fill[i]).toBe(expanded ? TB_COLORS.expanded : TB_COLORS.unknown);
      }
    }
    expect(metas).toBeGreaterThan(5);
  });
});
