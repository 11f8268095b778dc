/** A distribution (run, tag) card: the server's compressed histograms, drawn as percentile bands. */
import { getJson } from '../core/api.js';
import { LazyCard } from '../core/lazy-card.js';
import type { Store } from '../core/store.js';
import type { DistributionRow } from '../core/types.js';
import { distributionChart } from './distribution-chart.js';

export class DistributionCard extends LazyCard<DistributionRow[]> {
  constructor(run: string, tag: string, store: Store) {
    super('distribution-card', run, tag, store);
  }

  protected fetch(): Promise<DistributionRow[]> {
    return getJson<DistributionRow[]>('plugin/distributions/distributions', { run: this.run, tag: this.tag });
  }

  override redraw(): void {
    if (!this.data) return;
    this.view.body.replaceChildren(distributionChart(this.data, this.store.colors.get(this.run), this.store.settings.xAxis));
    if (!this.data.length) this.view.body.append('No values at any step.');
  }
}
