/**
 * edge-crosses-label: no edge, as it is drawn (toSVG: the basis curve as wide as the edge, and
 * its arrowhead), crosses the title of an expanded group (its label box: the measured text, one
 * line high, on its anchor). Every edge against every title, through a uniform grid of titles.
 */
import { edgeDrawing, type EdgeDrawing } from '../geometry/curves.js';
import { NodeFlag, type Geometry } from '../geometry/types.js';
import type { TextMeasurer } from '../text/measurer.js';
import type { Reporter } from './report.js';
import { labelBox, overlap, segmentCrossesRect, type Rect } from './shapes.js';

/** Cells of the grid of titles, in px. */
const CELL = 128;

/** The titles in each cell of the grid (a title is in every cell its box meets), by cell key. */
type TitleGrid = Map<number, number[]>;

/** The title boxes of the expanded groups (not the root), by node. */
export function titleBoxes(g: Geometry, measurer: TextMeasurer): Map<number, Rect> {
  const n = g.nodes;
  const out = new Map<number, Rect>();
  for (let i = 0; i < n.count; i++) {
    const f = n.flags[i]!;
    const px = n.labelPx[i]!;
    if (!(f & NodeFlag.expanded) || f & NodeFlag.root || !n.label[i] || px <= 0) continue;
    out.set(i, labelBox(g, i, measurer));
  }
  return out;
}

export function checkLabelCrossings(g: Geometry, measurer: TextMeasurer, tol: number, r: Reporter): void {
  const titles = titleBoxes(g, measurer);
  if (!titles.size) return;
  const grid: TitleGrid = new Map();
  for (const [i, b] of titles) forCells(b[0], b[1], b[0] + b[2], b[1] + b[3], (key) => (grid.get(key) ?? grid.set(key, []).get(key)!).push(i));
  const e = g.edges;
  for (let k = 0; k < e.count; k++) {
    const near = nearTitles(g, k, grid, titles);
    if (!near.size) continue;
    const pts = e.points.subarray(2 * e.pointStart[k]!, 2 * e.pointStart[k + 1]!);
    const d = edgeDrawing(pts, e.width[k]!, e.arrow[k]!);
    for (const i of near) {
      const part = crossing(d, titles.get(i)!, tol);
      if (part) r.report('edge-crosses-label', `${r.edge(k)} crosses the title of ${r.name(i)} with its ${part}`);
    }
  }
}

/** Calls `f` with the key of every grid cell the box (x0, y0)–(x1, y1) meets. */
function forCells(x0: number, y0: number, x1: number, y1: number, f: (key: number) => void): void {
  for (let cx = Math.floor(x0 / CELL); cx <= Math.floor(x1 / CELL); cx++) for (let cy = Math.floor(y0 / CELL); cy <= Math.floor(y1 / CELL); cy++) f(cx * 2 ** 21 + cy + 2 ** 20);
}

/**
 * The titles near edge k: each span of the drawn curve stays within the box of four
 * consecutive route points, the stroke within half its width of it, the arrowhead within its
 * length of the end; a title is near when one of those boxes, so grown, meets it.
 */
function nearTitles(g: Geometry, k: number, grid: TitleGrid, titles: Map<number, Rect>): Set<number> {
  const e = g.edges;
  const a = e.pointStart[k]!;
  const n = e.pointStart[k + 1]! - a;
  const pad = Math.max(e.width[k]! / 2, e.arrow[k]!) + 1;
  const near = new Set<number>();
  for (let i = 0; i + 1 < n; i++) {
    let [x0, y0, x1, y1] = [Infinity, Infinity, -Infinity, -Infinity];
    for (let j = Math.max(0, i - 1); j <= Math.min(n - 1, i + 2); j++) {
      const x = e.points[2 * (a + j)]!;
      const y = e.points[2 * (a + j) + 1]!;
      [x0, y0, x1, y1] = [Math.min(x0, x), Math.min(y0, y), Math.max(x1, x), Math.max(y1, y)];
    }
    const win: Rect = [x0 - pad, y0 - pad, x1 - x0 + 2 * pad, y1 - y0 + 2 * pad];
    forCells(win[0], win[1], win[0] + win[2], win[1] + win[3], (key) => {
      for (const t of grid.get(key) ?? []) if (!near.has(t) && overlap(win, titles.get(t)!, 0)) near.add(t);
    });
  }
  return near;
}

/** Which part of a drawn edge crosses box `b` (shrunk by `tol`): its stroke, its arrowhead, or none. */
function crossing(d: EdgeDrawing, b: Rect, tol: number): 'stroke' | 'arrowhead' | null {
  const r = d.radius;
  const grown: Rect = [b[0] - r, b[1] - r, b[2] + 2 * r, b[3] + 2 * r];
  const l = d.line;
  for (let i = 0; i + 3 < l.length; i += 2) if (segmentCrossesRect(l[i]!, l[i + 1]!, l[i + 2]!, l[i + 3]!, grown, tol)) return 'stroke';
  const t = d.triangle;
  if (t.length < 6) return null;
  for (let i = 0; i < 6; i += 2) if (segmentCrossesRect(t[i]!, t[i + 1]!, t[(i + 2) % 6]!, t[(i + 3) % 6]!, b, tol)) return 'arrowhead';
  return insideTriangle(t, b[0] + b[2] / 2, b[1] + b[3] / 2) ? 'arrowhead' : null;
}

/** Whether (x, y) is inside triangle t (x, y × 3). */
export function insideTriangle(t: readonly number[], x: number, y: number): boolean {
  const s = (i: number, j: number) => (t[j]! - t[i]!) * (y - t[i + 1]!) - (t[j + 1]! - t[i + 1]!) * (x - t[i]!);
  const a = s(0, 2);
  const b = s(2, 4);
  const c = s(4, 0);
  return (a >= 0 && b >= 0 && c >= 0) || (a <= 0 && b <= 0 && c <= 0);
}
