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

/** A tag's group: its first path component (TensorBoard's default categories). */
export const tagGroup = (tag: string): string => (tag.includes('/') ? tag.slice(0, tag.indexOf('/')) : tag);

/** Natural order, as TensorBoard sorts tag and run names ("step2" before "step10"). */
export const compareNames = new Intl.Collator(undefined, { numeric: true, sensitivity: 'base' }).compare;
