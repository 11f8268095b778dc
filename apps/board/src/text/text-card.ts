/**
 * A text summary's card: every step kept by the server, newest first, each rendered safely —
 * the server's HTML rebuilt from an allow-list, or raw Markdown rendered into DOM nodes.
 */
import { getJson } from '../core/api.js';
import { h } from '../core/dom.js';
import { LazyCard } from '../core/lazy-card.js';
import type { Store } from '../core/store.js';
import type { TextEntry } from '../core/types.js';
import { markdown } from './markdown.js';
import { looksLikeHtml, sanitizeHtml } from './sanitize.js';

export function renderText(text: string): DocumentFragment {
  return looksLikeHtml(text) ? sanitizeHtml(text) : markdown(text);
}

export class TextCard extends LazyCard<TextEntry[]> {
  constructor(run: string, tag: string, store: Store) {
    super('text-card', run, tag, store);
  }

  protected fetch(): Promise<TextEntry[]> {
    return getJson<TextEntry[]>('plugin/text/text', { run: this.run, tag: this.tag });
  }

  protected override show(entries: TextEntry[]): void {
    const sorted = [...entries].sort((a, b) => b.step - a.step);
    this.view.body.replaceChildren(
      ...sorted.map((e) => h('section', { class: 'text-step' }, h('div', { class: 'step-label' }, `step ${e.step.toLocaleString()}`), h('div', { class: 'text-content' }, renderText(e.text)))),
    );
    if (!entries.length) this.view.body.append(h('div', { class: 'muted' }, 'No text at any step.'));
  }
}
