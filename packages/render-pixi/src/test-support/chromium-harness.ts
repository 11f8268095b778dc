/**
 * The Node side of the Chromium tests and the browser bench: bundles the test page (and the
 * render worker) with esbuild, serves them on 127.0.0.1, starts headless Chromium, and packs
 * geometries as JSON for `page.evaluate` (`pack` in packed-json.ts).
 */
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { chromium, type Browser, type Page } from 'playwright-core';
import { chromiumLaunchOptions, startTestServer, type TestServer } from '@tbg/testkit';

const here = dirname(fileURLToPath(import.meta.url));

/** Where browser tests save screenshots for a person to look at. */
export const TEST_OUTPUT = join(here, '..', '..', 'test-output');

export type Rgb = [number, number, number];
/** 0xRRGGBB as [r, g, b]. */
export const rgb = (n: number): Rgb => [(n >> 16) & 255, (n >> 8) & 255, n & 255];
/** Whether two colours differ by at most `tol` in every channel. */
export const near = (a: readonly number[], b: readonly number[], tol = 10): boolean => a.every((x, k) => Math.abs(x - b[k]!) <= tol);

export interface Harness {
  browser: Browser;
  server: TestServer;
  /** A fresh page with the test page loaded; `errors` collects page errors and console errors. */
  open(viewport?: { width: number; height: number }): Promise<{ page: Page; errors: string[] }>;
  close(): Promise<void>;
}

async function bundle(dir: string, entry: string): Promise<string> {
  const out = await build({ entryPoints: [join(dir, entry)], bundle: true, platform: 'browser', format: 'esm', write: false, logLevel: 'silent' });
  return out.outputFiles[0]!.text;
}

/** `supportDir`: where render-page.ts is (the bench, built elsewhere, passes it). */
export async function startHarness(extraArgs: string[] = [], supportDir = here): Promise<Harness> {
  const [page, worker] = await Promise.all([bundle(supportDir, 'render-page.ts'), bundle(supportDir, 'render-worker.ts')]);
  const server = await startTestServer((path) => {
    if (path === '/') return { body: '<!doctype html><body style="margin:0"><script type="module" src="/page.js"></script>', type: 'text/html' };
    if (path === '/page.js') return { body: page, type: 'text/javascript' };
    if (path === '/worker.js') return { body: worker, type: 'text/javascript' };
    if (path === '/favicon.ico') return { body: '', type: 'image/x-icon' };
    return null;
  });
  const launch = chromiumLaunchOptions();
  launch.args.push(...extraArgs);
  const browser = await chromium.launch(launch);
  return {
    browser,
    server,
    async open(viewport = { width: 900, height: 700 }) {
      const p = await browser.newPage({ viewport });
      const errors: string[] = [];
      p.on('pageerror', (e) => errors.push(e.message));
      p.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
      await p.goto(server.origin + '/');
      await p.waitForFunction('globalThis.tbgRender !== undefined');
      return { page: p, errors };
    },
    async close() {
      await browser.close();
      await server.close();
    },
  };
}
