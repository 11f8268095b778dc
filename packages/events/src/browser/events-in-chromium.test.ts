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
import { chromiumLaunchOptions, chromiumRequired, fixturePath, hasShared, startTestServer, type TestServer } from '@tbg/testkit';

const entry = join(dirname(fileURLToPath(import.meta.url)), '..', 'index.ts');
const FIXTURE = ['events', 'tf2-keras-callback-scalars-histos', 'train', 'events.out.tfevents.1585231889.LEMON.12072.235.v2'];
const run = chromiumRequired();

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
    if (path.startsWith('/fixture/') && hasShared()) return { body: readFileSync(fixturePath(...decodeURIComponent(path.slice('/fixture/'.length)).split('/'))) };
    return null;
  });
  origin = server.origin;
  browser = await chromium.launch(chromiumLaunchOptions());
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

describe.skipIf(!run)('@tbg/events in headless Chromium', () => {
  it('the browser bundle needs no Node built-ins', () => {
    expect(bundle.length).toBeGreaterThan(1000);
    expect(bundle).not.toMatch(/require\(["']node:/);
  });

  it('writes in memory, reads back from a Blob and a ReadableStream, reports damage, reads a fixture', async () => {
    const page = await browser.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    try {
      await page.goto(origin + '/');
      await page.addScriptTag({ url: '/events.js' });
      const r = (await page.evaluate(`(async () => {
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
        const fixture = new Uint8Array(await (await fetch('/fixture/${FIXTURE.join('/')}')).arrayBuffer());
        let fixtureRecords = -1;
        if (fixture.length) {
          fixtureRecords = 0;
          for await (const rec of E.readEvents(fixture)) fixtureRecords++;
        }
        const kinds = (ps) => ps.map((p) => p.tag + ':' + p.data.kind);
        return {
          crc: E.crc32cImplementation(),
          kinds: kinds(fromBlob.out),
          sameFromStream: JSON.stringify(kinds(fromStream.out)) === JSON.stringify(kinds(fromBlob.out)),
          lastLoss: fromBlob.out.filter((p) => p.tag === 'loss').at(-1).data.value,
          histRows: fromBlob.out.find((p) => p.tag === 'w').data.buckets.length / 3,
          image: (({ width, height, images }) => ({ width, height, png: Array.from(images[0].slice(1, 4)) }))(fromBlob.out.find((p) => p.tag === 'img').data),
          text: fromBlob.out.find((p) => p.tag === 'note').data.strings[0],
          errors: fromBlob.state.errors.length,
          hurt: { errors: hurt.state.errors.map((e) => ({ name: e.name, kind: e.kind, offset: e.offset })), scalars: hurt.out.filter((p) => p.tag === 'loss').length },
          fixtureRecords,
        };
      })()`)) as {
        crc: string;
        kinds: string[];
        sameFromStream: boolean;
        lastLoss: number;
        histRows: number;
        image: { width: number; height: number; png: number[] };
        text: string;
        errors: number;
        hurt: { errors: Array<{ name: string; kind: string; offset: number }>; scalars: number };
        fixtureRecords: number;
      };
      expect(errors).toEqual([]);
      expect(r.crc).not.toMatch(/native/);
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
      if (hasShared()) expect(r.fixtureRecords).toBeGreaterThan(1);
    } finally {
      await page.close();
    }
  });
});
