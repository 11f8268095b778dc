import { NodeFlag, ShapeKind, type Geometry } from '@tbg/layout';
import { beforeAll, describe, expect, it } from 'vitest';
import { exampleGeometry } from '../test-support/example-geometry.js';
import { AGGREGATE_BELOW_PX, EDGE_LEVELS, levelAt, levelRange, liveLevels, lodThresholds, nodeShown, PLAIN_BELOW_SCALE, shownAtScale } from './lod.js';

let g: Geometry;
beforeAll(async () => {
  g = await exampleGeometry('all');
}, 60_000);

describe('levels of detail', () => {
  it('a group aggregates when its largest child is under 2 screen px; its descendants and edges hide with it', () => {
    const lod = lodThresholds(g);
    const s = g.nodes.shape;
    for (let i = 0; i < g.nodes.count; i++) {
      const children = [...Array(g.nodes.count).keys()].filter((c) => g.nodes.parent[c] === i);
      const largest = Math.max(0, ...children.map((c) => Math.max(s[4 * c + 2]!, s[4 * c + 3]!)));
      const expected = children.length && g.nodes.shapeKind[i] !== ShapeKind.none ? AGGREGATE_BELOW_PX / largest : 0;
      expect(lod.nodeAggregate[i]).toBeCloseTo(expected, 6);
      // At the aggregate's scale its largest child is exactly 2 px.
      if (expected) expect(largest * lod.nodeAggregate[i]!).toBeCloseTo(AGGREGATE_BELOW_PX, 4);
      const p = g.nodes.parent[i]!;
      if (p >= 0) expect(lod.nodeHide[i]).toBeCloseTo(Math.max(lod.nodeHide[p]!, lod.nodeAggregate[p]!), 6);
    }
    for (let e = 0; e < g.edges.count; e++) {
      const o = g.edges.owner[e]!;
      if (o >= 0) expect(lod.edgeHide[e]).toBeCloseTo(Math.max(lod.nodeHide[o]!, lod.nodeAggregate[o]!), 6);
    }
  });

  it('zooming out hides deeper nodes first; the root never aggregates', () => {
    const lod = lodThresholds(g);
    const root = [...Array(g.nodes.count).keys()].find((i) => g.nodes.flags[i]! & NodeFlag.root)!;
    expect(lod.nodeAggregate[root]).toBe(0);
    const shown = (scale: number) => [...Array(g.nodes.count).keys()].filter((i) => nodeShown(lod, i, scale)).length;
    expect(shown(1)).toBe(g.nodes.count);
    expect(shown(0.05)).toBeLessThan(shown(0.2));
    expect(shown(0.001)).toBeGreaterThan(0);
    // A hidden node's parent is an aggregate or hidden itself.
    for (let i = 0; i < g.nodes.count; i++) {
      const p = g.nodes.parent[i]!;
      if (p >= 0 && !nodeShown(lod, i, 0.05)) expect(!nodeShown(lod, p, 0.05) || lod.nodeAggregate[p]! > 0.05).toBe(true);
    }
  });

  it('the edges\' copies take turns: at every scale exactly one is drawn, each within half a screen px, none with arrowheads where they show', () => {
    const ranges = Array.from({ length: EDGE_LEVELS.length + 1 }, (_, k) => levelRange(EDGE_LEVELS, k));
    for (const scale of [1e-4, 0.01, 1 / 32 - 1e-9, 1 / 32, 0.1, 0.49, 0.5, 0.51, 1, 4, 64]) {
      const shown = ranges.map((r) => shownAtScale(scale, r.from, r.finerFrom));
      expect(shown.filter(Boolean), `at ${scale}`).toHaveLength(1);
      // The Canvas 2D picture takes the same copy.
      expect(shown.indexOf(true)).toBe(levelAt(EDGE_LEVELS, scale));
    }
    // Without levels of detail (scale Infinity): the fine copy only.
    expect(ranges.map((r) => shownAtScale(Infinity, r.from, r.finerFrom))).toEqual(ranges.map((_, k) => k === 0));
    // Items hidden (inside an aggregate) below a scale need no copy drawn only below it.
    expect(liveLevels(EDGE_LEVELS, 0)).toEqual(EDGE_LEVELS);
    expect(liveLevels(EDGE_LEVELS, 0.1)).toEqual(EDGE_LEVELS.slice(0, 1));
    expect(liveLevels(EDGE_LEVELS, PLAIN_BELOW_SCALE)).toEqual([]);
    for (const shown of [0, 0.01, 0.1, 0.5]) {
      const live = liveLevels(EDGE_LEVELS, shown).length;
      ranges.slice(1).forEach((r, k) => expect(Math.max(shown, r.from) < r.finerFrom, `copy ${k + 1} from ${shown}`).toBe(k < live));
    }
    // Coarser as the zoom goes out; every coarse copy only where nodes are plain boxes (no arrowheads).
    EDGE_LEVELS.forEach((level, k) => {
      expect(level.below).toBeLessThanOrEqual(k ? EDGE_LEVELS[k - 1]!.below : PLAIN_BELOW_SCALE);
      expect(level.tolerance * level.below).toBeLessThanOrEqual(0.5);
      if (k) expect(level.tolerance).toBeGreaterThan(EDGE_LEVELS[k - 1]!.tolerance);
    });
    // A source without levels: one copy, at every scale.
    expect(levelRange(undefined, 0)).toEqual({ from: 0, finerFrom: Infinity });
  });
});
