/** A tab of per-(run, tag) cards over one plugin's `/tags` route: histograms, distributions, images, audio, text. */
import { getJson } from './api.js';
import { CardGrid } from './card-grid.js';
import { filterTags, tagFilter } from './controls.js';
import type { Dashboard } from './dashboard.js';
import { h, messageOf, notice } from './dom.js';
import type { LazyCard } from './lazy-card.js';
import { runTagItems, tagLists, type RunTagItem } from './run-tag-items.js';
import type { Store } from './store.js';
import type { TagInfo } from './types.js';

export interface RunTagTab {
  /** e.g. `plugin/histograms/tags` */
  tagsRoute: string;
  /** What is missing, for the empty message ("histogram", "image"…). */
  noun: string;
  controls: HTMLElement;
  make(item: SampleItem): LazyCard<unknown>;
  /** Cards per (run, tag): images and audio show one per sample (`samples` of the tag's info); default 1. */
  perSample?: boolean;
}

export type SampleItem = RunTagItem & { sample: number };

type RawTags = Record<string, Record<string, TagInfo> | string[]>;

/** The tag's `samples` (the most images or clips at one step), at least 1. */
function samplesOf(tags: Record<string, TagInfo> | string[] | undefined, tag: string): number {
  const n = tags && !Array.isArray(tags) ? tags[tag]?.samples : undefined;
  return typeof n === 'number' && n > 1 ? Math.min(n, 100) : 1;
}

export function runTagDashboard(store: Store, tab: RunTagTab): Dashboard {
  let raw: RawTags | undefined;
  const grid = new CardGrid<SampleItem, LazyCard<unknown>>((item) => tab.make(item));
  const message = h('div', { class: 'dashboard-message' });
  const root = h('div', { class: `${tab.noun}-dashboard` }, tagFilter(store), message, grid.root);

  const render = (): void => {
    if (!raw) return;
    const items = runTagItems(tagLists(raw), store.visibleRuns(), (t) => filterTags(store, t)).flatMap((item) => {
      const n = tab.perSample ? samplesOf(raw![item.run], item.tag) : 1;
      return Array.from({ length: n }, (_, sample) => ({ ...item, key: `${item.key}\u0000${sample}`, sample }));
    });
    grid.render(items, `No ${tab.noun} data for the selected runs and tag filter.`);
  };
  const unsubscribe = store.subscribe((c) => {
    if (c === 'settings') grid.cards.forEach((card) => card.redraw());
    render();
  });

  return {
    controls: tab.controls,
    root,
    async refresh() {
      try {
        raw = await getJson<RawTags>(tab.tagsRoute);
        message.replaceChildren();
      } catch (e) {
        message.replaceChildren(notice('error', `Could not load the ${tab.noun} tags: ${messageOf(e)}`));
      }
      render();
      await grid.refreshAll();
    },
    dispose() {
      unsubscribe();
      grid.dispose();
    },
  };
}
