/**
 * The arithmetic of the view cache (pixi/view-cache.ts): a picture of the view plus a margin on
 * every side, drawn once at one camera and then shown, moved and scaled, for the frames of a pan
 * or a zoom. Pure functions of cameras and sizes, so they run in Node.
 */
import { visibleWorld, type Camera, type Rect, type Viewport } from './camera.js';

/** What a cached picture holds: the view of `camera` over `viewport`, grown by `margin` CSS px on each side. */
export interface CachedView {
  camera: Camera;
  viewport: Viewport;
  margin: number;
}

/** A frame may show the picture scaled by at most this (either way) while the camera moves. */
export const MAX_CACHE_SCALING = 2;

/**
 * The margin for a viewport: a quarter of its longer side, at least 128 px, a multiple of 8 (the
 * GPU shades pixels in 2 × 2 blocks, and text's anti-aliasing reads its neighbours in the block:
 * the picture's blocks must line up with the screen's).
 */
export function cacheMargin(viewport: Viewport): number {
  return Math.max(128, 8 * Math.ceil(Math.max(viewport.width, viewport.height) / 32));
}

/** The world rectangle a picture holds. */
export function heldWorld(c: CachedView): Rect {
  const v = visibleWorld(c.camera, c.viewport);
  const m = c.margin / c.camera.scale;
  return { x: v.x - m, y: v.y - m, width: v.width + 2 * m, height: v.height + 2 * m };
}

/**
 * Whether the picture can stand for the view of `cam`: it holds all of that view, at the same
 * scale — or, while the camera is `moving` (a pan or zoom in progress), at a scale within
 * MAX_CACHE_SCALING of it (a sharper picture follows once the camera rests).
 */
export function cacheServes(c: CachedView, cam: Camera, viewport: Viewport, moving: boolean): boolean {
  if (viewport.width !== c.viewport.width || viewport.height !== c.viewport.height) return false;
  const ratio = cam.scale / c.camera.scale;
  if (moving ? ratio > MAX_CACHE_SCALING || ratio < 1 / MAX_CACHE_SCALING : Math.abs(ratio - 1) > 1e-9) return false;
  const want = visibleWorld(cam, viewport);
  const held = heldWorld(c);
  // A hair of slack for rounding: the picture's edge pixels are whole ones.
  const eps = 1e-6 * Math.max(held.width, held.height);
  return want.x >= held.x - eps && want.y >= held.y - eps && want.x + want.width <= held.x + held.width + eps && want.y + want.height <= held.y + held.height + eps;
}

/**
 * Whether a picture that still serves `cam` is running out: the view has come within half the
 * margin of its edge, or the scale has moved by more than half of MAX_CACHE_SCALING's reach
 * (a factor of √2). A new one is then built while this one is shown, so that a pan or zoom
 * that goes on finds it ready.
 */
export function cacheRunningOut(c: CachedView, cam: Camera, viewport: Viewport): boolean {
  const ratio = cam.scale / c.camera.scale;
  const reach = Math.sqrt(MAX_CACHE_SCALING);
  if (ratio > reach || ratio < 1 / reach) return true;
  const want = visibleWorld(cam, viewport);
  const held = heldWorld(c);
  const slack = c.margin / 2 / c.camera.scale;
  return want.x < held.x + slack || want.y < held.y + slack || want.x + want.width > held.x + held.width - slack || want.y + want.height > held.y + held.height - slack;
}

/** Where the picture goes on screen at `cam`: its top-left corner (CSS px) and its scale. */
export function pictureTransform(c: CachedView, cam: Camera): { x: number; y: number; scale: number } {
  const scale = cam.scale / c.camera.scale;
  // Picture pixel (u, v) shows world point ((u - margin - c.x) / c.scale, …).
  return { x: cam.x - (c.margin + c.camera.x) * scale, y: cam.y - (c.margin + c.camera.y) * scale, scale };
}

/**
 * Rows of the picture drawn per step: a picture is drawn in horizontal bands, one per animation
 * frame, so that a pan or zoom that comes meanwhile waits for one band on the GPU, not for the
 * whole picture (1920 × 1440 px at 10k nodes: 130 ms on SwiftShader). A multiple of 8, as the
 * margin is (see cacheMargin).
 */
export const BAND_ROWS = 192;

/** A band of a picture: its rows (CSS px from the picture's top; whole device rows). */
export interface PictureBand {
  y: number;
  height: number;
}

/**
 * The bands that make up a picture of `c`, top to bottom, at `resolution` device px per CSS px.
 * Bands start and end on whole device rows, an even number apart: pixi rounds a band's viewport to
 * whole device pixels, and the scene drawn into it must be shifted by exactly as much.
 */
export function pictureBands(c: CachedView, rows = BAND_ROWS, resolution = 1): PictureBand[] {
  // The texture holds whole device rows: WebGL drops the fraction of its height.
  const total = Math.floor((c.viewport.height + 2 * c.margin) * resolution + 1e-6);
  const step = Math.max(2, 2 * Math.round((rows * resolution) / 2));
  const bands: PictureBand[] = [];
  for (let d = 0; d < total; d += step) bands.push({ y: d / resolution, height: Math.min(step, total - d) / resolution });
  return bands;
}

/**
 * How far, in screen px, what is drawn for a node or an edge may reach beyond its box (selection
 * outlines, stroke widths), and in world px (a quad's padding, an edge's label beside its stroke).
 */
const OVERHANG_SCREEN_PX = 24;
const OVERHANG_WORLD = 24;

/**
 * The world rectangle to draw band `b` of a picture of `c` from: the rows it holds, grown by what
 * may reach into them from the tiles above and below (the viewport clips the rest).
 */
export function bandWorld(c: CachedView, b: PictureBand): Rect {
  const held = heldWorld(c);
  const pad = OVERHANG_WORLD + OVERHANG_SCREEN_PX / c.camera.scale;
  return { x: held.x, y: held.y + b.y / c.camera.scale - pad, width: held.width, height: b.height / c.camera.scale + 2 * pad };
}
