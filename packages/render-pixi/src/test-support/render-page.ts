/**
 * The page side of the Chromium tests and the browser bench, bundled by esbuild: revives a
 * geometry sent as JSON, draws it with GraphRenderer on a canvas (or in a worker on a transferred
 * canvas) and reads pixels back at world or screen points.
 */
import { NodeFlag, type Geometry } from '@tbg/layout';
import { worldToScreen } from '../scene/camera.js';
import type { Highlight } from '../scene/highlight.js';
import type { MinimapOptions } from '../scene/minimap-layout.js';
import { GraphRenderer, type FrameStats, type GraphRendererOptions, type SetGeometryOptions } from '../pixi/graph-renderer.js';
import type { Detail } from '../pixi/frame-visibility.js';
import { rendererName } from '../pixi/software-gpu.js';
import { drawScene2D, type Scene2DStats } from '../canvas2d/draw-scene-2d.js';
import { plainPaint, type NodePaint } from '../style/paint.js';
import type { Theme } from '../style/theme.js';
import { revive } from './packed-json.js';
import { syntheticGeometry, type SyntheticOptions } from './synthetic-geometry.js';

type Packed = Record<string, unknown>;
type Rgb = [number, number, number];

let renderer: GraphRenderer | null = null;
let frames = 0;

function addCanvas(width: number, height: number): HTMLCanvasElement {
  const canvas = document.createElement('canvas');
  canvas.style.width = `${width}px`;
  canvas.style.height = `${height}px`;
  canvas.style.display = 'block';
  document.body.appendChild(canvas);
  return canvas;
}

async function show(packed: Packed, width: number, height: number, paint?: Packed, options: Partial<GraphRendererOptions> = {}): Promise<FrameStats> {
  renderer = await GraphRenderer.create({ ...options, canvas: addCanvas(width, height), width, height });
  renderer.onFrame(() => frames++);
  const g = revive(packed) as Geometry;
  renderer.setGeometry(g, paint ? (revive(paint) as NodePaint) : plainPaint(g));
  return renderer.render();
}

/** A renderer warmed up (`warmUp()`) with no geometry yet: the warm-up's time (ms), and the canvas right after it at `points`. */
async function createWarm(width: number, height: number, points: Array<[number, number]>): Promise<{ ms: number; colours: Rgb[] }> {
  renderer = await GraphRenderer.create({ canvas: addCanvas(width, height), width, height });
  const ms = renderer.warmUp();
  return { ms, colours: probeScreen(points, false) };
}

/** A generated graph (synthetic-geometry.ts), made in the page: nothing large crosses the wire. */
async function showSynthetic(o: SyntheticOptions, width: number, height: number, options: Partial<GraphRendererOptions> = {}): Promise<{ nodes: number; edges: number; width: number; height: number; stats: FrameStats }> {
  renderer = await GraphRenderer.create({ ...options, canvas: addCanvas(width, height), width, height });
  renderer.onFrame(() => frames++);
  const g = syntheticGeometry(o);
  renderer.setGeometry(g, plainPaint(g));
  return { nodes: g.nodes.count, edges: g.edges.count, width: g.width, height: g.height, stats: renderer.render() };
}

/** Frame times (ms, each forced to completion by a 1-pixel read) for each camera in turn. */
/** Draws a frame per camera, as the steps of a pan or zoom in progress; CPU and GPU time of each (a pixel read waits for the GPU). */
function timeFrames(cameras: Array<{ x: number; y: number; scale: number }>): Array<{ ms: number; stats: FrameStats }> {
  const canvas = document.querySelector('canvas')!;
  const gl = canvas.getContext('webgl2')!;
  const pixel = new Uint8Array(4);
  return cameras.map((c) => {
    const t0 = performance.now();
    renderer!.setCamera(c, true);
    const stats = renderer!.render();
    gl.readPixels(0, 0, 1, 1, gl.RGBA, gl.UNSIGNED_BYTE, pixel);
    return { ms: performance.now() - t0, stats };
  });
}

