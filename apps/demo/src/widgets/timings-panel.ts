/** The small panel that shows how long each loading phase took, from `graph-loaded`. */
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
  const list = h('dl');
  const root = h('aside', { class: 'timings', 'aria-label': 'Load timings', hidden: true }, h('h2', {}, 'Loaded in'), list);
  const row = (name: string, value: string, cls?: string) => [h('dt', { class: cls }, name), h('dd', { class: cls }, value)];
  return {
    root,
    show(d) {
      const total = ROWS.reduce((sum, [key]) => sum + (d.timings[key] ?? 0), 0);
      list.replaceChildren(
        ...row('nodes', d.nodeCount.toLocaleString('en-US')),
        ...ROWS.flatMap(([key, name]) => row(name, formatMs(d.timings[key]))),
        ...row('total', formatMs(total), 'total'),
      );
      root.hidden = false;
    },
    clear() {
      list.replaceChildren();
      root.hidden = true;
    },
  };
}
