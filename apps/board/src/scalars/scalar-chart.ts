/**
 * One scalar chart, drawn by uPlot: per run a faded raw line and the smoothed line in the run's
 * colour (only the raw line, at full strength, when smoothing is 0); x by step, relative or wall
 * time; a linear or log y scale; drag to zoom, double-click to reset; a tooltip listing every
 * run at the hovered x.
 */
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import type { Settings } from '../core/store.js';
import { DURATION_INCRS, durationTick, STEP_INCRS, stepTick } from './axis-ticks.js';
import { align, formatValue, linearDomain, yExtent, type RunSeries } from './series.js';
import { tooltipPlugin } from './tooltip.js';

export interface ChartInput {
  series: RunSeries[];
  colorOf: (run: string) => string;
  settings: Settings;
  width: number;
  height: number;
}

/** `#rrggbb` at `alpha`. */
export function withAlpha(hex: string, alpha: number): string {
  const n = parseInt(hex.slice(1), 16);
  return `rgba(${(n >> 16) & 255}, ${(n >> 8) & 255}, ${n & 255}, ${alpha})`;
}

function yRange(input: ChartInput, smoothing: boolean): uPlot.Scale.Range {
  const { settings } = input;
  const values = input.series.flatMap((s) => (smoothing ? s.smoothed : s.raw));
  return () => {
    const ext = yExtent(values, settings.ignoreOutliers);
    return ext ? linearDomain(ext) : [-1, 1];
  };
}

/** A y tick label; on a log scale only 1, 2 and 5 times a power of ten are labelled. */
function yLabel(t: number | null, log: boolean): string {
  if (t === null || t === undefined) return '';
  if (log && t > 0 && ![1, 2, 5].includes(Math.round(t / Math.pow(10, Math.floor(Math.log10(t)))))) return '';
  return formatValue(t);
}

const AXIS: uPlot.Axis = { stroke: '#616161', grid: { stroke: '#eeeeee', width: 1 }, ticks: { stroke: '#e0e0e0', width: 1 }, font: '11px Roboto, sans-serif' };

function xAxis(mode: Settings['xAxis']): uPlot.Axis {
  // Relative labels ("1d 6h 30m") are wider than a step's: more room between ticks.
  if (mode === 'relative') return { ...AXIS, incrs: [...DURATION_INCRS], space: 70, values: (_u, ticks, _axis, _space, incr) => ticks.map((t) => durationTick(t, incr)) };
  if (mode === 'step') return { ...AXIS, incrs: [...STEP_INCRS], values: (_u, ticks) => ticks.map(stepTick) };
  return AXIS;
}

function seriesOptions(input: ChartInput, columns: ReturnType<typeof align>['columns'], smoothing: boolean): uPlot.Series[] {
  return columns.map((c) => {
    const color = input.colorOf(c.run);
    const faded = smoothing && c.kind === 'raw';
    // A series of a few points shows its points: one point alone draws no line.
    const few = (input.series.find((s) => s.run === c.run)?.x.length ?? 0) <= 20;
    return {
      label: `${c.run}${c.kind === 'raw' && smoothing ? ' (raw)' : ''}`,
      stroke: faded ? withAlpha(color, 0.28) : color,
      width: faded ? 1 : 1.5,
      spanGaps: true,
      points: { show: few && !faded, size: 5, fill: color },
    };
  });
}

/** A uPlot chart in `target` for `input`; the caller destroys it. */
export function scalarChart(target: HTMLElement, input: ChartInput): uPlot {
  const { settings } = input;
  const smoothing = settings.smoothing > 0;
  const { data, columns } = align(input.series, smoothing, settings.logY);
  const opts: uPlot.Options = {
    width: input.width,
    height: input.height,
    legend: { show: false },
    cursor: { drag: { x: true, y: false }, points: { show: false } },
    scales: {
      x: { time: settings.xAxis === 'wall' },
      // Log: uPlot's own range, snapped to powers of ten (a custom one breaks its log ticks).
      y: settings.logY ? { distr: 3, log: 10 } : { distr: 1, range: yRange(input, smoothing) },
    },
    axes: [xAxis(settings.xAxis), { ...AXIS, values: (_u, ticks) => ticks.map((t) => yLabel(t, settings.logY)), size: 56 }],
    series: [{}, ...seriesOptions(input, columns, smoothing)],
    plugins: [tooltipPlugin(input, settings)],
  };
  return new uPlot(opts, data as uPlot.AlignedData, target);
}
