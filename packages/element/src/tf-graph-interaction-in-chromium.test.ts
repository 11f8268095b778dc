/**
 * What a person does with <tf-graph>, in headless Chromium: expand by double click, select and
 * follow a link in the info card, drop a file, see a bad file's error, switch colours, read
 * non-Latin labels, mount and unmount many times, and embed it under a strict CSP.
 */
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { encodeGraphDef, fixturePath, generateTrainingGraph, needChromium, needShared } from '@tbg/testkit';
import { darkPixels, inkedPixels, OUT, openElementPage, nodePoint, redPixels, screenshotStats, startHarness, waitForIdle, waitForLoad, waitForSettled, waitForShown, type ElementHarness } from './test-support/element-page.js';

const SUITE = '<tf-graph> interaction in headless Chromium';
const run = needChromium(SUITE) && needShared(SUITE);
let h: ElementHarness;
const here = dirname(fileURLToPath(import.meta.url));

const XLA = '/shared/graphs/tb_demo_xla_118.pbtxt';

/** Events of one type the page has seen so far. */
function events(page: Page, type: string): Promise<Array<Record<string, unknown>>> {
  return page.evaluate((t) => (window as unknown as { tfEvents: Array<{ type: string; detail: Record<string, unknown> }> }).tfEvents.filter((e) => e.type === t).map((e) => e.detail), type);
}

/**
 * Moves the pointer and waits for the frame it brings (a hover drawn or cleared), then for quiet;
 * `mayNotDraw`: a move that may change nothing on screen (no frame to wait for).
 */
async function pointerTo(page: Page, x: number, y: number, mayNotDraw = false): Promise<void> {
  const k = (await events(page, 'frame')).length;
  await page.mouse.move(x, y);
  const drawn = page.waitForFunction((n) => (window as unknown as { tfEvents: Array<{ type: string }> }).tfEvents.filter((e) => e.type === 'frame').length > n, k, { timeout: 10_000 });
  await (mayNotDraw ? drawn.catch(() => undefined) : drawn);
  await waitForIdle(page, 300);
}

/** Text of a part of the element's shadow DOM. */
function shadowText(page: Page, selector: string): Promise<string> {
  return page.evaluate((s) => document.querySelector('tf-graph')!.shadowRoot!.querySelector(s)?.textContent ?? '', selector);
}

/** The mouse cursor set on the scene. */
const slotCursor = (page: Page) => page.evaluate(() => document.querySelector('tf-graph')!.shadowRoot!.querySelector<HTMLElement>('.canvas-slot')!.style.cursor);

/** Pixels of the page that differ from an earlier screenshot of it. */
async function changedPixels(page: Page, before: Buffer): Promise<number> {
  const after = await page.screenshot();
  return page.evaluate(
    async ({ a, b }) => {
      const read = async (b64: string) => {
        const img = await createImageBitmap(await (await fetch(`data:image/png;base64,${b64}`)).blob());
        const c = new OffscreenCanvas(img.width, img.height).getContext('2d')!;
        c.drawImage(img, 0, 0);
        return c.getImageData(0, 0, img.width, img.height).data;
      };
      const [pa, pb] = [await read(a), await read(b)];
      let n = 0;
      for (let i = 0; i < pa.length; i += 4) if (Math.abs(pa[i]! - pb[i]!) + Math.abs(pa[i + 1]! - pb[i + 1]!) + Math.abs(pa[i + 2]! - pb[i + 2]!) > 24) n++;
      return n;
    },
    { a: before.toString('base64'), b: after.toString('base64') },
  );
}

beforeAll(async () => {
  if (!run) return;
  h = await startHarness();
  const lstm = readFileSync(fixturePath('graphs', 'tf2onnx_lstm_frozen.pb'));
  h.extra.set('/generated/10k.pb', { body: encodeGraphDef(generateTrainingGraph({ nodes: 10_000, seed: 1 })) });
  h.extra.set('/bad/truncated.pb', { body: lstm.subarray(0, Math.floor(lstm.length / 3)) });
  h.extra.set('/bad/random.pb', { body: Uint8Array.from({ length: 4096 }, (_, i) => (i * 7919 + 13) & 255) });
  h.extra.set('/graphs/names.pbtxt', {
    body: ['层一/卷积', 'слой/вход', 'capa/ñandú', '모델/출력']
      .map((n, i) => `node { name: "${n}" op: "Relu" ${i ? `input: "${['层一/卷积', 'слой/вход', 'capa/ñandú'][i - 1]}"` : ''} }`)
      .join('\n'),
  });
}, 60_000);
afterAll(async () => {
  await h?.close();
});

/**
 * A page script: as the first picture arrives (`graph-loaded`), the panel `selector` is hidden,
 * its box kept, and that box saved as `window.boxAtLoad` (so that what is drawn under it shows).
 */
function hideAtLoad(selector: string): string {
  return `document.addEventListener('graph-loaded', () => {
    const panel = document.querySelector('tf-graph').shadowRoot.querySelector(${JSON.stringify(selector)});
    window.boxAtLoad = panel && panel.getBoundingClientRect().toJSON();
    if (panel) panel.style.visibility = 'hidden';
  }, { once: true });`;
}

/**
 * What legend-box.ts estimates for the legend `page` shows now (its rows read back from it), with
 * the page's own probe (legend-probe.ts) and text widths: bundled into the page on first use.
 */
async function estimateInPage(page: Page, colorBy: string): Promise<{ width: number; height: number } | null> {
  if (!h.extra.has('/legend-estimate.js')) {
    const out = await build({ stdin: { contents: LEGEND_ESTIMATE_PAGE, resolveDir: here, loader: 'ts' }, bundle: true, format: 'esm', write: false, logLevel: 'silent' });
    h.extra.set('/legend-estimate.js', { type: 'text/javascript', body: out.outputFiles[0]!.text });
  }
  // (A string: vitest would rewrite an import() written in a function.)
  return page.evaluate<{ width: number; height: number } | null>(`import('/legend-estimate.js').then((m) => m.estimate(${JSON.stringify(colorBy)}))`);
}

const LEGEND_ESTIMATE_PAGE = `
import { legendCover } from './render/legend-box.ts';
import { probeLegend } from './render/legend-probe.ts';
export function estimate(colorBy) {
  const root = document.querySelector('tf-graph').shadowRoot;
  const stage = root.querySelector('.stage');
  const legend = root.querySelector('.legend');
  const labels = [...legend.querySelectorAll('.row')].map((r) => ({ label: r.textContent, color: 0 }));
  const more = Number(/\\d+/.exec(legend.querySelector('.more')?.textContent ?? '0')[0]);
  const entries = [...labels.slice(0, -1), ...Array.from({ length: more }, () => ({ label: '', color: 0 })), ...labels.slice(-1)];
  const ctx = document.createElement('canvas').getContext('2d');
  const measure = (font, text) => ((ctx.font = font), ctx.measureText(text).width);
  const view = stage.getBoundingClientRect();
  return legendCover(colorBy, entries, true, { width: view.width, height: view.height }, probeLegend(stage), measure);
}`;

