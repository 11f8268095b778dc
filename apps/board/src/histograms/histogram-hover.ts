/**
 * The histogram chart's readout under the pointer, as TensorBoard's: the slice nearest the pointer
 * is outlined, a guide line marks the value, and a caption gives the step, the value and the
 * count of the bin there (core/chart-readout.ts).
 */
import { attachReadout, placeGuide, type ChartReadout } from '../core/chart-readout.js';
import { tickLabel } from '../core/svg-chart.js';
import type { Rebinned } from './rebin.js';

/** Where the chart put things (histogram-chart.ts), in its viewBox units. */
export interface HistogramGeometry {
  left: number;
  right: number;
  top: number;
  bottom: number;
  /** Baseline of slice i, and its height at full count. */
  baseOf: (i: number) => number;
  sliceHeight: number;
  overlay: boolean;
}

/** The slice a pointer at (x, y) reads: offset, the ridge whose baseline is next below it; overlay, the outline nearest it. */
export function sliceAt(data: Rebinned, g: HistogramGeometry, x: number, y: number): { slice: number; bin: number } | null {
  const n = data.steps.length;
  const bins = data.steps[0]?.bins.length ?? 0;
  if (!n || !bins || x < g.left || x > g.right) return null;
  const bin = Math.min(bins - 1, Math.max(0, Math.floor(((x - g.left) / (g.right - g.left)) * bins)));
  const curveY = (i: number) => g.baseOf(i) - (data.maxCount > 0 ? (data.steps[i]!.bins[bin]! / data.maxCount) * g.sliceHeight : 0);
  let best = 0;
  if (g.overlay) {
    for (let i = 1; i < n; i++) if (Math.abs(curveY(i) - y) < Math.abs(curveY(best) - y)) best = i;
  } else {
    best = n - 1;
    for (let i = 0; i < n; i++)
      if (g.baseOf(i) >= y) {
        best = i;
        break;
      }
  }
  return { slice: best, bin };
}

/** What the caption says for a slice and bin. */
export function readout(data: Rebinned, slice: number, bin: number): string {
  const s = data.steps[slice]!;
  const width = (data.hi - data.lo) / s.bins.length;
  const centre = data.lo + (bin + 0.5) * width;
  return `step ${s.step.toLocaleString()} · value ${tickLabel(centre)} · count ${tickLabel(s.bins[bin]!)}`;
}

/** Adds the readout to `root` (the chart's svg, whose slices are `.hist-slice` in step order). */
export function attachHistogramHover(root: SVGSVGElement, data: Rebinned, g: HistogramGeometry): void {
  const slices = root.querySelectorAll<SVGPathElement>('.hist-slice');
  let lit: SVGPathElement | null = null;
  const light = (p: SVGPathElement | null) => {
    lit?.classList.remove('lit');
    lit = p;
    lit?.classList.add('lit');
  };
  const show = (x: number, y: number, r: ChartReadout): boolean => {
    const hit = sliceAt(data, g, x, y);
    light(hit ? (slices[hit.slice] ?? null) : null);
    if (!hit) return false;
    placeGuide(r, x);
    r.caption.textContent = readout(data, hit.slice, hit.bin);
    return true;
  };
  attachReadout(root, g, 'hist-hover', show, () => light(null));
}
