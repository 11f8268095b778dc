/**
 * `pnpm bench:browser`: <tf-graph> in headless Chromium, as JSON lines on stdout.
 * - element.first-picture: navigation → `graph-loaded` (after the first frame), per fixture and
 *   generated graph (the median of three loads, `BENCH_LOADS`), with the phases, the longest main-thread task during the load, the time the
 *   WebGL scene replaced a Canvas 2D preview (`sceneReadyMs`, navigation → `scene-ready`), and an
 *   empty page's first frame (the median of five loads) measured in the same run as the baseline,
 *   and each first picture's distance from it (`overEmptyPageMs`);
 * - element.layout-settled: after a quick first layout, ELK's replacing it (request → its frame);
 * - element.expand: `expand(name)` → its first frame (a quick layout when ELK has not answered at
 *   once: then also when ELK's replaced it), and the longest main-thread task meanwhile;
 * - element.pan-zoom: frame cost in the render worker, input → frame latency on the page
 *   (measured in the page, from the input event's timestamp: when the render worker's frame is
 *   reported) and input → on screen (from the compositor's screencast), with every group of a generated
 *   graph expanded (10k+ visible nodes): right after a layout change, and steady; and the same
 *   steady walk over the 118-node example graph, the floor of any step on this machine;
 * - element.hover: pointer moved onto a node or off it → on screen (the compositor's screencast);
 * - element.heap: the page's JS heap after loading (the workers' heaps are their own);
 * - element.bundle: size of dist/tf-graph.js, raw and gzipped.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Page } from 'playwright-core';
import { encodeGraphDef, generateTrainingGraph, GRAPH_FIXTURES } from '@tbg/testkit';
import { screencast, timesToScreen } from './on-screen.js';
import { DIST, nodePoint, openElementPage, startHarness, waitForIdle, waitForLoad, waitForSettled, type ElementHarness } from '../src/test-support/element-page.js';

/** `BENCH_ONLY=regex` runs only the inputs whose names match (e.g. while profiling one case). */
const only = process.env.BENCH_ONLY ? new RegExp(process.env.BENCH_ONLY) : null;
const wanted = (input: string) => !only || only.test(input);

const emit = (o: Record<string, unknown>) => process.stdout.write(JSON.stringify(o) + '\n');
const round = (x: number) => Math.round(x * 10) / 10;

/** Long tasks on the page's thread, from the start of the page. */
const LONG_TASKS = `window.longTasks = []; new PerformanceObserver((l) => { for (const e of l.getEntries()) longTasks.push([e.startTime, e.duration]); }).observe({ type: 'longtask', buffered: true });`;

async function longestTask(page: Page, from = 0): Promise<number> {
  return page.evaluate((t0) => Math.max(0, ...(window as unknown as { longTasks: Array<[number, number]> }).longTasks.filter(([s]) => s >= t0).map(([, d]) => d)), from);
}

async function emptyPageFirstFrame(h: ElementHarness): Promise<number> {
  h.extra.set('/empty.html', { type: 'text/html', body: '<!doctype html><body><script>requestAnimationFrame(() => (window.firstFrame = performance.now()))</script>' });
  const page = await h.browser.newPage();
  await page.goto(`${h.server.origin}/empty.html`);
  await page.waitForFunction('window.firstFrame !== undefined');
  const ms = await page.evaluate(() => (window as unknown as { firstFrame: number }).firstFrame);
  await page.close();
  return ms;
}

/**
 * The empty page's first frame, the baseline of every first picture: the median of EMPTY_LOADS
 * loads (one load varies by tens of ms on this shared machine).
 */
const EMPTY_LOADS = 5;
let emptyPageMs = 0;
async function emptyPageBaseline(h: ElementHarness): Promise<void> {
  const runs: number[] = [];
  for (let k = 0; k < EMPTY_LOADS; k++) runs.push(await emptyPageFirstFrame(h));
  runs.sort((a, b) => a - b);
  emptyPageMs = runs[EMPTY_LOADS >> 1]!;
  emit({ bench: 'element.empty-page', firstFrameMs: round(emptyPageMs), loads: runs.map(round) });
}

/** Every page of the bench. */
const PAGE_SIZE = { width: 1200, height: 800 };

/** Loads per real fixture: the row is the median load (one load varies by ±20 % here). */
const FIXTURE_LOADS = Number(process.env.BENCH_LOADS ?? 3);

/**
 * Loads `src` `loads` times and prints the median load's row (its phases, longest task and
 * scene), with every load's first picture; returns the last load's page (open) for more
 * measurements, or null on an error or when `BENCH_ONLY` leaves this input out.
 */
