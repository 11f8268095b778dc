/**
 * The demo's shell and its special stories in headless Chromium, against the real element: deep
 * links, `?src=`, the plain embed page, dropping a file, and the stress story's readout and loops.
 */
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { needChromium } from '@tbg/testkit';
import { STORIES } from './stories.js';
import { DemoBrowser, DIST, SHOTS, drawnGraph } from './test-support/demo-browser.js';
import { recorded, waitLoaded } from './test-support/page-recorder.js';
import { looksDrawn } from './test-support/pixels.js';

const SUITE = 'demo shell and special stories in headless Chromium';
const run = needChromium(SUITE);
const LOAD = 120_000;

let demo: DemoBrowser | undefined;
beforeAll(async () => {
  if (run) demo = await DemoBrowser.start();
});
afterAll(async () => {
  await demo?.close();
});

const shownStory = (page: Page) => page.locator('article.story').getAttribute('data-story');
const hashOfPage = (page: Page) => page.evaluate<string>('location.hash');

describe.skipIf(!run)(SUITE, () => {
  it('deep links open their story; no hash opens the first; sidebar links switch stories', async () => {
    const { page, errors } = await demo!.open('/#/real/metagraph');
    try {
      expect(await shownStory(page)).toBe('real/metagraph');
      expect(await page.locator('.sidebar a[aria-current="page"]').textContent()).toBe('MetaGraphDef');
      await waitLoaded(page, LOAD);
      await page.locator('.sidebar a', { hasText: 'SavedModel' }).click();
      expect(await hashOfPage(page)).toBe('#/real/saved-model');
      await waitLoaded(page, LOAD, 2);
      expect(await shownStory(page)).toBe('real/saved-model');
      expect(await page.locator('tf-graph').count()).toBe(1);
      await page.goto(demo!.server.origin + '/#/no/such-story');
      expect(await hashOfPage(page)).toBe(`#/${STORIES[0]!.group}/${STORIES[0]!.id}`);
      expect(errors).toEqual([]);
    } finally {
      await page.close();
    }
  });

  it('the sources and licences page shows ATTRIBUTION.md as a table, its text decoded as UTF-8', async () => {
    const { page, errors } = await demo!.open('/#/about/sources');
    try {
      await page.locator('.sources-story table').waitFor();
      expect(await page.locator('.sources-story tbody tr').count()).toBe(7);
      const text = await page.locator('.sources-story').innerText();
      expect(text).toContain('© 2022 Ibad Rather');
      expect(text).not.toMatch(/â€|Â©/);
      await page.screenshot({ path: join(SHOTS, 'sources.png') });
      expect(errors).toEqual([]);
    } finally {
      await page.close();
    }
  });

  it('follows the system’s dark mode', async () => {
    const { page, errors } = await demo!.open('/#/real/xla-demo', 'dark');
    try {
      expect(await page.evaluate<string>('getComputedStyle(document.body).backgroundColor')).toBe('rgb(32, 33, 36)');
      await waitLoaded(page, LOAD);
      const ink = await drawnGraph(page, 'dark-xla-demo');
      expect(looksDrawn(ink), JSON.stringify(ink)).toBe(true);
      // The legend's swatches stand out from its panel by their outlines, as the nodes do from the
      // background (the dark fills alone were 1.1–1.5:1 against the panel).
      const contrasts = await page.evaluate<number[]>(`(() => {
        const lum = (css) => {
          const [r, g, b] = css.match(/\\d+/g).slice(0, 3).map((v) => Number(v) / 255).map((c) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4));
          return 0.2126 * r + 0.7152 * g + 0.0722 * b;
        };
        const legend = document.querySelector('tf-graph').shadowRoot.querySelector('.legend');
        const panel = lum(getComputedStyle(legend).backgroundColor);
        return [...legend.querySelectorAll('.swatch')].map((s) => {
          const border = lum(getComputedStyle(s).borderTopColor);
          return (Math.max(border, panel) + 0.05) / (Math.min(border, panel) + 0.05);
        });
      })()`);
      expect(contrasts.length).toBeGreaterThan(2);
      for (const c of contrasts) expect(c).toBeGreaterThanOrEqual(3);
      expect(errors).toEqual([]);
    } finally {
      await page.close();
    }
  });

  it('?src= loads any graph file in the URL story, relative or absolute, and shows a bad one as an error', async () => {
    for (const src of ['graphs/tb_app_demo_tiny.pbtxt', `${demo!.server.origin}/graphs/mobilenet_v2_mid.model.json`]) {
      const { page, errors } = await demo!.open(`/?src=${encodeURIComponent(src)}`);
      try {
        expect(await hashOfPage(page)).toBe('#/url/src');
        const r = await waitLoaded(page, LOAD);
        expect(r.loaded[0]!.nodeCount).toBeGreaterThan(0);
        expect(await page.locator('.url-form input').inputValue()).toBe(src);
        const ink = await drawnGraph(page, `url-${src.endsWith('.json') ? 'absolute' : 'relative'}`);
        expect(looksDrawn(ink), JSON.stringify(ink)).toBe(true);
        expect(errors).toEqual([]);
      } finally {
        await page.close();
      }
    }
    const { page } = await demo!.open('/?src=graphs/missing.pb');
    try {
      await page.waitForFunction('window.__tbg.errors.length > 0', undefined, { timeout: LOAD });
      expect((await recorded(page)).errors[0]).toMatch(/404|missing\.pb|not found/i);
    } finally {
      await page.close();
    }
  });

  it('the URL story’s form opens the file it is given', async () => {
    const { page, errors } = await demo!.open('/#/url/src');
    try {
      await page.locator('.url-form input').fill('graphs/tb_demo_xla_118.pbtxt');
      await page.locator('.url-form button').click();
      await page.waitForURL(/\?src=graphs%2Ftb_demo_xla_118\.pbtxt#\/url\/src$/);
      await waitLoaded(page, LOAD);
      // Another file, then Back: the box shows the first file's URL again, not the one typed last.
      await page.locator('.url-form input').fill('graphs/tb_app_demo_tiny.pbtxt');
      await page.locator('.url-form button').click();
      await page.waitForURL(/tb_app_demo_tiny/);
      await waitLoaded(page, LOAD);
      await page.goBack();
      await page.waitForURL(/tb_demo_xla_118/);
      await waitLoaded(page, LOAD);
      expect(await page.locator('.url-form input').inputValue()).toBe('graphs/tb_demo_xla_118.pbtxt');
      // Another story from the sidebar: its address does not carry `?src=`; Back returns to the file.
      const loads = (await recorded(page)).loaded.length;
      await page.locator('.sidebar a[href="#/real/xla-demo"]').click();
      await page.waitForURL((u) => u.hash === '#/real/xla-demo');
      expect(new URL(page.url()).search).toBe('');
      // Loaded before going Back (leaving sooner aborts its download: a failed request here).
      await waitLoaded(page, LOAD, loads + 1);
      await page.goBack();
      await page.waitForURL(/\?src=graphs%2Ftb_demo_xla_118\.pbtxt#\/url\/src$/);
      // The URL story is shown again, on that file.
      await page.locator('.url-form input').waitFor();
      expect(await page.locator('.url-form input').inputValue()).toBe('graphs/tb_demo_xla_118.pbtxt');
      expect(errors, errors.join('\n')).toEqual([]);
    } finally {
      await page.close();
    }
  });

  it('embed: the plain page loads tf-graph.js and draws, beside its own source', async () => {
    const { page, errors } = await demo!.open('/#/embed/embed-page');
    try {
      const frame = page.frameLocator('iframe.embed-frame');
      await frame.locator('tf-graph').waitFor();
      const inner = page.frames().find((f) => f.url().endsWith('/embed.html'))!;
      await waitLoaded(inner, LOAD);
      await page.locator('.snippet pre code', { hasText: '<tf-graph' }).waitFor();
      const source = await page.locator('.snippet pre code').textContent();
      expect(source).toContain('<script type="module" src="tf-graph.js"></script>');
      const ink = await drawnGraph(page, 'embed-story', inner);
      expect(looksDrawn(ink), JSON.stringify(ink)).toBe(true);
      expect(errors).toEqual([]);
    } finally {
      await page.close();
    }
    const alone = await demo!.open('/embed.html');
    try {
      await waitLoaded(alone.page, LOAD);
      const ink = await drawnGraph(alone.page, 'embed-page-alone');
      expect(looksDrawn(ink), JSON.stringify(ink)).toBe(true);
      expect(alone.errors).toEqual([]);
    } finally {
      await alone.page.close();
    }
  });

  it('drop your own file: the file input and a drop both hand the file to <tf-graph>', async () => {
    const { page, errors } = await demo!.open('/#/embed/drop-file');
    try {
      // Before any file: the pixel check itself must see an empty element as blank.
      await page.locator('tf-graph').waitFor();
      const empty = await drawnGraph(page, 'drop-file-empty', page, 0);
      expect(looksDrawn(empty), JSON.stringify(empty)).toBe(false);
      await page.locator('input[type=file]').setInputFiles(join(DIST, 'graphs', 'tb_demo_xla_118.pbtxt'));
      const first = await waitLoaded(page, LOAD);
      expect(first.loaded[0]!.nodeCount).toBeGreaterThan(50);
      expect(await page.locator('.drop-name').textContent()).toMatch(/^tb_demo_xla_118\.pbtxt/);
      // A real drop: a File in a DataTransfer, dropped on the zone.
      await page.evaluate(`(async () => {
        const bytes = await (await fetch('graphs/tb_app_demo_tiny.pbtxt')).arrayBuffer();
        const dt = new DataTransfer();
        dt.items.add(new File([bytes], 'tiny.pbtxt'));
        document.querySelector('.drop-zone').dispatchEvent(new DragEvent('drop', { dataTransfer: dt, bubbles: true, cancelable: true }));
      })()`);
      await waitLoaded(page, LOAD, 2);
      expect(await page.locator('.drop-name').textContent()).toMatch(/^tiny\.pbtxt/);
      const ink = await drawnGraph(page, 'drop-file');
      expect(looksDrawn(ink), JSON.stringify(ink)).toBe(true);
      // Dropped on the element itself: the element shows it, and the story names it.
      await page.evaluate(`(async () => {
        const bytes = await (await fetch('graphs/tb_demo_xla_118.pbtxt')).arrayBuffer();
        const dt = new DataTransfer();
        dt.items.add(new File([bytes], 'xla-again.pbtxt'));
        const stage = document.querySelector('tf-graph').shadowRoot.querySelector('.stage');
        stage.dispatchEvent(new DragEvent('drop', { dataTransfer: dt, bubbles: true, composed: true, cancelable: true }));
      })()`);
      const third = await waitLoaded(page, LOAD, 3);
      expect(third.loaded[2]!.nodeCount).toBeGreaterThan(50);
      expect(await page.locator('.drop-name').textContent()).toMatch(/^xla-again\.pbtxt/);
      expect(await page.locator('.timings').isVisible()).toBe(true);
      const elementTop = () => page.evaluate<number>("document.querySelector('tf-graph').getBoundingClientRect().top");
      const top = await elementTop();
      // A file that is no graph, dropped on the element: the last graph's timings go with it (their room stays: the element does not move).
      await page.evaluate(`(() => {
        const dt = new DataTransfer();
        dt.items.add(new File([new Uint8Array([1, 2, 3, 250, 251])], 'garbage.pb'));
        const stage = document.querySelector('tf-graph').shadowRoot.querySelector('.stage');
        stage.dispatchEvent(new DragEvent('drop', { dataTransfer: dt, bubbles: true, composed: true, cancelable: true }));
      })()`);
      await page.locator('.timings').waitFor({ state: 'hidden', timeout: 30_000 });
      expect(await elementTop()).toBe(top);
      expect(errors.filter((e) => !/garbage/.test(e))).toEqual([]);
    } finally {
      await page.close();
    }
  });

  it("a long selected name is cut in the story's toolbar, not wrapped onto a line that moves the graph", async () => {
    const { page, errors } = await demo!.open('/#/real/xla-demo');
    try {
      await page.setViewportSize({ width: 800, height: 600 });
      await waitLoaded(page, LOAD);
      const elementTop = () => page.evaluate<number>("document.querySelector('tf-graph').getBoundingClientRect().top");
      const top = await elementTop();
      await page.evaluate("document.querySelector('tf-graph').select('gradients/SoftmaxCrossEntropyWithLogits_grad/mul')");
      await page.waitForFunction("document.querySelector('.selection').textContent !== ''");
      expect(await elementTop()).toBe(top);
      expect(await page.locator('.selection').getAttribute('title')).toContain('gradients/SoftmaxCrossEntropyWithLogits_grad/mul');
      expect(errors).toEqual([]);
    } finally {
      await page.close();
    }
  });

  it('stress: 10k ops on screen at once, live frame times, zoom and pan loops', async () => {
    const { page, errors } = await demo!.open('/#/stress/stress-10k');
    try {
      const r = await waitLoaded(page, 600_000);
      expect(r.loaded[0]!.nodeCount).toBeGreaterThanOrEqual(10_000);
      await page.waitForFunction('window.__tbg.frames.some((f) => f.visibleNodes >= 10000)', undefined, { timeout: 120_000 });
      const ink = await drawnGraph(page, 'stress-10k');
      expect(looksDrawn(ink), JSON.stringify(ink)).toBe(true);
      // Each loop starts from the fit, with every op in view.
      for (const kind of ['pan', 'zoom']) {
        await page.locator(`button.loop-${kind}`).click();
        expect(await page.locator(`button.loop-${kind}`).getAttribute('aria-pressed')).toBe('true');
        // The loop starts once the fit's animation is over: its frames are the ones counted.
        await page.waitForTimeout(600);
        const before = (await recorded(page)).frames.length;
        await page.waitForFunction(`window.__tbg.frames.length >= ${before + 3}`, undefined, { timeout: 120_000 });
        await page.locator(`button.loop-${kind}`).click();
        expect(await page.locator(`button.loop-${kind}`).getAttribute('aria-pressed')).toBe('false');
        const seen = (await recorded(page)).frames.slice(before).map((f) => f.visibleNodes);
        expect(Math.max(...seen), `${kind} loop: visible nodes ${seen.join(' ')}`).toBeGreaterThanOrEqual(10_000);
        await page.screenshot({ path: join(SHOTS, `stress-10k-after-${kind}.png`), timeout: 120_000 });
      }
      const readout = await page.locator('.readout').innerText();
      expect(readout).toMatch(/p50\s*[\d.]+ (ms|s)/);
      expect(readout).toMatch(/p95\s*[\d.]+ (ms|s)/);
      expect(errors).toEqual([]);
    } finally {
      await page.close();
    }
  });
});
