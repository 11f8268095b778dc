/**
 * A card of one (run, tag) that fetches when it comes near the viewport and again on each
 * refresh, and shows the data only when it changed (a live poll of an unchanged tag redraws
 * nothing, and a playing clip plays on); a failed fetch is shown in the card and keeps what was
 * drawn before.
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
  /** The data shown, and its JSON text (to tell a changed answer from the same one). */
  protected data: T | undefined;
  private shownJson = '';

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

  /** New data (also in `this.data`): by default, drawn by `redraw`. */
  protected show(_data: T): void {
    this.redraw();
  }

  async refresh(): Promise<void> {
    if (!this.visible) return;
    let data: T;
    try {
      data = await requests.run(() => this.fetch());
    } catch (e) {
      this.view.status.textContent = messageOf(e);
      this.view.status.classList.add('error');
      // The next answer is shown even if it is the same as before: it clears the error.
      this.shownJson = '';
      return;
    }
    const json = JSON.stringify(data);
    if (json === this.shownJson) return;
    this.shownJson = json;
    this.data = data;
    this.view.status.textContent = '';
    this.view.status.classList.remove('error');
    this.show(data);
  }

  /** Settings changed: redraw from the data at hand (default: nothing to do). */
  redraw(): void {}

  dispose(): void {
    forget(this.root);
  }
}
