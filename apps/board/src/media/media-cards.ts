/**
 * Image and audio cards: the entries of one (run, tag, sample), a step slider, and the blob
 * itself by the server's opaque `query` (`individualImage` / `individualAudio`).
 */
import { dataUrl, getJson } from '../core/api.js';
import { h } from '../core/dom.js';
import { LazyCard } from '../core/lazy-card.js';
import type { Store } from '../core/store.js';
import type { BlobEntry } from '../core/types.js';
import { StepSlider } from './step-slider.js';

/** `data/plugin/<plugin>/<route>?<query>`: the server's query is passed on as it is. */
export function blobUrl(plugin: string, route: string, query: string, wallTime: number): string {
  // `ts` makes each step's blob its own URL for the browser's cache (TensorBoard adds it too).
  return `${dataUrl(`plugin/${plugin}/${route}`)}?${query}&ts=${wallTime}`;
}

export class ImageCard extends LazyCard<BlobEntry[]> {
  private readonly img = h('img', { class: 'summary-image', alt: '' });
  private readonly slider = new StepSlider<BlobEntry>((e) => {
    this.img.src = blobUrl('images', 'individualImage', e.query, e.wall_time);
    this.img.alt = `${this.tag} at step ${e.step}`;
  });

  constructor(run: string, tag: string, private readonly sample: number, store: Store) {
    super('image-card', run, tag, store);
    if (sample > 0) this.view.root.querySelector('.card-title')!.append(h('span', { class: 'muted' }, ` · sample ${sample + 1}`));
    this.img.addEventListener('error', () => {
      this.view.status.textContent = 'The image could not be loaded.';
      this.view.status.classList.add('error');
    });
    this.view.body.append(this.slider.root, h('div', { class: 'image-frame' }, this.img));
  }

  protected fetch(): Promise<BlobEntry[]> {
    return getJson<BlobEntry[]>('plugin/images/images', { run: this.run, tag: this.tag, sample: this.sample });
  }

  protected override show(entries: BlobEntry[]): void {
    if (!entries.length) this.view.status.textContent = 'No image at any step.';
    this.slider.set(entries);
  }
}

export class AudioCard extends LazyCard<BlobEntry[]> {
  private readonly audio = h('audio', { controls: true, preload: 'metadata', class: 'summary-audio' });
  private readonly slider = new StepSlider<BlobEntry>((e) => {
    this.audio.src = blobUrl('audio', 'individualAudio', e.query, e.wall_time);
    this.label.textContent = e.label ?? '';
  });
  private readonly label = h('div', { class: 'audio-label muted' });

  constructor(run: string, tag: string, private readonly sample: number, store: Store) {
    super('audio-card', run, tag, store);
    this.audio.addEventListener('error', () => {
      this.view.status.textContent = 'The audio could not be loaded.';
      this.view.status.classList.add('error');
    });
    this.view.body.append(this.slider.root, this.audio, this.label);
  }

  protected fetch(): Promise<BlobEntry[]> {
    return getJson<BlobEntry[]>('plugin/audio/audio', { run: this.run, tag: this.tag, sample: this.sample });
  }

  protected override show(entries: BlobEntry[]): void {
    if (!entries.length) this.view.status.textContent = 'No audio at any step.';
    this.slider.set(entries);
  }
}
