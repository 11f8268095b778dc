/** Small SVG chart helpers shared by the histogram and distribution charts: nice ticks, scales, axes, colours. */
import { svg } from './dom.js';

/** About `n` round tick values in [lo, hi]. */
export function niceTicks(lo: number, hi: number, n = 5): number[] {
  if (!(hi > lo)) return [lo];
  const raw = (hi - lo) / n;
  const mag = Math.pow(10, Math.floor(Math.log10(raw)));
  const step = [1, 2, 5, 10].map((m) => m * mag).find((s) => s >= raw) ?? 10 * mag;
  const ticks: number[] = [];
  for (let t = Math.ceil(lo / step) * step; t <= hi + step * 1e-9; t += step) ticks.push(Number(t.toPrecision(12)));
  return ticks;
}

export type Scale = (v: number) => number;

export function linear(d0: number, d1: number, r0: number, r1: number): Scale {
  const k = d1 === d0 ? 0 : (r1 - r0) / (d1 - d0);
  return (v) => r0 + (v - d0) * k;
}

export function tickLabel(v: number): string {
  const a = Math.abs(v);
  if (a !== 0 && (a >= 1e5 || a < 1e-3)) return v.toExponential(1);
  return String(Number(v.toPrecision(4)));
}

export function text(x: number, y: number, s: string, anchor: 'start' | 'middle' | 'end', cls = 'tick'): SVGTextElement {
  const t = svg('text', { x, y, 'text-anchor': anchor, class: cls });
  t.textContent = s;
  return t;
}

/** A bottom axis: a line and labelled ticks. */
export function bottomAxis(scale: Scale, ticks: number[], y: number, x0: number, x1: number, label = tickLabel): SVGGElement {
  const g = svg('g', { class: 'axis' });
  g.append(svg('line', { x1: x0, x2: x1, y1: y, y2: y }));
  for (const t of ticks) {
    const x = scale(t);
    g.append(svg('line', { x1: x, x2: x, y1: y, y2: y + 4 }), text(x, y + 15, label(t), 'middle'));
  }
  return g;
}

/** A left axis with light grid lines across the plot. */
export function leftAxis(scale: Scale, ticks: number[], x: number, width: number): SVGGElement {
  const g = svg('g', { class: 'axis' });
  for (const t of ticks) {
    const y = scale(t);
    g.append(svg('line', { x1: x, x2: x + width, y1: y, y2: y, class: 'grid' }), text(x - 4, y + 3, tickLabel(t), 'end'));
  }
  return g;
}

function rgb(hex: string): [number, number, number] {
  const n = parseInt(hex.slice(1), 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
}

/** `hex` mixed towards white (t < 0) or black (t > 0) by |t|. */
export function shade(hex: string, t: number): string {
  const target = t < 0 ? 255 : 0;
  const a = Math.abs(t);
  const [r, g, b] = rgb(hex).map((c) => Math.round(c + (target - c) * a));
  return `rgb(${r}, ${g}, ${b})`;
}
