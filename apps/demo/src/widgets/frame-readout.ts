/** Live frame times from the element's `frame` events: last, p50 and p95 of the last 60. */
import { formatMs, h } from '../dom.js';
import { FrameStats } from '../frame-stats.js';
import type { FrameInfo } from '../tf-graph-api.js';

export interface FrameReadout {
  root: HTMLElement;
  frame(d: FrameInfo): void;
  reset(): void;
}

export function frameReadout(): FrameReadout {
  const stats = new FrameStats(60);
  const cells = { last: h('output'), p50: h('output'), p95: h('output'), nodes: h('output'), count: h('output') };
  const item = (name: string, out: HTMLElement) => h('span', { class: 'readout-item' }, h('span', { class: 'readout-name' }, name), out);
  const root = h(
    'div',
    { class: 'readout', 'aria-label': 'Frame times' },
    item('frame', cells.last),
    item('p50', cells.p50),
    item('p95', cells.p95),
    item('visible nodes', cells.nodes),
    item('frames', cells.count),
  );
  let visible = NaN;
  const render = () => {
    const s = stats.summary();
    cells.last.textContent = formatMs(s.last);
    cells.p50.textContent = formatMs(s.p50);
    cells.p95.textContent = formatMs(s.p95);
    cells.nodes.textContent = Number.isNaN(visible) ? '–' : visible.toLocaleString('en-US');
    cells.count.textContent = `${s.count}/${stats.window}`;
  };
  render();
  return {
    root,
    frame(d) {
      stats.push(d.ms);
      visible = d.visibleNodes;
      render();
    },
    reset() {
      stats.clear();
      visible = NaN;
      render();
    },
  };
}
