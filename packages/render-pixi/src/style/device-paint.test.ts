import { histograms, opCompatible } from '@tbg/hierarchy';
import { NodeFlag, NodeKind } from '@tbg/layout';
import { describe, expect, it } from 'vitest';
import { buildNodeQuads } from '../scene/node-quads.js';
import { exampleView } from '../test-support/example-geometry.js';
import { structureColor, TB_COLORS } from './palette.js';
import { COMPATIBILITY_COLORS, compatibilityPaint } from './compatibility-paint.js';
import { deviceColors, devicePaint, xlaClusterColors, xlaClusterPaint } from './device-paint.js';

describe('colour by device', () => {
  it("ops take their device's colour; a group with two devices gets bands in proportion", async () => {
    const { geometry: g, hierarchy: h } = await exampleView('none');
    const legend = deviceColors(h);
    // TensorBoard's demo graph runs on an XLA CPU and a CPU.
    expect(legend.map((e) => e.color)).toEqual(legend.map((_, k) => structureColor(k)));
    expect(legend.length).toBe(2);
    const paint = devicePaint(g, h);
    const b = paint.bands!;
    let mixed = 0;
    for (let i = 0; i < g.nodes.count; i++) {
      const ref = g.nodes.ref[i]!;
      if (ref < 0 || g.nodes.flags[i]! & NodeFlag.expanded) continue;
      const hist = histograms(h, ref).device;
      const devices = Object.keys(hist);
      const n = b.start[i + 1]! - b.start[i]!;
      if (devices.length >= 2) {
        mixed++;
        expect(n).toBe(devices.length);
        const total = Object.values(hist).reduce((a, c) => a + c, 0);
        // Each band is as wide as its device's share.
        let prev = 0;
        for (let j = b.start[i]!; j < b.start[i + 1]!; j++) {
          const device = legend.find((e) => e.color === b.color[j])!.device;
          expect(b.end[j]! - prev).toBeCloseTo(hist[device]! / total, 5);
          prev = b.end[j]!;
        }
        expect(prev).toBeCloseTo(1, 6);
      } else {
        expect(n).toBe(0);
        if (devices.length === 1) expect(paint.fill[i]).toBe(legend.find((e) => e.device === devices[0])!.color);
        else if (g.nodes.kind[i] !== NodeKind.section) expect(paint.fill[i]).toBe(TB_COLORS.unknown);
      }
    }
    expect(mixed).toBeGreaterThan(0);
    // A banded node becomes one quad per band.
    const banded = [...Array(g.nodes.count).keys()].find((i) => b.start[i + 1]! - b.start[i]! >= 2)!;
    expect(buildNodeQuads(g, [banded], paint).count).toBe(b.start[banded + 1]! - b.start[banded]!);
  }, 60_000);

  it('by XLA cluster: ops in a cluster take its colour, the rest #eee; groups in bands', async () => {
    const { geometry: g, hierarchy: h } = await exampleView('none');
    const clusters = xlaClusterColors(h);
    // TensorBoard's XLA demo graph has its ops in clusters.
    expect(clusters.length).toBeGreaterThan(0);
    const paint = xlaClusterPaint(g, h);
    const colours = new Set(clusters.map((c) => c.color));
    let clustered = 0;
    for (let i = 0; i < g.nodes.count; i++) {
      const ref = g.nodes.ref[i]!;
      if (ref < 0 || g.nodes.flags[i]! & NodeFlag.expanded || g.nodes.kind[i] === NodeKind.section) continue;
      const hist = histograms(h, ref).xlaCluster;
      if (Object.keys(hist).length === 0) expect(paint.fill[i]).toBe(TB_COLORS.unknown);
      else {
        clustered++;
        expect(colours.has(paint.fill[i]!)).toBe(true);
      }
    }
    expect(clustered).toBeGreaterThan(0);
  }, 60_000);

  it('by TPU compatibility: an op green or red, a group green for the compatible share, then red', async () => {
    // Only ops placed on a TPU can be incompatible: move some of the example's onto one.
    const { geometry: g, hierarchy: h } = await exampleView('none');
    const tpu = h.graph.devices.length;
    h.graph.devices.push('/device:TPU:0');
    for (let i = 0; i < h.graph.n; i += 3) h.graph.device[i] = tpu;
    for (let i = 0; i < h.graph.n; i++) h.graph.compatible[i] = opCompatible(h.graph.names[i]!, h.graph.ops[h.graph.op[i]!]!, h.graph.devices[h.graph.device[i]!]!) ? 1 : 0;
    // And every embedded constant unlike its op (in this graph they would all be compatible).
    h.graph.embeddings.compatible.fill(0);
    const paint = compatibilityPaint(g, h);
    const b = paint.bands!;
    let seen = 0;
    let opsWithOtherEmbeddings = 0;
    for (let i = 0; i < g.nodes.count; i++) {
      const ref = g.nodes.ref[i]!;
      if (ref < 0 || g.nodes.flags[i]! & NodeFlag.expanded || g.nodes.kind[i] === NodeKind.section) continue;
      if (ref < h.n) {
        // An op is its own compatibility, whatever its embedded constants are (tensorboard-graph.md §9.3).
        const counted = histograms(h, ref).compatibility;
        if (counted.compatible && counted.incompatible) opsWithOtherEmbeddings++;
        expect(paint.fill[i]).toBe(h.graph.compatible[ref] ? COMPATIBILITY_COLORS.compatible : COMPATIBILITY_COLORS.incompatible);
        expect(b.start[i + 1]! - b.start[i]!).toBe(0);
        continue;
      }
      const { compatible, incompatible } = histograms(h, ref).compatibility;
      if (compatible && incompatible) {
        seen++;
        expect([...b.color.subarray(b.start[i], b.start[i + 1])]).toEqual([COMPATIBILITY_COLORS.compatible, COMPATIBILITY_COLORS.incompatible]);
        expect(b.end[b.start[i]!]).toBeCloseTo(compatible / (compatible + incompatible), 5);
        // The node's own fill (plain boxes, aggregates, the SVG export) is its larger share's.
        expect(paint.fill[i]).toBe(compatible >= incompatible ? COMPATIBILITY_COLORS.compatible : COMPATIBILITY_COLORS.incompatible);
      } else expect(paint.fill[i]).toBe(compatible ? COMPATIBILITY_COLORS.compatible : incompatible ? COMPATIBILITY_COLORS.incompatible : TB_COLORS.unknown);
    }
    expect(seen).toBeGreaterThan(0);
    expect(opsWithOtherEmbeddings).toBeGreaterThan(0);
  }, 60_000);
});
