/**
 * A card of one (run, tag) that fetches when it comes near the viewport and again on each
 * refresh; a failed fetch is shown in the card and keeps what was drawn before.
 */
import { card, type Card } from './card.js';
import { messageOf } from './dom.js';
import { forget, whenVisible } from './lazy.js';
import { requests } from './limiter.js';
import type { Store } from './store.js';

export abstract class LazyCard<T> {
  readonly root: HTMLElement;
  protected readonly view: Card;
  private visible = false;

  constructor(
    kind: string,
    readonly run: string,
    readonly tag: string,
    protected readonly store: Store,
  ) {
    this.view = card(kind, tag, run, store.colors.get(run));
    this.root = this.view.root;
    this.root.dataset.run = run;
    whenVisible(this.root, () => {
      this.visible = true;
      void this.refresh();
    });
  }

  protected abstract fetch(): Promise<T>;
  protected abstract show(data: T): void;

  async refresh(): Promise<void> {
    if (!this.visible) return;
    try {
      const data = await requests.run(() => this.fetch());
      this.view.status.textContent = '';
      this.view.status.classList.remove('error');
      this.show(data);
    } catch (e) {
      this.view.status.textContent = messageOf(e);
      this.view.status.classList.add('error');
    }
  }

  /** Settings changed: redraw from the data at hand (default: nothing to do). */
  redraw(): void {}

  dispose(): void {
    forget(this.root);
  }
}
