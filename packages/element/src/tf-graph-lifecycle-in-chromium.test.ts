/**
 * <tf-graph> as pages use it over time, in headless Chromium: mounted and unmounted many times
 * without growing memory or leaving WebGL contexts behind; under a CSP that forbids blob:
 * workers, with `worker-url`; and on the page's thread where a render worker is not wanted.
 */
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { needChromium, needShared } from '@tbg/testkit';
import { OUT, openElementPage, screenshotStats, startHarness, waitForLoad, type ElementHarness } from './test-support/element-page.js';

const SUITE = '<tf-graph> lifecycle in headless Chromium';
const run = needChromium(SUITE) && needShared(SUITE);
let h: ElementHarness;

/** A page under a Content-Security-Policy whose `worker-src` is `workerSrc`, with one <tf-graph>. */
function cspPage(workerSrc: string, attrs: string, scriptSrc = "'self' 'unsafe-inline'"): { type: string; body: string } {
  return {
    type: 'text/html',
    body: `<!doctype html><meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="default-src 'self'; worker-src ${workerSrc}; script-src ${scriptSrc}; style-src 'self' 'unsafe-inline'; font-src 'self' data:; img-src 'self' data:">
<script>window.tfEvents = []; for (const t of ['graph-loaded', 'scene-ready', 'error']) document.addEventListener(t, (e) => tfEvents.push({ type: t, detail: e.detail }));</script>
<script type="module" src="/tf-graph.js"></script>
<tf-graph src="/shared/graphs/tb_app_demo_tiny.pbtxt" ${attrs} style="width:800px;height:500px"></tf-graph>`,
  };
}

beforeAll(async () => {
  if (!run) return;
  h = await startHarness();
  h.extra.set('/csp.html', cspPage("'self'", 'worker-url="/workers/"'));
  // blob: workers allowed, blob: scripts not: the inlined workers cannot import their scripts.
  h.extra.set('/csp-no-blob-scripts.html', cspPage("'self' blob:", ''));
  // blob: scripts allowed, eval not: the workers import their scripts instead of running them as functions.
  h.extra.set('/csp-no-eval.html', cspPage("'self' blob:", '', "'self' 'unsafe-inline' blob:"));
}, 60_000);
afterAll(async () => {
  await h?.close();
});

