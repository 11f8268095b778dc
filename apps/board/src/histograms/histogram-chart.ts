/**
 * A histogram time series as TensorBoard draws it (§9.1), in SVG. Offset mode: a ridge plot,
 * one filled slice per step, earliest at the top, each `height / 2.5` tall. Overlay mode: every
 * step's outline on one baseline. Colour goes from a light to a dark shade of the run's colour.
 */
import { svg } from '../core/dom.js';
import type { HistogramMode } from '../core/store.js';
import { bottomAxis, linear, niceTicks, shade, text } from '../core/svg-chart.js';
import { attachHistogramHover } from './histogram-hover.js';
import type { Rebinned } from './rebin.js';

const W = 440;
const H = 300;
const M = { left: 12, right: 56, top: 10, bottom: 26 };

function slicePath(bins: number[], x: (i: number) => number, base: number, height: number, max: number, closed: boolean): string {
  const pts = bins.map((c, i) => `${x(i + 0.5).toFixed(1)},${(base - (max > 0 ? (c / max) * height : 0)).toFixed(1)}`);
  const start = `${x(0).toFixed(1)},${base.toFixed(1)}`;
  const end = `${x(bins.length).toFixed(1)},${base.toFixed(1)}`;
  return `M${start}L${pts.join('L')}L${end}${closed ? 'Z' : ''}`;
}

function stepAxis(g: SVGGElement, steps: number[], baseOf: (i: number) => number): void {
  const every = Math.max(1, Math.ceil(steps.length / 6));
  steps.forEach((s, i) => {
    if (i % every && i !== steps.length - 1) return;
    g.append(text(W - M.right + 6, baseOf(i) + 3, s.toLocaleString(), 'start', 'tick step-tick'));
  });
}

export function histogramChart(data: Rebinned, color: string, mode: HistogramMode): SVGSVGElement {
  const root = svg('svg', { viewBox: `0 0 ${W} ${H}`, class: 'histogram-chart', 'data-mode': mode, 'data-slices': data.steps.length });
  const plotH = H - M.top - M.bottom;
  const n = data.steps.length;
  const sliceH = mode === 'offset' ? plotH / 2.5 : plotH;
  const binX = linear(0, data.steps[0]?.bins.length ?? 1, M.left, W - M.right);
  const valueX = linear(data.lo, data.hi, M.left, W - M.right);
  const baseOf = (i: number): number => (mode === 'offset' && n > 1 ? M.top + sliceH + ((plotH - sliceH) * i) / (n - 1) : M.top + plotH);
  const g = svg('g', { class: 'slices' });
  data.steps.forEach((s, i) => {
    const c = shade(color, n > 1 ? -0.45 + (0.75 * i) / (n - 1) : 0);
    const d = slicePath(s.bins, binX, baseOf(i), sliceH, data.maxCount, mode === 'offset');
    const attrs: Record<string, string | number> = mode === 'offset' ? { fill: c, stroke: '#fff', 'stroke-width': 0.6 } : { fill: 'none', stroke: c, 'stroke-width': 1, 'stroke-opacity': 0.8 };
    const path = svg('path', { d, class: 'hist-slice', 'data-step': s.step, ...attrs });
    const title = svg('title');
    title.textContent = `step ${s.step}`;
    path.append(title);
    g.append(path);
  });
  root.append(g, bottomAxis(valueX, niceTicks(data.lo, data.hi, 5), H - M.bottom, M.left, W - M.right));
  const axis = svg('g', { class: 'axis' });
  if (mode === 'offset') stepAxis(axis, data.steps.map((s) => s.step), baseOf);
  root.append(axis);
  attachHistogramHover(root, data, { left: M.left, right: W - M.right, top: M.top, bottom: H - M.bottom, baseOf, sliceHeight: sliceH, overlay: mode === 'overlay' });
  return root;
}
