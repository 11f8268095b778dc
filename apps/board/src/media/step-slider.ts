/**
 * A step slider over a card's entries (TensorBoard's images and audio cards): shows the step and
 * time of the chosen entry; stays on the newest entry across reloads when it was there.
 */
import { h } from '../core/dom.js';

export interface Stepped {
  step: number;
  wall_time: number;
}

export class StepSlider<T extends Stepped> {
  readonly root: HTMLElement;
  private readonly input = h('input', { type: 'range', class: 'step-slider', min: 0, max: 0, step: 1, 'aria-label': 'Step' });
  private readonly label = h('span', { class: 'step-label' });
  private entries: T[] = [];
  /** The entry last handed to `onPick`: a reload that keeps it does not pick it again (a clip would restart). */
  private picked: Stepped | null = null;

  constructor(private readonly onPick: (entry: T) => void) {
    this.root = h('div', { class: 'step-row' }, this.label, this.input);
    this.input.addEventListener('input', () => this.pick());
  }

  /** New entries: keeps the same step if it is still there, else (and when it was on the newest) the newest. */
  set(entries: T[]): void {
    const atEnd = Number(this.input.value) >= this.entries.length - 1;
    const step = this.entries[Number(this.input.value)]?.step;
    this.entries = entries;
    this.input.max = String(Math.max(0, entries.length - 1));
    this.input.hidden = entries.length < 2;
    const same = entries.findIndex((e) => e.step === step);
    this.input.value = String(atEnd || same < 0 ? entries.length - 1 : same);
    this.pick();
  }

  private pick(): void {
    const e = this.entries[Number(this.input.value)];
    this.label.textContent = e ? `step ${e.step.toLocaleString()} · ${new Date(e.wall_time * 1000).toLocaleString()}` : '';
    if (!e || (this.picked?.step === e.step && this.picked.wall_time === e.wall_time)) return;
    this.picked = e;
    this.onPick(e);
  }
}
