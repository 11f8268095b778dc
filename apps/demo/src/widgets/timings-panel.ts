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

export function timingsPanel(): TimingsPanel {
  const root = h('span', { class: 'timings', 'aria-label': 'Load timings', hidden: true });
  return {
    root,
    show(d) {
      const total = ROWS.reduce((sum, [key]) => sum + (d.timings[key] ?? 0), 0);
      root.replaceChildren(
        h('b', {}, `${d.nodeCount.toLocaleString('en-US')} nodes in ${formatMs(total)}`),
        ...ROWS.map(([key, name]) => h('span', { class: 'phase' }, `${name} ${formatMs(d.timings[key])}`)),
      );
      root.hidden = false;
    },
    clear() {
      root.replaceChildren();
      root.hidden = true;
    },
  };
}
