/** A histogram (run, tag) card: the server's ≤51 sampled steps, re-binned and drawn in the chosen mode. */
import { getJson } from '../core/api.js';
import { LazyCard } from '../core/lazy-card.js';
import type { Store } from '../core/store.js';
import type { HistogramRow } from '../core/types.js';
import { histogramChart } from './histogram-chart.js';
import { rebin } from './rebin.js';

export class HistogramCard extends LazyCard<HistogramRow[]> {
  constructor(run: string, tag: string, store: Store) {
    super('histogram-card', run, tag, store);
  }

  protected fetch(): Promise<HistogramRow[]> {
    return getJson<HistogramRow[]>('plugin/histograms/histograms', { run: this.run, tag: this.tag });
  }

  override redraw(): void {
    if (!this.data) return;
    const data = rebin(this.data);
    if (!data) {
      this.view.body.replaceChildren('No values at any step.');
      return;
    }
    this.view.body.replaceChildren(histogramChart(data, this.store.colors.get(this.run), this.store.settings.histogramMode));
  }
}
