/** Sidebar controls bound to a store setting. */
import { h } from './dom.js';
import { regexFilter } from './regex.js';
import type { Settings, Store } from './store.js';

export function checkbox(store: Store, key: 'logY' | 'ignoreOutliers', label: string): HTMLElement {
  const box = h('input', { type: 'checkbox', name: key });
  box.checked = store.settings[key];
  box.addEventListener('change', () => store.update({ [key]: box.checked }));
  return h('label', { class: 'control check' }, box, label);
}

export function radios<K extends 'xAxis' | 'histogramMode'>(store: Store, key: K, title: string, choices: Array<[Settings[K], string]>): HTMLElement {
  const group = h('div', { class: 'control radios', role: 'radiogroup', 'aria-label': title }, h('div', { class: 'control-title' }, title));
  for (const [value, label] of choices) {
    const input = h('input', { type: 'radio', name: key, value });
    input.checked = store.settings[key] === value;
    input.addEventListener('change', () => input.checked && store.update({ [key]: value }));
    group.append(h('label', {}, input, label));
  }
  return group;
}

/** The tag filter (a regex over tag names), above a tab's cards. */
export function tagFilter(store: Store): HTMLElement {
  const input = h('input', { type: 'search', class: 'tag-filter', placeholder: 'Filter tags (regular expressions supported)', 'aria-label': 'Filter tags' });
  input.value = store.settings.tagFilter;
  const error = h('span', { class: 'field-error', role: 'alert' });
  input.addEventListener('input', () => {
    const f = regexFilter(input.value);
    input.classList.toggle('invalid', !f.ok);
    error.textContent = f.ok ? '' : f.error;
    store.update({ tagFilter: input.value });
  });
  return h('div', { class: 'tag-filter-bar' }, input, error);
}

/** Tags that pass the tag filter (all while the regex is invalid). */
export function filterTags(store: Store, tags: readonly string[]): string[] {
  const f = regexFilter(store.settings.tagFilter);
  return f.ok ? tags.filter(f.test) : [...tags];
}

/** A tab's sidebar settings (empty when it has none). */
export function controlsBox(...children: HTMLElement[]): HTMLElement {
  return children.length ? h('div', { class: 'controls' }, ...children) : h('div');
}
