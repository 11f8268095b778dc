import { NodeFlag, type Geometry } from '@tbg/layout';
import { beforeAll, describe, expect, it } from 'vitest';
import { exampleGeometry } from '../test-support/example-geometry.js';
import { planTransition, shapesAt } from './transition.js';

let collapsed: Geometry;
let expanded: Geometry;
beforeAll(async () => {
  collapsed = await exampleGeometry('none');
  expanded = await exampleGeometry('all');
}, 60_000);

const box = (g: Geometry, i: number) => Array.from(g.nodes.shape.subarray(4 * i, 4 * i + 4));

describe('expand/collapse transition plan', () => {
  it('matched nodes start from their old boxes; new ones from inside their ancestor’s old box, fading in', () => {
    const plan = planTransition(collapsed, expanded);
    const oldByRef = new Map([...Array(collapsed.nodes.count).keys()].filter((i) => collapsed.nodes.ref[i]! >= 0).map((i) => [collapsed.nodes.ref[i]!, i]));
    let matched = 0;
    let fresh = 0;
    for (let i = 0; i < expanded.nodes.count; i++) {
      const old = oldByRef.get(expanded.nodes.ref[i]!);
      const from = Array.from(plan.from.subarray(4 * i, 4 * i + 4));
      if (old !== undefined && expanded.nodes.ref[i]! >= 0) {
        matched++;
        expect(plan.fresh[i]).toBe(0);
        expect(from).toEqual(box(collapsed, old));
        continue;
      }
      fresh++;
      expect(plan.fresh[i]).toBe(1);
      // Inside the old box of the nearest ancestor that existed before.
      let a = expanded.nodes.parent[i]!;
      while (a >= 0 && !oldByRef.has(expanded.nodes.ref[a]!)) a = expanded.nodes.parent[a]!;
      if (a < 0 || expanded.nodes.flags[a]! & NodeFlag.root) continue;
      const [ox, oy, ow, oh] = box(collapsed, oldByRef.get(expanded.nodes.ref[a]!)!) as [number, number, number, number];
      expect(from[0]!).toBeGreaterThanOrEqual(ox - 1e-3);
      expect(from[1]!).toBeGreaterThanOrEqual(oy - 1e-3);
      expect(from[0]! + from[2]!).toBeLessThanOrEqual(ox + ow + 1e-3);
      expect(from[1]! + from[3]!).toBeLessThanOrEqual(oy + oh + 1e-3);
    }
    expect(matched).toBeGreaterThan(10);
    expect(fresh).toBeGreaterThan(10);
  });

  it('interpolates from the plan (t = 0) to the new layout (t = 1)', () => {
    const plan = planTransition(collapsed, expanded);
    const out = new Float32Array(expanded.nodes.shape.length);
    expect(Array.from(shapesAt(plan, expanded, 0, out))).toEqual(Array.from(plan.from));
    expect(Array.from(shapesAt(plan, expanded, 1, out))).toEqual(Array.from(expanded.nodes.shape));
    const half = Array.from(shapesAt(plan, expanded, 0.5, out));
    half.forEach((v, k) => expect(v).toBeCloseTo((plan.from[k]! + expanded.nodes.shape[k]!) / 2, 3));
  });
});
