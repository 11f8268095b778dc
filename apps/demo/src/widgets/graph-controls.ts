/**
 * A story's toolbar: the name of the selected node (from `node-select`), how long the graph took
 * to load (from `graph-loaded`), and any extras of the story. Colour mode and fit are the
 * element's own toolbar.
 */
import { h } from '../dom.js';
import { onTfGraph, type TfGraph } from '../tf-graph-api.js';

export interface GraphControls {
  root: HTMLElement;
  /** Extra buttons or readouts at the end of the bar. */
  add(...nodes: Node[]): void;
  dispose: () => void;
}

export function graphControls(el: TfGraph, ...readouts: HTMLElement[]): GraphControls {
  const selection = h('span', { class: 'selection', title: 'Selected node' });
  const extra = h('span', { class: 'toolbar-extra' });
  const stop = onTfGraph(el, {
    select: (d) => {
      // Marked left-to-right inside the right-to-left box: cut, the name loses its start, not its leaf.
      selection.textContent = d.name ? `\u200e${d.name}\u200e` : '';
      selection.title = d.name ? `Selected node: ${d.name}` : 'Selected node';
    },
  });
  const root = h('div', { class: 'toolbar' }, ...readouts, extra, selection);
  return { root, add: (...nodes) => extra.append(...nodes), dispose: stop };
}
