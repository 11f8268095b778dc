/**
 * The expand/collapse animation in headless Chromium: from the collapsed example graph to the
 * expanded one, frames drawn by requestAnimationFrame and reported by `onFrame`, and the last
 * frame exactly the new scene as drawn without animation.
 */
import { join } from 'node:path';
import type { Geometry } from '@tbg/layout';
import { beforeAll, describe, expect, it } from 'vitest';
import { needChromium } from '@tbg/testkit';
import { TEST_OUTPUT, type Rgb } from '../test-support/chromium-harness.js';
import { useHarness } from '../test-support/use-harness.js';
import { exampleGeometry } from '../test-support/example-geometry.js';
import { pack } from '../test-support/packed-json.js';

const OUT = TEST_OUTPUT;
const SUITE = 'GraphRenderer expand/collapse animation in headless Chromium';
const run = needChromium(SUITE);

const harness = useHarness(run);
let collapsed: Geometry;
let expanded: Geometry;

beforeAll(async () => {
  if (!run) return;
  collapsed = await exampleGeometry('none');
  expanded = await exampleGeometry('all');
}, 120_000);

describe.skipIf(!run)(SUITE, () => {
  it('animates with requestAnimationFrame, reports frames, and ends with exactly the new scene', async () => {
    const { page, errors } = await harness().open();
    try {
      const next = JSON.stringify(pack(expanded));
      await page.evaluate(`tbgRender.show(${JSON.stringify(pack(collapsed))}, 900, 700)`);
      // A grid of screen points over the canvas.
      const grid: Array<[number, number]> = [];
      for (let x = 15; x < 900; x += 30) for (let y = 15; y < 700; y += 30) grid.push([x, y]);
      // A slow run, to look at a frame midway.
      const slow = page.evaluate<{ animated: number }>(`tbgRender.animateTo(${next}, 4000)`);
      await page.waitForTimeout(1500);
      expect(await page.evaluate('tbgRender.animating()')).toBe(true);
      await page.screenshot({ path: join(OUT, 'transition-midway.png') });
      const midway = await page.evaluate<Rgb[]>(`tbgRender.probeScreen(${JSON.stringify(grid)}, false)`);
      await slow;
      // Back to the collapsed graph, then the real thing: 250 ms.
      await page.evaluate(`tbgRender.replace(${JSON.stringify(pack(collapsed))})`);
      const run = await page.evaluate<{ animated: number; final: number }>(`tbgRender.animateTo(${next}, 250)`);
      expect(run.animated).toBeGreaterThan(0);
      expect(run.final).toBe(1);
      expect(await page.evaluate('tbgRender.animating()')).toBe(false);
      const animated = await page.evaluate<Rgb[]>(`tbgRender.probeScreen(${JSON.stringify(grid)})`);
      await page.screenshot({ path: join(OUT, 'transition-end.png') });
      // The same geometry shown directly at the same camera.
      await page.evaluate(`tbgRender.replace(${next}, { camera: 'keep' })`);
      const direct = await page.evaluate<Rgb[]>(`tbgRender.probeScreen(${JSON.stringify(grid)})`);
      expect(animated).toEqual(direct);
      // Midway differs from the end (nodes still moving, edges and labels fading in).
      expect(midway.filter((c, k) => c.some((v, j) => Math.abs(v - direct[k]![j]!) > 8)).length).toBeGreaterThan(5);
      expect(errors).toEqual([]);
    } finally {
      await page.evaluate('tbgRender.destroy()');
      await page.close();
    }
  });
});