describe.skipIf(!run)(SUITE, () => {
  it('mounting and unmounting 50 times leaves no WebGL context and no heap growth behind', async () => {
    const { page, errors } = await openElementPage(h, { src: '/shared/graphs/tb_app_demo_tiny.pbtxt' });
    const warnings: string[] = [];
    page.on('console', (m) => m.type() === 'warning' && /context/i.test(m.text()) && warnings.push(m.text()));
    try {
      await waitForLoad(page);
      const cycle = (n: number) =>
        page.evaluate(async (count) => {
          for (let i = 0; i < count; i++) {
            const el = document.createElement('tf-graph');
            el.style.cssText = 'width:400px;height:300px;display:block';
            const loaded = new Promise((resolve) => el.addEventListener('graph-loaded', resolve, { once: true }));
            el.setAttribute('src', '/shared/graphs/tb_app_demo_tiny.pbtxt');
            document.body.append(el);
            await loaded;
            el.remove();
          }
        }, n);
      const heap = async () => {
        await page.waitForTimeout(300);
        await page.evaluate(() => (globalThis as unknown as { gc(): void }).gc());
        return page.evaluate(() => (performance as unknown as { memory: { usedJSHeapSize: number } }).memory.usedJSHeapSize);
      };
      await cycle(5);
      const before = await heap();
      await cycle(45);
      const after = await heap();
      // The page's own heap: a leak of one renderer or session per mount would add megabytes.
      expect(after - before).toBeLessThan(8 * 1024 * 1024);
      expect(warnings).toEqual([]);
      expect(errors).toEqual([]);
      // The first element still draws.
      expect((await screenshotStats(page)).inked).toBeGreaterThan(100);
    } finally {
      await page.close();
    }
  }, 600_000);

  it('works under a CSP that forbids blob: workers, with worker-url', async () => {
    const page = await h.browser.newPage({ viewport: { width: 800, height: 500 } });
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
    try {
      await page.goto(`${h.server.origin}/csp.html`);
      const ev = await waitForLoad(page);
      expect(ev.type, JSON.stringify(ev.detail)).toBe('graph-loaded');
      expect((await screenshotStats(page, join(OUT, 'csp-worker-url.png'))).inked).toBeGreaterThan(500);
      expect(errors).toEqual([]);
    } finally {
      await page.close();
    }
  });

  it("under a CSP without 'unsafe-eval', the inlined workers import their scripts instead", async () => {
    const page = await h.browser.newPage({ viewport: { width: 800, height: 500 } });
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    try {
      await page.goto(`${h.server.origin}/csp-no-eval.html`);
      const ev = await waitForLoad(page);
      expect(ev.type, JSON.stringify(ev.detail)).toBe('graph-loaded');
      // The render worker (a module, always imported) takes over from the view worker's preview.
      // (Functions, not strings: this page's CSP forbids evaluating strings.)
      const types = () => (window as unknown as { tfEvents: Array<{ type: string }> }).tfEvents.map((e) => e.type);
      await page.waitForFunction(() => (window as unknown as { tfEvents: unknown[] }).tfEvents.length >= 2, null, { timeout: 30_000 });
      expect(await page.evaluate(types)).toEqual(['graph-loaded', 'scene-ready']);
      expect((await screenshotStats(page, join(OUT, 'csp-no-eval.png'))).inked).toBeGreaterThan(500);
      expect(errors).toEqual([]);
    } finally {
      await page.close();
    }
  });

  it('under a CSP without blob: scripts (and no worker-url), shows an error instead of hanging', async () => {
    const page = await h.browser.newPage({ viewport: { width: 800, height: 500 } });
    try {
      await page.goto(`${h.server.origin}/csp-no-blob-scripts.html`);
      const ev = await waitForLoad(page);
      expect(ev.type).toBe('error');
      expect(String(ev.detail.message)).toMatch(/view worker/);
      const text = await page.evaluate(`document.querySelector('tf-graph').shadowRoot.querySelector('.error')?.textContent ?? ''`);
      expect(text).toContain(String(ev.detail.message));
    } finally {
      await page.close();
    }
  });

  it('draws on the page thread with render-mode="main-thread"', async () => {
    const { page, errors } = await openElementPage(h, { src: '/shared/graphs/tb_demo_xla_118.pbtxt', 'render-mode': 'main-thread' });
    try {
      expect((await waitForLoad(page)).type).toBe('graph-loaded');
      const shot = await screenshotStats(page, join(OUT, 'main-thread.png'));
      expect(shot.inked / shot.total).toBeGreaterThan(0.02);
      expect(errors).toEqual([]);
    } finally {
      await page.close();
    }
  });

  it('an element attached again and removed in the same task starts no worker', async () => {
    const { page, errors } = await openElementPage(h, { src: '/shared/graphs/tb_app_demo_tiny.pbtxt' });
    try {
      await waitForLoad(page);
      await page.evaluate(() => document.querySelector('tf-graph')!.remove());
      await page.waitForTimeout(500);
      const workers = page.workers().length;
      // A second element loads and is removed; attached again, its set-up is scheduled, and must
      // find it detached (removed in the same task) and start nothing.
      await page.evaluate(async () => {
        const el = document.createElement('tf-graph');
        el.setAttribute('src', '/shared/graphs/tb_app_demo_tiny.pbtxt');
        document.body.append(el);
        await new Promise((resolve) => el.addEventListener('graph-loaded', resolve, { once: true }));
        el.remove();
        await new Promise((r) => setTimeout(r, 300));
        document.body.append(el);
        el.remove();
      });
      await page.waitForTimeout(1000);
      expect(page.workers().length).toBe(workers);
      expect(errors).toEqual([]);
    } finally {
      await page.close();
    }
  });
});
