/**
 * The legend's box before the page has drawn it, so that the first picture (painted by the view
 * worker, preview-painter.ts) is already fitted clear of it. The page measures a hidden sample of
 * the legend once (legend-probe.ts: its place, padding, row height, font, as the page's own CSS
 * makes them); the box then follows from the row count, and the width from the widest row, which
 * the worker measures in the page's font.
 */
import type { LegendEntry } from '../workers/graph-paints.js';
import type { ColorBy } from './render-types.js';

/** The legend's default layout, CSS px (tf-graph-styles.ts); a page's CSS may change it. */
export const LEGEND_LAYOUT = {
  /** From the view's left and bottom edges. */
  inset: 8,
  padX: 8,
  padY: 6,
  border: 1,
  fontPx: 12,
  /** Rows of a fixed height, so that the box follows from their count. */
  rowPx: 17,
  swatch: { width: 14, border: 1, gap: 6 },
  /** At most this share of the view's width and height (then it scrolls). */
  share: 0.4,
} as const;

/** Legend rows shown at most; a big graph has hundreds of structures (a 100k-op graph: a 70 ms layout of the panel). */
export const LEGEND_ROWS = 12;

/** Rows that fit the legend's height in a view `height` px tall, with its title and an "and N more" line (at least 2). */
export function legendRowsFor(height: number): number {
  const L = LEGEND_LAYOUT;
  const lines = Math.floor((L.share * height - 2 * (L.padY + L.border)) / L.rowPx);
  return Math.max(2, Math.min(LEGEND_ROWS, lines - 2));
}

export const COLOR_LABEL: Record<ColorBy, string> = {
  structure: 'Structure',
  device: 'Device',
  'xla-cluster': 'XLA cluster',
  'op-compatibility': 'TPU compatibility',
  none: 'None',
};

/** The legend as the page lays it out (legend-probe.ts), CSS px. */
export interface LegendStyle {
  /** In the view's bottom-left corner (a page may move the part elsewhere: then fits ignore it). */
  cornered: boolean;
  /** From the view's left and bottom edges. */
  left: number;
  bottom: number;
  /** Padding and border, both sides together. */
  chromeX: number;
  chromeY: number;
  titlePx: number;
  rowPx: number;
  /** A row's swatch with its margins. */
  swatchPx: number;
  /** The largest content box: a share of the view (`share`), or a length. */
  maxWidth: { share: number } | { px: number };
  maxHeight: { share: number } | { px: number };
  /** What a vertical scrollbar takes from the width (0 with overlay scrollbars). */
  scrollbarPx: number;
  /** CSS fonts of the rows and of the title's name. */
  font: string;
  boldFont: string;
  /** The width of PROBE_TEXT in `font`, as the page measures it. */
  probe: number;
}

/** Text whose width, measured by the page and by the view worker, says how their fonts compare. */
export const PROBE_TEXT = '12 similar: Conv2D_grad, tuple, …';

/** The rows the legend shows (at most `max`), and how many it leaves out ("and N more"). */
export function legendRows(entries: readonly LegendEntry[], max = LEGEND_ROWS): { shown: LegendEntry[]; more: number } {
  // Keep the last entry (unique structure) when cutting: it explains the grey.
  const shown = entries.length <= max ? [...entries] : [...entries.slice(0, max - 1), entries[entries.length - 1]!];
  return { shown, more: entries.length - shown.length };
}

/** The title's toggle after its bold name: ▾ open, ▸ folded. */
export const legendToggle = (open: boolean): string => (open ? '▾' : '▸');

/** Width of `text` in a CSS `font`, CSS px. */
export type MeasureText = (font: string, text: string) => number;

/**
 * Widths as the page's legend will have them, measured in another context (the view worker): in
 * the page's fonts, scaled by how the probe compares (a font the worker lacks falls back otherwise).
 */
export function pageTextWidth(measureHere: MeasureText, style: LegendStyle): MeasureText {
  const here = measureHere(style.font, PROBE_TEXT);
  const ratio = here > 0 && style.probe > 0 ? style.probe / here : 1;
  return (font, text) => measureHere(font, text) * ratio;
}

const limit = (max: LegendStyle['maxWidth'], view: number) => ('share' in max ? max.share * view : max.px);

/**
 * What the legend will cover (as `Covers.legend`: its box with its offsets from the view's left
 * and bottom edges), or null when it shows nothing or is not in the corner.
 */
export function legendCover(colorBy: ColorBy, entries: readonly LegendEntry[], open: boolean, view: { width: number; height: number }, style: LegendStyle, measure: MeasureText): { width: number; height: number } | null {
  if (entries.length === 0 || !style.cornered) return null;
  const { shown, more } = legendRows(entries, legendRowsFor(view.height));
  let content = measure(style.boldFont, COLOR_LABEL[colorBy]) + measure(style.font, ` ${legendToggle(open)}`);
  let rowsHeight = style.titlePx;
  if (open) {
    for (const e of shown) content = Math.max(content, style.swatchPx + measure(style.font, e.label));
    if (more > 0) content = Math.max(content, measure(style.font, `and ${more} more`));
    rowsHeight += (shown.length + (more > 0 ? 1 : 0)) * style.rowPx;
  }
  const maxHeight = limit(style.maxHeight, view.height);
  // Taller than it may be, it scrolls: the scrollbar takes width beside the rows.
  const scrollbar = rowsHeight > maxHeight ? style.scrollbarPx : 0;
  const width = Math.min(content + scrollbar, limit(style.maxWidth, view.width)) + style.chromeX;
  const height = Math.min(rowsHeight, maxHeight) + style.chromeY;
  return { width: style.left + width, height: style.bottom + height };
}
