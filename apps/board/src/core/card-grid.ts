/**
 * Cards in collapsible groups (a tag's first path component), reconciled by key: a render keeps
 * the cards it already has (with their data and state), adds new ones and disposes the gone.
 */
import { h, notice } from './dom.js';

export interface GridCard {
  root: HTMLElement;
  refresh(): Promise<void>;
  dispose(): void;
}

export interface GridItem {
  key: string;
  group: string;
}

export class CardGrid<I extends GridItem, C extends GridCard> {
  readonly root = h('div', { class: 'card-grid' });
  readonly cards = new Map<string, C>();
  private readonly closed = new Set<string>();

  constructor(
    private readonly make: (item: I) => C,
    /** Called for every kept or new card with its current item. */
    private readonly update: (card: C, item: I) => void = () => undefined,
  ) {}

  render(items: readonly I[], empty: string): void {
    const keep = new Set(items.map((i) => i.key));
    for (const [key, c] of this.cards) {
      if (keep.has(key)) continue;
      c.dispose();
      this.cards.delete(key);
    }
    const groups = new Map<string, HTMLElement[]>();
    for (const item of items) {
      let c = this.cards.get(item.key);
      if (!c) this.cards.set(item.key, (c = this.make(item)));
      this.update(c, item);
      const list = groups.get(item.group) ?? [];
      list.push(c.root);
      groups.set(item.group, list);
    }
    this.root.replaceChildren(...[...groups].map(([name, roots]) => this.section(name, roots)));
    if (!items.length) this.root.append(notice('empty', empty));
  }

  private section(name: string, roots: HTMLElement[]): HTMLElement {
    const details = h('details', { class: 'group', 'data-group': name }, h('summary', {}, h('span', { class: 'group-name' }, name), h('span', { class: 'group-count' }, String(roots.length))), h('div', { class: 'cards' }, ...roots));
    details.open = !this.closed.has(name);
    details.addEventListener('toggle', () => (details.open ? this.closed.delete(name) : this.closed.add(name)));
    return details;
  }

  async refreshAll(): Promise<void> {
    await Promise.all([...this.cards.values()].map((c) => c.refresh()));
  }

  dispose(): void {
    for (const c of this.cards.values()) c.dispose();
    this.cards.clear();
  }
}
