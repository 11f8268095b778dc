import { histograms } from '@tbg/hierarchy';
import { NodeFlag, NodeKind } from '@tbg/layout';
import { describe, expect, it } from 'vitest';
import { buildNodeQuads } from '../scene/node-quads.js';
import { exampleView } from '../test-support/example-geometry.js';
import { structureColor, TB_COLORS } from './palette.js';
import { deviceColors, devicePaint } from './device-paint.js';

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
});
