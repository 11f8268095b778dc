/**
 * The Scalars tab: one chart per tag over every shown run, grouped by tag prefix, with
 * TensorBoard's settings (smoothing, x axis, log y, ignore outliers) in the sidebar.
 */
import { getJson } from '../core/api.js';
import { CardGrid } from '../core/card-grid.js';
import { compareNames, tagGroup } from '../core/card.js';
import { checkbox, filterTags, radios, tagFilter } from '../core/controls.js';
import type { Dashboard } from '../core/dashboard.js';
import { h, messageOf, notice } from '../core/dom.js';
import type { Store } from '../core/store.js';
import type { RunTagInfo } from '../core/types.js';
import { ScalarCard } from './scalar-card.js';
import { smoothingControl } from './smoothing-control.js';

interface Item {
  key: string;
  group: string;
  runs: string[];
}

function controls(store: Store): HTMLElement {
  return h(
    'div',
    { class: 'controls' },
    smoothingControl(store),
    radios(store, 'xAxis', 'Horizontal axis', [
      ['step', 'Step'],
      ['relative', 'Relative'],
      ['wall', 'Wall'],
    ]),
    checkbox(store, 'logY', 'Log-scale y axis'),
    checkbox(store, 'ignoreOutliers', 'Ignore outliers in chart scaling'),
  );
}

/** One item per tag that some shown run has, with those runs. */
export function scalarItems(tags: RunTagInfo, runs: readonly string[], keep: (tags: string[]) => string[]): Item[] {
  const byTag = new Map<string, string[]>();
  for (const run of runs) for (const tag of Object.keys(tags[run] ?? {})) byTag.set(tag, [...(byTag.get(tag) ?? []), run]);
  return keep([...byTag.keys()].sort(compareNames)).map((tag) => ({ key: tag, group: tagGroup(tag), runs: byTag.get(tag)! }));
}

export function scalarsDashboard(store: Store): Dashboard {
  const grid = new CardGrid<Item, ScalarCard>(
    (item) => new ScalarCard(item.key, store),
    (c, item) => c.setRuns(item.runs),
  );
  const message = h('div', { class: 'dashboard-message' });
  const root = h('div', { class: 'scalars-dashboard' }, tagFilter(store), message, grid.root);
  let tags: RunTagInfo | undefined;
  let frame = 0;

  const render = (): void => {
    if (!tags) return;
    grid.render(scalarItems(tags, store.visibleRuns(), (t) => filterTags(store, t)), 'No scalar data for the selected runs and tag filter.');
  };
  const redraw = (): void => {
    // A smoothing drag fires many inputs: draw once per animation frame.
    cancelAnimationFrame(frame);
    frame = requestAnimationFrame(() => grid.cards.forEach((c) => c.draw()));
  };
  const unsubscribe = store.subscribe((c) => {
    if (c === 'settings') redraw();
    render();
  });

  return {
    controls: controls(store),
    root,
    async refresh() {
      try {
        tags = await getJson<RunTagInfo>('plugin/scalars/tags');
        message.replaceChildren();
      } catch (e) {
        message.replaceChildren(notice('error', `Could not load the scalar tags: ${messageOf(e)}`));
      }
      render();
      await grid.refreshAll();
    },
    dispose() {
      cancelAnimationFrame(frame);
      unsubscribe();
      grid.dispose();
    },
  };
}
