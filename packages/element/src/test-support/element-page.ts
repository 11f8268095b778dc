/**
 * Serves <tf-graph> to headless Chromium as a user's page would: the built `dist/tf-graph.js`
 * from a plain `<script type="module">`, graphs from the shared fixtures and the examples, and
 * helpers that wait for the element's events and measure what it drew.
 */
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type Page } from 'playwright-core';
import { chromiumLaunchOptions, fixturePath, repoRoot, startTestServer, type TestResponse, type TestServer } from '@tbg/testkit';

const here = dirname(fileURLToPath(import.meta.url));
export const DIST = join(here, '..', '..', 'dist');
export const OUT = join(here, '..', '..', 'test-output');

/** Extra files a test serves: path → body. */
export type ExtraFiles = Map<string, TestResponse>;

function route(extra: ExtraFiles, path: string): TestResponse | null {
  const p = decodeURIComponent(path.split('?')[0]!);
  const hit = extra.get(p);
  if (hit) return hit;
  if (p === '/tf-graph.js') return { body: readFileSync(join(DIST, 'tf-graph.js')), type: 'text/javascript' };
  if (p.startsWith('/workers/')) return { body: readFileSync(join(DIST, p.slice(1))), type: 'text/javascript' };
  if (p.startsWith('/shared/')) return { body: readFileSync(fixturePath(...(p.slice('/shared/'.length).split('/') as [string, ...string[]]))) };
  if (p.startsWith('/examples/')) return { body: readFileSync(join(repoRoot(), p.slice(1))) };
  if (p === '/favicon.ico') return { body: '', type: 'image/x-icon' };
  return null;
}

export interface ElementHarness {
  server: TestServer;
  browser: Browser;
  extra: ExtraFiles;
  close(): Promise<void>;
}

export async function startHarness(): Promise<ElementHarness> {
  const extra: ExtraFiles = new Map();
  const server = await startTestServer((path) => route(extra, path));
  const launch = chromiumLaunchOptions();
  launch.args.push('--js-flags=--expose-gc', '--enable-precise-memory-info');
  const browser = await chromium.launch(launch);
  return { server, browser, extra, close: async () => (await browser.close(), await server.close()) };
}

/** A page with one <tf-graph> (attributes as given), console errors collected. */
export async function openElementPage(h: ElementHarness, attrs: Record<string, string>, size = { width: 1000, height: 700 }, headScript = ''): Promise<{ page: Page; errors: string[] }> {
  const page = await h.browser.newPage({ viewport: size });
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
  const attrText = Object.entries(attrs)
    .map(([k, v]) => `${k}="${v.replace(/"/g, '&quot;')}"`)
    .join(' ');
  h.extra.set('/page.html', {
    type: 'text/html',
    body: `<!doctype html><meta charset="utf-8"><body style="margin:0">
<script>
  ${headScript}
  window.tfEvents = [];
  for (const t of ['graph-loaded', 'layout-settled', 'scene-ready', 'progress', 'error', 'node-select', 'expand-change', 'frame'])
    document.addEventListener(t, (e) => window.tfEvents.push({ type: t, detail: e.detail, at: performance.now() }));
</script>
<script type="module" src="/tf-graph.js"></script>
<tf-graph ${attrText} style="width:${size.width}px;height:${size.height}px"></tf-graph>`,
  });
  await page.goto(`${h.server.origin}/page.html`);
  return { page, errors };
}

/** Waits for `graph-loaded` or `error` (the n-th of either) and returns it. */
export async function waitForLoad(page: Page, n = 1): Promise<{ type: string; detail: Record<string, unknown>; at: number }> {
  await page.waitForFunction((k) => (window as unknown as { tfEvents: Array<{ type: string }> }).tfEvents.filter((e) => e.type === 'graph-loaded' || e.type === 'error').length >= k, n, { timeout: 60_000 });
  return page.evaluate((k) => (window as unknown as { tfEvents: Array<{ type: string; detail: Record<string, unknown>; at: number }> }).tfEvents.filter((e) => e.type === 'graph-loaded' || e.type === 'error')[k - 1]!, n);
}

/** After a provisional first picture (quick layout while ELK started), waits for ELK's layout to be shown. */
export async function waitForSettled(page: Page, loaded: { detail: Record<string, unknown> }): Promise<void> {
  const seen = (type: string) => page.waitForFunction((t) => (window as unknown as { tfEvents: Array<{ type: string }> }).tfEvents.some((e) => e.type === t), type, { timeout: 60_000 });
  // A Canvas 2D preview first: the WebGL scene takes over with `scene-ready`.
  if (loaded.detail.preview === true) await seen('scene-ready');
  if (loaded.detail.provisional === true) await seen('layout-settled');
}

