/**
 * Scalar rows → what the chart draws: per run, x by step / relative time / wall time, the raw
 * values and their smoothed line, in x order; then all runs joined on one x array (uPlot's
 * aligned data). Pure, so it is tested without a browser.
 */
import { num } from '../core/api.js';
import type { XAxis } from '../core/store.js';
import type { ScalarRow } from '../core/types.js';
import { smooth } from './smoothing.js';

export interface RunSeries {
  run: string;
  /** Sorted by x. */
  x: number[];
  raw: number[];
  smoothed: number[];
  step: number[];
  wall: number[];
}

/** x of one point: the step, seconds since the run's first point, or the wall time in seconds. */
export function xOf(mode: XAxis, step: number, wall: number, firstWall: number): number {
  if (mode === 'step') return step;
  return mode === 'relative' ? wall - firstWall : wall;
}

/** One run's rows as a series: smoothed in the server's (step) order, then sorted by x. */
export function runSeries(run: string, rows: readonly ScalarRow[], mode: XAxis, weight: number): RunSeries {
  const values = rows.map((r) => num(r[2]));
  const smoothed = weight > 0 ? smooth(values, weight) : values;
  const firstWall = rows.length ? Math.min(...rows.map((r) => r[0])) : 0;
  const order = rows.map((_, i) => i);
  const xs = rows.map((r) => xOf(mode, r[1], r[0], firstWall));
  order.sort((a, b) => xs[a]! - xs[b]! || a - b);
  return {
    run,
    x: order.map((i) => xs[i]!),
    raw: order.map((i) => values[i]!),
    smoothed: order.map((i) => smoothed[i]!),
    step: order.map((i) => rows[i]![1]),
    wall: order.map((i) => rows[i]![0]),
  };
}

/** A value as drawn: non-finite values and (on a log scale) values ≤ 0 are gaps. */
function drawable(v: number, logY: boolean): number | null {
  return Number.isFinite(v) && (!logY || v > 0) ? v : null;
}

export interface Aligned {
  /** [x, then per run: raw, smoothed (when smoothing)] */
  data: Array<Array<number | null>>;
  /** What each y column is. */
  columns: Array<{ run: string; kind: 'raw' | 'smoothed' }>;
}

/** All runs on one sorted x array, with null where a run has no point at that x. */
export function align(series: readonly RunSeries[], smoothing: boolean, logY: boolean): Aligned {
  const xs = [...new Set(series.flatMap((s) => s.x))].sort((a, b) => a - b);
  const at = new Map(xs.map((x, i) => [x, i]));
  const columns: Aligned['columns'] = [];
  const data: Aligned['data'] = [xs];
  for (const s of series) {
    const kinds: Array<'raw' | 'smoothed'> = smoothing ? ['raw', 'smoothed'] : ['raw'];
    for (const kind of kinds) {
      const col: Array<number | null> = new Array<number | null>(xs.length).fill(null);
      const ys = kind === 'raw' ? s.raw : s.smoothed;
      s.x.forEach((x, i) => (col[at.get(x)!] = drawable(ys[i]!, logY)));
      data.push(col);
      columns.push({ run: s.run, kind });
    }
  }
  return { data, columns };
}

/** TensorBoard's default y extent: 5th–95th percentile when ignoring outliers (index picks), else min–max. */
export function yExtent(values: readonly number[], ignoreOutliers: boolean): [number, number] | null {
  const ys = values.filter((v) => Number.isFinite(v)).sort((a, b) => a - b);
  if (!ys.length) return null;
  if (!ignoreOutliers || ys.length <= 2) return [ys[0]!, ys[ys.length - 1]!];
  const n = ys.length;
  return [ys[Math.ceil((n - 1) * 0.05)]!, ys[Math.floor((n - 1) * 0.95)]!];
}

/** The linear domain, padded 5%; a zero-width one widened as TensorBoard does. */
export function linearDomain([lo, hi]: [number, number]): [number, number] {
  if (lo === hi) {
    if (lo === 0) return [-1, 1];
    return lo > 0 ? [0, 2 * lo] : [2 * lo, 0];
  }
  const pad = (hi - lo) * 0.05;
  return [lo - pad, hi + pad];
}

/** "1d 2h 3m 4s" for a duration in seconds (TensorBoard's relative axis). */
export function formatDuration(seconds: number): string {
  const s = Math.round(Math.abs(seconds));
  const parts: string[] = [];
  const units: Array<[number, string]> = [[86400, 'd'], [3600, 'h'], [60, 'm'], [1, 's']];
  let rest = s;
  for (const [size, unit] of units) {
    const q = Math.floor(rest / size);
    rest -= q * size;
    if (q || (unit === 's' && !parts.length)) parts.push(`${q}${unit}`);
  }
  return (seconds < 0 ? '-' : '') + parts.join(' ');
}

/** A compact number like TensorBoard's `.4~s`-ish labels: 0.1235, 1.235e+5. */
export function formatValue(v: number | null | undefined): string {
  if (v === null || v === undefined || Number.isNaN(v)) return '–';
  if (!Number.isFinite(v)) return v > 0 ? '∞' : '-∞';
  const a = Math.abs(v);
  if (a !== 0 && (a >= 1e5 || a < 1e-3)) return v.toExponential(3);
  return String(Number(v.toPrecision(4)));
}
