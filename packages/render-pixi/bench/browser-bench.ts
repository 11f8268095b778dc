/**
 * The browser half of the benchmark: a generated graph drawn in headless Chromium (SwiftShader:
 * compare rows within one run, never read them as real-GPU frame rates). Per size: a pan/zoom
 * walk around the fitted view (every node in view) and one zoomed in, with levels of detail,
 * culling and the view cache on; with the first two only; and with none, in the same page (with
 * the cache, also the building of a new picture, band by band); then the cost of hover highlights,
 * drawn in full (a selection too) and over the view cache's picture (a hover alone).
 */
import type { Page } from 'playwright-core';
import { startHarness } from '../src/test-support/chromium-harness.js';
import type { SyntheticOptions } from '../src/test-support/synthetic-geometry.js';
import type { FrameStats } from '../src/pixi/frame-visibility.js';
import { median, r3 } from './stats.js';

const [W, H] = [1280, 800];
/** How many times each setting's walk runs, in turn with the others (its row: the median). */
const ROUNDS = 3;
type Cam = { x: number; y: number; scale: number };

/** Six steps from `c`: three wheel notches in about the centre, then three pans of 120 px. */
function walk(c: Cam): Cam[] {
  const out: Cam[] = [];
  let cam = c;
  for (let k = 0; k < 3; k++) {
    const scale = cam.scale * 1.25;
    cam = { scale, x: W / 2 - (W / 2 - cam.x) * 1.25, y: H / 2 - (H / 2 - cam.y) * 1.25 };
    out.push(cam);
  }
  for (let k = 0; k < 3; k++) out.push((cam = { ...cam, x: cam.x - 120, y: cam.y - 40 }));
  return out;
}

async function frames(page: Page, cams: Cam[], start: Cam): Promise<{ ms: number; max: number; stats: FrameStats }> {
  // One untimed frame first, at the walk's start: a changed setting's first frame compiles
  // nothing, but warms caches (and draws the view cache's picture, when on).
  await page.evaluate(`tbgRender.timeFrames(${JSON.stringify([start])})`);
  // As a user looks before moving: the view cache (when on) builds its picture meanwhile, a band
  // per animation frame (the rest of it drawn at once, should a large graph need longer).
  await page.waitForTimeout(500);
  await page.evaluate('tbgRender.finishPicture()');
  const out = await page.evaluate<Array<{ ms: number; stats: FrameStats }>>(`tbgRender.timeFrames(${JSON.stringify(cams)})`);
  return { ms: median(out.map((f) => f.ms)), max: Math.max(...out.map((f) => f.ms)), stats: out[0]!.stats };
}

