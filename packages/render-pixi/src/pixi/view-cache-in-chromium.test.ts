/**
 * The view cache in headless Chromium: a pan or zoom is shown from a picture of the view drawn
 * once (no mesh drawn for the step), pans look exactly as the scene drawn itself, zooms are
 * scaled while the camera moves and drawn sharp once it rests (the renderer builds that picture
 * by itself, a band per animation frame); a selection makes the picture stale (the scene is drawn
 * directly, and a picture built from the next move), a hover is drawn over it, a theme change
 * redraws it at once; a pan that goes on finds the next picture built before it runs out.
 */
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { needChromium } from '@tbg/testkit';
import { TEST_OUTPUT, near, type Rgb } from '../test-support/chromium-harness.js';
import { useHarness } from '../test-support/use-harness.js';
import type { FrameStats } from './frame-visibility.js';

const SUITE = 'GraphRenderer view cache in headless Chromium';
const run = needChromium(SUITE);
const harness = useHarness(run);

type Cam = { x: number; y: number; scale: number };
const [W, H] = [900, 700];
/** A grid over the canvas. */
const GRID: Array<[number, number]> = [];
for (let x = 5; x < W; x += 14) for (let y = 5; y < H; y += 14) GRID.push([x, y]);

/** The canvas at GRID as the scene draws itself at `cam` (cache off), then the cache back on. */
async function direct(page: Page, cam: Cam): Promise<Rgb[]> {
  await page.evaluate('tbgRender.configure({ cache: false })');
  await page.evaluate(`tbgRender.setCamera(${JSON.stringify(cam)})`);
  const colours = await page.evaluate<Rgb[]>(`tbgRender.probeScreen(${JSON.stringify(GRID)})`);
  await page.evaluate('tbgRender.configure({ cache: true })');
  return colours;
}

const probe = (page: Page) => page.evaluate<Rgb[]>(`tbgRender.probeScreen(${JSON.stringify(GRID)})`);
const differing = (a: Rgb[], b: Rgb[], tol: number) => a.filter((c, k) => !near(c, b[k]!, tol)).length;
/**
 * The picture is drawn into a texture with the camera moved by the margin: an edge exactly
 * between two pixels may round the other way, and text of 5–6 px anti-aliases a little
 * differently. Measured: 2 of 3,200 points at the start, up to 38 after a zoom; a picture scaled
 * by 1.25 differs at 160–180.
 */
const ROUNDING = Math.ceil(GRID.length * 0.015);

/** Runs `body` on a fresh page, then checks it logged no error and frees the renderer and the page. */
async function onPage(body: (page: Page) => Promise<void>): Promise<void> {
  const { page, errors } = await harness().open();
  try {
    await body(page);
    expect(errors).toEqual([]);
  } finally {
    await page.evaluate('tbgRender.destroy()');
    await page.close();
  }
}