/** CPU time of `setHighlight` and of the frame after it, for hovering each node in turn (ms), each also selected unless `select` is false. */
function timeHighlights(hovered: number[], select = true): Array<{ setMs: number; frameMs: number }> {
  const gl = document.querySelector('canvas')!.getContext('webgl2')!;
  const pixel = new Uint8Array(4);
  return hovered.map((h) => {
    const t0 = performance.now();
    renderer!.setHighlight({ selected: select ? [h] : [], hovered: h });
    const t1 = performance.now();
    renderer!.render();
    gl.readPixels(0, 0, 1, 1, gl.RGBA, gl.UNSIGNED_BYTE, pixel);
    return { setMs: t1 - t0, frameMs: performance.now() - t1 };
  });
}

/**
 * Draws in a module worker: the page's canvas is handed over (`transferControlToOffscreen`) and
 * the worker renders on it; resolves after the worker answered and the frame reached the page.
 */
async function showInWorker(packed: Packed, width: number, height: number): Promise<{ stats?: FrameStats; camera?: { x: number; y: number; scale: number }; error?: string }> {
  const canvas = addCanvas(width, height);
  const offscreen = canvas.transferControlToOffscreen();
  const worker = new Worker('/worker.js', { type: 'module' });
  const reply = await new Promise<{ stats?: FrameStats; error?: string }>((resolve) => {
    worker.onmessage = (ev: MessageEvent<{ stats?: FrameStats; error?: string }>) => resolve(ev.data);
    worker.onerror = (ev) => resolve({ error: ev.message });
    worker.postMessage({ canvas: offscreen, geometry: packed, width, height }, [offscreen]);
  });
  // Two animation frames: the worker's frame is committed to the page's canvas.
  for (let k = 0; k < 2; k++) await new Promise((r) => requestAnimationFrame(r));
  return reply;
}

/**
 * Replaces the geometry with an animated transition; resolves after the animation's last frame
 * with the number of animation frames drawn. A screenshot can be taken meanwhile (`midway`).
 */
async function animateTo(packed: Packed, durationMs: number): Promise<{ animated: number; final: number }> {
  const g = revive(packed) as Geometry;
  let animated = 0;
  let final = 0;
  await new Promise<void>((resolve) => {
    const off = renderer!.onFrame((f) => {
      if (f.animating) animated++;
      else {
        final++;
        off();
        resolve();
      }
    });
    renderer!.setGeometry(g, plainPaint(g), { transitionFrom: 'previous', durationMs });
  });
  return { animated, final };
}

/** Replaces the geometry of the current renderer. */
function replace(packed: Packed, options: SetGeometryOptions = {}): FrameStats {
  const g = revive(packed) as Geometry;
  renderer!.setGeometry(g, plainPaint(g), options);
  return renderer!.render();
}

/** RGB at each screen point (CSS px) of the page's first canvas, right after a frame. */
function probeScreen(points: Array<[number, number]>, draw = true): Rgb[] {
  const src = document.querySelector('canvas')!;
  const copy = document.createElement('canvas');
  copy.width = src.width;
  copy.height = src.height;
  if (draw) renderer?.render();
  const ctx = copy.getContext('2d')!;
  ctx.drawImage(src, 0, 0);
  return points.map(([sx, sy]) => {
    const d = ctx.getImageData(Math.round(sx), Math.round(sy), 1, 1).data;
    return [d[0]!, d[1]!, d[2]!];
  });
}

/** Draws what is left of the picture being built at once (tests: as if the frames for it had passed). */
function finishPicture(): void {
  while (renderer!.advancePicture(true) !== 'idle');
  // As if the frames that would have drawn those bands had passed: their GPU work is done too
  // (else the next frame timed would wait for all of it, which no band-per-frame build leaves).
  const gl = document.querySelector('canvas')!.getContext('webgl2')!;
  gl.readPixels(0, 0, 1, 1, gl.RGBA, gl.UNSIGNED_BYTE, new Uint8Array(4));
}

