/**
 * The built board in headless Chromium against the real `tbg serve` on the shared event-file
 * fixtures: every tab draws the fixtures' data (asserted on what is drawn), the settings change
 * the drawing, the run filter hides runs, and nothing is logged as an error. Screenshots go to
 * test-output/ for a person to look at.
 */
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixturePath, needChromium } from '@tbg/testkit';
import { BoardBrowser, shot, type BoardPage } from './test-support/board-browser.js';
import { startBoardServer, type BoardServer } from './test-support/board-server.js';

const SUITE = 'board on the event fixtures in headless Chromium';
const run = needChromium(SUITE);

const KERAS = 'tf2-keras-callback-scalars-histos';
const KERAS_TRAIN = `${KERAS}/train`;

let server: BoardServer | undefined;
let board: BoardBrowser | undefined;
beforeAll(async () => {
  if (!run) return;
  server = await startBoardServer(fixturePath('events'), ['--reload-interval', '0']);
  board = await BoardBrowser.start();
});
afterAll(async () => {
  await board?.close();
  await server?.close();
});

async function open(path: string, settings: Record<string, unknown> = {}): Promise<BoardPage> {
  return board!.open(server!.origin, path, { live: false, ...settings });
}

/** The board with only the Keras runs shown (run filter typed in the sidebar) and one tag. */
async function kerasScalars(settings: Record<string, unknown> = {}): Promise<BoardPage> {
  const p = await open('/#scalars', { tagFilter: '^epoch_loss$', ...settings });
  await p.page.fill('.run-filter', KERAS);
  await p.page.waitForSelector('.scalar-card[data-tag="epoch_loss"][data-runs="2"]');
  return p;
}

type Plot = { data: Array<Array<number | null>>; series: unknown[]; scales: Record<string, { distr?: number; time?: boolean }> };
const plotOf = (p: BoardPage, tag: string) =>
  p.page.evaluate((t) => {
    const el = document.querySelector(`.scalar-card[data-tag="${t}"]`) as HTMLElement & { plot?: Plot };
    const plot = el.plot!;
    return { data: plot.data, series: plot.series.length, distr: plot.scales.y!.distr, time: plot.scales.x!.time };
  }, tag);

