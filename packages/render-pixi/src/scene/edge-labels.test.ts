import { type Geometry } from '@tbg/layout';
import { beforeAll, describe, expect, it } from 'vitest';
import { exampleGeometry } from '../test-support/example-geometry.js';
import { EDGE_LABEL_PX, edgeLabels, midpointAlong } from './edge-labels.js';
import { flattenBasis } from './edge-strokes.js';

let g: Geometry;
beforeAll(async () => {
  g = await exampleGeometry('all');
}, 60_000);

describe('edge labels', () => {
  it('the midpoint halfway along a polyline, with its direction', () => {
    expect(midpointAlong([0, 0, 10, 0, 10, 20])).toEqual({ x: 10, y: 5, angle: Math.PI / 2 });
    const m = midpointAlong([0, 0, 0, 4])!;
    expect([m.x, m.y]).toEqual([0, 2]);
    expect(midpointAlong([1, 1, 1, 1])).toBeNull();
  });

  it("tensor shapes at 3.5 px beside the middle of their edge's curve, upright", () => {
    const edges = [...Array(g.edges.count).keys()];
    const labels = edgeLabels(g, edges);
    const withLabel = edges.filter((e) => g.edges.label[e]);
    expect(labels.length).toBe(withLabel.length);
    expect(labels.map((l) => l.text)).toContain('200×100');
    labels.forEach((l, k) => {
      const e = withLabel[k]!;
      expect(l.px).toBe(EDGE_LABEL_PX);
      expect(l.role).toBe('edge');
      expect(l.id).toBe(g.nodes.count + e);
      expect(Math.abs(l.angle!)).toBeLessThanOrEqual(Math.PI / 2);
      const mid = midpointAlong(flattenBasis(g.edges.points.subarray(2 * g.edges.pointStart[e]!, 2 * g.edges.pointStart[e + 1]!)))!;
      // Beside the stroke: half the text height plus half the stroke plus a gap away.
      expect(Math.hypot(l.x - mid.x, l.y - mid.y)).toBeCloseTo(EDGE_LABEL_PX / 2 + g.edges.width[e]! / 2 + 0.5, 4);
    });
  });
});
