import type { FontMetrics } from './font-metrics.js';
import { GlyphTable } from './glyph-table.js';
import type { TextMeasurer } from './measurer.js';
import { truncateText } from './truncate.js';

/**
 * A DOM-free measurer for one font: widths are the font's advances plus its pair kerning and
 * standard ligatures, which is what a browser canvas's measureText applies by default, so layout
 * agrees with what the renderer draws. Sums are taken in integer font units and scaled once, so
 * results are exact and identical in Node, workers and browsers.
 */
export function createMeasurer(metrics: FontMetrics): TextMeasurer {
  const table = new GlyphTable(metrics);
  const lineUnits = metrics.ascender - metrics.descender;
  return {
    fontFamily: metrics.family,
    width: (text, fontPx) => table.span(text, 0, text.length, 0) * (fontPx / metrics.unitsPerEm),
    truncate: (text, fontPx, maxWidth) => truncateText(table, text, fontPx / metrics.unitsPerEm, maxWidth),
    lineHeight: (fontPx) => (lineUnits / metrics.unitsPerEm) * fontPx,
  };
}
