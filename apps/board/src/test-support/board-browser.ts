/** One headless Chromium for a test file, pages on a board server, with what each page logged. */
import { mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type Page } from 'playwright-core';
import { chromiumLaunchOptions } from '@tbg/testkit';

/** Screenshots for a person to look at (gitignored). */
export const SHOTS = join(dirname(fileURLToPath(import.meta.url)), '..', '..', 'test-output');

/** Records `<tf-graph>`'s events on `window.__tbg` before any page script runs. */
const RECORDER = `(() => {
  const r = (window.__tbg = { loaded: [], errors: [] });
  window.addEventListener('graph-loaded', (e) => r.loaded.push(e.detail), true);
  window.addEventListener('error', (e) => { if (e instanceof CustomEvent) r.errors.push(e.detail && e.detail.message); }, true);
})();`;

export interface BoardPage {
  page: Page;
  /** Uncaught exceptions, console errors and failed requests. */
  errors: string[];
}

function collectErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(`pageerror: ${e.message}`));
  page.on('console', (m) => m.type() === 'error' && errors.push(`console: ${m.text()}`));
  page.on('response', (r) => r.status() >= 400 && errors.push(`HTTP ${r.status()}: ${r.url()}`));
  return errors;
}

export class BoardBrowser {
  private constructor(readonly browser: Browser) {}

  static async start(): Promise<BoardBrowser> {
    mkdirSync(SHOTS, { recursive: true });
    return new BoardBrowser(await chromium.launch(chromiumLaunchOptions()));
  }

  /** A fresh page (its own storage) at `origin + path`; `settings` are put in localStorage first. */
  async open(origin: string, path: string, settings: Record<string, unknown> = {}): Promise<BoardPage> {
    const page = await this.browser.newPage({ viewport: { width: 1280, height: 900 }, acceptDownloads: true });
    await page.addInitScript(RECORDER);
    await page.addInitScript(`localStorage.setItem('tbg-board-settings', ${JSON.stringify(JSON.stringify(settings))})`);
    const errors = collectErrors(page);
    await page.goto(origin + path);
    return { page, errors };
  }

  async close(): Promise<void> {
    await this.browser.close();
  }
}

export async function shot(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: join(SHOTS, `${name}.png`) });
}
