import { basisSegments, EdgeFlag, type Geometry } from '@tbg/layout';
import { beforeAll, describe, expect, it } from 'vitest';
import { exampleGeometry } from '../test-support/example-geometry.js';
import { buildCoarseEdgeStrokes, buildEdgeStrokeLevels, buildEdgeStrokes, EdgeRole, edgeBoxes, flattenBasis, mitreNormals, MITRE_LIMIT, PIECES_PER_SPAN, StrokeWriter, allocateStrokes, StrokeKind, type EdgeStrokes } from './edge-strokes.js';
import { EDGE_LEVELS, lodThresholds } from './lod.js';

let g: Geometry;
beforeAll(async () => {
  g = await exampleGeometry('all');
}, 60_000);

const routeOf = (e: number) => Array.from(g.edges.points.subarray(2 * g.edges.pointStart[e]!, 2 * g.edges.pointStart[e + 1]!));

describe('edge strokes', () => {
  it('the flattened basis curve starts and ends on the route ends and stays in its hull', () => {
    const pts = [0, 0, 10, 0, 10, 10, 20, 10];
    const f = flattenBasis(pts);
    expect(f.slice(0, 2)).toEqual([0, 0]);
    expect(f.slice(-2)[0]).toBeCloseTo(20);
    expect(f.slice(-2)[1]).toBeCloseTo(10);
    for (let k = 0; k < f.length; k += 2) {
      expect(f[k]).toBeGreaterThanOrEqual(-1e-9);
      expect(f[k]).toBeLessThanOrEqual(20 + 1e-9);
    }
    expect(flattenBasis([0, 0, 5, 5])).toEqual([0, 0, 5, 5]);
  });

  it('straight spans are one piece; bent ones get more, at most PIECES_PER_SPAN', () => {
    // Collinear points: every span is straight.
    const spans = basisSegments([0, 0, 0, 10, 0, 20, 0, 30]).length - 1;
    const straight = flattenBasis([0, 0, 0, 10, 0, 20, 0, 30]);
    expect(straight.length / 2 - 1).toBe(spans);
    for (let k = 0; k < straight.length; k += 2) expect(straight[k]).toBeCloseTo(0, 9);
    const bent = flattenBasis([0, 0, 40, 0, 40, 40, 80, 40]);
    expect(bent.length / 2 - 1).toBeGreaterThan(spans);
    expect(bent.length / 2 - 1).toBeLessThanOrEqual(spans * PIECES_PER_SPAN);
  });

  it('pieces meet on mitred joins: a bend shares its corners, a sharp one is cut at MITRE_LIMIT', () => {
    const len = (m: Float32Array, p: number) => Math.hypot(m[2 * p]!, m[2 * p + 1]!);
    // Straight: unit normals, to the left of the direction of travel.
    expect(Array.from(mitreNormals([0, 0, 10, 0, 20, 0]), (v) => v + 0)).toEqual([0, 1, 0, 1, 0, 1]);
    // A right angle: the mitre is √2 long, along the bisector.
    const right = mitreNormals([0, 0, 10, 0, 10, 10]);
    expect(len(right, 1)).toBeCloseTo(Math.SQRT2);
    expect(right[2]).toBeCloseTo(-1);
    expect(right[3]).toBeCloseTo(1);
    // Nearly reversing: cut to the limit.
    expect(len(mitreNormals([0, 0, 10, 0, 0, 0.5]), 1)).toBeCloseTo(MITRE_LIMIT);
    // A zero-length piece changes nothing: on a straight line, and at a bend, where both points take its mitre.
    expect(Array.from(mitreNormals([0, 0, 10, 0, 10, 0, 20, 0]), (v) => v + 0)).toEqual([0, 1, 0, 1, 0, 1, 0, 1]);
    const bend = mitreNormals([0, 0, 10, 0, 10, 0, 10, 10]);
    expect(len(bend, 1)).toBeCloseTo(Math.SQRT2);
    expect([bend[4], bend[5]]).toEqual([bend[2], bend[3]]);
    // In the buffers, each piece's end corners are the next piece's start corners.
    const w = new StrokeWriter(allocateStrokes(3, 0));
    w.style = { ...w.style, half: 4 };
    w.line([0, 0, 10, 0, 20, 5, 20, 5, 30, 20]);
    const s = w.finish();
    const corner = (v: number, side: 1 | -1) => [s.centre[2 * v]! + 4 * side * s.normal[2 * v]!, s.centre[2 * v + 1]! + 4 * side * s.normal[2 * v + 1]!];
    for (const piece of [0, 1]) {
      const [end, next] = [4 * piece, 4 * (piece + 1)];
      expect(corner(end + 3, 1)).toEqual(corner(next, 1));
      expect(corner(end + 2, 1)).toEqual(corner(next + 1, 1));
    }
  });

  it('one quad per piece and one arrowhead per edge, tip on the route end (the start for reference edges)', () => {
    const all = Array.from({ length: g.edges.count }, (_, e) => e);
    const s = buildEdgeStrokes(g, all);
    expect(s.vertices).toBe(s.meta.length / 2);
    expect(s.index.length % 3).toBe(0);
    expect(Math.max(...s.index)).toBeLessThan(s.vertices);
    // Arrowhead vertices have no normal; their first corner is the tip.
    const tips: Array<[number, number]> = [];
    for (let v = 0; v < s.vertices; v++) {
      if (s.normal[2 * v] === 0 && s.normal[2 * v + 1] === 0 && s.stroke[4 * v + 2]! >= StrokeKind.arrow) {
        tips.push([s.centre[2 * v]!, s.centre[2 * v + 1]!]);
        v += 2;
      }
    }
    expect(tips.length).toBe(g.edges.count);
    all.forEach((e, k) => {
      const r = routeOf(e);
      const ref = (g.edges.flags[e]! & EdgeFlag.hasRef) !== 0;
      const [x, y] = ref ? [r[0]!, r[1]!] : [r[r.length - 2]!, r[r.length - 1]!];
      expect(tips[k]![0]).toBeCloseTo(x, 3);
      expect(tips[k]![1]).toBeCloseTo(y, 3);
    });
  });

  it('control-only edges are dashed, data edges solid; reference edges take their own colour', () => {
    const control = Array.from({ length: g.edges.count }, (_, e) => e).filter((e) => g.edges.flags[e]! & EdgeFlag.controlOnly);
    const data = Array.from({ length: g.edges.count }, (_, e) => e).filter((e) => !(g.edges.flags[e]! & (EdgeFlag.controlOnly | EdgeFlag.hasRef)));
    expect(control.length).toBeGreaterThan(0);
    const c = buildEdgeStrokes(g, control);
    expect(c.stroke[2]).toBe(1);
    const d = buildEdgeStrokes(g, data);
    expect(d.stroke[2]).toBe(StrokeKind.solid);
    expect(d.stroke[3]).toBe(EdgeRole.data);
    const ref = Array.from({ length: g.edges.count }, (_, e) => e).filter((e) => g.edges.flags[e]! & EdgeFlag.hasRef);
    if (ref.length) expect(buildEdgeStrokes(g, ref).stroke[3]).toBe(EdgeRole.reference);
    // Each vertex knows its edge's state slot (after the nodes').
    expect(d.meta[0]).toBe(g.nodes.count + data[0]!);
  });

  it('edge boxes hold their routes', () => {
    const b = edgeBoxes(g);
    for (let e = 0; e < g.edges.count; e++) {
      const r = routeOf(e);
      for (let k = 0; k < r.length; k += 2) {
        expect(r[k]!).toBeGreaterThanOrEqual(b[4 * e]! - 1e-3);
        expect(r[k]!).toBeLessThanOrEqual(b[4 * e]! + b[4 * e + 2]! + 1e-3);
      }
    }
  });

  it('coarser copies: fewer pieces, each route within its tolerance of the fine one, same edge styles, no arrowheads', () => {
    const all = Array.from({ length: g.edges.count }, (_, e) => e);
    const levels = buildEdgeStrokeLevels(g, all, lodThresholds(g), EDGE_LEVELS);
    expect(levels).toHaveLength(EDGE_LEVELS.length + 1);
    // The fine copy is the one buildEdgeStrokes writes.
    expect(Array.from(levels[0]!.centre)).toEqual(Array.from(buildEdgeStrokes(g, all).centre));
    const fine = linesOf(levels[0]!);
    levels.slice(1).forEach((coarse, k) => {
      expect(pieces(coarse)).toBeLessThan(pieces(levels[k]!));
      expect(coarse.index.length % 6).toBe(0);
      for (let v = 0; v < coarse.vertices; v++) expect(coarse.stroke[4 * v + 2]! < StrokeKind.arrow).toBe(true);
      expectWithin(fine, coarse, EDGE_LEVELS[k]!.tolerance);
      // One copy alone (the Canvas 2D picture at one zoom): as close, and no finer than the chain's.
      const alone = buildCoarseEdgeStrokes(g, all, null, EDGE_LEVELS[k]!.tolerance);
      expectWithin(fine, alone, EDGE_LEVELS[k]!.tolerance);
      expect(pieces(alone)).toBeLessThan(pieces(levels[0]!));
      // Width, dashes and colour role per vertex are the fine copy's, for the same edge.
      const style = (s: EdgeStrokes) => {
        const m = new Map<number, string>();
        for (let v = 0; v < s.vertices; v++) if (s.stroke[4 * v + 2]! < StrokeKind.arrow) m.set(s.meta[2 * v]!, `${s.stroke[4 * v]} ${s.stroke[4 * v + 2]} ${s.stroke[4 * v + 3]} ${s.meta[2 * v + 1]}`);
        return m;
      };
      expect(style(coarse)).toEqual(style(levels[0]!));
    });
  });
});