async function benchSize(page: Page, o: SyntheticOptions): Promise<void> {
  const t0 = Date.now();
  const shown = await page.evaluate<{ nodes: number; edges: number; width: number; height: number }>(`tbgRender.showSynthetic(${JSON.stringify(o)}, ${W}, ${H})`);
  const firstMs = Date.now() - t0;
  const fit = await page.evaluate<Cam>('tbgRender.camera()');
  // Zoomed in: 1 screen px per world px at the graph's centre (a few hundred nodes in view).
  const zoomed: Cam = { scale: 1, x: W / 2 - shown.width / 2, y: H / 2 - shown.height / 2 };
  // With the cache, a zoom shows the picture enlarged: sampled nearest while it moves on a
  // software GPU ('auto', as here), and also filtered as on a GPU ('linear'), for comparison.
  const configs = [[true, true, 'auto'], [true, true, 'linear'], [true, false, 'auto'], [false, false, 'auto']] as const;
  for (const [view, start] of [['fitted', fit], ['zoomed in', zoomed]] as const) {
    // The settings take turns, ROUNDS times: on a shared machine a slow moment then falls on
    // each of them alike, rather than on whichever row ran then.
    const steps = configs.map(() => [] as number[]);
    const maxima = configs.map(() => 0);
    const stats: FrameStats[] = [];
    const pictures: Array<Record<string, number>> = [];
    for (let round = 0; round < ROUNDS; round++) {
      for (const [k, [lodAndCull, cache, motionSampling]] of configs.entries()) {
        await page.evaluate(`tbgRender.configure({ lod: ${lodAndCull}, cull: ${lodAndCull}, cache: ${cache}, motionSampling: '${motionSampling}' })`);
        const f = await frames(page, walk(start), start);
        steps[k]!.push(f.ms);
        maxima[k] = Math.max(maxima[k]!, f.max);
        stats[k] = f.stats;
        // With the cache, a new picture (after a change, or sharp once the camera rests) is built a
        // band per frame: what a step that comes meanwhile may wait for is one band.
        if (cache && round === 0) {
          const p = await page.evaluate<{ directMs: number; bandMs: number[] }>('tbgRender.timePicture()');
          pictures[k] = { pictureBands: p.bandMs.length, pictureBandMsMax: r3(Math.max(...p.bandMs)), pictureMs: r3(p.bandMs.reduce((a, b) => a + b, 0)), directFrameMs: r3(p.directMs) };
        }
      }
    }
    const rows = configs.map(([lodAndCull, cache, motionSampling], k) => ({ bench: 'render-pixi', case: 'frame per pan/zoom step', nodes: shown.nodes, edges: shown.edges, view, lodAndCull, cache, ...(cache ? { motionSampling } : {}), frameMs: r3(median(steps[k]!)), maxFrameMs: r3(maxima[k]!), rounds: steps[k]!.map(r3), ...pictures[k], meshes: stats[k]!.meshes, visibleTiles: stats[k]!.visibleTiles, tiles: stats[k]!.tiles, firstFrameMs: firstMs }));
    // How many times faster than drawing everything (the last row: no LOD, culling or cache).
    const everything = rows[rows.length - 1]!.frameMs;
    for (const row of rows) console.log(JSON.stringify({ ...row, timesFaster: r3(everything / row.frameMs) }));
  }
  await page.evaluate("tbgRender.configure({ lod: true, cull: true, cache: false, motionSampling: 'auto' })");
  await page.evaluate(`tbgRender.setCamera(${JSON.stringify(fit)})`);
  const hovered = Array.from({ length: 12 }, (_, k) => Math.floor(((k + 0.5) * shown.nodes) / 12));
  const plain = await frames(page, [fit, fit, fit, fit, fit], fit);
  const h = await page.evaluate<Array<{ setMs: number; frameMs: number }>>(`tbgRender.timeHighlights(${JSON.stringify(hovered)})`);
  console.log(JSON.stringify({ bench: 'render-pixi', case: 'hover highlight', nodes: shown.nodes, setHighlightMs: r3(median(h.map((x) => x.setMs))), frameAfterMs: r3(median(h.map((x) => x.frameMs))), plainFrameMs: r3(plain.ms) }));
  // A hover alone, with the view cache: drawn over the picture (only what it lights is drawn).
  await page.evaluate('tbgRender.configure({ cache: true })');
  await page.evaluate(`tbgRender.highlight({ selected: [], hovered: -1 })`);
  const cached = await frames(page, [fit, fit, fit, fit, fit], fit);
  const hc = await page.evaluate<Array<{ setMs: number; frameMs: number }>>(`tbgRender.timeHighlights(${JSON.stringify(hovered)}, false)`);
  console.log(JSON.stringify({ bench: 'render-pixi', case: 'hover over the view cache', nodes: shown.nodes, setHighlightMs: r3(median(hc.map((x) => x.setMs))), frameAfterMs: r3(median(hc.map((x) => x.frameMs))), maxFrameAfterMs: r3(Math.max(...hc.map((x) => x.frameMs))), cachedFrameMs: r3(cached.ms) }));
  // Panning and zooming with the pointer over an expanded group (in an expanded graph, it nearly
  // always is): the hover is drawn over the picture, with what lies inside the group.
  const group = await page.evaluate<number>('tbgRender.expandedGroupInView()');
  if (group >= 0) {
    await page.evaluate(`tbgRender.highlight({ selected: [], hovered: ${group} })`);
    const over = await frames(page, walk(fit), fit);
    await page.evaluate('tbgRender.configure({ cache: false })');
    const direct = await frames(page, walk(fit), fit);
    console.log(JSON.stringify({ bench: 'render-pixi', case: 'pan/zoom step, an expanded group hovered', nodes: shown.nodes, frameMs: r3(over.ms), maxFrameMs: r3(over.max), meshes: over.stats.meshes, withoutCacheFrameMs: r3(direct.ms) }));
    await page.evaluate(`tbgRender.highlight({ selected: [], hovered: -1 })`);
  }
  await page.evaluate('tbgRender.destroy()');
}

/**
 * What any frame costs here, whatever it draws: a graph of three nodes, panned and zoomed (on
 * SwiftShader, about 14 ms for a 1280 × 800 canvas). No frame of a larger graph can be cheaper.
 */
async function frameFloor(page: Page): Promise<void> {
  await page.evaluate(`tbgRender.showSynthetic(${JSON.stringify({ groups: 1, subgroups: 1, ops: 1 })}, ${W}, ${H})`);
  await page.evaluate('tbgRender.configure({ lod: true, cull: true, cache: false })');
  const fit = await page.evaluate<Cam>('tbgRender.camera()');
  const f = await frames(page, walk(fit), fit);
  const gpu = await page.evaluate<string>('tbgRender.gpu()');
  console.log(JSON.stringify({ bench: 'render-pixi', case: 'frame floor (3 nodes)', frameMs: r3(f.ms), maxFrameMs: r3(f.max), gpu }));
  await page.evaluate('tbgRender.destroy()');
}

export async function browserBench(supportDir: string, sizes: SyntheticOptions[]): Promise<void> {
  const harness = await startHarness(['--disable-gpu-vsync', '--disable-frame-rate-limit'], supportDir);
  try {
    const { page } = await harness.open({ width: W, height: H });
    await frameFloor(page).finally(() => page.close());
    for (const o of sizes) {
      const { page } = await harness.open({ width: W, height: H });
      try {
        await benchSize(page, o);
      } finally {
        await page.close();
      }
    }
  } finally {
    await harness.close();
  }
}