/** Every pixel of the canvas as drawn by the frame just rendered (read in the same task). */
function readCanvas(): Uint8Array {
  const gl = document.querySelector('canvas')!.getContext('webgl2')!;
  const px = new Uint8Array(gl.drawingBufferWidth * gl.drawingBufferHeight * 4);
  gl.readPixels(0, 0, gl.drawingBufferWidth, gl.drawingBufferHeight, gl.RGBA, gl.UNSIGNED_BYTE, px);
  return px;
}

let remembered = new Set<number>();

/** Draws a frame now: a step to `cam` (a pan or zoom in progress), or the same view again. */
function drawNow(cam?: { x: number; y: number; scale: number }): void {
  if (cam) renderer!.setCamera(cam, true);
  renderer!.render();
}

/** Remembers the colours of the frame drawn now (a step to `cam`, or again) (see `newColours`). */
function rememberColours(cam?: { x: number; y: number; scale: number }): number {
  drawNow(cam);
  const px = readCanvas();
  remembered = new Set();
  for (let k = 0; k < px.length; k += 4) remembered.add((px[k]! << 16) | (px[k + 1]! << 8) | px[k + 2]!);
  return remembered.size;
}

/**
 * How many pixels of the frame drawn now (a step to `cam`, or again), within `rect` (CSS px,
 * resolution 1), have a colour it did not show when remembered. In one task with the step: the
 * frame is read before it is presented, and before the camera counts as resting.
 */
function newColours(rect: { x: number; y: number; width: number; height: number }, cam?: { x: number; y: number; scale: number }): number {
  drawNow(cam);
  const gl = document.querySelector('canvas')!.getContext('webgl2')!;
  const px = new Uint8Array(rect.width * rect.height * 4);
  gl.readPixels(rect.x, gl.drawingBufferHeight - rect.y - rect.height, rect.width, rect.height, gl.RGBA, gl.UNSIGNED_BYTE, px);
  let count = 0;
  for (let k = 0; k < px.length; k += 4) if (!remembered.has((px[k]! << 16) | (px[k + 1]! << 8) | px[k + 2]!)) count++;
  return count;
}

/**
 * The view cache's picture of `cam` drawn in bands against the same picture drawn at once, in
 * one band: the pixels of the canvas that differ by more than `tolerance` in a channel, and the
 * rows they lie on (device px from the top).
 */
function bandedVsWhole(cam: { x: number; y: number; scale: number }, tolerance: number): { pixels: number; differing: number; rows: number[] } {
  const r = renderer!;
  // At once: a change, with the camera at rest.
  r.configure({});
  r.setCamera(cam);
  r.render();
  const whole = readCanvas();
  // In bands: a step to `cam` from elsewhere after a change draws directly and builds a picture.
  r.setCamera({ ...cam, x: cam.x + 1 }, true);
  r.render();
  r.configure({});
  r.setCamera(cam, true);
  r.render();
  finishPicture();
  const stats = r.render();
  if (!stats.cached) throw new Error('the picture built in bands is not shown');
  const banded = readCanvas();
  const gl = document.querySelector('canvas')!.getContext('webgl2')!;
  const [w, h] = [gl.drawingBufferWidth, gl.drawingBufferHeight];
  const rows = new Set<number>();
  let differing = 0;
  for (let k = 0; k < whole.length; k += 4) {
    if (Math.abs(whole[k]! - banded[k]!) > tolerance || Math.abs(whole[k + 1]! - banded[k + 1]!) > tolerance || Math.abs(whole[k + 2]! - banded[k + 2]!) > tolerance) {
      differing++;
      rows.add(h - 1 - Math.floor(k / 4 / w));
    }
  }
  return { pixels: w * h, differing, rows: [...rows].sort((a, b) => a - b) };
}