/** Every edge of `fine` (polylines by state slot) is in `coarse`, each fine point within `tolerance` of it. */
function expectWithin(fine: Map<number, number[]>, coarse: EdgeStrokes, tolerance: number): void {
  const lines = linesOf(coarse);
  expect(lines.size).toBe(fine.size);
  for (const [id, pts] of fine) {
    const c = lines.get(id)!;
    for (let p = 0; p < pts.length; p += 2) expect(distanceToPolyline(pts[p]!, pts[p + 1]!, c)).toBeLessThanOrEqual(tolerance + 1e-3);
  }
}

/** Straight pieces (quads), arrowheads aside. */
function pieces(s: EdgeStrokes): number {
  let n = 0;
  for (let v = 0; v < s.vertices; v++) if (s.stroke[4 * v + 2]! < StrokeKind.arrow) n++;
  return n / 4;
}

/** Each edge's polyline (by state slot), read back from its quads: the start and end of each piece. */
function linesOf(s: EdgeStrokes): Map<number, number[]> {
  const lines = new Map<number, number[]>();
  for (let v = 0; v + 3 < s.vertices; ) {
    if (s.stroke[4 * v + 2]! >= StrokeKind.arrow) {
      v += 3;
      continue;
    }
    const id = s.meta[2 * v]!;
    const line = lines.get(id) ?? [];
    if (!line.length) line.push(s.centre[2 * v]!, s.centre[2 * v + 1]!);
    line.push(s.centre[2 * (v + 2)]!, s.centre[2 * (v + 2) + 1]!);
    lines.set(id, line);
    v += 4;
  }
  return lines;
}

function distanceToPolyline(x: number, y: number, line: number[]): number {
  let best = Infinity;
  for (let j = 0; j + 3 < line.length; j += 2) {
    const [ax, ay, dx, dy] = [line[j]!, line[j + 1]!, line[j + 2]! - line[j]!, line[j + 3]! - line[j + 1]!];
    const l2 = dx * dx + dy * dy;
    const t = l2 > 0 ? Math.max(0, Math.min(1, ((x - ax) * dx + (y - ay) * dy) / l2)) : 0;
    best = Math.min(best, Math.hypot(x - ax - t * dx, y - ay - t * dy));
  }
  return best;
}
