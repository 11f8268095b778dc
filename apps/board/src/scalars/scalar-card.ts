/**
 * A scalar tag's card: fetches the tag's series for each shown run once the card is near the
 * viewport, draws them (scalar-chart.ts), redraws on a settings change without fetching, and
 * offers the data as CSV and JSON. The drawn uPlot instance is the element's `plot` property.
 */
import type uPlot from 'uplot';
import { getJson } from '../core/api.js';
import { card } from '../core/card.js';
import { h, messageOf } from '../core/dom.js';
import { forget, whenVisible } from '../core/lazy.js';
import { requests } from '../core/limiter.js';
import type { Store } from '../core/store.js';
import type { ScalarRow } from '../core/types.js';
import { chartCsv, chartJson, fileName, saveText, serverLink } from './download.js';
import { scalarChart } from './scalar-chart.js';
import { runSeries } from './series.js';

export type ScalarCardElement = HTMLElement & { plot?: uPlot };

const HEIGHT = 260;

export class ScalarCard {
  readonly root: ScalarCardElement;
  private readonly view: ReturnType<typeof card>;
  private readonly rows = new Map<string, ScalarRow[]>();
  /** Each run's rows as last received (JSON), to tell a changed answer from the same one. */
  private readonly json = new Map<string, string>();
  private readonly inFlight = new Map<string, Promise<boolean>>();
  private runs: string[] = [];
  private visible = false;
  private plot: uPlot | undefined;
  private readonly resize = new ResizeObserver(() => this.fit());

  constructor(
    readonly tag: string,
    private readonly store: Store,
  ) {
    this.view = card('scalar-card', tag);
    this.root = this.view.root;
    this.view.body.classList.add('chart');
    this.view.footer.append(this.downloads());
    whenVisible(this.root, () => {
      this.visible = true;
      this.resize.observe(this.view.body);
      void this.load(this.runs);
    });
  }

  /** The runs to show (those with this tag, checked and filtered); fetches the new ones. */
  setRuns(runs: string[]): void {
    if (runs.length === this.runs.length && runs.every((r, i) => r === this.runs[i])) return;
    const fresh = runs.filter((r) => !this.rows.has(r));
    this.runs = runs;
    if (!this.visible) return;
    if (fresh.length) void this.load(fresh);
    else this.draw();
  }

  /** Fetches every shown run again (reload / live). */
  async refresh(): Promise<void> {
    if (this.visible) await this.load(this.runs);
  }

  /** Fetches `runs`; draws again only when some run's data changed (a live poll of a still tag redraws nothing). */
  private async load(runs: string[]): Promise<void> {
    const errors: string[] = [];
    const changed = await Promise.all(runs.map((run) => this.fetchRun(run).catch((e) => (errors.push(`${run}: ${messageOf(e)}`), false))));
    this.view.status.textContent = errors.join('\n');
    this.view.status.classList.toggle('error', errors.length > 0);
    if (changed.some(Boolean) || !this.plot) this.draw();
  }

  /** One run's rows, fetched once however many loads ask meanwhile; resolves whether they changed. */
  private fetchRun(run: string): Promise<boolean> {
    const pending = this.inFlight.get(run);
    if (pending) return pending;
    const p = requests
      .run(() => getJson<ScalarRow[]>('plugin/scalars/scalars', { run, tag: this.tag }))
      .then((rows) => {
        const json = JSON.stringify(rows);
        if (json === this.json.get(run)) return false;
        this.json.set(run, json);
        this.rows.set(run, rows);
        return true;
      })
      .finally(() => this.inFlight.delete(run));
    this.inFlight.set(run, p);
    return p;
  }

  /** Draws the shown runs' data (again): a new chart, as series and scales may all have changed. */
  draw(): void {
    if (!this.visible) return;
    const { settings } = this.store;
    const shown = this.runs.filter((r) => this.rows.has(r));
    const series = shown.map((r) => runSeries(r, this.rows.get(r)!, settings.xAxis, settings.smoothing));
    this.plot?.destroy();
    this.view.body.replaceChildren();
    const width = Math.max(200, this.view.body.clientWidth);
    this.plot = scalarChart(this.view.body, { series, colorOf: (r) => this.store.colors.get(r), settings, width, height: HEIGHT });
    this.root.plot = this.plot;
    this.root.dataset.runs = String(series.length);
    this.root.dataset.points = String(series.reduce((n, s) => n + s.x.length, 0));
  }

  private fit(): void {
    const width = this.view.body.clientWidth;
    if (this.plot && width > 0 && Math.abs(width - this.plot.width) > 1) this.plot.setSize({ width, height: HEIGHT });
  }

  private shownRows(): Map<string, ScalarRow[]> {
    return new Map(this.runs.filter((r) => this.rows.has(r)).map((r) => [r, this.rows.get(r)!]));
  }

  private downloads(): HTMLElement {
    const csv = h('button', { class: 'link-button', title: 'Download the chart\'s data as CSV', onclick: () => saveText(chartCsv(this.shownRows()), fileName(this.tag, 'csv'), 'text/csv') }, 'CSV');
    const json = h('button', { class: 'link-button', title: 'Download the chart\'s data as JSON', onclick: () => saveText(chartJson(this.shownRows()), fileName(this.tag, 'json'), 'application/json') }, 'JSON');
    const perRun = h('details', { class: 'per-run-links' }, h('summary', {}, 'per run'));
    perRun.addEventListener('toggle', () => {
      if (!perRun.open) return;
      perRun.replaceChildren(perRun.firstChild!, ...this.runs.map((r) => h('div', {}, h('span', { class: 'muted' }, r), ' ', ...(['csv', 'json'] as const).map((f) => h('a', serverLink(r, this.tag, f), f.toUpperCase())))));
    });
    return h('div', { class: 'downloads' }, h('span', { class: 'muted' }, 'Download'), csv, json, perRun);
  }

  dispose(): void {
    forget(this.root);
    this.resize.disconnect();
    this.plot?.destroy();
  }
}