/** RGB at each world point. */
function probe(points: Array<[number, number]>): Rgb[] {
  const c = renderer!.camera;
  return probeScreen(points.map(([wx, wy]) => worldToScreen(c, wx, wy)));
}

function zoom(factor: number, wx: number, wy: number): FrameStats {
  const r = renderer!;
  const c = r.camera;
  const [sx, sy] = worldToScreen(c, wx, wy);
  const scale = c.scale * factor;
  r.setCamera({ scale, x: sx - wx * scale, y: sy - wy * scale });
  return r.render();
}

/** Centres world point (wx, wy) at `scale` screen px per world px, and draws. */
function focus(wx: number, wy: number, scale: number): FrameStats {
  const r = renderer!;
  const canvas = document.querySelector('canvas')!;
  r.setCamera({ scale, x: canvas.clientWidth / 2 - wx * scale, y: canvas.clientHeight / 2 - wy * scale });
  return r.render();
}

/** Whether node i's box has its centre on the canvas. */
function centredInView(i: number): boolean {
  const g = renderer!.geometry!;
  const b = g.nodes.box;
  const [sx, sy] = worldToScreen(renderer!.camera, b[4 * i]! + b[4 * i + 2]! / 2, b[4 * i + 1]! + b[4 * i + 3]! / 2);
  const canvas = document.querySelector('canvas')!;
  return sx > 0 && sy > 0 && sx < canvas.clientWidth && sy < canvas.clientHeight;
}

/** Every GPU buffer's update count, summed: unchanged when nothing was re-uploaded. */
function bufferVersions(): number {
  let sum = 0;
  const visit = (o: { children?: unknown[]; geometry?: { buffers: Array<{ _updateID: number }> } }) => {
    for (const b of o.geometry?.buffers ?? []) sum += b._updateID;
    for (const c of o.children ?? []) visit(c as typeof o);
  };
  visit((renderer as unknown as { world: { children: unknown[] } }).world);
  return sum;
}

/**
 * Draws the renderer's geometry again with Canvas 2D (canvas2d/), with its camera and theme, on
 * a second canvas of the same size beside the first; returns the 2D draw's stats and how the two
 * pictures differ: the share of pixels off by more than `tolerance` in any channel, and the mean
 * difference per channel (0–255). `shiftPx` moves the 2D picture right (a control: it must then differ).
 */
function compare2d(paint: Packed | undefined, tolerance: number, shiftPx = 0): { stats: Scene2DStats; differing: number; meanDiff: number } {
  const r = renderer!;
  const g = r.geometry!;
  const gl = document.querySelector('canvas')!;
  const [width, height] = [gl.clientWidth, gl.clientHeight];
  const flat = addCanvas(width, height);
  flat.width = gl.width;
  flat.height = gl.height;
  flat.classList.add('flat');
  const stats = drawScene2D(flat.getContext('2d')!, g, { camera: { ...r.camera, x: r.camera.x + shiftPx }, viewport: { width, height }, resolution: gl.width / width, paint: paint ? (revive(paint) as NodePaint) : plainPaint(g), theme: r.theme });
  const copy = document.createElement('canvas');
  [copy.width, copy.height] = [gl.width, gl.height];
  const ctx = copy.getContext('2d')!;
  r.render();
  ctx.drawImage(gl, 0, 0);
  const a = ctx.getImageData(0, 0, copy.width, copy.height).data;
  const b = flat.getContext('2d')!.getImageData(0, 0, copy.width, copy.height).data;
  let differing = 0;
  let sum = 0;
  for (let p = 0; p < a.length; p += 4) {
    const d = Math.max(Math.abs(a[p]! - b[p]!), Math.abs(a[p + 1]! - b[p + 1]!), Math.abs(a[p + 2]! - b[p + 2]!));
    sum += Math.abs(a[p]! - b[p]!) + Math.abs(a[p + 1]! - b[p + 1]!) + Math.abs(a[p + 2]! - b[p + 2]!);
    if (d > tolerance) differing++;
  }
  return { stats, differing: differing / (a.length / 4), meanDiff: sum / (3 * (a.length / 4)) };
}

