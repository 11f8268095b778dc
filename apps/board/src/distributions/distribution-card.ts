/** A distribution (run, tag) card: the server's compressed histograms, drawn as percentile bands. */
import { getJson } from '../core/api.js';
import { LazyCard } from '../core/lazy-card.js';
import type { Store } from '../core/store.js';
import type { DistributionRow } from '../core/types.js';
import { distributionChart } from './distribution-chart.js';

export class DistributionCard extends LazyCard<DistributionRow[]> {
  private rows: DistributionRow[] | undefined;

  constructor(run: string, tag: string, store: Store) {
    super('distribution-card', run, tag, store);
  }

  protected fetch(): Promise<DistributionRow[]> {
    return getJson<DistributionRow[]>('plugin/distributions/distributions', { run: this.run, tag: this.tag });
  }

  protected show(rows: DistributionRow[]): void {
    this.rows = rows;
    this.redraw();
  }

  override redraw(): void {
    if (!this.rows) return;
    this.view.body.replaceChildren(distributionChart(this.rows, this.store.colors.get(this.run), this.store.settings.xAxis));
    if (!this.rows.length) this.view.body.append('No values at any step.');
  }
}