async function firstPicture(h: ElementHarness, input: string, src: string, attrs: Record<string, string> = {}, loads = 1): Promise<Page | null> {
  if (!wanted(input)) return null;
  const rows: Array<Record<string, unknown> & { firstPictureMs: number }> = [];
  let page: Page | null = null;
  for (let k = 0; k < loads; k++) {
    await page?.close();
    page = (await openElementPage(h, { src, ...attrs }, PAGE_SIZE, LONG_TASKS)).page;
    const ev = await waitForLoad(page);
    if (ev.type !== 'graph-loaded') {
      emit({ bench: 'element.first-picture', input, error: String(ev.detail.message) });
      await page.close();
      return null;
    }
    const t = ev.detail.timings as Record<string, number>;
    rows.push({
      ops: ev.detail.nodeCount,
      firstPictureMs: round(ev.at),
      // The target: within 500 ms of the empty page's first frame.
      overEmptyPageMs: round(ev.at - emptyPageMs),
      ...Object.fromEntries(Object.entries(t).map(([key, v]) => [key, round(v)])),
      longestTaskMs: round(await longestTask(page)),
      ...(await sceneAfterPreview(page, ev.detail.preview === true)),
    });
  }
  const sorted = [...rows].sort((a, b) => a.firstPictureMs - b.firstPictureMs);
  const median = sorted[sorted.length >> 1]!;
  emit({ bench: 'element.first-picture', input, ...median, ...(loads > 1 ? { loads: rows.map((r) => r.firstPictureMs) } : {}) });
  return page;
}

/** For a Canvas 2D preview: when the WebGL scene replaced it (navigation → on screen, ms). */
async function sceneAfterPreview(page: Page, preview: boolean): Promise<Record<string, unknown>> {
  if (!preview) return { preview: false };
  await page.waitForFunction(`window.tfEvents.some((e) => e.type === 'scene-ready')`, null, { timeout: 60_000 });
  const at = await page.evaluate<number>(`window.tfEvents.find((e) => e.type === 'scene-ready').at`);
  return { preview: true, sceneReadyMs: round(at) };
}

/** Waits for ELK's layout to replace a quick first one; prints how long that took after the first picture. */
async function settled(page: Page, input: string): Promise<void> {
  const loaded = await waitForLoad(page);
  await waitForSettled(page, loaded);
  const ms = await page.evaluate(() => (window as unknown as { tfEvents: Array<{ type: string; detail: { ms?: number } }> }).tfEvents.find((e) => e.type === 'layout-settled')?.detail.ms ?? 0);
  emit({ bench: 'element.layout-settled', input, provisional: loaded.detail.provisional === true, settleMs: round(ms) });
}

/** `layout-settled` events so far (ELK's layout replacing a quick one). */
const settledCount = (page: Page) => page.evaluate(() => (window as unknown as { tfEvents: Array<{ type: string }> }).tfEvents.filter((e) => e.type === 'layout-settled').length);

/**
 * Per group: `expand(name)` to its first frame. When ELK had not answered at once, that frame
 * shows the quick layout (`provisional`), and `elkMs` is when ELK's replaced it (`layout-settled`).
 */
async function expandTimes(page: Page, input: string, names: string[]): Promise<void> {
  for (const name of names) {
    const before = await settledCount(page);
    const t0 = await page.evaluate(() => performance.now());
    const ms = await page.evaluate(async (n) => {
      const s = performance.now();
      await document.querySelector('tf-graph')!.expand(n);
      return performance.now() - s;
    }, name);
    const longest = await longestTask(page, t0);
    // A quick layout is replaced within a few seconds; none comes after ELK's own.
    const provisional = await page
      .waitForFunction((k) => (window as unknown as { tfEvents: Array<{ type: string }> }).tfEvents.filter((e) => e.type === 'layout-settled').length > k, before, { timeout: 3000 })
      .then(() => true, () => false);
    const elkAt = provisional ? await page.evaluate((k) => (window as unknown as { tfEvents: Array<{ type: string; at: number }> }).tfEvents.filter((e) => e.type === 'layout-settled')[k]!.at, before) : t0 + ms;
    emit({ bench: 'element.expand', input, group: name, expandMs: round(ms), provisional, elkMs: round(elkAt - t0), longestTaskMs: round(longest) });
  }
}

/** Records, in the page, each frame's cost in the render worker and the time from each input event (its timestamp) to the first frame after it. */
async function recordFrames(page: Page): Promise<void> {
  // No playwright round trip is counted. A string: tsx would wrap named functions in a helper the page does not have.
  await page.evaluate(`(() => {
    window.frames2 = [];
    window.inputToFrame = [];
    window.inputAt = -1;
    // The inputs that move the camera: a wheel notch, a pointer moved with a button held.
    for (const t of ['wheel', 'pointermove'])
      document.addEventListener(t, (e) => { if (window.inputAt < 0 && (t === 'wheel' || e.buttons)) window.inputAt = e.timeStamp; }, { capture: true });
    window.inputsAt = [];
    document.addEventListener('frame', (e) => {
      window.frames2.push(e.detail.ms);
      if (window.inputAt >= 0) {
        window.inputToFrame.push(performance.now() - window.inputAt);
        // On the wall clock, read now (the screencast's clock): timeOrigin + timeStamp would drift from it.
        window.inputsAt.push(Date.now() - (performance.now() - window.inputAt));
      }
      window.inputAt = -1;
    });
  })()`);
}

