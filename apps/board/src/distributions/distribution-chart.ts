/**
 * A distribution as TensorBoard draws it (§9.2): eight stacked bands between the nine
 * compressed-histogram percentiles over time, in the run's colour; band i's opacity comes from
 * TensorBoard's own chart array (±2σ at the ends), so the central bands are the darkest.
 */
import { num } from '../core/api.js';
import { svg } from '../core/dom.js';
import type { XAxis } from '../core/store.js';
import { bottomAxis, leftAxis, linear, niceTicks, tickLabel } from '../core/svg-chart.js';
import type { DistributionRow } from '../core/types.js';
import { formatDuration, xOf } from '../scalars/series.js';
import { attachDistributionHover } from './distribution-hover.js';

/** The chart's opacity basis points (not the backend's: TensorBoard uses ±2σ here). */
const OPACITY_BPS = [0, 228, 1587, 3085, 5000, 6915, 8413, 9772, 10000];

export function bandOpacity(i: number): number {
  return (OPACITY_BPS[i + 1]! - OPACITY_BPS[i]!) / 2500;
}

const W = 440;
const H = 300;
const M = { left: 52, right: 14, top: 10, bottom: 26 };

interface Point {
  x: number;
  step: number;
  values: number[];
}

function points(rows: readonly DistributionRow[], xAxis: XAxis): Point[] {
  const sorted = [...rows].sort((a, b) => a[1] - b[1]);
  const firstWall = Math.min(...sorted.map((r) => r[0]));
  return sorted.map(([wall, step, bps]) => ({ x: xOf(xAxis, step, wall, firstWall), step, values: bps.map((b) => num(b[1])) })).filter((p) => p.values.length === 9 && p.values.every(Number.isFinite));
}

export function distributionChart(rows: readonly DistributionRow[], color: string, xAxis: XAxis): SVGSVGElement {
  const pts = points(rows, xAxis);
  const root = svg('svg', { viewBox: `0 0 ${W} ${H}`, class: 'distribution-chart', 'data-points': pts.length });
  if (!pts.length) return root;
  const xs = pts.map((p) => p.x);
  const [x0, x1] = [Math.min(...xs), Math.max(...xs)];
  const lo = Math.min(...pts.map((p) => p.values[0]!));
  const hi = Math.max(...pts.map((p) => p.values[8]!));
  const pad = hi > lo ? (hi - lo) * 0.05 : 1;
  const x = linear(x0, x1 > x0 ? x1 : x0 + 1, M.left, W - M.right);
  const y = linear(lo - pad, hi + pad, H - M.bottom, M.top);
  root.append(leftAxis(y, niceTicks(lo - pad, hi + pad, 5), M.left, W - M.left - M.right));
  const bands = svg('g', { class: 'bands' });
  for (let i = 0; i < 8; i++) {
    const top = pts.map((p) => `${x(p.x).toFixed(1)},${y(p.values[i + 1]!).toFixed(1)}`);
    const bottom = pts.map((p) => `${x(p.x).toFixed(1)},${y(p.values[i]!).toFixed(1)}`).reverse();
    bands.append(svg('path', { d: `M${top.join('L')}L${bottom.join('L')}Z`, class: 'dist-band', fill: color, 'fill-opacity': bandOpacity(i).toFixed(3), stroke: color, 'stroke-opacity': 0.15, 'stroke-width': 0.5 }));
  }
  const label = xAxis === 'relative' ? formatDuration : xAxis === 'wall' ? (t: number) => new Date(t * 1000).toLocaleTimeString() : tickLabel;
  root.append(bands, bottomAxis(x, niceTicks(x0, x1, 5), H - M.bottom, M.left, W - M.right, label));
  attachDistributionHover(root, pts.map((p) => ({ step: p.step, px: x(p.x), values: p.values })), y, { left: M.left, right: W - M.right, top: M.top, bottom: H - M.bottom });
  return root;
}
