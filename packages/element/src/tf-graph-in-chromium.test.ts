/**
 * <tf-graph> in headless Chromium, loaded as any page would load it (dist/tf-graph.js from a
 * plain module script): real fixtures appear, expand and select work, bad files show their
 * error in the element. Screenshots go to test-output/ for a person to look at.
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GRAPH_FIXTURES, needChromium, needShared } from '@tbg/testkit';
import { OUT, openElementPage, screenshotStats, startHarness, waitForIdle, waitForLoad, waitForSettled, type ElementHarness } from './test-support/element-page.js';

const SUITE = '<tf-graph> in headless Chromium';
const run = needChromium(SUITE) && needShared(SUITE);
let h: ElementHarness;

beforeAll(async () => {
  if (!run) return;
  mkdirSync(OUT, { recursive: true });
  h = await startHarness();
}, 60_000);
afterAll(async () => {
  await h?.close();
});

describe.skipIf(!run)(SUITE, () => {
  it.each(GRAPH_FIXTURES.map(([dir, name]) => [`${dir}/${name}`]))('shows %s with no console errors', async (path) => {
    const { page, errors } = await openElementPage(h, { src: `/shared/${path}` });
    try {
      const ev = await waitForLoad(page);
      expect(ev.type, JSON.stringify(ev.detail)).toBe('graph-loaded');
      expect(ev.detail.nodeCount).toBeGreaterThan(0);
      // The first picture may be the quick layout; ELK's replaces it once ELK has started.
      await waitForSettled(page, ev);
      // ELK's layout fades in over the quick one: the screenshot is of the scene once still.
      await waitForIdle(page);
      const frame = await page.evaluate(() => document.querySelector('tf-graph')!.frameStats);
      expect(frame?.visibleNodes).toBeGreaterThan(0);
      const shot = await screenshotStats(page, join(OUT, `${path.replace(/[/]/g, '__')}.png`));
      // Something is drawn: more than a sliver of the box is not background.
      expect(shot.inked / shot.total).toBeGreaterThan(0.01);
      expect(errors).toEqual([]);
    } finally {
      await page.close();
    }
  });

  it('the first picture is a Canvas 2D preview, replaced by the WebGL scene; later loads need none', async () => {
    const { page, errors } = await openElementPage(h, { src: '/shared/graphs/tb_demo_xla_118.pbtxt' });
    try {
      const ev = await waitForLoad(page);
      expect(ev.detail.preview).toBe(true);
      const previewShown = `getComputedStyle(document.querySelector('tf-graph').shadowRoot.querySelector('canvas.preview')).display !== 'none'`;
      const early = await screenshotStats(page, join(OUT, 'preview-first-picture.png'));
      // A drawing, not a blank box: at graph-loaded the picture is on screen.
      expect(early.inked / early.total).toBeGreaterThan(0.01);
      await waitForSettled(page, ev);
      expect(await page.evaluate(previewShown)).toBe(false);
      const late = await screenshotStats(page);
      expect(late.inked / late.total).toBeGreaterThan(0.01);
      // Another graph in the same element: WebGL is up, so no preview.
      await page.evaluate(`document.querySelector('tf-graph').src = '/shared/graphs/tb_app_demo_tiny.pbtxt'`);
      const second = await waitForLoad(page, 2);
      expect(second.type).toBe('graph-loaded');
      expect(second.detail.preview).toBe(false);
      expect(await page.evaluate(previewShown)).toBe(false);
      expect(errors).toEqual([]);
    } finally {
      await page.close();
    }
  });
});