/**
 * `steps` pan and zoom steps (a drag of 80 px back and forth, the first 40 px, then a wheel
 * notch, in turn), each waited for, and then `pauseMs` more.
 */
async function walk(page: Page, steps: number, pauseMs = 0): Promise<{ frames: number[]; inputToFrame: number[]; latencies: number[] }> {
  // The pointer arrives first: the hover it brings is not a step.
  await page.mouse.move(600, 400);
  await page.waitForTimeout(200);
  await page.evaluate(`(() => { window.frames2 = []; window.inputToFrame = []; window.inputsAt = []; window.inputAt = -1; })()`);
  const latencies: number[] = [];
  for (let i = 0; i < steps; i++) {
    const n = await page.evaluate(() => (window as unknown as { frames2: number[] }).frames2.length);
    const t0 = Date.now();
    if (i % 2) await page.mouse.wheel(0, i % 4 === 1 ? -120 : 120);
    else {
      await page.mouse.down();
      await page.mouse.move(600 + (i % 4 ? -40 : 40), 400);
      await page.mouse.up();
    }
    await page.waitForFunction((k) => (window as unknown as { frames2: number[] }).frames2.length > k, n, { timeout: 10_000 });
    latencies.push(Date.now() - t0);
    if (pauseMs) await page.waitForTimeout(pauseMs);
  }
  const { frames, inputToFrame } = await page.evaluate(() => {
    const w = window as unknown as { frames2: number[]; inputToFrame: number[] };
    return { frames: w.frames2, inputToFrame: w.inputToFrame };
  });
  if (process.env.BENCH_DEBUG) console.error('inputToFrame', inputToFrame.map(Math.round).join(' '), '\nframes', frames.map(Math.round).join(' '));
  return { frames, inputToFrame, latencies };
}

/** Steps of the on-screen walk, and the rest after each: longer than a sharp picture takes to follow a step at 10k nodes. */
const SCREEN_STEPS = 12;
const SCREEN_PAUSE_MS = 600;

/** Pan and zoom steps on screen (see on-screen.ts): SCREEN_STEPS of them, SCREEN_PAUSE_MS apart. */
async function inputToScreen(page: Page): Promise<{ ms: number[]; missed: number }> {
  const shown = await screencast(page, () => walk(page, SCREEN_STEPS, SCREEN_PAUSE_MS).then(() => undefined));
  return timesToScreen(shown, await page.evaluate(() => (window as unknown as { inputsAt: number[] }).inputsAt));
}

const pct = (xs: number[], q: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(q * xs.length))] ?? 0;

/** The steady walk: 20 steps once the view has rested for a second. */
async function steadyWalk(page: Page, input: string, when: string): Promise<void> {
  const visible = await page.evaluate(() => document.querySelector('tf-graph')!.frameStats?.visibleNodes ?? 0);
  await page.waitForTimeout(1000);
  const { frames, inputToFrame, latencies } = await walk(page, 20);
  const screen = await inputToScreen(page);
  emit({
    bench: 'element.pan-zoom',
    input,
    when,
    visibleNodes: visible,
    frameMsP50: round(pct(frames, 0.5)),
    frameMsP95: round(pct(frames, 0.95)),
    inputToFrameMsP50: round(pct(inputToFrame, 0.5)),
    inputToFrameMsP95: round(pct(inputToFrame, 0.95)),
    inputToFrameMsMax: round(Math.max(...inputToFrame)),
    // In a second walk, steps at rest (see inputToScreen); `screenSteps`: the steps seen change the screen.
    inputToScreenMsP50: round(pct(screen.ms, 0.5)),
    inputToScreenMsMax: round(Math.max(...screen.ms)),
    screenSteps: screen.ms.length,
    screenMissed: screen.missed,
    // Including playwright's own round trips (dispatching the input, polling for the frame).
    driverStepMsP50: pct(latencies, 0.5),
    driverStepMsP95: pct(latencies, 0.95),
  });
}

/**
 * Panning and zooming with every group expanded: first at once after a layout change (ELK's
 * layout replacing the quick one: its animation, then the view cache's first picture, are still
 * being drawn), then once the view has rested for a second, the steady state.
 */
