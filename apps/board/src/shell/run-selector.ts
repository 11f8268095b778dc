/**
 * The run selector, shared by every tab: a regex filter, a toggle-all box, and one checkbox per
 * run with its colour. Unchecking a run or filtering it out hides it in every tab.
 */
import { h } from '../core/dom.js';
import { regexFilter } from '../core/regex.js';
import type { Store } from '../core/store.js';

export interface RunSelector {
  root: HTMLElement;
}

function runRow(store: Store, run: string): HTMLElement {
  const box = h('input', { type: 'checkbox', 'data-run': run });
  box.checked = store.isChecked(run);
  box.addEventListener('change', () => store.setChecked([run], box.checked));
  const swatch = h('span', { class: 'swatch' });
  swatch.style.background = store.colors.get(run);
  return h('label', { class: 'run', title: run }, box, swatch, h('span', { class: 'run-name' }, run));
}

function filterInput(store: Store, onError: (message: string) => void): HTMLInputElement {
  const input = h('input', { type: 'search', class: 'run-filter', placeholder: 'Filter runs (regex)', 'aria-label': 'Filter runs (regex)' });
  input.value = store.runFilter;
  input.addEventListener('input', () => {
    const f = regexFilter(input.value);
    input.classList.toggle('invalid', !f.ok);
    onError(f.ok ? '' : f.error);
    store.setRunFilter(input.value);
  });
  return input;
}

export function runSelector(store: Store): RunSelector {
  const error = h('div', { class: 'field-error', role: 'alert' });
  const filter = filterInput(store, (m) => (error.textContent = m));
  const all = h('input', { type: 'checkbox', class: 'toggle-all', 'aria-label': 'Toggle all runs' });
  all.addEventListener('change', () => store.setChecked(store.filteredRuns(), all.checked));
  const count = h('span', { class: 'muted run-count' });
  const list = h('div', { class: 'run-list' });
  const root = h(
    'section',
    { class: 'runs', 'aria-label': 'Runs' },
    h('h3', {}, 'Runs'),
    filter,
    error,
    h('label', { class: 'run toggle' }, all, h('span', {}, 'All runs'), count),
    list,
  );

  function render(): void {
    const runs = store.filteredRuns();
    list.replaceChildren(...runs.map((r) => runRow(store, r)));
    if (!runs.length) list.append(h('div', { class: 'muted' }, store.runs.length ? 'No run matches the filter.' : 'No runs yet.'));
    const checked = runs.filter((r) => store.isChecked(r)).length;
    all.checked = runs.length > 0 && checked === runs.length;
    all.indeterminate = checked > 0 && checked < runs.length;
    count.textContent = `${checked}/${runs.length}`;
  }
  store.subscribe((c) => c !== 'settings' && render());
  render();
  return { root };
}
