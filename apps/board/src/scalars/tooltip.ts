/**
 * The scalar chart's tooltip: at the hovered x, each run's nearest point (its smoothed value,
 * value, step and relative time), like TensorBoard's Name / Smoothed / Value / Step / Relative
 * columns, sorted nearest to the cursor first.
 */
import type uPlot from 'uplot';
import { h } from '../core/dom.js';
import type { Settings } from '../core/store.js';
import { formatDuration, formatValue, type RunSeries } from './series.js';

interface TooltipInput {
  series: RunSeries[];
  colorOf: (run: string) => string;
}

/** Index of the point of sorted `xs` nearest to `x` (−1 when empty). */
export function nearestIndex(xs: readonly number[], x: number): number {
  if (!xs.length) return -1;
  let lo = 0;
  let hi = xs.length - 1;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (xs[mid]! < x) lo = mid + 1;
    else hi = mid;
  }
  return lo > 0 && Math.abs(xs[lo - 1]! - x) <= Math.abs(xs[lo]! - x) ? lo - 1 : lo;
}

interface Row {
  run: string;
  smoothed: number;
  value: number;
  step: number;
  relative: number;
  distance: number;
}

function rowsAt(u: uPlot, input: TooltipInput, left: number, top: number, smoothing: boolean): Row[] {
  const x = u.posToVal(left, 'x');
  const rows: Row[] = [];
  for (const s of input.series) {
    const i = nearestIndex(s.x, x);
    if (i < 0) continue;
    const y = smoothing ? s.smoothed[i]! : s.raw[i]!;
    const dx = u.valToPos(s.x[i]!, 'x') - left;
    const dy = Number.isFinite(y) ? u.valToPos(y, 'y') - top : 1e9;
    rows.push({ run: s.run, smoothed: s.smoothed[i]!, value: s.raw[i]!, step: s.step[i]!, relative: s.wall[i]! - s.wall[0]!, distance: dx * dx + dy * dy });
  }
  return rows.sort((a, b) => a.distance - b.distance);
}

function table(rows: Row[], colorOf: (run: string) => string, smoothing: boolean): HTMLTableElement {
  const head = ['', 'Run', ...(smoothing ? ['Smoothed'] : []), 'Value', 'Step', 'Relative'];
  return h(
    'table',
    {},
    h('thead', {}, h('tr', {}, ...head.map((t) => h('th', {}, t)))),
    h(
      'tbody',
      {},
      ...rows.map((r) => {
        const swatch = h('span', { class: 'swatch' });
        swatch.style.background = colorOf(r.run);
        return h(
          'tr',
          {},
          h('td', {}, swatch),
          h('td', { class: 'tt-run' }, r.run),
          smoothing ? h('td', {}, formatValue(r.smoothed)) : null,
          h('td', {}, formatValue(r.value)),
          h('td', {}, String(r.step)),
          h('td', {}, formatDuration(r.relative)),
        );
      }),
    ),
  );
}

export function tooltipPlugin(input: TooltipInput, settings: Settings): uPlot.Plugin {
  const tip = h('div', { class: 'chart-tooltip', hidden: true });
  const smoothing = settings.smoothing > 0;
  return {
    hooks: {
      init: (u) => void u.over.append(tip),
      setCursor: (u) => {
        const { left, top } = u.cursor;
        if (left === undefined || top === undefined || left < 0) {
          tip.hidden = true;
          return;
        }
        const rows = rowsAt(u, input, left, top, smoothing);
        tip.hidden = rows.length === 0;
        tip.replaceChildren(table(rows, input.colorOf, smoothing));
        // Beside the cursor, on its left when it would overflow the card, never past the card's left edge.
        const width = tip.offsetWidth;
        let x = left + 12;
        if (x + width > u.over.clientWidth + 24) x = left - 12 - width;
        tip.style.left = `${Math.max(x, 4 - u.over.offsetLeft)}px`;
        tip.style.top = `${Math.min(top + 12, Math.max(0, u.over.clientHeight - tip.offsetHeight))}px`;
      },
    },
  };
}