/**
 * Waits until no frame has been drawn for `quietMs`: an animated camera move (a reveal, a fit) or
 * an expand's animation is over and its last frame reported. On a loaded machine that takes longer
 * than the animation's own duration.
 */
export async function waitForIdle(page: Page, quietMs = 500, timeout = 15_000): Promise<void> {
  await page.waitForFunction(
    (q) => {
      const frames = (window as unknown as { tfEvents: Array<{ type: string; at: number }> }).tfEvents.filter((e) => e.type === 'frame');
      return performance.now() - (frames.at(-1)?.at ?? 0) > q;
    },
    quietMs,
    { timeout, polling: 50 },
  );
}

/** `waitForLoad`, then `waitForSettled`: the graph as it stays (for tests that click on it). */
export async function waitForShown(page: Page, n = 1): Promise<{ type: string; detail: Record<string, unknown> }> {
  const ev = await waitForLoad(page, n);
  await waitForSettled(page, ev);
  return ev;
}

interface PixelCounts {
  total: number;
  /** Not background (any channel under 250). */
  inked: number;
  /** Darker than mid grey (text, not edges or fills). */
  dark: number;
  /** Colours quantised to 5 bits per channel → pixels. */
  colours: Record<string, number>;
}

/** Decodes a PNG in the page (no PNG decoder needed in Node) and counts its pixels there. */
async function countPixels(page: Page, png: Buffer): Promise<PixelCounts> {
  return page.evaluate(async (b64) => {
    const img = new Image();
    img.src = `data:image/png;base64,${b64}`;
    await img.decode();
    const c = document.createElement('canvas');
    c.width = img.width;
    c.height = img.height;
    const ctx = c.getContext('2d')!;
    ctx.drawImage(img, 0, 0);
    const d = ctx.getImageData(0, 0, c.width, c.height).data;
    const out = { total: d.length / 4, inked: 0, dark: 0, colours: {} as Record<string, number> };
    for (let i = 0; i < d.length; i += 4) {
      const [r, g, b] = [d[i]!, d[i + 1]!, d[i + 2]!];
      if (r < 250 || g < 250 || b < 250) out.inked++;
      if (r < 110 && g < 110 && b < 110) out.dark++;
      const key = `${r >> 3},${g >> 3},${b >> 3}`;
      out.colours[key] = (out.colours[key] ?? 0) + 1;
    }
    return out;
  }, png.toString('base64'));
}

/** Pixels that are not the light background in a rectangle of the page. */
export async function inkedPixels(page: Page, clip: { x: number; y: number; width: number; height: number }): Promise<number> {
  return (await countPixels(page, await page.screenshot({ clip }))).inked;
}

/** Pixels darker than mid grey in a rectangle of the page (text, not edges or fills). */
export async function darkPixels(page: Page, clip: { x: number; y: number; width: number; height: number }): Promise<number> {
  return (await countPixels(page, await page.screenshot({ clip }))).dark;
}

/** The centre of a node's shape on the page (CSS px), from the element's `nodeRect`; throws while it is not drawn. */
export async function nodePoint(page: Page, name: string): Promise<{ x: number; y: number }> {
  const at = await page.evaluate(async (n) => {
    const g = document.querySelector('tf-graph')!;
    const r = await g.nodeRect(n);
    const box = g.getBoundingClientRect();
    return r && { x: box.left + r.x + r.width / 2, y: box.top + r.y + r.height / 2 };
  }, name);
  if (!at) throw new Error(`${name} is not drawn`);
  return at;
}

/** Pure-red pixels (the default theme's selection outline) in a rectangle of the page. */
export async function redPixels(page: Page, clip: { x: number; y: number; width: number; height: number }): Promise<number> {
  const { colours } = await countPixels(page, await page.screenshot({ clip }));
  let n = 0;
  for (const [key, count] of Object.entries(colours)) {
    const [r, g, b] = key.split(',').map(Number) as [number, number, number];
    if (r >= 28 && g <= 6 && b <= 6) n += count;
  }
  return n;
}

/** Pixels of the element's screenshot: how many differ from the background, and a colour histogram. */
export async function screenshotStats(page: Page, file?: string): Promise<{ inked: number; total: number; colours: Map<string, number> }> {
  const r = await countPixels(page, await page.locator('tf-graph').screenshot(file ? { path: file } : {}));
  return { inked: r.inked, total: r.total, colours: new Map(Object.entries(r.colours)) };
}
