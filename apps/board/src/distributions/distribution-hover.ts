/**
 * The distribution chart's readout under the pointer: a guide at the nearest step, dots on its
 * nine percentiles, and a caption with the step, the minimum, the median and the maximum.
 */
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
  const layer = svg('g', { class: 'dist-hover', visibility: 'hidden', 'pointer-events': 'none' });
  const guide = svg('line', { y1: plot.top, y2: plot.bottom, class: 'hist-guide' });
  const dots = Array.from({ length: 9 }, () => svg('circle', { r: 1.8, class: 'dist-dot' }));
  const caption = svg('text', { x: plot.left + 4, y: plot.top + 9, class: 'hist-readout' });
  layer.append(guide, ...dots, caption);
  root.append(layer);
  root.addEventListener('pointermove', (e) => {
    const m = root.getScreenCTM();
    if (!m) return;
    const q = new DOMPoint(e.clientX, e.clientY).matrixTransform(m.inverse());
    const i = q.x >= plot.left && q.x <= plot.right ? nearestPoint(points, q.x) : -1;
    layer.setAttribute('visibility', i >= 0 ? 'visible' : 'hidden');
    if (i < 0) return;
    const p = points[i]!;
    for (const a of ['x1', 'x2']) guide.setAttribute(a, p.px.toFixed(1));
    dots.forEach((d, k) => {
      d.setAttribute('cx', p.px.toFixed(1));
      d.setAttribute('cy', y(p.values[k]!).toFixed(1));
    });
    caption.textContent = distributionReadout(p);
  });
  root.addEventListener('pointerleave', () => layer.setAttribute('visibility', 'hidden'));
}
