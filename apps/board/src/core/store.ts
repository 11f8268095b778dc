/**
 * The board's shared state: the runs, which are checked and their colours (shared by every tab),
 * and the settings a person changes (kept in localStorage, like TensorBoard's). Tabs subscribe.
 */
import { regexFilter } from './regex.js';
import { RunColors } from './run-colors.js';

export type XAxis = 'step' | 'relative' | 'wall';
export type HistogramMode = 'offset' | 'overlay';

export interface Settings {
  smoothing: number;
  xAxis: XAxis;
  logY: boolean;
  ignoreOutliers: boolean;
  tagFilter: string;
  histogramMode: HistogramMode;
  live: boolean;
  /** Seconds between reloads while live. */
  reloadSeconds: number;
}

export const DEFAULT_SETTINGS: Settings = {
  smoothing: 0.6,
  xAxis: 'step',
  logY: false,
  ignoreOutliers: true,
  tagFilter: '',
  histogramMode: 'offset',
  live: true,
  reloadSeconds: 30,
};

const STORAGE_KEY = 'tbg-board-settings';

export type Change = 'runs' | 'selection' | 'settings';

function loadSettings(): Settings {
  try {
    const saved = JSON.parse(localStorage.getItem(STORAGE_KEY) ?? '{}') as Partial<Settings>;
    return { ...DEFAULT_SETTINGS, ...saved };
  } catch {
    return { ...DEFAULT_SETTINGS };
  }
}

export class Store {
  runs: string[] = [];
  /** Runs a person unchecked (new runs start checked). */
  private readonly unchecked = new Set<string>();
  runFilter = '';
  readonly colors = new RunColors();
  settings: Settings = loadSettings();
  private readonly listeners = new Set<(c: Change) => void>();

  subscribe(fn: (c: Change) => void): () => void {
    this.listeners.add(fn);
    return () => this.listeners.delete(fn);
  }

  private emit(c: Change): void {
    for (const fn of [...this.listeners]) fn(c);
  }

  setRuns(runs: string[]): void {
    const changed = runs.length !== this.runs.length || runs.some((r, i) => r !== this.runs[i]);
    this.colors.assign(runs);
    this.runs = runs;
    if (changed) this.emit('runs');
  }

  isChecked(run: string): boolean {
    return !this.unchecked.has(run);
  }

  setChecked(runs: readonly string[], checked: boolean): void {
    for (const r of runs) {
      if (checked) this.unchecked.delete(r);
      else this.unchecked.add(r);
    }
    this.emit('selection');
  }

  setRunFilter(source: string): void {
    this.runFilter = source;
    this.emit('selection');
  }

  /** Runs that pass the regex filter (all of them while the regex is invalid). */
  filteredRuns(): string[] {
    const f = regexFilter(this.runFilter);
    return f.ok ? this.runs.filter(f.test) : this.runs;
  }

  /** The runs every tab shows: checked and passing the filter, in the server's order. */
  visibleRuns(): string[] {
    return this.filteredRuns().filter((r) => this.isChecked(r));
  }

  update(patch: Partial<Settings>): void {
    this.settings = { ...this.settings, ...patch };
    try {
      localStorage.setItem(STORAGE_KEY, JSON.stringify(this.settings));
    } catch {
      // Storage may be off (private mode): the settings then last for this page only.
    }
    this.emit('settings');
  }
}
