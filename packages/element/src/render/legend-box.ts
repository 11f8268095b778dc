/**
 * The legend's box before the page has drawn it, so that the first picture (painted by the view
 * worker, preview-painter.ts) is already fitted clear of it. Its rows have a fixed height (the
 * style's line height, from LEGEND_LAYOUT), so the height follows from the row count alone; the
 * width from the widest row, which the caller measures (the worker measures in Roboto, the legend's
 * first font: where the page lacks Roboto its fallback differs by a few px, and the fit glides by
 * that much once the page measures the legend itself).
 */
import type { LegendEntry } from '../workers/graph-paints.js';
import type { ColorBy } from './render-types.js';

/** The legend's layout, CSS px; tf-graph-styles.ts uses the same numbers. */
export const LEGEND_LAYOUT = {
  /** From the view's left and bottom edges. */
  inset: 8,
  padX: 8,
  padY: 6,
  border: 1,
  fontPx: 12,
  rowPx: 17,
  /** A row's swatch: 14 px wide, its 1 px border, 6 px to the text. */
  swatchPx: 22,
  /** At most this share of the view's width and height (then it scrolls). */
  share: 0.4,
} as const;

/** Legend rows shown; a big graph has hundreds of structures (a 100k-op graph: a 70 ms layout of the panel). */
export const LEGEND_ROWS = 12;

export const COLOR_LABEL: Record<ColorBy, string> = {
  structure: 'Structure',
  device: 'Device',
  'xla-cluster': 'XLA cluster',
  'op-compatibility': 'TPU compatibility',
  none: 'None',
};

/** The rows the legend shows, and how many it leaves out ("and N more"). */
export function legendRows(entries: readonly LegendEntry[]): { shown: LegendEntry[]; more: number } {
  // Keep the last entry (unique structure) when cutting: it explains the grey.
  const shown = entries.length <= LEGEND_ROWS ? [...entries] : [...entries.slice(0, LEGEND_ROWS - 1), entries[entries.length - 1]!];
  return { shown, more: entries.length - shown.length };
}

/** The title's toggle after its bold name: ▾ open, ▸ folded. */
export const legendToggle = (open: boolean): string => (open ? '▾' : '▸');

/** Width of `text` in the legend's font, CSS px (`bold`: the title's name). */
export type MeasureText = (text: string, bold: boolean) => number;

/** The page's legend font: its family list, and the width of PROBE_TEXT in it (CSS px). */
export interface LegendFont {
  family: string;
  probe: number;
}

/** Text whose width, measured by the page and by the view worker, says how their fonts compare. */
export const PROBE_TEXT = '12 similar: Conv2D_grad, tuple, …';

/**
 * Widths as the page's legend will have them, measured in another context (the view worker):
 * in the page's family list, scaled by how the probe compares (the worker has Roboto loaded; a
 * page that does not falls back to a system font, 5–15 % wider).
 */
export function pageTextWidth(measureHere: (font: string, text: string) => number, font: LegendFont): MeasureText {
  const css = (bold: boolean) => `${bold ? 'bold ' : ''}${LEGEND_LAYOUT.fontPx}px ${font.family}`;
  const here = measureHere(css(false), PROBE_TEXT);
  const ratio = here > 0 && font.probe > 0 ? font.probe / here : 1;
  return (text, bold) => measureHere(css(bold), text) * ratio;
}

/**
 * What the legend will cover (as `Covers.legend`: its box with its inset from the view's edges),
 * or null when it shows nothing (no entries).
 */
export function legendCover(colorBy: ColorBy, entries: readonly LegendEntry[], open: boolean, view: { width: number; height: number }, measure: MeasureText): { width: number; height: number } | null {
  if (entries.length === 0) return null;
  const L = LEGEND_LAYOUT;
  const { shown, more } = legendRows(entries);
  let content = measure(COLOR_LABEL[colorBy], true) + measure(` ${legendToggle(open)}`, false);
  let rows = 1;
  if (open) {
    for (const e of shown) content = Math.max(content, L.swatchPx + measure(e.label, false));
    if (more > 0) content = Math.max(content, measure(`and ${more} more`, false));
    rows += shown.length + (more > 0 ? 1 : 0);
  }
  const chromeX = 2 * (L.border + L.padX);
  const chromeY = 2 * (L.border + L.padY);
  const width = Math.min(content, L.share * view.width) + chromeX;
  const height = Math.min(rows * L.rowPx, L.share * view.height) + chromeY;
  return { width: L.inset + width, height: L.inset + height };
}
