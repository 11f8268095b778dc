/**
 * Where the minimap goes and how it maps (tensorboard-graph.md §10.4): a corner rectangle of at
 * most 200 × 150 px holding the whole graph at its own fit, the main view's extent drawn on it as
 * a box, hidden while 80 % or more of the graph is in view. Plain data and pure functions, so the
 * host can drag the box (map a point of the minimap to the world and centre the camera there).
 */
import { visibleWorld, type Camera, type Rect, type Viewport } from './camera.js';

export type MinimapCorner = 'bottom-right' | 'bottom-left' | 'top-right' | 'top-left';

export interface MinimapOptions {
  enabled: boolean;
  corner: MinimapCorner;
  /** Largest size, CSS px; the graph's aspect ratio decides the other side. */
  width: number;
  height: number;
  /** Distance from the canvas' edges, CSS px (TensorBoard: 20). */
  margin: number;
  /** Hide while this much of the graph's area or more is in view (TensorBoard: 0.8); 1 or more: never hide. */
  autoHide: number;
}

export const DEFAULT_MINIMAP: Readonly<MinimapOptions> = Object.freeze({ enabled: false, corner: 'bottom-right', width: 200, height: 150, margin: 20, autoHide: 0.8 });

/** Room between the frame and the graph inside it, px. */
export const MINIMAP_PADDING = 4;

export interface MinimapLayout {
  /** The minimap's rectangle on screen (CSS px). */
  rect: Rect;
  /** The minimap's camera: world → screen px of the canvas. */
  camera: Camera;
}

/** The minimap's rectangle and camera for a graph of extent `graph` in a canvas of `viewport` size. */
export function minimapLayout(graph: Rect, viewport: Viewport, o: MinimapOptions): MinimapLayout {
  const pad = MINIMAP_PADDING;
  const gw = Math.max(1, graph.width);
  const gh = Math.max(1, graph.height);
  const scale = Math.min((o.width - 2 * pad) / gw, (o.height - 2 * pad) / gh);
  const w = gw * scale + 2 * pad;
  const h = gh * scale + 2 * pad;
  const x = o.corner.endsWith('right') ? viewport.width - o.margin - w : o.margin;
  const y = o.corner.startsWith('bottom') ? viewport.height - o.margin - h : o.margin;
  return { rect: { x, y, width: w, height: h }, camera: { scale, x: x + pad - graph.x * scale, y: y + pad - graph.y * scale } };
}

/** The share of the graph's area in view (0–1). */
export function visibleFraction(graph: Rect, main: Camera, viewport: Viewport): number {
  const v = visibleWorld(main, viewport);
  const w = Math.max(0, Math.min(v.x + v.width, graph.x + graph.width) - Math.max(v.x, graph.x));
  const h = Math.max(0, Math.min(v.y + v.height, graph.y + graph.height) - Math.max(v.y, graph.y));
  return (w * h) / Math.max(1e-9, graph.width * graph.height);
}

/** Whether the minimap is drawn for this view. */
export function minimapShown(graph: Rect, main: Camera, viewport: Viewport, o: MinimapOptions): boolean {
  // An empty graph (no ops: nothing to map) has no minimap, only its frame.
  if (graph.width <= 0 || graph.height <= 0) return false;
  return o.enabled && (o.autoHide >= 1 || visibleFraction(graph, main, viewport) < o.autoHide);
}

/** The main view's extent on the minimap (screen px), clipped to the minimap's rectangle; null when none of it shows. */
export function viewportBox(layout: MinimapLayout, main: Camera, viewport: Viewport): Rect | null {
  const v = visibleWorld(main, viewport);
  const m = layout.camera;
  const r = layout.rect;
  const x0 = Math.max(r.x, v.x * m.scale + m.x);
  const y0 = Math.max(r.y, v.y * m.scale + m.y);
  const x1 = Math.min(r.x + r.width, (v.x + v.width) * m.scale + m.x);
  const y1 = Math.min(r.y + r.height, (v.y + v.height) * m.scale + m.y);
  return x1 > x0 && y1 > y0 ? { x: x0, y: y0, width: x1 - x0, height: y1 - y0 } : null;
}

/** The world point under screen point (sx, sy) of the minimap. */
export function minimapToWorld(layout: MinimapLayout, sx: number, sy: number): [number, number] {
  const m = layout.camera;
  return [(sx - m.x) / m.scale, (sy - m.y) / m.scale];
}

export function insideRect(r: Rect, x: number, y: number): boolean {
  return x >= r.x && y >= r.y && x <= r.x + r.width && y <= r.y + r.height;
}
