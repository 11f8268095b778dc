/** The frame shared by every tab's cards: a title, an optional subtitle, a body and a footer. */
import { h } from './dom.js';

export interface Card {
  root: HTMLElement;
  body: HTMLElement;
  footer: HTMLElement;
  status: HTMLElement;
}

export function card(kind: string, title: string, subtitle?: string, color?: string): Card {
  const body = h('div', { class: 'card-body' });
  const footer = h('div', { class: 'card-footer' });
  const status = h('div', { class: 'card-status' });
  const head = h('div', { class: 'card-head' }, h('div', { class: 'card-title', title }, title));
  if (subtitle) {
    const sub = h('div', { class: 'card-subtitle', title: subtitle }, subtitle);
    if (color) {
      const swatch = h('span', { class: 'swatch' });
      swatch.style.background = color;
      sub.prepend(swatch);
    }
    head.append(sub);
  }
  const root = h('article', { class: `card ${kind}`, 'data-tag': title }, head, body, status, footer);
  return { root, body, footer, status };
}

/** Groups tags by their first path component (TensorBoard's default categories), in first-seen order. */
export function groupByPrefix(tags: readonly string[]): Array<[string, string[]]> {
  const groups = new Map<string, string[]>();
  for (const tag of tags) {
    const prefix = tag.includes('/') ? tag.slice(0, tag.indexOf('/')) : tag;
    const g = groups.get(prefix);
    if (g) g.push(tag);
    else groups.set(prefix, [tag]);
  }
  return [...groups];
}

/** Natural order, as TensorBoard sorts tag and run names ("step2" before "step10"). */
export const compareNames = new Intl.Collator(undefined, { numeric: true, sensitivity: 'base' }).compare;
