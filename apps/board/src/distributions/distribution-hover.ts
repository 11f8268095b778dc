/**
 * The distribution chart's readout under the pointer: a guide at the nearest step, dots on its
 * nine percentiles, and a caption with the step, the minimum, the median and the maximum.
 */
import { attachReadout, placeGuide, type ChartReadout } from '../core/chart-readout.js';
import { svg } from '../core/dom.js';
import { tickLabel, type Scale } from '../core/svg-chart.js';

/** One step of the chart: where it is drawn (x, viewBox units) and its nine percentile values. */
export interface DistributionPoint {
  step: number;
  px: number;
  values: number[];
}

/** The point nearest `x` (viewBox units), or −1. */
export function nearestPoint(points: readonly DistributionPoint[], x: number): number {
  let best = -1;
  for (let i = 0; i < points.length; i++) if (best < 0 || Math.abs(points[i]!.px - x) < Math.abs(points[best]!.px - x)) best = i;
  return best;
}

export function distributionReadout(p: DistributionPoint): string {
  return `step ${p.step.toLocaleString()} · min ${tickLabel(p.values[0]!)} · median ${tickLabel(p.values[4]!)} · max ${tickLabel(p.values[8]!)}`;
}

/** Adds the readout to `root` over the plot [left, right] × [top, bottom]; `y` maps values to the viewBox. */
export function attachDistributionHover(root: SVGSVGElement, points: readonly DistributionPoint[], y: Scale, plot: { left: number; right: number; top: number; bottom: number }): void {
  const dots = Array.from({ length: 9 }, () => svg('circle', { r: 1.8, class: 'dist-dot' }));
  const show = (x: number, _y: number, r: ChartReadout): boolean => {
    const i = x >= plot.left && x <= plot.right ? nearestPoint(points, x) : -1;
    if (i < 0) return false;
    const p = points[i]!;
    placeGuide(r, p.px);
    dots.forEach((d, k) => {
      d.setAttribute('cx', p.px.toFixed(1));
      d.setAttribute('cy', y(p.values[k]!).toFixed(1));
    });
    r.caption.textContent = distributionReadout(p);
    return true;
  };
  // The dots under the caption.
  attachReadout(root, { ...plot, left: plot.left + 4 }, 'dist-hover', show).caption.before(...dots);
}
