/**
 * The browser build of the view worker (dist/browser/view-worker.js, every dependency
 * inlined) in real headless Chromium: a page starts it as a module Worker, opens a fixture,
 * lays it out, and gets the same geometry bytes as Node computes, through the typed client.
 */
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromiumLaunchOptions, fixturePath, needChromium, needShared, startTestServer, type TestServer } from '@tbg/testkit';
import { applyExpandMode } from '../session/expansion.js';
import { LayoutSession } from '../session/layout-session.js';
import { fixtureModel, geometryDifference } from '../test-support/models.js';
import { createInlineRunner } from '../worker/inline-runner.js';
import type { Geometry } from '../geometry/types.js';

const dist = join(dirname(fileURLToPath(import.meta.url)), '..', '..', 'dist', 'browser');
const FIXTURE = 'tb_demo_xla_118.pbtxt';
const SUITE = 'view worker in headless Chromium';
const run = needChromium(SUITE) && needShared(SUITE);

let server: TestServer | undefined;
let origin = '';
let browser: Browser;
beforeAll(async () => {
  if (!run) return;
  server = await startTestServer((path) => {
    if (path === '/') return { body: '<!doctype html><title>view worker</title>', type: 'text/html' };
    if (path === '/view-worker.js') return { body: readFileSync(join(dist, 'view-worker.js')), type: 'text/javascript' };
    if (path === '/graph') return { body: readFileSync(fixturePath('graphs', FIXTURE)) };
    return null;
  });
  origin = server.origin;
  browser = await chromium.launch(chromiumLaunchOptions());
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

/** A geometry that came through page.evaluate: typed arrays arrive as plain arrays. */
type Plain = Record<string, Record<string, unknown> | number>;

function revive(plain: Plain, like: Geometry): Geometry {
  const out = { width: plain['width'], height: plain['height'] } as unknown as Record<string, unknown>;
  for (const part of ['nodes', 'edges', 'annotations'] as const) {
    const src = plain[part] as Record<string, unknown>;
    const model = like[part] as unknown as Record<string, unknown>;
    const dst: Record<string, unknown> = {};
    for (const key of Object.keys(model)) {
      const m = model[key];
      const v = src[key];
      dst[key] = ArrayBuffer.isView(m) ? new (m.constructor as new (a: number[]) => unknown)(v as number[]) : v;
    }
    out[part] = dst;
  }
  return out as unknown as Geometry;
}

describe.skipIf(!run)(SUITE, () => {
  it('is built', () => expect(existsSync(join(dist, 'view-worker.js'))).toBe(true));

  it('a page lays out a fixture in a module Worker, with the geometry Node computes', async () => {
    const page = await browser.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    try {
      await page.goto(origin + '/');
      // In-page code is a string: this package is compiled without DOM types, on purpose.
      const result = await page.evaluate<{ summary: { ops: number; groups: number }; detached: boolean; first: string; expanded: number; geometry: Plain; transferred: boolean }>(`(async () => {
        const worker = new Worker('/view-worker.js', { type: 'module' });
        let id = 0;
        const ask = (msg, transfer = []) => new Promise((resolve, reject) => {
          const mine = ++id;
          const on = (e) => {
            if (e.data.id !== mine) return;
            worker.removeEventListener('message', on);
            e.data.kind === 'failed' ? reject(new Error(e.data.error.name + ': ' + e.data.error.message)) : resolve(e.data);
          };
          worker.addEventListener('message', on);
          worker.addEventListener('error', (e) => reject(new Error('worker error: ' + e.message)));
          worker.postMessage({ ...msg, id: mine }, transfer);
        });
        const bytes = new Uint8Array(await (await fetch('/graph')).arrayBuffer());
        const opened = await ask({ kind: 'open', bytes, options: { name: '${FIXTURE}' } }, [bytes.buffer]);
        const detached = bytes.byteLength === 0;
        // Two layouts back to back: the first is cancelled by the second.
        const first = ask({ kind: 'layout', change: { mode: { kind: 'all' } } }).then((r) => r.kind, (e) => 'error ' + e.message);
        const all = await ask({ kind: 'layout', change: { mode: { kind: 'all' } } });
        const plain = (g) => {
          const out = { width: g.width, height: g.height };
          for (const part of ['nodes', 'edges', 'annotations']) {
            out[part] = {};
            for (const [k, v] of Object.entries(g[part])) out[part][k] = ArrayBuffer.isView(v) ? Array.from(v) : v;
          }
          return out;
        };
        worker.terminate();
        return { summary: opened.summary, detached, first: await first, expanded: all.expanded.length, geometry: plain(all.geometry), transferred: all.geometry.nodes.box instanceof Float32Array };
      })()`);
      expect(errors).toEqual([]);
      expect(result.summary.ops).toBe(118);
      expect(result.detached).toBe(true);
      expect(['cancelled', 'laidOut']).toContain(result.first);
      expect(result.expanded).toBe(result.summary.groups - 1);
      expect(result.transferred).toBe(true);

      const model = fixtureModel('graphs', FIXTURE);
      applyExpandMode(model, { kind: 'all' });
      const runner = createInlineRunner();
      const here = await new LayoutSession(model, { runner }).layout();
      await runner.close();
      expect(geometryDifference(revive(result.geometry, here.geometry), here.geometry)).toBeNull();
    } finally {
      await page.close();
    }
  });
});
