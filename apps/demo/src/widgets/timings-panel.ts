/** A line in the story's toolbar: how long each loading phase took, from `graph-loaded`. */
import { formatMs, h } from '../dom.js';
import type { GraphLoadedDetail, LoadTimings } from '../tf-graph-api.js';

const ROWS: ReadonlyArray<[keyof LoadTimings, string]> = [
  ['readMs', 'read'],
  ['decodeMs', 'decode'],
  ['hierarchyMs', 'hierarchy'],
  ['layoutMs', 'layout'],
  ['firstFrameMs', 'first frame'],
];

export interface TimingsPanel {
  root: HTMLElement;
  show(d: GraphLoadedDetail): void;
  clear(): void;
}

/**
 * The line keeps its room while it has nothing to show (before the first load, after a failed
 * one): its coming and going would move the graph below it.
 */
export function timingsPanel(): TimingsPanel {
  const root = h('span', { class: 'timings vacant', 'aria-label': 'Load timings' });
  const fill = (head: string, value: (key: keyof LoadTimings) => string) =>
    root.replaceChildren(h('b', {}, head), ...ROWS.map(([key, name]) => h('span', { class: 'phase' }, `${name} ${value(key)}`)));
  // Hidden, and about as wide as real timings, so that the first ones wrap (if at all) as it did.
  fill('10,000 ops in 000 ms', () => '000 ms');
  return {
    root,
    show(d) {
      const total = ROWS.reduce((sum, [key]) => sum + (d.timings[key] ?? 0), 0);
      fill(`${d.nodeCount.toLocaleString('en-US')} ${d.nodeCount === 1 ? 'op' : 'ops'} in ${formatMs(total)}`, (key) => formatMs(d.timings[key]));
      root.classList.remove('vacant');
    },
    clear() {
      root.classList.add('vacant');
    },
  };
}