function destroy(): void {
  renderer?.destroy();
  renderer = null;
  for (const c of document.querySelectorAll('canvas')) c.remove();
}

const api = {
  show,
  showSynthetic,
  createWarm,
  showInWorker,
  animateTo,
  animating: () => renderer!.animating,
  timeFrames,
  timeHighlights,
  replace,
  probe,
  probeScreen,
  zoom,
  focus,
  destroy,
  compare2d,
  bufferVersions,
  frames: () => frames,
  camera: () => renderer!.camera,
  screenOf: (wx: number, wy: number) => worldToScreen(renderer!.camera, wx, wy),
  pick: (sx: number, sy: number) => renderer!.pick(sx, sy),
  setCamera: (c: { x: number; y: number; scale: number }) => {
    renderer!.setCamera(c);
    return renderer!.render();
  },
  /** A step of a pan or zoom in progress. */
  move: (c: { x: number; y: number; scale: number }) => {
    renderer!.setCamera(c, true);
    return renderer!.render();
  },
  /** Up to `k` nodes in view with edges, spread over the graph: nodes worth hovering. */
  hoverCandidates: (k: number) => {
    const g = renderer!.geometry!;
    const touched = new Set<number>();
    for (let e = 0; e < g.edges.count; e++) [g.edges.v[e]!, g.edges.w[e]!].forEach((v) => v >= 0 && touched.add(v));
    const inView = [...touched].filter(centredInView);
    return Array.from({ length: Math.min(k, inView.length) }, (_, j) => inView[Math.floor((j * inView.length) / Math.min(k, inView.length))]!);
  },
  /** An expanded group whose centre is in view, or −1. */
  expandedGroupInView: () => {
    const g = renderer!.geometry!;
    for (let i = 0; i < g.nodes.count; i++) if ((g.nodes.flags[i]! & (NodeFlag.expanded | NodeFlag.root)) === NodeFlag.expanded && centredInView(i)) return i;
    return -1;
  },
  highlight: (h: Highlight) => {
    renderer!.setHighlight(h);
    return renderer!.render();
  },
  theme: (t: Partial<Theme>) => {
    renderer!.setTheme(t);
    return renderer!.render();
  },
  configure: (d: Partial<Detail>) => renderer!.configure(d),
  rememberColours,
  newColours,
  /** The WebGL renderer's name (SwiftShader here). */
  gpu: () => rendererName(document.querySelector('canvas')!.getContext('webgl2')!),
  /**
   * A new picture for the view cache, as the renderer builds one while a pan goes on: the frame
   * (a pan step of 1 px after a change) drawn directly meanwhile, then each band (CPU and GPU ms,
   * each waited for with a pixel read).
   */
  timePicture: () => {
    const gl = document.querySelector('canvas')!.getContext('webgl2')!;
    const sync = () => gl.readPixels(0, 0, 1, 1, gl.RGBA, gl.UNSIGNED_BYTE, new Uint8Array(4));
    const cam = renderer!.camera;
    renderer!.configure({});
    renderer!.setCamera({ ...cam, x: cam.x + 1 }, true);
    let t0 = performance.now();
    renderer!.render();
    sync();
    const directMs = performance.now() - t0;
    const bandMs: number[] = [];
    for (let step = ''; step !== 'done' && step !== 'idle'; ) {
      t0 = performance.now();
      step = renderer!.advancePicture(true);
      sync();
      bandMs.push(performance.now() - t0);
    }
    return { directMs, bandMs };
  },
  bandedVsWhole,
  finishPicture,
  minimap: (o: Partial<MinimapOptions>) => {
    renderer!.setMinimap(o);
    return renderer!.render();
  },
  minimapRect: () => renderer!.minimapRect(),
  minimapToWorld: (sx: number, sy: number) => renderer!.minimapToWorld(sx, sy),
};

Object.assign(globalThis, { tbgRender: api });
