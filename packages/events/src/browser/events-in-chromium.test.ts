/**
 * @tbg/events' browser entry in real headless Chromium: bundled as a page would bundle it
 * (esbuild, platform browser: no Node built-ins, no native CRC), it writes an event file in
 * memory, reads it back from a Blob and from a ReadableStream, reports damage with its offset,
 * and reads a real fixture fetched by the page.
 */
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { chromium, type Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromiumLaunchOptions, fixturePath, needChromium, needShared, startTestServer, type TestServer } from '@tbg/testkit';
import { readEventsSync } from '../read-events.js';

const entry = join(dirname(fileURLToPath(import.meta.url)), '..', 'index.ts');
const FIXTURE = ['events', 'tf2-keras-callback-scalars-histos', 'train', 'events.out.tfevents.1585231889.LEMON.12072.235.v2'];
const SUITE = '@tbg/events in headless Chromium';
const run = needChromium(SUITE);

let browser: Browser;
let server: TestServer | undefined;
let origin = '';
let bundle = '';
beforeAll(async () => {
  if (!run) return;
  const out = await build({
    stdin: { contents: `import * as events from ${JSON.stringify(entry)}; globalThis.tbgEvents = events;`, resolveDir: dirname(entry), loader: 'ts' },
    bundle: true,
    platform: 'browser',
    format: 'iife',
    write: false,
    logLevel: 'silent',
  });
  bundle = out.outputFiles[0]!.text;
  server = await startTestServer((path) => {
    if (path === '/') return { body: '<!doctype html><title>events</title>', type: 'text/html' };
    if (path === '/events.js') return { body: bundle, type: 'text/javascript' };
    if (path.startsWith('/fixture/')) return { body: readFileSync(fixturePath(...decodeURIComponent(path.slice('/fixture/'.length)).split('/'))) };
    return null;
  });
  origin = server.origin;
  browser = await chromium.launch(chromiumLaunchOptions());
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

/** What the page reports back from the bundle. */
interface PageResult {
  exports: string[];
  kinds: string[];
  sameFromStream: boolean;
  lastLoss: number;
  histRows: number;
  image: { width: number; height: number; png: number[] };
  text: string;
  errors: number;
  hurt: { errors: Array<{ name: string; kind: string; offset: number }>; scalars: number };
}

describe.skipIf(!run)(SUITE, () => {
  it('the browser bundle needs no Node built-ins and no native code', () => {
    expect(bundle.length).toBeGreaterThan(1000);
    expect(bundle).not.toMatch(/require\(["']node:/);
    expect(bundle).not.toMatch(/@node-rs/);
  });

  it('writes in memory, reads back from a Blob and a ReadableStream, reports damage', async () => {
    const page = await browser.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    try {
      await page.goto(origin + '/');
      await page.addScriptTag({ url: '/events.js' });
      const r = await page.evaluate<PageResult>(`(async () => {
        const E = globalThis.tbgEvents;
        const { writer, sink } = E.createMemoryWriter();
        for (let s = 0; s < 50; s++) writer.scalar('loss', 1 / (s + 1), s);
        writer.histogram('w', Array.from({ length: 1000 }, (_, i) => Math.sin(i)), 1);
        writer.image('img', { width: 2, height: 2, channels: 3, data: new Uint8Array(12).fill(200) }, 1);
        writer.text('note', 'hello **browser**', 1);
        writer.close();
        const bytes = sink.bytes();
        const points = async (source) => {
          const out = [];
          const memo = new E.SeriesMetadataMemo();
          const stream = E.readEvents(source);
          for await (const rec of stream) for (const p of E.eventPoints(rec.event, memo)) out.push(p);
          return { out, state: stream.state };
        };
        const fromBlob = await points(sink.blob());
        const fromStream = await points(new Blob([bytes]).stream());
        const damaged = bytes.slice();
        damaged[200] ^= 0xff;
        const hurt = await points(damaged);
        const kinds = (ps) => ps.map((p) => p.tag + ':' + p.data.kind);
        return {
          exports: Object.keys(E),
          kinds: kinds(fromBlob.out),
          sameFromStream: JSON.stringify(kinds(fromStream.out)) === JSON.stringify(kinds(fromBlob.out)),
          lastLoss: fromBlob.out.filter((p) => p.tag === 'loss').at(-1).data.value,
          histRows: fromBlob.out.find((p) => p.tag === 'w').data.buckets.length / 3,
          image: (({ width, height, images }) => ({ width, height, png: Array.from(images[0].slice(1, 4)) }))(fromBlob.out.find((p) => p.tag === 'img').data),
          text: fromBlob.out.find((p) => p.tag === 'note').data.strings[0],
          errors: fromBlob.state.errors.length,
          hurt: { errors: hurt.state.errors.map((e) => ({ name: e.name, kind: e.kind, offset: e.offset })), scalars: hurt.out.filter((p) => p.tag === 'loss').length },
        };
      })()`);
      expect(errors).toEqual([]);
      // The universal entry offers the JS CRC only: nothing native to choose, nothing installed.
      expect(r.exports).toContain('jsCrc32c');
      expect(r.exports.filter((name) => /native/i.test(name))).toEqual([]);
      expect(r.kinds.filter((k) => k === 'loss:scalar')).toHaveLength(50);
      expect(r.kinds).toContain('w:histogram');
      expect(r.kinds).toContain('img:image');
      expect(r.kinds).toContain('note:text');
      expect(r.sameFromStream).toBe(true);
      expect(r.lastLoss).toBeCloseTo(1 / 50, 6);
      expect(r.histRows).toBe(30);
      expect(r.image).toEqual({ width: 2, height: 2, png: [0x50, 0x4e, 0x47] });
      expect(r.text).toBe('hello **browser**');
      expect(r.errors).toBe(0);
      // One damaged record: reported with its offset, and every other one still read.
      expect(r.hurt.errors).toHaveLength(1);
      expect(r.hurt.errors[0]).toMatchObject({ name: 'DataLossError' });
      expect(r.hurt.errors[0]!.offset).toBeLessThanOrEqual(200);
      expect(r.hurt.scalars).toBeGreaterThanOrEqual(49);
    } finally {
      await page.close();
    }
  });

  describe.skipIf(!run || !needShared(`${SUITE}: a real fixture`))('a real fixture', () => {
    it('fetched by the page, reads the same records as in Node', async () => {
      const bytes = new Uint8Array(readFileSync(fixturePath(...FIXTURE)));
      const inNode = readEventsSync(bytes);
      expect(inNode.records.length).toBeGreaterThan(1);
      const page = await browser.newPage();
      try {
        await page.goto(origin + '/');
        await page.addScriptTag({ url: '/events.js' });
        const r = await page.evaluate<{ offsets: number[]; errors: number; nextOffset: number }>(`(async () => {
          const E = globalThis.tbgEvents;
          const bytes = new Uint8Array(await (await fetch('/fixture/${FIXTURE.join('/')}')).arrayBuffer());
          const offsets = [];
          const stream = E.readEvents(bytes);
          for await (const rec of stream) offsets.push(rec.offset);
          return { offsets, errors: stream.state.errors.length, nextOffset: stream.state.nextOffset };
        })()`);
        expect(r).toEqual({ offsets: inNode.records.map((rec) => rec.offset), errors: 0, nextOffset: bytes.length });
      } finally {
        await page.close();
      }
    });
  });
});