async function panZoom(page: Page, input: string): Promise<void> {
  await recordFrames(page);
  const visible = await page.evaluate(() => document.querySelector('tf-graph')!.frameStats?.visibleNodes ?? 0);
  const after = await walk(page, 8);
  emit({
    bench: 'element.pan-zoom',
    input,
    when: 'right after a layout change',
    visibleNodes: visible,
    inputToFrameMsP50: round(pct(after.inputToFrame, 0.5)),
    inputToFrameMsMax: round(Math.max(...after.inputToFrame)),
    inputToFrameMs: after.inputToFrame.map(round),
  });
  await steadyWalk(page, input, 'steady');
}

/**
 * The same steady walk over a small graph: what any step costs here from input to frame, whatever
 * is drawn (the page, the render worker and SwiftShader's compositing). No larger graph can do better.
 */
async function panZoomFloor(page: Page, input: string): Promise<void> {
  await recordFrames(page);
  await steadyWalk(page, input, 'floor (a small graph)');
}

/** Pointer moves onto a node and off it, in turn, and the rest after each. */
const HOVER_MOVES = 16;
const HOVER_PAUSE_MS = 500;

/**
 * A hover on screen (see on-screen.ts): the pointer moves onto MatMul (revealed by selecting it)
 * and off it to empty space, in turn; each move lights or clears its neighbourhood.
 */
async function hoverOnScreen(page: Page, input: string): Promise<void> {
  await page.evaluate(() => document.querySelector('tf-graph')!.select('MatMul'));
  await waitForIdle(page);
  const on = await nodePoint(page, 'MatMul');
  const off = { x: 100, y: PAGE_SIZE.height - 40 };
  await page.mouse.move(off.x, off.y);
  await page.waitForTimeout(HOVER_PAUSE_MS);
  await page.evaluate(`(() => {
    window.hoversAt = [];
    document.addEventListener('pointermove', (e) => { if (!e.buttons) window.hoversAt.push(Date.now() - (performance.now() - e.timeStamp)); }, { capture: true });
  })()`);
  const shown = await screencast(page, async () => {
    for (let i = 0; i < HOVER_MOVES; i++) {
      const p = i % 2 ? off : on;
      await page.mouse.move(p.x, p.y);
      await page.waitForTimeout(HOVER_PAUSE_MS);
    }
  });
  const r = timesToScreen(shown, await page.evaluate(() => (window as unknown as { hoversAt: number[] }).hoversAt));
  emit({ bench: 'element.hover', input, inputToScreenMsP50: round(pct(r.ms, 0.5)), inputToScreenMsMax: round(Math.max(...r.ms)), moves: r.ms.length, missed: r.missed });
}

function generated(h: ElementHarness, nodes: number): string {
  const path = `/generated/${nodes}.pb`;
  h.extra.set(path, { body: encodeGraphDef(generateTrainingGraph({ nodes, seed: 1 })) });
  return path;
}

async function main(): Promise<void> {
  const js = readFileSync(join(DIST, 'tf-graph.js'));
  emit({ bench: 'element.bundle', file: 'dist/tf-graph.js', bytes: js.length, gzipBytes: gzipSync(js, { level: 9 }).length });
  const h = await startHarness();
  try {
    await emptyPageBaseline(h);
    for (const [dir, name] of GRAPH_FIXTURES) await (await firstPicture(h, name, `/shared/${dir}/${name}`, {}, FIXTURE_LOADS))?.close();
    const xla = await firstPicture(h, 'tb_demo_xla_118.pbtxt (expand)', '/shared/graphs/tb_demo_xla_118.pbtxt');
    // Expands and pan/zoom are measured on ELK's layout, once the quick first one is replaced.
    if (xla) await settled(xla, 'tb_demo_xla_118.pbtxt');
    if (xla) await expandTimes(xla, 'tb_demo_xla_118.pbtxt', ['gradients', 'GradientDescent', 'Slice', 'logits_weights']);
    if (xla) await panZoomFloor(xla, 'tb_demo_xla_118.pbtxt');
    if (xla) await hoverOnScreen(xla, 'tb_demo_xla_118.pbtxt');
    await xla?.close();
    for (const n of [10_000, 20_000, 100_000]) {
      const page = await firstPicture(h, `generated-${n / 1000}k`, generated(h, n), {}, FIXTURE_LOADS);
      if (page) emit({ bench: 'element.heap', input: `generated-${n / 1000}k`, pageHeapMB: round((await page.evaluate(() => (performance as unknown as { memory: { usedJSHeapSize: number } }).memory.usedJSHeapSize)) / 2 ** 20) });
      await page?.close();
    }
    const stress = await firstPicture(h, 'generated-10k expand=all', generated(h, 10_000), { expand: 'all' });
    if (stress) await settled(stress, 'generated-10k expand=all');
    if (stress) await panZoom(stress, 'generated-10k expand=all');
    await stress?.close();
  } finally {
    await h.close();
  }
}

await main();