describe.skipIf(!run)(SUITE, () => {
  it('pans from the picture exactly as drawn, zooms scaled while moving and sharp once the camera rests; changes make it stale', async () => {
    const { page, errors } = await harness().open();
    try {
      // Filtered while it moves, as on a GPU (on SwiftShader here 'auto' samples nearest: the next test).
      const shown = await page.evaluate<{ width: number; height: number }>(`tbgRender.showSynthetic({ groups: 2, subgroups: 6, ops: 24 }, ${W}, ${H}, { cache: true, motionSampling: 'linear' })`);
      const start: Cam = { scale: 0.6, x: Math.round(W / 2 - (shown.width * 0.6) / 2), y: Math.round(H / 2 - (shown.height * 0.6) / 2) };
      // A camera set, not moved: the picture is drawn at once.
      const first = await page.evaluate<FrameStats>(`tbgRender.setCamera(${JSON.stringify(start)})`);
      expect(first.cached).toBe(true);
      expect(first.meshes).toBeGreaterThan(0);
      // A pan within the margin draws no mesh, and shows what the scene would.
      const pan: Cam = { ...start, x: start.x - 90, y: start.y + 40 };
      const panned = await page.evaluate<FrameStats>(`tbgRender.move(${JSON.stringify(pan)})`);
      expect(panned).toMatchObject({ cached: true, meshes: 0 });
      const fromCache = await probe(page);
      expect(fromCache.filter(([r]) => r < 200).length, 'the picture shows the graph').toBeGreaterThan(50);
      expect(differing(fromCache, await direct(page, pan), 2)).toBeLessThanOrEqual(ROUNDING);
      // A zoom step is the picture scaled…
      const zoom: Cam = { scale: pan.scale * 1.25, x: W / 2 - (W / 2 - pan.x) * 1.25, y: H / 2 - (H / 2 - pan.y) * 1.25 };
      // (direct() drew with the cache off: a picture is built again from the next move, a band
      // per animation frame; finishPicture draws what is left at once, as if those frames had passed.)
      await page.evaluate(`tbgRender.move(${JSON.stringify(start)})`);
      await page.evaluate('tbgRender.finishPicture()');
      await page.evaluate(`tbgRender.move(${JSON.stringify(pan)})`);
      const zoomed = await page.evaluate<FrameStats>(`tbgRender.move(${JSON.stringify(zoom)})`);
      expect(zoomed).toMatchObject({ cached: true, meshes: 0 });
      const blurred = await probe(page);
      const sharp = await direct(page, zoom);
      expect(differing(blurred, sharp, 2), 'scaled, not redrawn').toBeGreaterThan(2 * ROUNDING);
      // …then drawn sharp once the camera rests.
      await page.evaluate(`tbgRender.move(${JSON.stringify(start)})`);
      await page.evaluate('tbgRender.finishPicture()');
      await page.evaluate(`tbgRender.move(${JSON.stringify(zoom)})`);
      const before = await page.evaluate<number>('tbgRender.frames()');
      await page.waitForFunction(`tbgRender.frames() > ${before}`, undefined, { timeout: 2000 });
      await page.waitForTimeout(50);
      const after = await probe(page);
      expect(differing(after, sharp, 2)).toBeLessThanOrEqual(ROUNDING);
      await page.screenshot({ path: join(TEST_OUTPUT, 'view-cache-zoomed.png') });
      // A highlight makes the picture stale: drawn directly while the camera stays, built again from the next move.
      const lit = await page.evaluate<FrameStats>('tbgRender.highlight({ selected: [5], hovered: 5 })');
      expect(lit.cached).toBeFalsy();
      const moved = await page.evaluate<FrameStats>(`tbgRender.move(${JSON.stringify({ ...zoom, x: zoom.x + 10 })})`);
      expect(moved.cached).toBeFalsy();
      expect(moved.meshes).toBeGreaterThan(0);
      await page.evaluate('tbgRender.finishPicture()');
      const shownLit = await page.evaluate<FrameStats>(`tbgRender.move(${JSON.stringify({ ...zoom, x: zoom.x + 10 })})`);
      expect(shownLit.cached).toBe(true);
      // A hover is drawn over the picture (faded as the scene fades what is not lit), with only what
      // it lights drawn on top: it looks as the scene drawn itself, at the cost of a few meshes.
      await page.evaluate(`tbgRender.highlight({ selected: [5], hovered: -1 })`);
      const still = await probe(page);
      const hovers = await page.evaluate<number[]>(`tbgRender.hoverCandidates(6)`);
      for (const hovered of hovers) {
        const over = await page.evaluate<FrameStats>(`tbgRender.highlight(${JSON.stringify({ selected: [5], hovered })})`);
        expect(over.cached, `hover ${hovered}`).toBe(true);
        expect(over.meshes).toBeLessThanOrEqual(moved.meshes);
        const shown = await probe(page);
        expect(differing(shown, still, 2), 'the hover fades the rest').toBeGreaterThan(50);
        expect(differing(shown, await direct(page, { ...zoom, x: zoom.x + 10 }), 3), `hover ${hovered} as drawn directly`).toBeLessThanOrEqual(ROUNDING);
        // (direct() drew with the cache off: a picture is built again from the next move.)
        await page.evaluate(`tbgRender.move(${JSON.stringify({ ...zoom, x: zoom.x + 10 })})`);
        await page.evaluate('tbgRender.finishPicture()');
      }
      await page.screenshot({ path: join(TEST_OUTPUT, 'view-cache-hover.png') });
      // A hovered expanded group is drawn over the picture too, with what lies inside it drawn
      // again, faded, over its fill: it looks as drawn directly.
      const group = await page.evaluate<number>('tbgRender.expandedGroupInView()');
      expect(group).toBeGreaterThanOrEqual(0);
      const onGroup = await page.evaluate<FrameStats>(`tbgRender.highlight(${JSON.stringify({ selected: [5], hovered: group })})`);
      expect(onGroup.cached).toBe(true);
      expect(onGroup.meshes).toBeGreaterThan(0);
      await page.screenshot({ path: join(TEST_OUTPUT, 'view-cache-hover-group.png') });
      expect(differing(await probe(page), await direct(page, { ...zoom, x: zoom.x + 10 }), 3)).toBeLessThanOrEqual(ROUNDING);
      await page.evaluate(`tbgRender.highlight({ selected: [5], hovered: -1 })`);
      // Any other change (a theme) draws the picture again at once, so the next pan needs no redraw.
      const themed = await page.evaluate<FrameStats>(`tbgRender.theme({ background: 0x202020 })`);
      expect(themed.cached).toBe(true);
      expect(themed.meshes).toBeGreaterThan(0);
      const nextPan = await page.evaluate<FrameStats>(`tbgRender.move(${JSON.stringify({ ...zoom, x: zoom.x + 20 })})`);
      expect(nextPan).toMatchObject({ cached: true, meshes: 0 });
      expect(errors).toEqual([]);
    } finally {
      await page.evaluate('tbgRender.destroy()');
      await page.close();
    }
  });

  it('builds the next picture while a pan goes on, before this one runs out', () =>
    onPage(async (page) => {
      const shown = await page.evaluate<{ width: number; height: number }>(`tbgRender.showSynthetic({ groups: 3, subgroups: 8, ops: 30 }, ${W}, ${H}, { cache: true })`);
      const start: Cam = { scale: 0.6, x: Math.round(W / 2 - shown.width * 0.3), y: Math.round(H / 2 - shown.height * 0.3) };
      expect(await page.evaluate<FrameStats>(`tbgRender.setCamera(${JSON.stringify(start)})`)).toMatchObject({ cached: true });
      // The margin is 232 px here: 100 px in, the picture still has room; 200 px in, it is running
      // out and the next is built (the frames for it pass); 300 px in, that one serves.
      const step = (k: number): Cam => ({ ...start, x: start.x - 100 * k });
      expect(await page.evaluate<FrameStats>(`tbgRender.move(${JSON.stringify(step(1))})`)).toMatchObject({ cached: true, meshes: 0 });
      expect(await page.evaluate<FrameStats>(`tbgRender.move(${JSON.stringify(step(2))})`)).toMatchObject({ cached: true, meshes: 0 });
      await page.evaluate('tbgRender.finishPicture()');
      expect(await page.evaluate<FrameStats>(`tbgRender.move(${JSON.stringify(step(3))})`)).toMatchObject({ cached: true, meshes: 0 });
      const fromNext = await probe(page);
      expect(fromNext.filter((c) => c.some((v) => v < 250)).length, 'the picture shows the graph').toBeGreaterThan(GRID.length / 4);
      expect(differing(fromNext, await direct(page, step(3)), 2), 'the next picture, built in bands').toBeLessThanOrEqual(ROUNDING);
    }));

  for (const resolution of [1, 1.1]) {
    it(`draws a picture in bands as it draws it at once, seams included, at resolution ${resolution}`, () =>
      onPage(async (page) => {
        const shown = await page.evaluate<{ width: number; height: number }>(`tbgRender.showSynthetic({ groups: 2, subgroups: 6, ops: 24 }, ${W}, ${H}, { cache: true, resolution: ${resolution} })`);
        // A node selected (its outline reaches beyond its box), edges with labels everywhere: at
        // 192-row bands, several cross each seam.
        await page.evaluate('tbgRender.highlight({ selected: [40, 41, 42, 43, 44, 45], hovered: -1 })');
        for (const scale of [0.6, 1.3]) {
          const cam: Cam = { scale, x: Math.round(W / 2 - (shown.width * scale) / 2), y: Math.round(H / 2 - (shown.height * scale) / 2) + 3 };
          const d = await page.evaluate<{ pixels: number; differing: number; rows: number[] }>(`tbgRender.bandedVsWhole(${JSON.stringify(cam)}, 2)`);
          expect(d.differing, `scale ${scale}: rows ${d.rows.slice(0, 20).join(' ')}`).toBeLessThanOrEqual(d.pixels * 1e-4);
        }
      }));
  }

  it('samples an enlarged picture nearest while a zoom moves on a software GPU, filtered on request', () =>
    onPage(async (page) => {
      const shown = await page.evaluate<{ width: number; height: number }>(`tbgRender.showSynthetic({ groups: 2, subgroups: 6, ops: 24 }, ${W}, ${H}, { cache: true })`);
      expect(await page.evaluate<string>('tbgRender.gpu()')).toMatch(/SwiftShader/);
      const start: Cam = { scale: 0.8, x: Math.round(W / 2 - (shown.width * 0.8) / 2), y: Math.round(H / 2 - (shown.height * 0.8) / 2) };
      const zoom: Cam = { scale: start.scale * 1.3, x: W / 2 - (W / 2 - start.x) * 1.3, y: H / 2 - (H / 2 - start.y) * 1.3 };
      // Away from the minimap (bottom right), whose viewport box moves.
      const area = { x: 0, y: 0, width: 600, height: 400 };
      const newAfterZoom = async (sampling: string): Promise<number> => {
        await page.evaluate(`tbgRender.configure({ motionSampling: '${sampling}' })`);
        await page.evaluate(`tbgRender.move(${JSON.stringify(start)})`);
        await page.evaluate('tbgRender.finishPicture()');
        expect(await page.evaluate<FrameStats>(`tbgRender.move(${JSON.stringify(start)})`)).toMatchObject({ cached: true });
        expect(await page.evaluate<number>('tbgRender.rememberColours()')).toBeGreaterThan(20);
        // The zoom step and its pixels in one task (a step, not a frame drawn again at rest).
        return page.evaluate<number>(`tbgRender.newColours(${JSON.stringify(area)}, ${JSON.stringify(zoom)})`);
      };
      // Nearest: every pixel is one of the picture's; filtered: edges and text blend into new shades.
      expect(await newAfterZoom('auto'), 'auto on SwiftShader').toBe(0);
      expect(await newAfterZoom('nearest')).toBe(0);
      // The same camera drawn again (a hover, or the frame at rest): filtered, not blocky.
      expect(await page.evaluate<number>(`tbgRender.newColours(${JSON.stringify(area)})`), 'a frame at rest').toBeGreaterThan(500);
      expect(await newAfterZoom('linear')).toBeGreaterThan(500);
      // Once the camera rests, the picture is drawn sharp, whatever the sampling while it moved.
      await page.evaluate(`tbgRender.configure({ motionSampling: 'auto' })`);
      await newAfterZoom('auto');
      const before = await page.evaluate<number>('tbgRender.frames()');
      await page.waitForFunction(`tbgRender.frames() > ${before}`, undefined, { timeout: 2000 });
      await page.waitForTimeout(300);
      expect(differing(await probe(page), await direct(page, zoom), 2)).toBeLessThanOrEqual(ROUNDING);
    }));

  it('keeps building a picture under way when a hover comes with the camera still', () =>
    onPage(async (page) => {
      const shown = await page.evaluate<{ width: number; height: number }>(`tbgRender.showSynthetic({ groups: 2, subgroups: 6, ops: 24 }, ${W}, ${H}, { cache: true })`);
      const start: Cam = { scale: 0.6, x: Math.round(W / 2 - (shown.width * 0.6) / 2), y: Math.round(H / 2 - (shown.height * 0.6) / 2) };
      await page.evaluate(`tbgRender.setCamera(${JSON.stringify(start)})`);
      // A selection makes the picture stale; a pan then draws directly and starts building one.
      await page.evaluate('tbgRender.highlight({ selected: [5], hovered: -1 })');
      const far: Cam = { ...start, x: start.x - 300 };
      expect((await page.evaluate<FrameStats>(`tbgRender.move(${JSON.stringify(far)})`)).cached).toBeFalsy();
      // The pan ends; a hover comes with the camera still: drawn directly, the picture not drawn
      // again from scratch at once (that would stall the frame for a whole picture).
      const hover = await page.evaluate<number[]>('tbgRender.hoverCandidates(1)');
      const direct = await page.evaluate<FrameStats>(`tbgRender.highlight({ selected: [5], hovered: ${hover[0]} })`);
      expect(direct.cached).toBeFalsy();
      // What was built of it is kept: the rest finished, it is shown.
      await page.evaluate('tbgRender.finishPicture()');
      expect(await page.evaluate<FrameStats>(`tbgRender.move(${JSON.stringify(far)})`)).toMatchObject({ cached: true });
    }));
});
