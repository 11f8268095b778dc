/**
 * Levels of detail in headless Chromium, on a generated graph: zoomed out, a group whose ops are
 * under 2 screen px is one filled box (and its contents cost no draw call); with `lod: false` the
 * same view draws every op; culling off draws every tile. Screenshots in test-output/.
 */
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { needChromium } from '@tbg/testkit';
import { darker } from '../style/palette.js';
import { TB_COLORS } from '../style/palette.js';
import { TEST_OUTPUT, type Rgb } from '../test-support/chromium-harness.js';
import { useHarness } from '../test-support/use-harness.js';
import { syntheticGeometry, type SyntheticOptions } from '../test-support/synthetic-geometry.js';
import type { FrameStats } from './frame-visibility.js';

const OUT = TEST_OUTPUT;
const SUITE = 'GraphRenderer levels of detail in headless Chromium';
const run = needChromium(SUITE);

const harness = useHarness(run);


const OPTS: SyntheticOptions = { groups: 4, subgroups: 4, ops: 16 };

async function view(page: Page, wx: number, wy: number, scale: number): Promise<FrameStats> {
  return page.evaluate<FrameStats>(`tbgRender.setCamera({ scale: ${scale}, x: ${450 - wx * scale}, y: ${350 - wy * scale} })`);
}

describe.skipIf(!run)(SUITE, () => {
  it('zoomed out, a group of tiny ops is one filled box; lod: false draws the ops; culling off draws every tile', async () => {
    const g = syntheticGeometry(OPTS);
    // The first subgroup of the first group, and the midpoint between its ops' columns and rows.
    const sub = 2;
    const s = g.nodes.shape;
    const mid: [number, number] = [s[4 * sub]! + s[4 * sub + 2]! / 2, s[4 * sub + 1]! + s[4 * sub + 3]! / 2];
    const aggregate = (TB_COLORS.expanded + darker(TB_COLORS.expanded)) / 2;
    const grey = [(aggregate >> 16) & 255, (aggregate >> 8) & 255, aggregate & 255];
    const { page, errors } = await harness().open();
    try {
      await page.evaluate(`tbgRender.showSynthetic(${JSON.stringify(OPTS)}, 900, 700)`);
      const far = await view(page, ...mid, 0.1);
      const [filled] = await page.evaluate<Rgb[]>(`tbgRender.probe(${JSON.stringify([mid])})`);
      expect(filled!.every((c, k) => Math.abs(c - grey[k]!) <= 6), `aggregate ${String(filled)} vs ${String(grey)}`).toBe(true);
      await page.screenshot({ path: join(OUT, 'lod-aggregates.png') });
      await page.evaluate('tbgRender.configure({ lod: false })');
      const full = await view(page, ...mid, 0.1);
      const [open] = await page.evaluate<Rgb[]>(`tbgRender.probe(${JSON.stringify([mid])})`);
      expect(open![0], `no aggregate without LOD: ${String(open)}`).toBeGreaterThan(grey[0]! + 15);
      await page.screenshot({ path: join(OUT, 'lod-off.png') });
      // The ops' depth slots cost no draw call while aggregated.
      expect(far.meshes).toBeLessThan(full.meshes);
      // Zoomed in on one subgroup: culling shows some tiles; culling off shows all.
      await page.evaluate('tbgRender.configure({ lod: true })');
      const zoomed = await view(page, ...mid, 3);
      await page.evaluate('tbgRender.configure({ cull: false })');
      const unculled = await view(page, ...mid, 3);
      expect(zoomed.visibleTiles).toBeLessThan(unculled.visibleTiles);
      expect(unculled.visibleTiles).toBe(unculled.tiles);
      // Plain boxes between labels and aggregates.
      await page.evaluate('tbgRender.configure({ cull: true })');
      await view(page, ...mid, 0.4);
      await page.screenshot({ path: join(OUT, 'lod-plain.png') });
      expect(errors).toEqual([]);
    } finally {
      await page.evaluate('tbgRender.destroy()');
      await page.close();
    }
  });
});
