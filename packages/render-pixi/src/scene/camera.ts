/**
 * The camera: world (layout px) ↔ screen (CSS px) as one scale and a translation, plain data,
 * with the gestures as pure functions. `screen = world · scale + (x, y)`.
 */

/** How long an expand, a collapse or a new layout animates (ms; TensorBoard's 250): a camera move that goes with it takes as long. */
export const LAYOUT_TRANSITION_MS = 250;

export interface Camera {
  /** Screen position of the world origin. */
  x: number;
  y: number;
  /** Screen px per world px. */
  scale: number;
}

export interface Viewport {
  width: number;
  height: number;
}

/** A world-space rectangle. */
export interface Rect {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** How far one can zoom: out to a tenth of the fitted scale (or less for huge graphs), in to 8×. */
export interface ZoomLimits {
  min: number;
  max: number;
}

export const DEFAULT_ZOOM_LIMITS: ZoomLimits = { min: 1e-4, max: 8 };

export function clampScale(scale: number, limits: ZoomLimits = DEFAULT_ZOOM_LIMITS): number {
  return Math.min(limits.max, Math.max(limits.min, scale));
}

/**
 * TensorBoard's fit (§10.3): the whole graph in view with a margin, never zoomed in past 2×,
 * centred.
 */
export function fitCamera(bounds: Rect, viewport: Viewport, margin = 20, maxScale = 2): Camera {
  const w = Math.max(1, viewport.width - 2 * margin);
  const h = Math.max(1, viewport.height - 2 * margin);
  const scale = Math.min(w / Math.max(1, bounds.width), h / Math.max(1, bounds.height), maxScale);
  return {
    scale,
    x: viewport.width / 2 - (bounds.x + bounds.width / 2) * scale,
    y: viewport.height / 2 - (bounds.y + bounds.height / 2) * scale,
  };
}

/** Zooms by `factor` keeping the world point under screen point (sx, sy) fixed. */
export function zoomAt(c: Camera, sx: number, sy: number, factor: number, limits: ZoomLimits = DEFAULT_ZOOM_LIMITS): Camera {
  const scale = clampScale(c.scale * factor, limits);
  const k = scale / c.scale;
  return { scale, x: sx - (sx - c.x) * k, y: sy - (sy - c.y) * k };
}

export function panBy(c: Camera, dx: number, dy: number): Camera {
  return { scale: c.scale, x: c.x + dx, y: c.y + dy };
}

/** The wheel's zoom factor: one notch (deltaY 100) is ×1.25 or ÷1.25, smooth for trackpads. */
export function wheelFactor(deltaY: number, deltaMode: 0 | 1 | 2 = 0): number {
  const px = deltaMode === 1 ? deltaY * 16 : deltaMode === 2 ? deltaY * 400 : deltaY;
  return Math.pow(1.25, -px / 100);
}

export function screenToWorld(c: Camera, sx: number, sy: number): [number, number] {
  return [(sx - c.x) / c.scale, (sy - c.y) / c.scale];
}

export function worldToScreen(c: Camera, wx: number, wy: number): [number, number] {
  return [wx * c.scale + c.x, wy * c.scale + c.y];
}

/** The world rectangle on screen. */
export function visibleWorld(c: Camera, viewport: Viewport): Rect {
  return { x: -c.x / c.scale, y: -c.y / c.scale, width: viewport.width / c.scale, height: viewport.height / c.scale };
}

/** World rectangle `r` on screen (CSS px). */
export function rectOnScreen(c: Camera, r: Rect): Rect {
  const [x, y] = worldToScreen(c, r.x, r.y);
  return { x, y, width: r.width * c.scale, height: r.height * c.scale };
}

/** Whether world rectangle `r` lies wholly on screen, at least `margin` CSS px inside the viewport's edges. */
export function rectInView(c: Camera, viewport: Viewport, r: Rect, margin = 0): boolean {
  const s = rectOnScreen(c, r);
  return s.x >= margin && s.y >= margin && s.x + s.width <= viewport.width - margin && s.y + s.height <= viewport.height - margin;
}

/** A camera that shows world point (wx, wy) at the viewport's centre, at the same scale. */
export function centreOn(c: Camera, viewport: Viewport, wx: number, wy: number): Camera {
  return { scale: c.scale, x: viewport.width / 2 - wx * c.scale, y: viewport.height / 2 - wy * c.scale };
}

/** Linear interpolation between two cameras (t in [0, 1]), in log scale so zooms feel even. */
export function lerpCamera(a: Camera, b: Camera, t: number): Camera {
  const scale = Math.exp(Math.log(a.scale) + (Math.log(b.scale) - Math.log(a.scale)) * t);
  // Interpolate the world point at the viewport origin, then place it at the new scale.
  const wax = -a.x / a.scale;
  const way = -a.y / a.scale;
  const wbx = -b.x / b.scale;
  const wby = -b.y / b.scale;
  return { scale, x: -(wax + (wbx - wax) * t) * scale, y: -(way + (wby - way) * t) * scale };
}

/** Ease-in-out for reveals and expand animations. */
export function easeInOut(t: number): number {
  return t < 0.5 ? 2 * t * t : 1 - (-2 * t + 2) ** 2 / 2;
}
