/**
 * The HParams tab: TensorBoard's table view — one row per session group (trial), a column per
 * hyperparameter and metric, sortable by clicking a header.
 */
import type { Dashboard } from '../core/dashboard.js';
import { h, messageOf, notice } from '../core/dom.js';
import type { Store } from '../core/store.js';
import { formatValue } from '../scalars/series.js';
import { cell, columns, loadHparams, type Column, type Experiment, type SessionGroup } from './hparams-data.js';

type Cell = string | number | boolean | undefined;

function compare(a: Cell, b: Cell): number {
  if (a === undefined) return b === undefined ? 0 : 1;
  if (b === undefined) return -1;
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  return String(a).localeCompare(String(b), undefined, { numeric: true });
}

function show(v: Cell): string {
  if (v === undefined) return '';
  return typeof v === 'number' ? formatValue(v) : String(v);
}

export function hparamsDashboard(_store: Store): Dashboard {
  const root = h('div', { class: 'hparams-dashboard' });
  let data: { experiment: Experiment; groups: SessionGroup[] } | undefined;
  let sort: { key: string; dir: 1 | -1 } | undefined;

  function header(cols: Column[]): HTMLElement {
    return h(
      'tr',
      {},
      h('th', {}, 'Trial'),
      ...cols.map((c) => {
        const arrow = sort?.key === c.key ? (sort.dir > 0 ? ' ▲' : ' ▼') : '';
        return h('th', { class: c.kind, title: `Sort by ${c.title}`, onclick: () => ((sort = { key: c.key, dir: sort?.key === c.key ? (-sort.dir as 1 | -1) : 1 }), render()) }, c.title + arrow);
      }),
    );
  }

  function render(): void {
    if (!data) return;
    const cols = columns(data.experiment);
    if (!data.groups.length) {
      root.replaceChildren(notice('empty', 'No hyperparameter sessions in this logdir.'));
      return;
    }
    const col = cols.find((c) => c.key === sort?.key);
    const groups = col ? [...data.groups].sort((a, b) => sort!.dir * compare(cell(a, col), cell(b, col))) : data.groups;
    const rows = groups.map((g) => h('tr', {}, h('td', { class: 'trial' }, g.name), ...cols.map((c) => h('td', { class: c.kind }, show(cell(g, c))))));
    const summary = h('div', { class: 'muted hparams-summary' }, `${data.groups.length} trials · ${cols.filter((c) => c.kind === 'hparam').length} hyperparameters · ${cols.filter((c) => c.kind === 'metric').length} metrics`);
    root.replaceChildren(summary, h('div', { class: 'card table-card' }, h('table', { class: 'hparams-table' }, h('thead', {}, header(cols)), h('tbody', {}, ...rows))));
  }

  return {
    controls: h('div'),
    root,
    async refresh() {
      try {
        data = await loadHparams();
        render();
      } catch (e) {
        root.replaceChildren(notice('error', `Could not load the hyperparameters: ${messageOf(e)}`));
      }
    },
    dispose() {},
  };
}
