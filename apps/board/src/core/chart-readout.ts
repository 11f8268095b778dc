/**
 * A readout over an SVG chart, shown while the pointer is over it: a guide line across the plot
 * and a caption at its top-left, in a layer of their own (`class`), filled by the chart's `show`
 * for each pointer position in viewBox units. The histogram and distribution charts use it.
 */
import { svg } from './dom.js';

export interface ChartReadout {
  layer: SVGGElement;
  guide: SVGLineElement;
  caption: SVGTextElement;
}

/** `show` returns false where there is nothing to read (the layer hides); `leave` when the pointer goes. */
export function attachReadout(root: SVGSVGElement, plot: { left: number; top: number; bottom: number }, cls: string, show: (x: number, y: number, r: ChartReadout) => boolean, leave?: () => void): ChartReadout {
  const layer = svg('g', { class: cls, visibility: 'hidden', 'pointer-events': 'none' });
  const guide = svg('line', { y1: plot.top, y2: plot.bottom, class: 'hist-guide' });
  const caption = svg('text', { x: plot.left, y: plot.top + 9, class: 'hist-readout' });
  layer.append(guide, caption);
  root.append(layer);
  const r = { layer, guide, caption };
  root.addEventListener('pointermove', (e) => {
    const m = root.getScreenCTM();
    if (!m) return;
    const p = new DOMPoint(e.clientX, e.clientY).matrixTransform(m.inverse());
    layer.setAttribute('visibility', show(p.x, p.y, r) ? 'visible' : 'hidden');
  });
  root.addEventListener('pointerleave', () => {
    layer.setAttribute('visibility', 'hidden');
    leave?.();
  });
  return r;
}

/** Puts the guide at x (viewBox units). */
export function placeGuide(r: ChartReadout, x: number): void {
  r.guide.setAttribute('x1', x.toFixed(1));
  r.guide.setAttribute('x2', x.toFixed(1));
}
