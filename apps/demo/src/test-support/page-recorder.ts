/**
 * What a test page heard from `<tf-graph>`: an init script (run in every frame, iframes too,
 * before any page script) records the element's events on `window.__tbg`, so that a test never
 * misses a `graph-loaded` that fired before it started waiting.
 */
import type { Frame, Page } from 'playwright-core';

export interface Recorded {
  loaded: Array<{ nodeCount: number; timings: Record<string, number> }>;
  errors: string[];
  frames: Array<{ ms: number; visibleNodes: number }>;
}

export const RECORDER = `(() => {
  const r = (window.__tbg = { loaded: [], errors: [], frames: [] });
  window.addEventListener('graph-loaded', (e) => r.loaded.push(e.detail), true);
  window.addEventListener('error', (e) => { if (e instanceof CustomEvent) r.errors.push(e.detail && e.detail.message); }, true);
  window.addEventListener('frame', (e) => { r.frames.push(e.detail); if (r.frames.length > 500) r.frames.shift(); }, true);
})();`;

export function recorded(target: Page | Frame): Promise<Recorded> {
  return target.evaluate<Recorded>('window.__tbg');
}

/** Waits until `count` graphs have loaded in `target`; fails early on an element error. */
export async function waitLoaded(target: Page | Frame, timeout: number, count = 1): Promise<Recorded> {
  await target.waitForFunction(`window.__tbg && (window.__tbg.loaded.length >= ${count} || window.__tbg.errors.length > 0)`, undefined, { timeout, polling: 250 });
  const r = await recorded(target);
  if (r.errors.length) throw new Error(`<tf-graph> error: ${r.errors.join('; ')}`);
  return r;
}

/** Console errors, uncaught exceptions and failed requests of a page, as they come. */
export function collectErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(`pageerror: ${e.message}`));
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(`console: ${m.text()}`);
  });
  page.on('response', (r) => {
    if (r.status() >= 400) errors.push(`HTTP ${r.status()}: ${r.url()}`);
  });
  page.on('requestfailed', (r) => {
    const why = r.failure()?.errorText ?? '';
    // A worker the element was starting from its inlined (blob:) script when the page navigated away.
    if (r.url().startsWith('blob:') && why === 'net::ERR_ABORTED') return;
    errors.push(`request failed: ${r.url()} ${why}`);
  });
  return errors;
}
