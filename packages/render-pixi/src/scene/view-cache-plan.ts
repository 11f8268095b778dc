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

/** Where the picture goes on screen at `cam`: its top-left corner (CSS px) and its scale. */
export function pictureTransform(c: CachedView, cam: Camera): { x: number; y: number; scale: number } {
  const scale = cam.scale / c.camera.scale;
  // Picture pixel (u, v) shows world point ((u - margin - c.x) / c.scale, …).
  return { x: cam.x - (c.margin + c.camera.x) * scale, y: cam.y - (c.margin + c.camera.y) * scale, scale };
}
