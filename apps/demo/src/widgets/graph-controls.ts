/**
 * A story's toolbar: what a host page can do from outside the element (set `color-by`, call
 * `fit()`), and the name of the selected node.
 */
import { h } from '../dom.js';
import { COLOR_MODES, onTfGraph, type ColorBy, type TfGraph } from '../tf-graph-api.js';

export interface GraphControls {
  root: HTMLElement;
  /** Extra buttons or readouts at the end of the bar. */
  add(...nodes: Node[]): void;
  dispose: () => void;
}

export function graphControls(el: TfGraph, colorBy: ColorBy): GraphControls {
  const select = h('select', { 'aria-label': 'Colour by', name: 'color-by' });
  for (const mode of COLOR_MODES) select.append(h('option', { value: mode, selected: mode === colorBy }, mode));
  select.addEventListener('change', () => (el.colorBy = select.value as ColorBy));
  const fit = h('button', { type: 'button', class: 'fit', onclick: () => el.fit() }, 'Fit');
  const selection = h('span', { class: 'selection', title: 'Selected node' });
  const extra = h('span', { class: 'toolbar-extra' });
  // The element has its own colour menu: a change there is drawn, so follow it on each frame.
  const stop = onTfGraph(el, {
    frame: () => {
      if (select.value !== el.colorBy) select.value = el.colorBy;
    },
    select: (d) => (selection.textContent = d.name),
  });
  const root = h('div', { class: 'toolbar' }, h('label', {}, 'Colour by ', select), fit, extra, selection);
  return { root, add: (...nodes) => extra.append(...nodes), dispose: stop };
}
