/** Which dashboard each tab shows. */
import { controlsBox, radios } from '../core/controls.js';
import type { Dashboard } from '../core/dashboard.js';
import { runTagDashboard } from '../core/run-tag-dashboard.js';
import type { Store } from '../core/store.js';
import { DistributionCard } from '../distributions/distribution-card.js';
import { graphsDashboard } from '../graphs/graphs-dashboard.js';
import { HistogramCard } from '../histograms/histogram-card.js';
import { hparamsDashboard } from '../hparams/hparams-dashboard.js';
import { AudioCard, ImageCard } from '../media/media-cards.js';
import { scalarsDashboard } from '../scalars/scalars-dashboard.js';
import { TextCard } from '../text/text-card.js';
import type { TabId } from './tabs.js';

const X_AXIS: Array<['step' | 'relative' | 'wall', string]> = [
  ['step', 'Step'],
  ['relative', 'Relative'],
  ['wall', 'Wall'],
];

export function createDashboard(id: TabId, store: Store): Dashboard {
  switch (id) {
    case 'scalars':
      return scalarsDashboard(store);
    case 'histograms': {
      const controls = controlsBox(radios(store, 'histogramMode', 'Histogram mode', [['offset', 'Offset'], ['overlay', 'Overlay']]));
      return runTagDashboard(store, { tagsRoute: 'plugin/histograms/tags', noun: 'histogram', controls, make: (i) => new HistogramCard(i.run, i.tag, store) });
    }
    case 'distributions': {
      const controls = controlsBox(radios(store, 'xAxis', 'Horizontal axis', X_AXIS));
      return runTagDashboard(store, { tagsRoute: 'plugin/distributions/tags', noun: 'distribution', controls, make: (i) => new DistributionCard(i.run, i.tag, store) });
    }
    case 'images':
      return runTagDashboard(store, { tagsRoute: 'plugin/images/tags', noun: 'image', controls: controlsBox(), perSample: true, make: (i) => new ImageCard(i.run, i.tag, i.sample, store) });
    case 'audio':
      return runTagDashboard(store, { tagsRoute: 'plugin/audio/tags', noun: 'audio', controls: controlsBox(), perSample: true, make: (i) => new AudioCard(i.run, i.tag, i.sample, store) });
    case 'text':
      return runTagDashboard(store, { tagsRoute: 'plugin/text/tags', noun: 'text', controls: controlsBox(), make: (i) => new TextCard(i.run, i.tag, store) });
    case 'hparams':
      return hparamsDashboard(store);
    case 'graphs':
      return graphsDashboard(store);
  }
}