describe.skipIf(!run)(SUITE, () => {
  it('double-clicking a metanode expands it: its children appear', async () => {
    const { page, errors } = await openElementPage(h, { src: XLA });
    try {
      expect((await waitForShown(page)).type).toBe('graph-loaded');
      const before = await page.evaluate(() => document.querySelector('tf-graph')!.frameStats!.visibleNodes);
      // Selecting reveals the node beside the info card: a double click there hits it.
      await page.evaluate(() => document.querySelector('tf-graph')!.select('gradients'));
      await waitForIdle(page);
      const seen = (await events(page, 'expand-change')).length;
      const at = await nodePoint(page, 'gradients');
      await page.mouse.dblclick(at.x, at.y);
      // Its layout as it stays: ELK's, after a quick one if ELK had not answered at once (fitted to
      // before ELK's replaced it, the view would show only part of the graph).
      await page.waitForFunction(
        (k) => (window as unknown as { tfEvents: Array<{ type: string; detail: { provisional?: boolean } }> }).tfEvents.filter((e) => e.type === 'expand-change').slice(k).some((e) => e.detail.provisional === false),
        seen,
        { timeout: 30_000 },
      );
      const changes = (await events(page, 'expand-change')).slice(seen);
      expect((changes.at(-1)!.expanded as number[]).length).toBeGreaterThan(0);
      // A quick layout first is announced as such, and ELK's follows with the same groups expanded.
      if (changes[0]!.provisional === true) expect(changes.at(-1)!.expanded).toEqual(changes[0]!.expanded);
      expect(changes.at(-1)!.provisional).toBe(false);
      await page.evaluate(() => document.querySelector('tf-graph')!.fit());
      // The fit is animated (300 ms), then drawn: on a loaded machine its last frame can come late.
      await page.waitForFunction((b) => (document.querySelector('tf-graph')!.frameStats?.visibleNodes ?? 0) > b + 5, before, { timeout: 10_000 }).catch(() => undefined);
      const after = await page.evaluate(() => document.querySelector('tf-graph')!.frameStats!.visibleNodes);
      expect(after).toBeGreaterThan(before + 5);
      await screenshotStats(page, join(OUT, 'expanded-gradients.png'));
      expect(errors).toEqual([]);
    } finally {
      await page.close();
    }
  });

  it('a fit asked for while a selection is still being revealed stands', async () => {
    const { page, errors } = await openElementPage(h, { src: XLA });
    try {
      await waitForShown(page);
      await waitForIdle(page);
      const fitted = await page.evaluate(() => document.querySelector('tf-graph')!.frameStats!.visibleNodes);
      // The reveal waits for the node's shape from the render worker: the fit comes first.
      await page.evaluate(() => {
        const g = document.querySelector('tf-graph')!;
        void g.select('MatMul');
        g.fit();
      });
      await page.waitForFunction(() => document.querySelector('tf-graph')!.getAttribute('selected') === 'MatMul');
      await waitForIdle(page);
      expect(await page.evaluate(() => document.querySelector('tf-graph')!.frameStats!.visibleNodes)).toBe(fitted);
      expect(errors).toEqual([]);
    } finally {
      await page.close();
    }
  });

  it('a pan or zoom step is drawn in the task of its input; a second step right after it waits for an animation frame', async () => {
    // On the page's thread the page sees the renderer's frames as they are drawn. The steps reach
    // the renderer in microtasks of the input's task, queued before `inTask` is cleared.
    const { page, errors } = await openElementPage(h, { src: XLA, 'render-mode': 'main-thread' });
    try {
      await waitForShown(page);
      await waitForIdle(page);
      const drawnInTask = await page.evaluate(
        () =>
          new Promise<boolean[]>((resolve) => {
            const g = document.querySelector('tf-graph')!;
            const stage = g.shadowRoot!.querySelector<HTMLElement>('.canvas-slot')!;
            const box = stage.getBoundingClientRect();
            const frames: boolean[] = [];
            let inTask = true;
            g.addEventListener('frame', () => frames.push(inTask));
            const wheel = (deltaY: number) => stage.dispatchEvent(new WheelEvent('wheel', { deltaY, clientX: box.x + box.width / 2, clientY: box.y + box.height / 2, bubbles: true, cancelable: true }));
            wheel(-120);
            wheel(120);
            queueMicrotask(() => (inTask = false));
            setTimeout(() => resolve(frames), 500);
          }),
      );
      expect(drawnInTask).toEqual([true, false]);
      expect(errors).toEqual([]);
    } finally {
      await page.close();
    }
  });

  it('two fingers spread zoom in, and brought together zoom out', async () => {
    const { page, errors } = await openElementPage(h, { src: XLA });
    try {
      await waitForShown(page);
      await waitForIdle(page);
      const visible = () => page.evaluate(() => document.querySelector('tf-graph')!.frameStats!.visibleNodes);
      const fitted = await visible();
      // Real touches (the browser makes their pointer events), two fingers either side of a point.
      const cdp = await page.context().newCDPSession(page);
      const pinch = async (from: number, to: number) => {
        const fingers = (d: number) => [{ x: 400 - d, y: 350, id: 1 }, { x: 400 + d, y: 350, id: 2 }];
        await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: fingers(from) });
        for (let k = 1; k <= 8; k++) await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: fingers(from + ((to - from) * k) / 8) });
        await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
        await waitForIdle(page);
      };
      await pinch(30, 200);
      const zoomedIn = await visible();
      expect(zoomedIn).toBeLessThan(fitted / 2);
      await pinch(200, 30);
      expect(await visible()).toBeGreaterThan(zoomedIn);
      await cdp.detach();
      expect(errors).toEqual([]);
    } finally {
      await page.close();
    }
  });

  it('a hover is drawn in the animation frame that picks the node under the pointer, not in the next one', async () => {
    const { page, errors } = await openElementPage(h, { src: XLA, 'render-mode': 'main-thread' });
    try {
      await waitForShown(page);
      // Selecting MatMul draws it outlined, not hovered.
      await page.evaluate(() => document.querySelector('tf-graph')!.select('MatMul'));
      await waitForIdle(page);
      const at = await nodePoint(page, 'MatMul');
      const framesByThen = await page.evaluate(
        (p) =>
          new Promise<number>((resolve) => {
            const g = document.querySelector('tf-graph')!;
            const stage = g.shadowRoot!.querySelector<HTMLElement>('.canvas-slot')!;
            let frames = 0;
            g.addEventListener('frame', () => frames++);
            // The element picks in an animation frame callback requested by this move; this one,
            // requested after it, runs once that callback and its microtasks (pick, highlight) are done.
            stage.dispatchEvent(new PointerEvent('pointermove', { clientX: p.x, clientY: p.y, pointerId: 1, pointerType: 'mouse', bubbles: true }));
            requestAnimationFrame(() => resolve(frames));
          }),
        at,
      );
      expect(framesByThen).toBe(1);
      expect(errors).toEqual([]);
    } finally {
      await page.close();
    }
  });

  it('selecting a node shows its inputs in the info card; a link there selects that node', async () => {
    // Narrow: the card covers 45 % of the width.
    const { page, errors } = await openElementPage(h, { src: XLA }, { width: 600, height: 500 });
    try {
      await waitForShown(page);
      await page.evaluate(() => document.querySelector('tf-graph')!.select('MatMul'));
      await page.waitForFunction(() => document.querySelector('tf-graph')!.shadowRoot!.querySelector('.info') !== null);
      const card = await shadowText(page, '.info');
      expect(card).toContain('MatMul');
      expect(card).toContain('Reshape');
      expect(card).toContain('hidden_weights');
      expect(await page.evaluate(() => document.querySelector('tf-graph')!.getAttribute('selected'))).toBe('MatMul');
      // The node is revealed beside the card, not under it: its red outline is left of the card.
      await waitForIdle(page);
      const box = (await page.locator('tf-graph').boundingBox())!;
      const cardBox = await page.evaluate(() => {
        const r = document.querySelector('tf-graph')!.shadowRoot!.querySelector('.info')!.getBoundingClientRect();
        return { x: r.left, y: r.top, width: r.width, height: r.height };
      });
      expect(await redPixels(page, { x: box.x, y: box.y, width: cardBox.x - box.x, height: box.height })).toBeGreaterThan(10);
      // Along the card's left edge (the card hides the rest): no outline runs beneath it.
      expect(await redPixels(page, { x: cardBox.x - 3, y: cardBox.y, width: 3, height: cardBox.height })).toBe(0);
      // With the mouse, as a person clicks: the link lies over the scene, which must not take the click.
      const link = await page.evaluate(() => {
        const a = document.querySelector('tf-graph')!.shadowRoot!.querySelector('.info a')!;
        const r = a.getBoundingClientRect();
        return { name: a.textContent, x: r.left + r.width / 2, y: r.top + r.height / 2 };
      });
      await page.mouse.click(link.x, link.y);
      await page.waitForFunction(() => (window as unknown as { tfEvents: Array<{ type: string }> }).tfEvents.filter((e) => e.type === 'node-select').length >= 2);
      const selected = await events(page, 'node-select');
      expect(selected.at(-1)!.name).toBe(link.name);
      expect(await shadowText(page, '.info h3')).toBe(selected.at(-1)!.name);
      await screenshotStats(page, join(OUT, 'info-card.png'));
      expect(errors).toEqual([]);
    } finally {
      await page.close();
    }
  });

  it('clicking a node selects it', async () => {
    const { page } = await openElementPage(h, { src: XLA });
    try {
      await waitForShown(page);
      await page.evaluate(() => document.querySelector('tf-graph')!.select('Relu'));
      await waitForIdle(page);
      await page.evaluate(() => (document.querySelector('tf-graph')!.selected = null));
      await page.waitForFunction(() => !document.querySelector('tf-graph')!.hasAttribute('selected'));
      const at = await nodePoint(page, 'Relu');
      await page.mouse.click(at.x, at.y);
      await page.waitForFunction(() => document.querySelector('tf-graph')!.getAttribute('selected') === 'Relu', null, { timeout: 10_000 });
      // In view and clear of the card, the node clicked stays where it was: the view does not move.
      await waitForIdle(page);
      expect(await nodePoint(page, 'Relu')).toEqual(at);
      // The click focused the graph: keys work on it. + zooms about the centre, Escape clears the selection.
      const before = (await page.evaluate(() => document.querySelector('tf-graph')!.nodeRect('Relu')))!;
      await page.keyboard.press('+');
      await waitForIdle(page, 300);
      const after = (await page.evaluate(() => document.querySelector('tf-graph')!.nodeRect('Relu')))!;
      expect(after.width / before.width).toBeCloseTo(1.25, 3);
      await page.keyboard.press('Escape');
      await page.waitForFunction(() => !document.querySelector('tf-graph')!.hasAttribute('selected'));
      expect(await page.evaluate(() => document.querySelector('tf-graph')!.shadowRoot!.querySelector('.info'))).toBeNull();
    } finally {
      await page.close();
    }
  });

  it('a fitted view fits again when the element is resized; a moved one keeps its centre', async () => {
    const { page, errors } = await openElementPage(h, { src: XLA });
    try {
      await waitForShown(page);
      await waitForIdle(page);
      const rect = (name: string) => page.evaluate((n) => document.querySelector('tf-graph')!.nodeRect(n), name);
      // The element's new size reaches the controller through a ResizeObserver: wait for the camera it sets.
      const resize = async (width: number) => {
        const was = JSON.stringify(await rect('MatMul'));
        await page.evaluate((w) => (document.querySelector<HTMLElement>('tf-graph')!.style.width = `${w}px`), width);
        await page.waitForFunction(async (w) => JSON.stringify(await document.querySelector('tf-graph')!.nodeRect('MatMul')) !== w, was);
        await waitForIdle(page, 300);
      };
      // `gradients` lies at the graph's right: in view after the fit, and again at half the width.
      expect((await rect('gradients'))!.x + (await rect('gradients'))!.width).toBeLessThanOrEqual(1000);
      await resize(500);
      const fitted = (await rect('gradients'))!;
      expect(fitted.x + fitted.width).toBeLessThanOrEqual(500);
      // Zoomed by the user: a resize keeps the point at the centre where it was.
      await page.mouse.move(250, 350);
      await page.mouse.wheel(0, -120);
      await waitForIdle(page, 300);
      const centreOffset = async (width: number) => {
        const r = (await rect('MatMul'))!;
        return [r.x + r.width / 2 - width / 2, r.y + r.height / 2 - 350];
      };
      const before = await centreOffset(500);
      await resize(800);
      const after = await centreOffset(800);
      expect(after[0]).toBeCloseTo(before[0]!, 3);
      expect(after[1]).toBeCloseTo(before[1]!, 3);
      expect(errors).toEqual([]);
    } finally {
      await page.close();
    }
  });

  it('a hover does not outlive an expand: moved off the graph after double-clicking a group, nothing stays faded', async () => {
    const { page, errors } = await openElementPage(h, { src: XLA });
    try {
      await waitForShown(page);
      const movedTo = (x: number, y: number) => pointerTo(page, x, y, true);
      const seen = (await events(page, 'expand-change')).length;
      const group = await nodePoint(page, 'mnist_dataset_train_2');
      await movedTo(group.x, group.y);
      await page.mouse.dblclick(group.x, group.y);
      await page.waitForFunction(
        (k) => (window as unknown as { tfEvents: Array<{ type: string; detail: { provisional?: boolean } }> }).tfEvents.filter((e) => e.type === 'expand-change').slice(k).some((e) => e.detail.provisional === false),
        seen,
        { timeout: 30_000 },
      );
      // ELK's layout animated in, and its view cache drawn.
      await waitForIdle(page, 1000);
      // Off the graph (right of it, under the info card): nothing is hovered.
      const empty = { x: 800, y: 450 };
      await movedTo(empty.x, empty.y);
      const left = await page.screenshot({ path: join(OUT, 'hover-after-expand.png') });
      // The same, after a hover that is cleared the usual way: the picture must not change.
      const op = await nodePoint(page, 'mnist_dataset_train_2/one_hot');
      await movedTo(op.x, op.y);
      await movedTo(empty.x, empty.y);
      expect(await changedPixels(page, left)).toBeLessThan(2000);
      expect(errors).toEqual([]);
    } finally {
      await page.close();
    }
  });

  it("a node selected by name inside collapsed groups stays beside the info card once ELK's layout replaces the quick one", async () => {
    const { page, errors } = await openElementPage(h, { src: '/generated/10k.pb' }, { width: 1400, height: 800 });
    try {
      const loaded = await waitForShown(page);
      if (loaded.detail.provisional === true) await page.waitForFunction(() => (window as unknown as { tfEvents: Array<{ type: string }> }).tfEvents.some((e) => e.type === 'layout-settled'), null, { timeout: 60_000 });
      await waitForIdle(page);
      const settled = (await events(page, 'layout-settled')).length;
      // Its ancestors are expanded with a quick layout (ELK takes longer at this size), then ELK's.
      await page.evaluate(() => document.querySelector('tf-graph')!.select('save/SaveV2'));
      await page.waitForFunction((k) => (window as unknown as { tfEvents: Array<{ type: string }> }).tfEvents.filter((e) => e.type === 'layout-settled').length > k, settled, { timeout: 60_000 }).catch(() => undefined);
      await waitForIdle(page, 1000);
      const node = (await page.evaluate(() => document.querySelector('tf-graph')!.nodeRect('save/SaveV2')))!;
      const card = await page.evaluate(() => document.querySelector('tf-graph')!.shadowRoot!.querySelector('.info')!.getBoundingClientRect().toJSON() as DOMRect);
      expect(node.x).toBeGreaterThanOrEqual(0);
      expect(node.x + node.width).toBeLessThan(card.left);
      expect(node.y).toBeGreaterThanOrEqual(0);
      expect(node.y + node.height).toBeLessThanOrEqual(800);
      // The card ends inside the element, and an attribute's name is on one line.
      expect(card.bottom).toBeLessThanOrEqual(800);
      const keyLines = await page.evaluate(() => {
        const range = document.createRange();
        range.selectNodeContents(document.querySelector('tf-graph')!.shadowRoot!.querySelector('.info td.key')!);
        return range.getClientRects().length;
      });
      expect(keyLines).toBe(1);
      await page.screenshot({ path: join(OUT, 'select-hidden-10k.png') });
      expect(errors).toEqual([]);
    } finally {
      await page.close();
    }
  }, 120_000);

  it('the fit leaves the toolbar band free: the top node is drawn below it, after load and after Fit', async () => {
    const { page, errors } = await openElementPage(h, { src: XLA });
    try {
      await waitForShown(page);
      await page.waitForFunction(() => (window as unknown as { tfEvents: Array<{ type: string }> }).tfEvents.some((e) => e.type === 'layout-settled'), null, { timeout: 30_000 }).catch(() => undefined);
      await waitForIdle(page);
      const toolbarBottom = await page.evaluate(() => document.querySelector('tf-graph')!.shadowRoot!.querySelector('.toolbar')!.getBoundingClientRect().bottom);
      const top = async () => (await page.evaluate(() => document.querySelector('tf-graph')!.nodeRect('_send_Mean_0')))!.y;
      expect(await top()).toBeGreaterThan(toolbarBottom);
      await page.mouse.move(500, 350);
      await page.mouse.wheel(0, -360);
      await waitForIdle(page);
      await page.evaluate(() => document.querySelector('tf-graph')!.fit());
      await waitForIdle(page);
      expect(await top()).toBeGreaterThan(toolbarBottom);
      expect(errors).toEqual([]);
    } finally {
      await page.close();
    }
  });

  it('in a narrow view the info card opens below the toolbar and wraps a long device rather than scrolling sideways; the legend starts folded', async () => {
    const { page, errors } = await openElementPage(h, { src: XLA }, { width: 560, height: 450 });
    try {
      await waitForShown(page);
      await waitForIdle(page);
      await page.evaluate(() => document.querySelector('tf-graph')!.select('gradients/SoftmaxCrossEntropyWithLogits_grad/mul'));
      await page.waitForFunction(() => document.querySelector('tf-graph')!.shadowRoot!.querySelector('.info') !== null);
      await waitForIdle(page);
      const parts = await page.evaluate(() => {
        const root = document.querySelector('tf-graph')!.shadowRoot!;
        const card = root.querySelector('.info')!;
        return { bar: root.querySelector('.toolbar')!.getBoundingClientRect().toJSON() as DOMRect, card: card.getBoundingClientRect().toJSON() as DOMRect, scrollWidth: card.scrollWidth, clientWidth: card.clientWidth };
      });
      // Side by side they would overlap (the search box was under the card).
      expect(parts.bar.right).toBeGreaterThan(parts.card.left);
      expect(parts.card.top).toBeGreaterThanOrEqual(parts.bar.bottom);
      expect(parts.card.bottom).toBeLessThanOrEqual(450);
      expect(parts.scrollWidth).toBeLessThanOrEqual(parts.clientWidth);
      expect(await shadowText(page, '.info')).toContain('device:XLA_CPU:0');
      // In a view this small the legend starts folded, to its title.
      expect(await page.evaluate(() => document.querySelector('tf-graph')!.shadowRoot!.querySelectorAll('.legend .row').length)).toBe(0);
      expect(await shadowText(page, '.legend-title')).toContain('Structure');
      await page.screenshot({ path: join(OUT, 'card-narrow.png') });
      expect(errors).toEqual([]);
    } finally {
      await page.close();
    }
  });

  it("a moved view keeps the node under the pointer in place when ELK's layout replaces the quick one, and says a layout is coming", async () => {
    const { page, errors } = await openElementPage(h, { src: '/generated/10k.pb' });
    try {
      const loaded = await waitForLoad(page);
      // ELK takes seconds at this size: the first picture is the quick layout's.
      expect(loaded.detail.provisional).toBe(true);
      await page.waitForFunction(() => (window as unknown as { tfEvents: Array<{ type: string }> }).tfEvents.some((e) => e.type === 'scene-ready'), null, { timeout: 30_000 });
      expect(await shadowText(page, '.refining')).toContain('Refining');
      // Zoom in where the pointer is, then find the node under it (its name is the scene's tooltip).
      const centre = await nodePoint(page, 'model');
      await page.mouse.move(centre.x, centre.y);
      await page.mouse.wheel(0, -300);
      await waitForIdle(page, 300);
      await page.mouse.move(centre.x + 1, centre.y);
      await page.waitForFunction(() => document.querySelector('tf-graph')!.shadowRoot!.querySelector<HTMLElement>('.canvas-slot')!.title !== '', null, { timeout: 5000 });
      const name = await page.evaluate(() => document.querySelector('tf-graph')!.shadowRoot!.querySelector<HTMLElement>('.canvas-slot')!.title);
      const before = await nodePoint(page, name);
      expect((await events(page, 'layout-settled')).length).toBe(0);
      await page.waitForFunction(() => (window as unknown as { tfEvents: Array<{ type: string }> }).tfEvents.some((e) => e.type === 'layout-settled'), null, { timeout: 60_000 });
      await waitForIdle(page);
      const after = await nodePoint(page, name);
      expect(Math.hypot(after.x - before.x, after.y - before.y)).toBeLessThan(2);
      expect(await shadowText(page, '.refining')).toBe('');
      expect(errors).toEqual([]);
    } finally {
      await page.close();
    }
  }, 120_000);

  it('selecting a group larger than the free view zooms out to show all of it clear of the panels; a new card starts at the top', async () => {
    const { page, errors } = await openElementPage(h, { src: XLA });
    try {
      await waitForShown(page);
      await waitForIdle(page);
      // The gradients group expanded, and zoomed in on until it is larger than the view.
      await page.evaluate(() => document.querySelector('tf-graph')!.expand('gradients'));
      await waitForIdle(page);
      const g = await nodePoint(page, 'gradients');
      await page.mouse.move(g.x, g.y);
      for (let k = 0; k < 8; k++) {
        await page.mouse.wheel(0, -200);
        await waitForIdle(page, 100);
      }
      await waitForIdle(page);
      const before = (await page.evaluate(() => document.querySelector('tf-graph')!.nodeRect('gradients')))!;
      expect(before.height).toBeGreaterThan(700);
      await page.evaluate(() => document.querySelector('tf-graph')!.select('gradients'));
      await page.waitForFunction(() => document.querySelector('tf-graph')!.shadowRoot!.querySelector('.info') !== null);
      await waitForIdle(page);
      const parts = await page.evaluate(async () => {
        const el = document.querySelector('tf-graph')!;
        const root = el.shadowRoot!;
        const box = el.getBoundingClientRect();
        const r = (await el.nodeRect('gradients'))!;
        const rect = (s: string) => root.querySelector(s)?.getBoundingClientRect().toJSON() as DOMRect | undefined;
        return { node: { left: box.left + r.x, top: box.top + r.y, right: box.left + r.x + r.width, bottom: box.top + r.y + r.height }, bar: rect('.toolbar')!, card: rect('.info')!, legend: rect('.legend'), height: box.bottom };
      });
      expect(parts.node.top).toBeGreaterThanOrEqual(parts.bar.bottom);
      expect(parts.node.right).toBeLessThanOrEqual(parts.card.left);
      expect(parts.node.bottom).toBeLessThanOrEqual(parts.height);
      const l = parts.legend;
      if (l) expect(parts.node.left >= l.right || parts.node.bottom <= l.top).toBe(true);
      // Scrolled down, the card of the next node starts at its name again.
      await page.evaluate(() => document.querySelector('tf-graph')!.shadowRoot!.querySelector('.info')!.scrollTo(0, 200));
      await page.evaluate(() => document.querySelector('tf-graph')!.select('Reshape'));
      await page.waitForFunction(() => /Reshape/.test(document.querySelector('tf-graph')!.shadowRoot!.querySelector('.info h3')?.textContent ?? ''));
      expect(await page.evaluate(() => document.querySelector('tf-graph')!.shadowRoot!.querySelector('.info')!.scrollTop)).toBe(0);
      expect(errors).toEqual([]);
    } finally {
      await page.close();
    }
  });

  it('the fit keeps the graph clear of the legend, and uses the room when the legend folds', async () => {
    // At this size the fit below the toolbar alone puts the graph's input pipeline under the legend.
    const { page, errors } = await openElementPage(h, { src: '/generated/10k.pb' }, { width: 760, height: 570 });
    try {
      const loaded = await waitForShown(page);
      if (loaded.detail.provisional === true) await page.waitForFunction(() => (window as unknown as { tfEvents: Array<{ type: string }> }).tfEvents.some((e) => e.type === 'layout-settled'), null, { timeout: 60_000 });
      await waitForIdle(page, 1000);
      const legend = () => page.evaluate(() => document.querySelector('tf-graph')!.shadowRoot!.querySelector('.legend')!.getBoundingClientRect().toJSON() as DOMRect);
      const setLegendVisibility = (v: string) => page.evaluate((v) => ((document.querySelector('tf-graph')!.shadowRoot!.querySelector('.legend') as HTMLElement).style.visibility = v), v);
      const r = await legend();
      expect(r.height).toBeGreaterThan(100);
      // Hidden, not removed (its box, which the fit avoids, stays): nothing is drawn under it.
      await setLegendVisibility('hidden');
      expect((await screenshotStats(page)).inked).toBeGreaterThan(5000);
      expect(await inkedPixels(page, { x: r.x, y: r.y, width: r.width, height: r.height })).toBe(0);
      await setLegendVisibility('');
      await page.screenshot({ path: join(OUT, 'fit-beside-legend-10k.png') });
      // Folded, the legend is a title: the fit (still the load's) grows into the room.
      const before = (await page.evaluate(() => document.querySelector('tf-graph')!.nodeRect('model')))!;
      const k = (await events(page, 'frame')).length;
      await page.evaluate(() => (document.querySelector('tf-graph')!.shadowRoot!.querySelector('.legend-title') as HTMLElement).click());
      await page.waitForFunction((n) => (window as unknown as { tfEvents: Array<{ type: string }> }).tfEvents.filter((e) => e.type === 'frame').length > n, k, { timeout: 10_000 });
      await waitForIdle(page);
      const after = (await page.evaluate(() => document.querySelector('tf-graph')!.nodeRect('model')))!;
      expect(after.width).toBeGreaterThan(before.width * 1.1);
      expect(errors).toEqual([]);
    } finally {
      await page.close();
    }
  }, 120_000);

  it('the first picture is already fitted clear of the legend, which the page draws after it', async () => {
    // As the first picture arrives (the view worker's preview), the legend is hidden, its box kept.
    const { page, errors } = await openElementPage(h, { src: '/generated/10k.pb' }, { width: 760, height: 570 }, hideAtLoad('.legend'));
    try {
      const loaded = await waitForLoad(page);
      const r = await page.evaluate(() => (window as unknown as { boxAtLoad: DOMRect | null }).boxAtLoad);
      expect(loaded.detail.preview).toBe(true);
      expect(r!.height).toBeGreaterThan(100);
      // Before, the preview was fitted below the toolbar alone (5,000 px of graph under the legend),
      // and glided clear once the page had measured the legend.
      const under = await inkedPixels(page, { x: r!.x, y: r!.y, width: r!.width, height: r!.height });
      const sceneFirst = await page.evaluate(() => (window as unknown as { tfEvents: Array<{ type: string }> }).tfEvents.some((e) => e.type === 'scene-ready'));
      await page.screenshot({ path: join(OUT, 'first-picture-legend-10k.png') });
      expect(under, sceneFirst ? 'the scene' : 'the preview').toBe(0);
      expect((await screenshotStats(page)).inked).toBeGreaterThan(5000);
      // The estimate, from the page's probe and this legend's rows, is the legend the page drew, within a pixel.
      const estimate = await estimateInPage(page, 'structure');
      const stage = await page.evaluate(() => document.querySelector('tf-graph')!.shadowRoot!.querySelector('.stage')!.getBoundingClientRect().toJSON() as DOMRect);
      expect(Math.abs(estimate!.width - (r!.right - stage.left))).toBeLessThan(1);
      expect(Math.abs(estimate!.height - (stage.bottom - r!.top))).toBeLessThan(1);
      await waitForSettled(page, loaded);
      expect(errors).toEqual([]);
    } finally {
      await page.close();
    }
  }, 120_000);

  it("the first picture is fitted below the toolbar as it will be with a graph picker in it", async () => {
    // An event file with several graphs: the picker joins the toolbar after the first picture,
    // and at this width the toolbar takes a second row.
    const src = '/shared/events/pytorch-tutorial-fashion-mnist/fashion_mnist_experiment_1/events.out.tfevents.1655100151.ziorathe.8535.0';
    const { page, errors } = await openElementPage(h, { src, expand: 'all' }, { width: 520, height: 370 }, hideAtLoad('.toolbar'));
    try {
      const loaded = await waitForLoad(page);
      const bar = await page.evaluate(() => (window as unknown as { boxAtLoad: DOMRect }).boxAtLoad);
      expect(loaded.detail.preview).toBe(true);
      expect(await page.evaluate(() => document.querySelector('tf-graph')!.shadowRoot!.querySelector('select.source') !== null)).toBe(true);
      expect(bar.height).toBeGreaterThan(50);
      await page.screenshot({ path: join(OUT, 'first-picture-picker.png') });
      // Before, the preview was fitted below the toolbar's one row, and the graph's top lay under the second.
      expect(await inkedPixels(page, { x: 0, y: bar.y, width: 520, height: bar.height })).toBe(0);
      expect((await screenshotStats(page)).inked).toBeGreaterThan(1000);
      await waitForSettled(page, loaded);
      expect(errors).toEqual([]);
    } finally {
      await page.close();
    }
  }, 120_000);

  it('a constant drawn on its op is a link in the card, and selecting it brings that op into view', async () => {
    const { page, errors } = await openElementPage(h, { src: XLA });
    try {
      await waitForShown(page);
      await waitForIdle(page);
      await page.evaluate(() => document.querySelector('tf-graph')!.select('Reshape'));
      await waitForIdle(page);
      const linkNames = await page.evaluate(() => [...document.querySelector('tf-graph')!.shadowRoot!.querySelectorAll('.info a')].map((a) => a.textContent));
      expect(linkNames).toContain('Reshape/shape');
      // Far from Reshape (the top-left corner, zoomed in), then the constant by name.
      await page.evaluate(() => (document.querySelector('tf-graph')!.selected = null));
      await page.mouse.move(20, 60);
      for (let k = 0; k < 8; k++) await page.mouse.wheel(0, -120);
      await waitForIdle(page);
      const off = (await page.evaluate(() => document.querySelector('tf-graph')!.nodeRect('Reshape')))!;
      expect(off.x > 1000 || off.y > 700 || off.x + off.width < 0 || off.y + off.height < 0).toBe(true);
      await page.evaluate(() => document.querySelector('tf-graph')!.select('Reshape/shape'));
      await waitForIdle(page);
      expect(await shadowText(page, '.info h3')).toContain('Reshape/shape');
      const card = await page.evaluate(() => document.querySelector('tf-graph')!.shadowRoot!.querySelector('.info')!.getBoundingClientRect().left);
      const on = (await page.evaluate(() => document.querySelector('tf-graph')!.nodeRect('Reshape')))!;
      expect(on.x).toBeGreaterThanOrEqual(0);
      expect(on.x + on.width).toBeLessThan(card);
      expect(on.y).toBeGreaterThanOrEqual(0);
      expect(on.y + on.height).toBeLessThanOrEqual(700);
      expect(errors).toEqual([]);
    } finally {
      await page.close();
    }
  });

  it("a hovered node's full name is the scene's tooltip (its label may be cut)", async () => {
    const { page, errors } = await openElementPage(h, { src: XLA });
    try {
      await waitForShown(page);
      await waitForIdle(page);
      const at = await nodePoint(page, 'mnist_dataset_train_2');
      await page.mouse.move(at.x, at.y);
      const title = () => page.evaluate(() => document.querySelector('tf-graph')!.shadowRoot!.querySelector<HTMLElement>('.canvas-slot')!.title);
      await page.waitForFunction(() => document.querySelector('tf-graph')!.shadowRoot!.querySelector<HTMLElement>('.canvas-slot')!.title !== '', null, { timeout: 5000 });
      expect(await title()).toBe('mnist_dataset_train_2');
      await page.mouse.move(800, 450);
      await page.waitForFunction(() => document.querySelector('tf-graph')!.shadowRoot!.querySelector<HTMLElement>('.canvas-slot')!.title === '', null, { timeout: 5000 });
      // Off the scene (onto the legend) from a node, then back over empty graph: no name stays.
      await page.mouse.move(at.x, at.y);
      await page.waitForFunction(() => document.querySelector('tf-graph')!.shadowRoot!.querySelector<HTMLElement>('.canvas-slot')!.title !== '', null, { timeout: 5000 });
      const legend = await page.evaluate(() => document.querySelector('tf-graph')!.shadowRoot!.querySelector('.legend')!.getBoundingClientRect().toJSON() as DOMRect);
      await page.mouse.move(legend.x + 10, legend.y + 10, { steps: 4 });
      await page.mouse.move(800, 450, { steps: 4 });
      await waitForIdle(page, 300);
      expect(await title()).toBe('');
      expect(errors).toEqual([]);
    } finally {
      await page.close();
    }
  });

  it('the wheel zooms out no further than a tenth of the fit', async () => {
    const { page, errors } = await openElementPage(h, { src: XLA });
    try {
      await waitForShown(page);
      // Measured on ELK's layout (the quick one's fit differs).
      await page.waitForFunction(() => (window as unknown as { tfEvents: Array<{ type: string }> }).tfEvents.some((e) => e.type === 'layout-settled'), null, { timeout: 30_000 }).catch(() => undefined);
      await waitForIdle(page);
      const width = async () => (await page.evaluate(() => document.querySelector('tf-graph')!.nodeRect('gradients')))!.width;
      const fitted = await width();
      await page.mouse.move(500, 350);
      for (let k = 0; k < 40; k++) await page.mouse.wheel(0, 120);
      await waitForIdle(page);
      expect(await width()).toBeGreaterThan(fitted / 10 - 0.5);
      expect(errors).toEqual([]);
    } finally {
      await page.close();
    }
  });

  it("hovering an expanded group's background fades nothing; a node's neighbourhood stays lit", async () => {
    const { page, errors } = await openElementPage(h, { src: XLA, expand: 'all' });
    try {
      await waitForShown(page);
      // Zoomed in on an op inside gradients/MatMul_grad, then nothing selected.
      await page.evaluate(() => document.querySelector('tf-graph')!.select('gradients/MatMul_grad/MatMul'));
      await waitForIdle(page);
      await page.evaluate(() => (document.querySelector('tf-graph')!.selected = null));
      await waitForIdle(page);
      const group = (await page.evaluate(() => document.querySelector('tf-graph')!.nodeRect('gradients/MatMul_grad')))!;
      const before = await page.screenshot();
      const movedTo = (x: number, y: number) => pointerTo(page, x, y);
      // A node in the group is lit with its neighbours, and the rest fades.
      const op = await nodePoint(page, 'gradients/MatMul_grad/MatMul');
      await movedTo(op.x, op.y);
      const lit = await changedPixels(page, before);
      expect(lit).toBeGreaterThan(5000);
      expect(await slotCursor(page)).toBe('pointer');
      // Then just inside the group's bottom-left corner, its background with no child there: that
      // clears the hover (a frame is drawn), and nothing is lit in its place.
      await movedTo(group.x + 4, group.y + group.height - 4);
      // As before the hover, but for text the view cache's picture anti-aliases a little differently.
      const after = await changedPixels(page, before);
      expect(after, `${after} pixels changed against ${lit} with the op hovered`).toBeLessThan(lit / 4);
      expect(await slotCursor(page)).toBe('');
      expect(errors).toEqual([]);
    } finally {
      await page.close();
    }
  });

  it('search: typing lists matching nodes; choosing one with the keyboard selects it and expands what hides it', async () => {
    const { page, errors } = await openElementPage(h, { src: XLA });
    try {
      await waitForShown(page);
      const box = page.locator('tf-graph').locator('input.search');
      await box.click();
      await page.keyboard.type('MatMul_grad/MatMul$');
      await page.waitForFunction(() => document.querySelector('tf-graph')!.shadowRoot!.querySelectorAll('.search-row').length > 0);
      const rows = await page.evaluate(() => [...document.querySelector('tf-graph')!.shadowRoot!.querySelectorAll('.search-row .search-name')].map((e) => e.textContent));
      expect(rows).toContain('gradients/MatMul_grad/MatMul');
      expect(await shadowText(page, '.search-count')).toMatch(/match/);
      // Arrows move the highlight, Enter chooses; the node lies in collapsed `gradients`.
      const index = rows.indexOf('gradients/MatMul_grad/MatMul');
      for (let i = 0; i < index; i++) await page.keyboard.press('ArrowDown');
      await page.keyboard.press('Enter');
      await page.waitForFunction(() => document.querySelector('tf-graph')!.getAttribute('selected') === 'gradients/MatMul_grad/MatMul', null, { timeout: 10_000 });
      expect(await page.evaluate(() => document.querySelector('tf-graph')!.shadowRoot!.querySelector('.search-results'))).toBeNull();
      await waitForIdle(page);
      // Revealed: drawn, in view.
      const r = (await page.evaluate(() => document.querySelector('tf-graph')!.nodeRect('gradients/MatMul_grad/MatMul')))!;
      expect(r.x).toBeGreaterThan(0);
      expect(r.x + r.width).toBeLessThan(1000);
      // A constant drawn on its op (an annotation) is itself chosen: its card, not its op's.
      await box.click();
      await page.keyboard.press('Escape');
      await page.keyboard.type('^Reshape/shape$');
      await page.waitForFunction(() => document.querySelector('tf-graph')!.shadowRoot!.querySelectorAll('.search-row').length > 0);
      await page.keyboard.press('Enter');
      await page.waitForFunction(() => document.querySelector('tf-graph')!.getAttribute('selected') !== 'gradients/MatMul_grad/MatMul', null, { timeout: 10_000 });
      expect(await page.evaluate(() => document.querySelector('tf-graph')!.getAttribute('selected'))).toBe('Reshape/shape');
      await page.waitForFunction(() => /Reshape\/shape/.test(document.querySelector('tf-graph')!.shadowRoot!.querySelector('.info h3')?.textContent ?? ''));
      // Escape empties the box; an invalid regex is searched as text and says so.
      await box.click();
      await page.keyboard.press('Escape');
      expect(await box.inputValue()).toBe('');
      await page.keyboard.type('Mat[');
      await page.waitForFunction(() => /searched as text/.test(document.querySelector('tf-graph')!.shadowRoot!.querySelector('.search-count')?.textContent ?? ''));
      expect(errors).toEqual([]);
    } finally {
      await page.close();
    }
  });

  it("the loader's warnings are a toolbar button away (a PyTorch graph's module inputs, not drawn)", async () => {
    const src = '/shared/events/pytorch-tutorial-fashion-mnist/fashion_mnist_experiment_1/events.out.tfevents.1655100151.ziorathe.8535.0';
    const { page, errors } = await openElementPage(h, { src });
    try {
      await waitForShown(page);
      const button = page.locator('tf-graph').locator('button.warnings-button');
      expect(await button.textContent()).toMatch(/⚠ [1-9]/);
      expect(await page.evaluate(() => document.querySelector('tf-graph')!.shadowRoot!.querySelector('.warnings'))).toBeNull();
      await button.click();
      expect(await shadowText(page, '.warnings')).toMatch(/not drawn/);
      await button.click();
      expect(await page.evaluate(() => document.querySelector('tf-graph')!.shadowRoot!.querySelector('.warnings'))).toBeNull();
      // Open again, then Escape on the graph, or a click on it, closes the list.
      const closed = () => page.waitForFunction(() => document.querySelector('tf-graph')!.shadowRoot!.querySelector('.warnings') === null, null, { timeout: 5000 });
      // (Focus stays on the button after its click.)
      await button.click();
      await page.keyboard.press('Escape');
      await closed();
      await button.click();
      const legend = await page.evaluate(() => document.querySelector('tf-graph')!.shadowRoot!.querySelector('.legend')!.getBoundingClientRect().toJSON() as DOMRect);
      await page.mouse.click(legend.right + 20, legend.bottom - 4);
      await closed();
      expect(errors).toEqual([]);
    } finally {
      await page.close();
    }
  });

  it('a dropped file is shown', async () => {
    const { page, errors } = await openElementPage(h, {});
    try {
      await page.waitForFunction(() => document.querySelector('tf-graph')?.shadowRoot?.querySelector('.stage') != null);
      await page.evaluate(async () => {
        const bytes = await (await fetch('/shared/graphs/tb_app_demo_tiny.pbtxt')).arrayBuffer();
        const dt = new DataTransfer();
        dt.items.add(new File([bytes], 'tiny.pbtxt'));
        const stage = document.querySelector('tf-graph')!.shadowRoot!.querySelector('.stage')!;
        stage.dispatchEvent(new DragEvent('dragover', { dataTransfer: dt, bubbles: true, cancelable: true }));
        stage.dispatchEvent(new DragEvent('drop', { dataTransfer: dt, bubbles: true, cancelable: true }));
      });
      const ev = await waitForShown(page);
      expect(ev.type).toBe('graph-loaded');
      expect(ev.detail.nodeCount).toBeGreaterThan(0);
      expect(errors).toEqual([]);
    } finally {
      await page.close();
    }
  });

  it.each([['/bad/truncated.pb'], ['/bad/random.pb'], ['/bad/missing.pb']])('%s shows a clear error inside the element', async (src) => {
    const { page, errors } = await openElementPage(h, { src });
    try {
      const ev = await waitForShown(page);
      expect(ev.type).toBe('error');
      const text = await shadowText(page, '.error');
      expect(text).toContain('Could not show this graph');
      expect(text.length).toBeGreaterThan(40);
      expect(text).toContain(String(ev.detail.message));
      // Read by the view worker (fetch-protocol.ts), a missing file is still a read error naming the URL.
      if (src.includes('missing')) expect(ev.detail).toMatchObject({ name: 'GraphReadError', phase: 'read', message: expect.stringMatching(/missing\.pb: HTTP 404/) });
      await screenshotStats(page, join(OUT, `error-${src.split('/').at(-1)}.png`));
      // The error is shown, not thrown: nothing uncaught, nothing else in the console.
      expect(errors.filter((e) => !e.includes('404'))).toEqual([]);
    } finally {
      await page.close();
    }
  });

  it('a failed load after a graph hides that graph, its toolbar and legend; the next graph shows', async () => {
    const { page } = await openElementPage(h, { src: XLA });
    try {
      await waitForShown(page);
      const parts = () =>
        page.evaluate(() => {
          const root = document.querySelector('tf-graph')!.shadowRoot!;
          return { canvas: !root.querySelector('.canvas-slot')!.hasAttribute('hidden'), toolbar: root.querySelector('.toolbar:not(.idle)') !== null, legend: root.querySelector('.legend') !== null, error: root.querySelector('.error') !== null };
        });
      expect(await parts()).toEqual({ canvas: true, toolbar: true, legend: true, error: false });
      await page.evaluate(() => (document.querySelector('tf-graph')!.src = '/bad/truncated.pb'));
      await page.waitForFunction(() => (window as unknown as { tfEvents: Array<{ type: string }> }).tfEvents.some((e) => e.type === 'error'));
      await page.waitForFunction(() => document.querySelector('tf-graph')!.shadowRoot!.querySelector('.error') !== null);
      expect(await parts()).toEqual({ canvas: false, toolbar: false, legend: false, error: true });
      await page.evaluate((src) => (document.querySelector('tf-graph')!.src = src), XLA);
      // The first load, the error, then this one.
      await waitForLoad(page, 3);
      await page.waitForFunction(() => document.querySelector('tf-graph')!.shadowRoot!.querySelector('.legend') !== null);
      expect(await parts()).toEqual({ canvas: true, toolbar: true, legend: true, error: false });
    } finally {
      await page.close();
    }
  });

  it('a graph with no ops (a RunMetadata of statistics only) says so, and why, instead of a blank view', async () => {
    const { page, errors } = await openElementPage(h, { src: '/shared/graphs/tb_run_metadata_step99.pbtxt' });
    try {
      expect((await waitForShown(page)).detail.nodeCount).toBe(0);
      await page.waitForFunction(() => document.querySelector('tf-graph')!.shadowRoot!.querySelector('.empty') !== null);
      const notice = await shadowText(page, '.empty');
      expect(notice).toContain('This graph has no ops to draw.');
      expect(notice).toContain('only statistics');
      // There is no legend of nothing.
      expect(await page.evaluate(() => document.querySelector('tf-graph')!.shadowRoot!.querySelector('.legend') === null)).toBe(true);
      expect(errors).toEqual([]);
    } finally {
      await page.close();
    }
  });

  it("an event file's run-metadata tag without a graph shows the run's graph, as TensorBoard does, and says so", async () => {
    const src = '/shared/events/tf2-keras-callback-scalars-histos/train/events.out.tfevents.1585231889.LEMON.12072.235.v2';
    const { page, errors } = await openElementPage(h, { src, tag: 'batch_2' });
    try {
      expect((await waitForShown(page)).detail.nodeCount).toBeGreaterThan(10);
      expect(await page.evaluate(() => (document.querySelector('tf-graph')!.shadowRoot!.querySelector('.toolbar select.source') as HTMLSelectElement).value)).toBe('batch_2');
      expect(await page.evaluate(() => document.querySelector('tf-graph')!.summary!.warnings.join(' '))).toContain('showing the run\'s graph (tag "__run_graph__")');
      expect(await page.evaluate(() => document.querySelector('tf-graph')!.shadowRoot!.querySelector('.empty') === null)).toBe(true);
      expect(errors).toEqual([]);
    } finally {
      await page.close();
    }
  });


  it('a graph URL is downloaded by the view worker: its bytes never reach the page', async () => {
    const { page, errors } = await openElementPage(h, { src: XLA });
    try {
      expect((await waitForLoad(page)).type).toBe('graph-loaded');
      const fetchedHere = await page.evaluate(`performance.getEntriesByType('resource').map((e) => e.name).filter((n) => n.includes('tb_demo_xla_118'))`);
      expect(fetchedHere).toEqual([]);
      // Read progress still reached the page.
      expect((await events(page, 'progress')).some((d) => (d as { phase: string }).phase === 'read')).toBe(true);
      expect(errors).toEqual([]);
    } finally {
      await page.close();
    }
  });

  it('colour by device, XLA cluster and TPU compatibility change the fills of tb_demo_xla_118', async () => {
    const { page } = await openElementPage(h, { src: XLA });
    try {
      await waitForShown(page);
      await page.waitForTimeout(300);
      const structure = await screenshotStats(page, join(OUT, 'xla-structure.png'));
      await page.evaluate(() => document.querySelector('tf-graph')!.setAttribute('color-by', 'device'));
      await waitForIdle(page);
      const device = await screenshotStats(page, join(OUT, 'xla-device.png'));
      let changed = 0;
      for (const [k, n] of device.colours) changed += Math.abs(n - (structure.colours.get(k) ?? 0));
      expect(changed).toBeGreaterThan(2000);
      expect(await shadowText(page, '.legend')).toContain('XLA_CPU');
      // Its title folds it to the title, and shows it again.
      const rows = () => page.evaluate(() => document.querySelector('tf-graph')!.shadowRoot!.querySelectorAll('.legend .row').length);
      expect(await rows()).toBeGreaterThan(0);
      await page.locator('tf-graph').locator('.legend-title').click();
      expect(await rows()).toBe(0);
      await page.locator('tf-graph').locator('.legend-title').click();
      expect(await rows()).toBeGreaterThan(0);
      // TensorBoard's other modes: XLA clusters (offered: this graph has some), and TPU compatibility
      // (all green here: no op is placed on a TPU).
      expect(await page.evaluate(() => document.querySelector('tf-graph')!.shadowRoot!.querySelector<HTMLOptionElement>('option[value="xla-cluster"]')!.disabled)).toBe(false);
      await page.evaluate(() => document.querySelector('tf-graph')!.setAttribute('color-by', 'xla-cluster'));
      await waitForIdle(page);
      const xla = await screenshotStats(page, join(OUT, 'xla-cluster.png'));
      let moved = 0;
      for (const [k, n] of xla.colours) moved += Math.abs(n - (device.colours.get(k) ?? 0));
      expect(moved).toBeGreaterThan(500);
      expect(await shadowText(page, '.legend')).toMatch(/XLA cluster.*cluster/s);
      await page.evaluate(() => document.querySelector('tf-graph')!.setAttribute('color-by', 'op-compatibility'));
      await waitForIdle(page);
      const compat = await screenshotStats(page, join(OUT, 'xla-compatibility.png'));
      // #0f9d58, the compatible green, fills the ops and groups.
      let green = 0;
      for (const [k, n] of compat.colours) {
        // Keys are colours in steps of 8.
        const [r, g, b] = k.split(',').map((v) => 8 * Number(v)) as [number, number, number];
        if (Math.abs(r - 15) + Math.abs(g - 157) + Math.abs(b - 88) <= 16) green += n;
      }
      expect(green).toBeGreaterThan(1000);
    } finally {
      await page.close();
    }
  });

  it('labels in CJK, Cyrillic, Hangul and accented Latin are drawn', async () => {
    const { page, errors } = await openElementPage(h, { src: '/graphs/names.pbtxt', expand: 'all' });
    try {
      expect((await waitForShown(page)).type).toBe('graph-loaded');
      await page.evaluate(() => document.querySelector('tf-graph')!.select('слой/вход'));
      await waitForIdle(page);
      await screenshotStats(page, join(OUT, 'non-latin-labels.png'));
      // The selected op's label is drawn just above its shape in dark text.
      const at = await nodePoint(page, 'слой/вход');
      expect(await darkPixels(page, { x: at.x - 60, y: at.y - 35, width: 120, height: 32 })).toBeGreaterThan(20);
      expect(await shadowText(page, '.info h3')).toBe('слой/вход');
      expect(errors).toEqual([]);
    } finally {
      await page.close();
    }
  });
});
