/**
 * The part of the view that no panel covers, and the fit of a layout into it — shared by the
 * page's camera and the view worker's preview (so that the WebGL scene takes over the preview
 * without a jump). Panels: the toolbar (a band at the top), the info card (the right side: the
 * caller passes the view beside it) and the legend (a box in the bottom-left corner).
 */
import { fitCamera, rectOnScreen, type Camera, type Rect } from '@tbg/render-pixi/camera';

/** What the panels over the view cover, in CSS px. */
export interface Covers {
  /** How far down the toolbar reaches (at most a third of the height is given up to it). */
  top: number;
  /** The legend's box in the bottom-left corner, with its margins to the view's edges; null when none. */
  legend: { width: number; height: number } | null;
}

export const NO_COVERS: Covers = { top: 0, legend: null };

/** A rectangle of the view, in CSS px. */
export interface Area {
  x: number;
  y: number;
  width: number;
  height: number;
}

/**
 * The free parts of a `view`: first all of it below the toolbar's band; then, when a legend is
 * open, the part right of it and the part above it (each at least a third of the view wide or
 * high; a legend larger than that is not avoided).
 */
export function freeAreas(view: { width: number; height: number }, covers: Covers): Area[] {
  const top = Math.min(Math.max(0, covers.top), view.height / 3);
  const below: Area = { x: 0, y: top, width: view.width, height: view.height - top };
  const l = legendBox(view, covers);
  if (!l) return [below];
  const beside: Area = { ...below, x: l.width, width: view.width - l.width };
  const above: Area = { ...below, height: view.height - l.height - top };
  return [below, ...[beside, above].filter((a) => a.width >= view.width / 3 && a.height >= below.height / 3)];
}

/** The legend's box on screen (CSS px), or null. */
export function legendBox(view: { width: number; height: number }, covers: Covers): Area | null {
  const l = covers.legend;
  return l && l.width > 0 && l.height > 0 ? { x: 0, y: view.height - l.height, width: l.width, height: l.height } : null;
}

/** `c` for an area at (x, y): the same view shifted there. */
function shifted(c: Camera, a: Area): Camera {
  return { ...c, x: c.x + a.x, y: c.y + a.y };
}

/** Whether two rectangles overlap. */
function overlaps(a: Area, b: Area): boolean {
  return a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
}

/**
 * All of a `width` × `height` layout in view, in the free part of `view`: below the toolbar, and
 * clear of the legend — when the fit below the toolbar would put the graph under the legend, the
 * larger of the fits beside it and above it.
 */
export function fitClear(g: { width: number; height: number }, view: { width: number; height: number }, covers: Covers): Camera {
  const bounds: Rect = { x: 0, y: 0, width: g.width, height: g.height };
  const [below, ...clear] = freeAreas(view, covers);
  const fitIn = (a: Area) => shifted(fitCamera(bounds, a), a);
  const whole = fitIn(below!);
  const legend = legendBox(view, covers);
  if (!legend || clear.length === 0 || !overlaps(rectOnScreen(whole, bounds), legend)) return whole;
  return clear.map(fitIn).reduce((best, c) => (c.scale > best.scale ? c : best));
}

/** The free area to reveal a node in: the largest one clear of every panel. */
export function revealArea(view: { width: number; height: number }, covers: Covers): Area {
  const [below, ...clear] = freeAreas(view, covers);
  if (clear.length === 0) return below!;
  return clear.reduce((best, a) => (a.width * a.height > best.width * best.height ? a : best));
}

/** Whether a screen rectangle lies in the view below the toolbar, `margin` px inside it, and clear of the legend (when it can be). */
export function inFreeView(s: Area, view: { width: number; height: number }, covers: Covers, margin: number): boolean {
  const [below, ...clear] = freeAreas(view, covers);
  const b = below!;
  const inside = s.x >= b.x + margin && s.y >= b.y + margin && s.x + s.width <= b.x + b.width - margin && s.y + s.height <= b.y + b.height - margin;
  // A legend too large to avoid (fitClear does not) is not avoided here either.
  const legend = clear.length ? legendBox(view, covers) : null;
  return inside && !(legend && overlaps(s, legend));
}
