import type { GlyphTable } from './glyph-table.js';

/** @internal exported for tests */
export const ELLIPSIS = '\u2026';

/**
 * `text` if it fits in `maxWidth` px, else its longest prefix that fits with '…' appended ('…' alone
 * if none does). One pass over the glyphs: at every character boundary the prefix is measured as
 * the browser would shape it on its own, kerned against the '…' that follows. `scale` is px per font
 * unit; widths are compared as `units * scale`, exactly as width() computes them.
 */
export function truncateText(t: GlyphTable, text: string, scale: number, maxWidth: number): string {
  if (text.length === 0) return text;
  t.read(ELLIPSIS, 0, 1);
  const ellipsisAdvance = t.advance;
  const ellipsisSecond = t.second;
  const fits = (units: number) => units * scale <= maxWidth;

  let units = 0;
  let prev = 0; // first-class of the last glyph, for kerning with the next one
  let cut = 0; // longest prefix length found to fit with '…'
  for (let i = 0; i < text.length; ) {
    const start = i;
    i = t.read(text, start, text.length);
    const advance = t.advance;
    const first = t.first;
    const second = t.second;
    // A glyph over several code units that is not a surrogate pair is a ligature; a prefix ending
    // inside it is shaped without it (e.g. 'ffi' cut after 'ff' is two plain f's).
    if (i - start > 1 && (text.charCodeAt(start) & 0xfc00) !== 0xd800) {
      for (let b = start + 1; b < i; b++) {
        const u = units + t.span(text, start, b, prev);
        if (fits(u + t.kern(t.first, ellipsisSecond) + ellipsisAdvance)) cut = b;
      }
    }
    units += t.kern(prev, second) + advance;
    prev = first;
    // No kerning outweighs an advance (the generator checks), so longer prefixes are only wider.
    if (!fits(units)) return cut === 0 ? ELLIPSIS : text.slice(0, cut) + ELLIPSIS;
    if (fits(units + t.kern(prev, ellipsisSecond) + ellipsisAdvance)) cut = i;
  }
  return text;
}
