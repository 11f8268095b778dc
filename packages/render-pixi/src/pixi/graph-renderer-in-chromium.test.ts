/**
 * GraphRenderer in real headless Chromium (WebGL on SwiftShader): the example graph, fully
 * expanded, drawn and checked by its pixels — fills where TensorBoard puts them, background
 * outside, culled tiles when zoomed in — and saved to test-output/ for a person to look at.
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { EdgeFlag, NodeFlag, NodeKind, roboto, ShapeKind, type Geometry } from '@tbg/layout';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { needChromium } from '@tbg/testkit';
import { exampleGeometry, exampleView } from '../test-support/example-geometry.js';
import { TEST_OUTPUT, rgb, near, type Rgb } from '../test-support/chromium-harness.js';
import { useHarness } from '../test-support/use-harness.js';
import { pack } from '../test-support/packed-json.js';
import { deviceColors, devicePaint } from '../style/device-paint.js';
import { flattenBasis } from '../scene/edge-strokes.js';
import { insideShape } from '../scene/spatial-index.js';
import { TB_COLORS } from '../style/palette.js';

const OUT = TEST_OUTPUT;
const SUITE = 'GraphRenderer in headless Chromium';
const run = needChromium(SUITE);

// gc() in the page, and exact heap figures, for the mount/unmount check.
const harness = useHarness(run, ['--js-flags=--expose-gc', '--enable-precise-memory-info']);
let g: Geometry;

beforeAll(async () => {
  if (!run) return;
  g = await exampleGeometry('all');
}, 120_000);

const centre = (i: number): [number, number] => {
  const s = g.nodes.shape;
  return [s[4 * i]! + s[4 * i + 2]! / 2, s[4 * i + 1]! + s[4 * i + 3]! / 2];
};

async function openPage(): Promise<{ page: Page; errors: string[] }> {
  return harness().open();
}

const nearTol = (a: readonly number[], b: readonly number[], tol = 6) => near(a, b, tol);

describe.skipIf(!run)(SUITE, () => {
  it('draws the example graph: metanode and op fills at their centres, background elsewhere', async () => {
    const { page, errors } = await openPage();
    try {
      const stats = await page.evaluate(`tbgRender.show(${JSON.stringify(pack(g))}, 900, 700)`);
      expect(stats).toMatchObject({ tiles: expect.any(Number) });
      const collapsedMeta = [...Array(g.nodes.count).keys()].filter((i) => g.nodes.kind[i] === NodeKind.meta && !(g.nodes.flags[i]! & NodeFlag.expanded));
      const ops = [...Array(g.nodes.count).keys()].filter((i) => g.nodes.kind[i] === NodeKind.op && g.nodes.shapeKind[i] === ShapeKind.ellipse);
      expect(collapsedMeta.length + ops.length).toBeGreaterThan(10);
      mkdirSync(OUT, { recursive: true });
      await page.screenshot({ path: join(OUT, 'example-expanded.png') });
      // At the fitted scale collapsed metanodes are big enough to show their fill.
      const points = [...collapsedMeta.map(centre), [-50, -50] as [number, number]];
      const colours = await page.evaluate<Array<[number, number, number]>>(`tbgRender.probe(${JSON.stringify(points)})`);
      collapsedMeta.forEach((i, k) => expect(nearTol(colours[k]!, rgb(TB_COLORS.unknown)), `metanode ${g.nodes.label[i]}: ${String(colours[k])}`).toBe(true));
      expect(colours[collapsedMeta.length]).toEqual([255, 255, 255]);
      // Ops are a few px wide here: look at each at 4 screen px per world px (60 × 24 px).
      for (const i of ops.slice(0, 8)) {
        const [x, y] = centre(i);
        await page.evaluate(`tbgRender.focus(${x}, ${y}, 4)`);
        const s = g.nodes.shape;
        const inside: [number, number] = [x, y];
        const onStroke: [number, number] = [s[4 * i]! + 0.1, y];
        const [c, stroke] = await page.evaluate<Array<[number, number, number]>>(`tbgRender.probe(${JSON.stringify([inside, onStroke])})`);
        expect(nearTol(c!, [255, 255, 255]), `op ${g.nodes.label[i]} centre: ${String(c)}`).toBe(true);
        expect(stroke![0], `op ${g.nodes.label[i]} outline: ${String(stroke)}`).toBeLessThan(235);
      }
      expect(errors).toEqual([]);
    } finally {
      await page.evaluate('tbgRender.destroy()');
      await page.close();
    }
  });

  it('warmUp draws a scene of every kind out of sight: the canvas stays blank, and the first scene after it is drawn exactly as without it', async () => {
    const grid: Array<[number, number]> = [];
    for (let x = 10; x < 900; x += 25) for (let y = 10; y < 700; y += 25) grid.push([x, y]);
    const direct = await openPage();
    const warm = await openPage();
    try {
      await direct.page.evaluate(`tbgRender.show(${JSON.stringify(pack(g))}, 900, 700)`);
      const expected = await direct.page.evaluate<Rgb[]>(`tbgRender.probeScreen(${JSON.stringify(grid)})`);
      const { ms, colours: blank } = await warm.page.evaluate<{ ms: number; colours: Rgb[] }>(`tbgRender.createWarm(900, 700, ${JSON.stringify(grid)})`);
      expect(ms).toBeGreaterThan(0);
      expect(blank.filter((c) => !near(c, [255, 255, 255], 0))).toEqual([]);
      await warm.page.evaluate(`tbgRender.replace(${JSON.stringify(pack(g))}, { camera: 'fit' })`);
      const after = await warm.page.evaluate<Rgb[]>(`tbgRender.probeScreen(${JSON.stringify(grid)})`);
      expect(after.filter((c) => !near(c, [255, 255, 255], 0)).length).toBeGreaterThan(50);
      expect(after).toEqual(expected);
      expect([...direct.errors, ...warm.errors]).toEqual([]);
    } finally {
      await direct.page.close();
      await warm.page.close();
    }
  });

  it('draws data edges solid in #bbb along their curves', async () => {
    const { page, errors } = await openPage();
    try {
      await page.evaluate(`tbgRender.show(${JSON.stringify(pack(g))}, 900, 700)`);
      const solid = [...Array(g.edges.count).keys()].filter((e) => !(g.edges.flags[e]! & (EdgeFlag.controlOnly | EdgeFlag.hasRef)) && g.edges.pointStart[e + 1]! - g.edges.pointStart[e]! >= 2);
      expect(solid.length).toBeGreaterThan(10);
      let checked = 0;
      for (const e of solid.slice(0, 12)) {
        const line = flattenBasis(g.edges.points.subarray(2 * g.edges.pointStart[e]!, 2 * g.edges.pointStart[e + 1]!));
        // Halfway along the middle piece of the flattened curve.
        const m = 2 * Math.floor((line.length / 2 - 1) / 2);
        const [x, y] = [(line[m]! + line[m + 2]!) / 2, (line[m + 1]! + line[m + 3]!) / 2];
        // Skip midpoints that fall on a node shape (edges are drawn under nodes).
        const under = [...Array(g.nodes.count).keys()].some((i) => g.nodes.parent[i]! >= 0 && !(g.nodes.flags[i]! & NodeFlag.expanded) && insideShape(g, i, x, y));
        if (under) continue;
        await page.evaluate(`tbgRender.focus(${x}, ${y}, 6)`);
        const [c] = await page.evaluate<Array<[number, number, number]>>(`tbgRender.probe(${JSON.stringify([[x, y]])})`);
        if (!nearTol(c!, rgb(TB_COLORS.edge), 24)) await page.screenshot({ path: join(OUT, `edge-${e}.png`) });
        expect(nearTol(c!, rgb(TB_COLORS.edge), 24), `edge ${e} at ${x},${y}: ${String(c)}`).toBe(true);
        checked++;
      }
      expect(checked).toBeGreaterThan(5);
      await page.evaluate(`tbgRender.show(${JSON.stringify(pack(g))}, 900, 700)`);
      expect(errors).toEqual([]);
    } finally {
      await page.evaluate('tbgRender.destroy()');
      await page.close();
    }
  });

  it('labels: readable when zoomed in, in Roboto at the measured place; gone when too small to read', async () => {
    const { page, errors } = await openPage();
    try {
      await page.evaluate(`tbgRender.show(${JSON.stringify(pack(g))}, 900, 700)`);
      // Op labels (above their ellipse): nothing else near them is as dark as the ink (#444).
      const metas = [...Array(g.nodes.count).keys()].filter((i) => g.nodes.kind[i] === NodeKind.op && (g.nodes.label[i]?.length ?? 0) >= 3);
      expect(metas.length).toBeGreaterThan(3);
      for (const i of metas.slice(0, 4)) {
        const [x, y, px] = [g.nodes.labelXY[2 * i]!, g.nodes.labelXY[2 * i + 1]!, g.nodes.labelPx[i]!];
        const w = roboto.width(g.nodes.label[i]!, px);
        // A grid over the label's box.
        const grid: Array<[number, number]> = [];
        for (let gx = 0; gx <= 24; gx++) for (const dy of [-0.25, -0.1, 0, 0.1, 0.25]) grid.push([x - w / 2 + (w * gx) / 24, y + dy * px]);
        const darkAt = async (scale: number) => {
          await page.evaluate(`tbgRender.focus(${x}, ${y}, ${scale})`);
          const c = await page.evaluate<Array<[number, number, number]>>(`tbgRender.probe(${JSON.stringify(grid)})`);
          return c.filter(([r]) => r < 120).length;
        };
        expect(await darkAt(24 / px), `label ${g.nodes.label[i]} at 24 px`).toBeGreaterThan(8);
        expect(await darkAt(3 / px), `label ${g.nodes.label[i]} at 3 px`).toBe(0);
      }
      const [x, y] = [g.nodes.labelXY[2 * metas[0]!]!, g.nodes.labelXY[2 * metas[0]! + 1]!];
      await page.evaluate(`tbgRender.focus(${x}, ${y}, ${30 / g.nodes.labelPx[metas[0]!]!})`);
      await page.screenshot({ path: join(OUT, 'label-zoomed.png') });
      expect(errors).toEqual([]);
    } finally {
      await page.evaluate('tbgRender.destroy()');
      await page.close();
    }
  });

  it('created and destroyed 50 times: no lost or extra WebGL contexts, no heap growth', async () => {
    const page = await harness().browser.newPage({ viewport: { width: 900, height: 700 } });
    const messages: string[] = [];
    page.on('console', (m) => messages.push(`${m.type()}: ${m.text()}`));
    page.on('pageerror', (e) => messages.push(`pageerror: ${e.message}`));
    try {
      await page.goto(harness().server.origin + '/');
      await page.waitForFunction('globalThis.tbgRender !== undefined');
      const packed = JSON.stringify(pack(g));
      // Collected twice, a moment apart: pixi drops some pooled objects only after the first
      // collection (finalizers, timers), and one gc() left 2–10 MB either way here.
      const heap = async () => page.evaluate<number>('(async () => { globalThis.gc?.(); await new Promise((r) => setTimeout(r, 200)); globalThis.gc?.(); return performance.memory.usedJSHeapSize; })()');
      // One round first: code, shaders and the font are loaded once per page.
      await page.evaluate(`tbgRender.show(${packed}, 900, 700).then(() => tbgRender.destroy())`);
      const before = await heap();
      for (let k = 0; k < 50; k++) await page.evaluate(`tbgRender.show(${packed}, 900, 700).then(() => tbgRender.destroy())`);
      const after = await heap();
      expect(messages.filter((m) => /WebGL|context/i.test(m))).toEqual([]);
      expect(messages.filter((m) => m.startsWith('error') || m.startsWith('pageerror'))).toEqual([]);
      // Each round allocates ~20 MB of buffers and the atlas; what is left after 50 must be noise.
      expect(after - before, `heap ${before} → ${after}`).toBeLessThan(8 * 1024 * 1024);
      expect(await page.evaluate('document.querySelectorAll("canvas").length')).toBe(0);
    } finally {
      await page.close();
    }
  }, 240_000);

  it('colour by device changes the fills: one colour per device, bands for groups on two devices', async () => {
    const { geometry: collapsed, hierarchy } = await exampleView('none');
    const paint = devicePaint(collapsed, hierarchy);
    const legend = deviceColors(hierarchy).map((e) => rgb(e.color));
    const b = paint.bands!;
    const { page, errors } = await openPage();
    try {
      const metas = [...Array(collapsed.nodes.count).keys()].filter((i) => collapsed.nodes.kind[i] === NodeKind.meta && !(collapsed.nodes.flags[i]! & NodeFlag.expanded) && collapsed.nodes.shape[4 * i + 2]! > 40);
      const probeAt = async (points: Array<[number, number]>) => page.evaluate<Array<[number, number, number]>>(`tbgRender.probe(${JSON.stringify(points)})`);
      const shapePoint = (i: number, fx: number): [number, number] => {
        const s = collapsed.nodes.shape;
        return [s[4 * i]! + fx * s[4 * i + 2]!, s[4 * i + 1]! + 0.75 * s[4 * i + 3]!];
      };
      await page.evaluate(`tbgRender.show(${JSON.stringify(pack(collapsed))}, 900, 700)`);
      const plain = await probeAt(metas.map((i) => shapePoint(i, 0.5)));
      await page.evaluate('tbgRender.destroy()');
      await page.evaluate(`tbgRender.show(${JSON.stringify(pack(collapsed))}, 900, 700, ${JSON.stringify(pack(paint))})`);
      const device = await probeAt(metas.map((i) => shapePoint(i, 0.5)));
      let changed = 0;
      metas.forEach((i, k) => {
        expect(nearTol(plain[k]!, rgb(TB_COLORS.unknown)), `plain ${collapsed.nodes.label[i]}`).toBe(true);
        // Under device colours every group shows a device's colour at its centre.
        expect(legend.some((c) => nearTol(device[k]!, c, 8)), `device ${collapsed.nodes.label[i]}: ${String(device[k])}`).toBe(true);
        if (!nearTol(device[k]!, plain[k]!)) changed++;
      });
      expect(changed).toBe(metas.length);
      // A group on two devices: its left band and its right band differ.
      const banded = metas.find((i) => b.start[i + 1]! - b.start[i]! === 2);
      if (banded !== undefined) {
        const split = b.end[b.start[banded]!]!;
        const [left, right] = await probeAt([shapePoint(banded, split / 2), shapePoint(banded, (1 + split) / 2)]);
        expect(nearTol(left!, rgb(b.color[b.start[banded]!]!), 8), `left band ${String(left)}`).toBe(true);
        expect(nearTol(right!, rgb(b.color[b.start[banded]! + 1]!), 8), `right band ${String(right)}`).toBe(true);
      }
      await page.screenshot({ path: join(OUT, 'example-by-device.png') });
      expect(errors).toEqual([]);
    } finally {
      await page.evaluate('tbgRender.destroy()');
      await page.close();
    }
  });

  it('zoomed in on one node, tiles off screen are not drawn', async () => {
    const { page, errors } = await openPage();
    try {
      // 2,000 ops: enough for many tiles (a small graph shares a few, scene/tiles.ts).
      const shown = await page.evaluate<{ width: number; height: number; stats: { tiles: number; visibleTiles: number } }>(`tbgRender.showSynthetic({ groups: 10, subgroups: 10, ops: 20 }, 900, 700)`);
      const all = shown.stats;
      expect(all.tiles).toBeGreaterThan(4);
      expect(all.visibleTiles).toBe(all.tiles);
      const [x, y] = [shown.width * 0.3, shown.height * 0.3];
      const zoomed = await page.evaluate<{ tiles: number; visibleTiles: number }>(`tbgRender.zoom(16, ${x}, ${y})`);
      expect(zoomed.visibleTiles).toBeGreaterThan(0);
      expect(zoomed.visibleTiles).toBeLessThan(all.tiles);
      await page.screenshot({ path: join(OUT, 'example-zoomed.png') });
      expect(errors).toEqual([]);
    } finally {
      await page.evaluate('tbgRender.destroy()');
      await page.close();
    }
  });
});
