/**
 * The Canvas 2D picture against the WebGL frame, in headless Chromium: the example graph drawn
 * both ways with the same camera, theme and paint must agree pixel for pixel except along
 * anti-aliased outlines and text. Both pictures go to test-output/ for a person to compare.
 */
import { join } from 'node:path';
import { describe, expect, it, beforeAll } from 'vitest';
import { needChromium } from '@tbg/testkit';
import type { Geometry } from '@tbg/layout';
import { exampleGeometry, exampleView } from '../test-support/example-geometry.js';
import { TEST_OUTPUT } from '../test-support/chromium-harness.js';
import { useHarness } from '../test-support/use-harness.js';
import { pack } from '../test-support/packed-json.js';
import { devicePaint } from '../style/device-paint.js';
import { DARK_THEME } from '../style/theme.js';

const SUITE = 'drawScene2D against the WebGL frame in headless Chromium';
const run = needChromium(SUITE);
const harness = useHarness(run);

interface Compared {
  stats: { nodes: number; edgePieces: number; labels: number; ms: number };
  differing: number;
  meanDiff: number;
}

let collapsed: Geometry;
let expanded: Geometry;
beforeAll(async () => {
  if (!run) return;
  [collapsed, expanded] = await Promise.all([exampleGeometry('none'), exampleGeometry('all')]);
}, 120_000);

async function compare(name: string, g: Geometry, setup = '', paint?: unknown): Promise<Compared> {
  const { page, errors } = await harness().open();
  try {
    await page.evaluate(`tbgRender.show(${JSON.stringify(pack(g))}, 900, 700${paint ? `, ${JSON.stringify(pack(paint))}` : ''})`);
    if (setup) await page.evaluate(setup);
    const out = await page.evaluate<Compared>(`tbgRender.compare2d(${paint ? JSON.stringify(pack(paint)) : 'undefined'}, 48)`);
    await page.screenshot({ path: join(TEST_OUTPUT, `canvas2d-${name}.png`), fullPage: true });
    expect(errors).toEqual([]);
    return out;
  } finally {
    await page.close();
  }
}

describe.skipIf(!run)(SUITE, () => {
  it('the collapsed example (a first picture) matches the WebGL frame', async () => {
    const r = await compare('collapsed', collapsed);
    expect(r.stats.nodes).toBeGreaterThan(5);
    expect(r.stats.labels).toBeGreaterThan(5);
    // Outlines and glyph edges are anti-aliased differently; everything else agrees.
    expect(r.differing).toBeLessThan(0.01);
    expect(r.meanDiff).toBeLessThan(1.5);
  });

  it('the expanded example, zoomed in, matches too (edges, arrowheads, annotations, buttons)', async () => {
    const r = await compare('expanded-zoomed', expanded, `tbgRender.zoom(3, ${expanded.width / 2}, ${expanded.height / 2})`);
    expect(r.stats.edgePieces).toBeGreaterThan(10);
    expect(r.differing).toBeLessThan(0.02);
    expect(r.meanDiff).toBeLessThan(2.5);
  });

  it('device colours (bands) and the dark theme match', async () => {
    const { geometry, hierarchy } = await exampleView('none');
    const r = await compare('device-dark', geometry, `tbgRender.theme(${JSON.stringify(DARK_THEME)})`, devicePaint(geometry, hierarchy));
    expect(r.differing).toBeLessThan(0.01);
    expect(r.meanDiff).toBeLessThan(1.5);
  });

  it('edges are anti-aliased: a diagonal edge has the in-between shades a Canvas 2D stroke has', async () => {
    const { page, errors } = await harness().open();
    try {
      await page.evaluate(`tbgRender.show(${JSON.stringify(pack(expanded))}, 900, 700)`);
      await page.evaluate(`tbgRender.zoom(3, ${expanded.width / 2}, ${expanded.height / 2})`);
      // A stretch of a long diagonal edge (Reshape_2's input), away from nodes and labels.
      const points: Array<[number, number]> = [];
      for (let x = 400; x < 500; x++) for (let y = 138; y < 172; y++) points.push([x, y]);
      const grey = (await page.evaluate<Array<[number, number, number]>>(`tbgRender.probeScreen(${JSON.stringify(points)})`)).map(([r]) => r);
      const edge = grey.filter((v) => v < 250).length;
      const between = grey.filter((v) => v > 200 && v < 250).length;
      expect(edge).toBeGreaterThan(100);
      // Without: two shades only (the edge's and the background), a staircase: 0 in between.
      expect(between / edge).toBeGreaterThan(0.3);
      expect(errors).toEqual([]);
    } finally {
      await page.close();
    }
  });

  it('labels of 6 screen px keep every stroke, as the Canvas 2D text does', async () => {
    const { page, errors } = await harness().open({ width: 600, height: 300 });
    try {
      await page.evaluate('tbgRender.showSynthetic({ groups: 1, subgroups: 2, ops: 30 }, 600, 300)');
      // 1 screen px per world px: the ops' labels ("op_0" …) are 6 px, the groups' 9 px.
      await page.evaluate('tbgRender.setCamera({ scale: 1, x: -20, y: -10 })');
      const r = await page.evaluate<Compared>('tbgRender.compare2d(undefined, 64)');
      await page.screenshot({ path: join(TEST_OUTPUT, 'canvas2d-small-labels.png'), fullPage: true });
      expect(r.stats.labels).toBeGreaterThan(60);
      // Sampled once per pixel, the field lost strokes thinner than a pixel ("op_0" read "op.C"):
      // 398 pixels off by more than 64 levels. Four samples a pixel: 79.
      expect(r.differing * 600 * 300).toBeLessThan(200);
      expect(errors).toEqual([]);
    } finally {
      await page.close();
    }
  });

  it('the comparison can fail: the same picture 4 px to the right does not pass', async () => {
    const { page } = await harness().open();
    try {
      await page.evaluate(`tbgRender.show(${JSON.stringify(pack(collapsed))}, 900, 700)`);
      const r = await page.evaluate<Compared>('tbgRender.compare2d(undefined, 48, 4)');
      expect(r.differing).toBeGreaterThan(0.01);
    } finally {
      await page.close();
    }
  });
});
