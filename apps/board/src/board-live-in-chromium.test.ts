/**
 * The board on a logdir this test writes with `@tbg/events`' writer while the page is open:
 * text (Markdown with HTML that must never run), audio, and scalars to which the writer appends
 * so that live mode must show the new points without a page reload; then the server goes away
 * and the page says so.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFileWriter, type FileSummaryWriter } from '@tbg/events';
import { needChromium } from '@tbg/testkit';
import { BoardBrowser, shot } from './test-support/board-browser.js';
import { startBoardServer, type BoardServer } from './test-support/board-server.js';

const SUITE = 'board live on a written logdir in headless Chromium';
const run = needChromium(SUITE);

const HOSTILE = [
  '# Notes',
  '**bold** and `code` <script>window.__pwned = 1</script>',
  '<img src="x" onerror="window.__pwned = 2">',
  '[link](javascript:window.__pwned=3) [ok](https://example.com/)',
  '',
  '| a | b |',
  '|---|---|',
  '| 1 | 2 |',
].join('\n');

let dir = '';
let writer: FileSummaryWriter | undefined;
let server: BoardServer | undefined;
let board: BoardBrowser | undefined;

function sine(seconds: number, rate: number): Float32Array {
  return Float32Array.from({ length: seconds * rate }, (_, i) => 0.5 * Math.sin((2 * Math.PI * 440 * i) / rate));
}

beforeAll(async () => {
  if (!run) return;
  dir = mkdtempSync(join(tmpdir(), 'tbg-board-live-'));
  writer = createFileWriter(join(dir, 'train'));
  for (let step = 0; step < 10; step++) writer.scalar('loss', 1 / (step + 1), step);
  writer.text('notes', HOSTILE, 0);
  writer.audio('tone', sine(0.5, 8000), 8000, 0);
  writer.flush();
  server = await startBoardServer(dir, ['--reload-interval', '1']);
  board = await BoardBrowser.start();
});
afterAll(async () => {
  writer?.close();
  await board?.close();
  await server?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

describe.skipIf(!run)(SUITE, () => {
  it('text: Markdown is rendered and nothing from the event file runs', async () => {
    const { page, errors } = await board!.open(server!.origin, '/#text', { live: false });
    try {
      const content = page.locator('.text-card .text-content').first();
      await content.waitFor();
      expect(await content.locator('strong').textContent()).toBe('bold');
      expect(await content.locator('table td').allTextContents()).toEqual(['1', '2']);
      expect(await content.locator('script, [onerror]').count()).toBe(0);
      const hrefs = await content.locator('a').evaluateAll((as) => as.map((a) => a.getAttribute('href')));
      expect(hrefs.every((h) => h === null || h.startsWith('https:'))).toBe(true);
      await page.waitForTimeout(500);
      expect(await page.evaluate(() => (window as unknown as { __pwned?: number }).__pwned)).toBeUndefined();
      await shot(page, 'text');
      expect(errors).toEqual([]);
    } finally {
      await page.close();
    }
  });

  it('audio: the clip loads in an <audio> element', async () => {
    const { page, errors } = await board!.open(server!.origin, '/#audio', { live: false });
    try {
      await page.waitForFunction(() => {
        const a = document.querySelector<HTMLAudioElement>('.audio-card audio');
        return a !== null && a.readyState >= 1 && a.duration > 0;
      });
      const duration = await page.locator('.audio-card audio').evaluate((a: HTMLAudioElement) => a.duration);
      expect(duration).toBeCloseTo(0.5, 1);
      await shot(page, 'audio');
      expect(errors).toEqual([]);
    } finally {
      await page.close();
    }
  });

  it('live: points appended to the event file appear without a page reload', async () => {
    const { page, errors } = await board!.open(server!.origin, '/#scalars', { live: true, reloadSeconds: 5 });
    try {
      const card = '.scalar-card[data-tag="loss"]';
      await page.waitForSelector(`${card}[data-points="10"]`);
      for (let step = 10; step < 25; step++) writer!.scalar('loss', 1 / (step + 1), step);
      writer!.flush();
      await page.waitForSelector(`${card}[data-points="25"]`, { timeout: 30_000 });
      const xs = await page.evaluate((c) => (document.querySelector(c) as HTMLElement & { plot?: { data: number[][] } }).plot!.data[0]!, card);
      expect(xs.at(-1)).toBe(24);
      await shot(page, 'live-after-append');
      expect(errors).toEqual([]);
    } finally {
      await page.close();
    }
  });

  it('a server that went away is reported in the page, not thrown', async () => {
    const { page } = await board!.open(server!.origin, '/#scalars', { live: false });
    try {
      await page.waitForSelector('.scalar-card[data-points]');
      await server!.close();
      await page.click('.icon-button.reload');
      await page.waitForSelector('.banner:not([hidden])');
      expect(await page.locator('.banner').textContent()).toMatch(/Could not reach the data/);
      expect(await page.locator('.scalar-card').count()).toBe(1);
      await shot(page, 'server-gone');
    } finally {
      await page.close();
    }
  });
});
