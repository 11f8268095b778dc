import { AnnotationSide, AnnotationType, LabelAlign, type Geometry } from '@tbg/layout';
import { beforeAll, describe, expect, it } from 'vitest';
import { exampleGeometry } from '../test-support/example-geometry.js';
import { annotationLabels, buildAnnotationEdges, buildAnnotationQuads } from './annotations.js';

let g: Geometry;
beforeAll(async () => {
  g = await exampleGeometry('all');
}, 60_000);

describe('annotations', () => {
  it('a glyph quad per annotation with a shape, an edge and an arrowhead each, labels on the outer side', () => {
    const a = g.annotations;
    expect(a.count).toBeGreaterThan(5);
    const all = Array.from({ length: a.count }, (_, i) => i);
    const glyphs = all.filter((i) => a.type[i] !== AnnotationType.ellipsis && a.shapeKind[i] !== 0).length;
    expect(buildAnnotationQuads(g, all).count).toBe(glyphs);
    const edges = buildAnnotationEdges(g, all);
    const drawn = all.filter((i) => Math.hypot(a.edge[4 * i + 2]! - a.edge[4 * i]!, a.edge[4 * i + 3]! - a.edge[4 * i + 1]!) > 1e-6).length;
    expect(edges.vertices).toBe(drawn * (4 + 3));
    // The arrowhead's tip is the edge's end, on the host (inputs) or on the glyph (outputs).
    const tip0 = 4;
    const first = all.find((i) => Math.hypot(a.edge[4 * i + 2]! - a.edge[4 * i]!, a.edge[4 * i + 3]! - a.edge[4 * i + 1]!) > 1e-6)!;
    expect(edges.centre[2 * tip0]).toBeCloseTo(a.edge[4 * first + 2]!, 4);
    const labels = annotationLabels(g, all);
    for (const l of labels) {
      const i = all.find((k) => a.label[k] === l.text && a.labelXY[2 * k] === l.x)!;
      expect(l.align).toBe(a.side[i] === AnnotationSide.in ? LabelAlign.end : LabelAlign.start);
      expect(l.px).toBe(5);
    }
    expect(labels.length).toBeGreaterThan(0);
  });
});
