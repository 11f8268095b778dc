/** The built demo served on 127.0.0.1 and one headless Chromium, shared by a test file. */
import { existsSync, mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type Frame, type Page } from 'playwright-core';
import { chromiumLaunchOptions, type TestServer } from '@tbg/testkit';
import { collectErrors, RECORDER } from './page-recorder.js';
import { graphInk, looksDrawn, type InkStats } from './pixels.js';
import { serveDir } from './serve-dist.js';

const APP = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
export const DIST = join(APP, 'dist');
/** Screenshots for a person to look at (gitignored). */
export const SHOTS = join(APP, 'test-output');

export interface DemoPage {
  page: Page;
  errors: string[];
}

export class DemoBrowser {
  private constructor(
    readonly server: TestServer,
    readonly browser: Browser,
  ) {}

  static async start(): Promise<DemoBrowser> {
    if (!existsSync(join(DIST, 'index.html'))) throw new Error(`${DIST} is missing: build the demo first (pnpm -C apps/demo build)`);
    const server = await serveDir(DIST);
    const browser = await chromium.launch(chromiumLaunchOptions());
    mkdirSync(SHOTS, { recursive: true });
    return new DemoBrowser(server, browser);
  }

  /** A fresh page at `path` (e.g. `/#/real/xla-demo` or `/?src=…`), recording events and errors. */
  async open(path: string, colorScheme: 'light' | 'dark' = 'light'): Promise<DemoPage> {
    const page = await this.browser.newPage({ viewport: { width: 1280, height: 800 }, colorScheme });
    await page.addInitScript(RECORDER);
    const errors = collectErrors(page);
    await page.goto(this.server.origin + path);
    return { page, errors };
  }

  async close(): Promise<void> {
    await this.browser?.close();
    await this.server?.close();
  }
}

/**
 * Waits until the `<tf-graph>` in `where` (the page or one of its frames) shows a drawn graph
 * (the canvas reaches the screen a little after the element's frame is submitted),
 * screenshotting it and the page to test-output/<name>*.png. Returns the last measurement: the
 * caller asserts on it.
 */
export async function drawnGraph(page: Page, name: string, where: Page | Frame = page, timeout = 60_000): Promise<InkStats> {
  const deadline = Date.now() + timeout;
  for (;;) {
    const stats = await graphInk(page, where, 'tf-graph', join(SHOTS, `${name}.graph.png`));
    if (looksDrawn(stats) || Date.now() > deadline) {
      await page.screenshot({ path: join(SHOTS, `${name}.png`), timeout: 120_000 });
      return stats;
    }
    await page.waitForTimeout(1000);
  }
}