describe.skipIf(!run)(SUITE, () => {
  it('shows a tab per enabled plugin and follows the URL hash', async () => {
    const { page, errors } = await open('/#images');
    try {
      await page.waitForSelector('.tab[aria-current="page"]');
      const tabs = await page.locator('.tab').allTextContents();
      expect(tabs).toEqual(['SCALARS', 'HISTOGRAMS', 'DISTRIBUTIONS', 'IMAGES', 'HPARAMS', 'GRAPHS']);
      expect(await page.locator('.tab[aria-current="page"]').textContent()).toBe('IMAGES');
      await page.click('.tab[data-tab="histograms"]');
      await page.waitForSelector('.histogram-card');
      expect(page.url()).toMatch(/#histograms$/);
      expect(await page.locator('.run-list .run').count()).toBeGreaterThan(20);
      expect(errors).toEqual([]);
    } finally {
      await page.close();
    }
  });

  it('scalars: one chart per tag with every shown run, raw and smoothed lines', async () => {
    const p = await kerasScalars();
    try {
      const plot = await plotOf(p, 'epoch_loss');
      // x, then raw + smoothed for each of the two runs
      expect(plot.series).toBe(5);
      const points = Number(await p.page.getAttribute('.scalar-card[data-tag="epoch_loss"]', 'data-points'));
      expect(points).toBeGreaterThan(2);
      expect(plot.data[1]!.filter((v) => v !== null).length).toBeGreaterThan(1);
      await shot(p.page, 'scalars-keras');
      expect(p.errors).toEqual([]);
    } finally {
      await p.page.close();
    }
  });

  it('scalars: smoothing changes the drawn line; 0 draws only the raw lines', async () => {
    const p = await kerasScalars();
    try {
      const before = await plotOf(p, 'epoch_loss');
      await p.page.fill('.smoothing-value', '0.95');
      await p.page.dispatchEvent('.smoothing-value', 'change');
      await p.page.waitForFunction(() => (document.querySelector('.scalar-card[data-tag="epoch_loss"]') as HTMLElement & { plot?: Plot }).plot!.data[2]!.join() !== '' && true);
      await p.page.waitForTimeout(300);
      const after = await plotOf(p, 'epoch_loss');
      expect(after.data[1]).toEqual(before.data[1]);
      expect(after.data[2]).not.toEqual(before.data[2]);
      await p.page.fill('.smoothing-value', '0');
      await p.page.dispatchEvent('.smoothing-value', 'change');
      await p.page.waitForTimeout(300);
      expect((await plotOf(p, 'epoch_loss')).series).toBe(3);
    } finally {
      await p.page.close();
    }
  });

  it('scalars: unchecking a run hides it; the regex filter hides the others', async () => {
    const p = await kerasScalars();
    try {
      await p.page.click(`.run-list input[data-run="${KERAS}/validation"]`);
      await p.page.waitForSelector('.scalar-card[data-tag="epoch_loss"][data-runs="1"]');
      expect((await plotOf(p, 'epoch_loss')).series).toBe(3);
      await p.page.fill('.run-filter', 'no-such-run');
      await p.page.waitForSelector('.notice-empty');
      expect(await p.page.locator('.scalar-card').count()).toBe(0);
      await p.page.fill('.run-filter', '(');
      expect(await p.page.locator('.runs .field-error').textContent()).toMatch(/invalid regex/);
    } finally {
      await p.page.close();
    }
  });

  it('scalars: log y, wall-time x, tooltip across runs, CSV download', async () => {
    const p = await kerasScalars({ logY: true, xAxis: 'wall' });
    try {
      const plot = await plotOf(p, 'epoch_loss');
      expect(plot.distr).toBe(3);
      expect(plot.time).toBe(true);
      const box = (await p.page.locator('.scalar-card[data-tag="epoch_loss"] .u-over').boundingBox())!;
      await p.page.mouse.move(box.x + box.width * 0.6, box.y + box.height * 0.5);
      await p.page.waitForSelector('.chart-tooltip:not([hidden])');
      expect(await p.page.locator('.chart-tooltip tbody tr').count()).toBe(2);
      await shot(p.page, 'scalars-tooltip');
      const [download] = await Promise.all([p.page.waitForEvent('download'), p.page.click('.scalar-card[data-tag="epoch_loss"] .downloads button:text("CSV")')]);
      const csv = readFileSync((await download.path()), 'utf8').trim().split('\n');
      expect(csv[0]).toBe('run,wall_time,step,value');
      expect(csv.length).toBeGreaterThan(3);
      expect(download.suggestedFilename()).toBe('scalars-epoch_loss.csv');
    } finally {
      await p.page.close();
    }
  });

  it('scalars: whole steps on the step axis, clock divisions on the relative one', async () => {
    // Every run logged "accuracy" once, at step 1: uPlot's own ticks were 0, 0.5, 1, 1.5, 2.
    const ticks = async (p: BoardPage, tag: string) => {
      await p.page.waitForSelector(`.scalar-card[data-tag="${tag}"] .u-over`);
      return p.page.evaluate((t) => ((document.querySelector(`.scalar-card[data-tag="${t}"]`) as HTMLElement & { plot: { axes: Array<{ _values?: string[] }> } }).plot.axes[0]!._values ?? []), tag);
    };
    const steps = await open('/#scalars', { tagFilter: '^accuracy$', xAxis: 'step' });
    try {
      const labels = await ticks(steps, 'accuracy');
      expect(labels.length).toBeGreaterThan(1);
      for (const l of labels) expect(l).toMatch(/^-?\d+$/);
    } finally {
      await steps.page.close();
    }
    // Two and a half days of "bleu/dev": 12 h apart ("1d 12h"), not 50,000 s ("13h 53m 20s").
    const relative = await open('/#scalars', { tagFilter: '^bleu/dev$', xAxis: 'relative' });
    try {
      const labels = await ticks(relative, 'bleu/dev');
      expect(labels).toContain('1d');
      for (const l of labels) expect(l).toMatch(/^(\d+d)?( ?\d+h)?$|^0s$/);
      await shot(relative.page, 'scalars-relative-ticks');
    } finally {
      await relative.page.close();
    }
  });

  it('histograms: offset slices per step, then overlay outlines', async () => {
    const p = await open('/#histograms', { tagFilter: 'kernel' });
    try {
      await p.page.fill('.run-filter', KERAS_TRAIN);
      const chart = p.page.locator('.histogram-card svg.histogram-chart').first();
      await chart.waitFor();
      const slices = Number(await chart.getAttribute('data-slices'));
      expect(slices).toBeGreaterThan(1);
      expect(await chart.locator('path.hist-slice').count()).toBe(slices);
      expect(await chart.locator('path.hist-slice').first().getAttribute('fill')).not.toBe('none');
      // The pointer reads a slice: it is outlined, and the caption gives its step, value and count.
      const box = (await chart.boundingBox())!;
      await p.page.mouse.move(box.x + box.width * 0.45, box.y + box.height * 0.5);
      await p.page.waitForFunction(() => document.querySelector('.histogram-card .hist-hover')?.getAttribute('visibility') === 'visible');
      expect(await chart.locator('.hist-readout').textContent()).toMatch(/^step [\d,]+ · value \S+ · count \S+$/);
      expect(await chart.locator('path.hist-slice.lit').count()).toBe(1);
      await shot(p.page, 'histograms-offset');
      await p.page.mouse.move(0, 0);
      expect(await chart.locator('.hist-hover').getAttribute('visibility')).toBe('hidden');
      await p.page.check('input[name="histogramMode"][value="overlay"]');
      const overlay = p.page.locator('.histogram-card svg.histogram-chart[data-mode="overlay"]').first();
      await overlay.waitFor();
      expect(await overlay.locator('path.hist-slice').first().getAttribute('fill')).toBe('none');
      await shot(p.page, 'histograms-overlay');
      expect(p.errors).toEqual([]);
    } finally {
      await p.page.close();
    }
  });

  it('distributions: eight percentile bands over the steps', async () => {
    const p = await open('/#distributions', { tagFilter: 'kernel' });
    try {
      await p.page.fill('.run-filter', KERAS_TRAIN);
      const chart = p.page.locator('.distribution-card svg.distribution-chart').first();
      await chart.waitFor();
      expect(Number(await chart.getAttribute('data-points'))).toBeGreaterThan(1);
      expect(await chart.locator('path.dist-band').count()).toBe(8);
      const opacities = await chart.locator('path.dist-band').evaluateAll((ps) => ps.map((x) => Number(x.getAttribute('fill-opacity'))));
      expect(opacities[0]).toBeLessThan(opacities[3]!);
      expect(opacities[3]).toBeCloseTo(opacities[4]!);
      // The pointer reads the nearest step: its percentiles dotted, its step, min, median and max said.
      const box = (await chart.boundingBox())!;
      await p.page.mouse.move(box.x + box.width * 0.6, box.y + box.height * 0.5);
      await p.page.waitForFunction(() => document.querySelector('.distribution-card .dist-hover')?.getAttribute('visibility') === 'visible');
      expect(await chart.locator('.hist-readout').textContent()).toMatch(/^step [\d,]+ · min \S+ · median \S+ · max \S+$/);
      expect(await chart.locator('circle.dist-dot').count()).toBe(9);
      await shot(p.page, 'distributions');
      expect(p.errors).toEqual([]);
    } finally {
      await p.page.close();
    }
  });

  it('images: the image loads and the step slider moves through the steps', async () => {
    const p = await open('/#images', { tagFilter: 'Confusion' });
    try {
      const img = p.page.locator('.image-card img.summary-image').first();
      await p.page.waitForFunction(() => {
        const i = document.querySelector<HTMLImageElement>('.image-card img.summary-image');
        return i !== null && i.complete && i.naturalWidth > 0;
      });
      expect(await img.evaluate((i: HTMLImageElement) => i.naturalWidth)).toBeGreaterThan(0);
      const slider = p.page.locator('.image-card .step-slider').first();
      const label = p.page.locator('.image-card .step-label').first();
      const last = await label.textContent();
      await slider.fill('0');
      expect(await label.textContent()).not.toBe(last);
      await p.page.waitForFunction(() => document.querySelector<HTMLImageElement>('.image-card img.summary-image')!.src.includes('ts='));
      await shot(p.page, 'images');
      expect(p.errors).toEqual([]);
    } finally {
      await p.page.close();
    }
  });

  it('hparams: a row per trial with its hyperparameters and metrics', async () => {
    const p = await open('/#hparams');
    try {
      await p.page.waitForSelector('.hparams-table');
      expect(await p.page.locator('.hparams-table tbody tr').count()).toBe(8);
      const heads = await p.page.locator('.hparams-table th').allTextContents();
      expect(heads).toEqual(expect.arrayContaining(['Trial', 'num_units', 'dropout', 'optimizer']));
      const cells = await p.page.locator('.hparams-table tbody td.metric').allTextContents();
      expect(cells.every((c) => Number(c) > 0 && Number(c) < 1)).toBe(true);
      await p.page.click('.hparams-table th.metric');
      const sorted = (await p.page.locator('.hparams-table tbody td.metric').allTextContents()).map(Number);
      expect(sorted).toEqual([...sorted].sort((a, b) => a - b));
      await shot(p.page, 'hparams');
      expect(p.errors).toEqual([]);
    } finally {
      await p.page.close();
    }
  });

  it('graphs: the op graph, then the Keras conceptual graph, load in <tf-graph>', async () => {
    const p = await open('/#graphs');
    try {
      await p.page.fill('.run-filter', `^${KERAS_TRAIN}$`);
      await p.page.waitForFunction(() => (window as unknown as { __tbg: { loaded: unknown[] } }).__tbg.loaded.length >= 1, undefined, { timeout: 120_000 });
      const op = await p.page.evaluate(() => (window as unknown as { __tbg: { loaded: Array<{ nodeCount: number }>; errors: string[] } }).__tbg);
      expect(op.errors).toEqual([]);
      expect(op.loaded[0]!.nodeCount).toBeGreaterThan(0);
      expect(await p.page.isDisabled('input[name="graph-type"][value="conceptual"]')).toBe(false);
      await p.page.check('input[name="graph-type"][value="conceptual"]');
      await p.page.waitForFunction(() => (window as unknown as { __tbg: { loaded: unknown[] } }).__tbg.loaded.length >= 2, undefined, { timeout: 120_000 });
      const both = await p.page.evaluate(() => (window as unknown as { __tbg: { loaded: Array<{ nodeCount: number }> } }).__tbg.loaded);
      // The fixture's Keras model: Inputs → dense → dense_1, one node per layer.
      expect(both[1]!.nodeCount).toBe(3);
      expect(both[1]!.nodeCount).not.toBe(both[0]!.nodeCount);
      await p.page.waitForTimeout(1500);
      await shot(p.page, 'graphs-conceptual');
      expect(p.errors).toEqual([]);
    } finally {
      await p.page.close();
    }
  });
});
