import { describe, expect, it } from 'vitest';
import { LEGEND_ROWS, legendCover, legendRows, legendRowsFor, pageTextWidth, PROBE_TEXT, type LegendStyle } from './legend-box.js';

/** The element's own legend CSS, as legend-probe.ts would measure it. */
const STYLE: LegendStyle = {
  cornered: true,
  left: 8,
  bottom: 8,
  chromeX: 18,
  chromeY: 14,
  titlePx: 17,
  rowPx: 17,
  swatchPx: 22,
  maxWidth: { share: 0.4 },
  maxHeight: { share: 0.4 },
  scrollbarPx: 15,
  font: '12px Roboto',
  boldFont: 'bold 12px Roboto',
  probe: 0,
};
/** 6 px per character, bold 7. */
const measure = (font: string, text: string) => text.length * (font.startsWith('bold') ? 7 : 6);
const entries = (n: number) => Array.from({ length: n }, (_, k) => ({ label: `${n - k} similar: op_${k}`, color: 0x123456 }));
const view = { width: 1280, height: 800 };
const box = (w: number, h: number) => ({ width: STYLE.left + STYLE.chromeX + w, height: STYLE.bottom + STYLE.chromeY + h });

describe('legendCover', () => {
  it('is as tall as its rows and as wide as its widest row, with its padding, border and offsets', () => {
    // "3 similar: op_0" (15 characters) after its swatch, wider than the title "Structure ▾".
    expect(legendCover('structure', entries(3), true, view, STYLE, measure)).toEqual(box(22 + 15 * 6, 17 + 3 * 17));
  });

  it('folded, it is its title alone', () => {
    expect(legendCover('device', entries(3), false, view, STYLE, measure)).toEqual(box('Device'.length * 7 + ' ▸'.length * 6, 17));
  });

  it('shows LEGEND_ROWS rows and a line for the rest', () => {
    const many = entries(40);
    expect(legendRows(many)).toMatchObject({ more: 40 - LEGEND_ROWS });
    expect(legendRows(many).shown.at(-1)).toBe(many.at(-1));
    expect(legendCover('structure', many, true, view, STYLE, measure)!.height).toBe(box(0, (2 + LEGEND_ROWS) * 17).height);
  });

  it('takes at most its share of the view, and a scrollbar beside rows taller than that', () => {
    const wide = (_font: string, t: string) => t.length * 40;
    // 200 px high: 2 rows fit (with the title and the "more" line: 68 px, under 80).
    expect(legendCover('structure', entries(40), true, { width: 300, height: 200 }, STYLE, wide)).toEqual(box(0.4 * 300, 4 * 17));
    // A page's taller rows (24 px): the 10 rows that fit 570 px at 17 px, with the title and the
    // "more" line (288 px), are over 40 % of it (228 px): they scroll, the scrollbar beside them.
    const tall = { ...STYLE, rowPx: 24, titlePx: 24 };
    const c = legendCover('structure', entries(40), true, { width: 2000, height: 570 }, tall, measure)!;
    expect(c.height).toBeCloseTo(box(0, 0.4 * 570).height);
    const widest = Math.max(...legendRows(entries(40), legendRowsFor(570)).shown.map((e) => e.label.length), 'and 30 more'.length);
    expect(c.width).toBe(box(22 + widest * 6 + 15, 0).width);
  });

  it('shows as many rows as fit 40 % of the view, with its title and the "more" line', () => {
    expect(legendRowsFor(800)).toBe(LEGEND_ROWS);
    // 520 px: 208 px for the legend, 14 px of it padding and border: 11 lines of 17 px, 9 rows.
    expect(legendRowsFor(520)).toBe(9);
    expect(legendRowsFor(100)).toBe(2);
    const c = legendCover('structure', entries(40), true, { width: 1000, height: 520 }, STYLE, measure)!;
    expect(c.height - STYLE.bottom - STYLE.chromeY).toBeLessThanOrEqual(0.4 * 520);
    expect(c.height).toBe(box(0, 17 + (9 + 1) * 17).height);
  });

  it('follows the page: its own lengths, and nothing where the legend is not in the corner or shows nothing', () => {
    // Rows of 24 px under a 30 px title: 102 px, over the page's 100 px limit (so, a scrollbar).
    const page = { ...STYLE, left: 20, rowPx: 24, titlePx: 30, maxHeight: { px: 100 } };
    expect(legendCover('structure', entries(3), true, view, page, measure)).toEqual({ width: 20 + 18 + 22 + 15 * 6 + 15, height: 8 + 14 + 100 });
    expect(legendCover('structure', entries(3), true, view, { ...STYLE, cornered: false }, measure)).toBeNull();
    expect(legendCover('none', [], true, view, STYLE, measure)).toBeNull();
  });
});

describe('pageTextWidth', () => {
  it("measures in the page's fonts, scaled as the page's probe compares", () => {
    const fonts: string[] = [];
    const here = (font: string, text: string) => {
      fonts.push(font);
      return measure(font, text);
    };
    // The page's font is 10 % wider than this context's.
    const m = pageTextWidth(here, { ...STYLE, probe: PROBE_TEXT.length * 6 * 1.1 });
    expect(m(STYLE.font, 'abcd')).toBeCloseTo(4 * 6 * 1.1);
    expect(m(STYLE.boldFont, 'abcd')).toBeCloseTo(4 * 7 * 1.1);
    expect(fonts).toEqual(['12px Roboto', '12px Roboto', 'bold 12px Roboto']);
    // No probe: as measured here.
    expect(pageTextWidth(measure, STYLE)(STYLE.font, 'ab')).toBe(12);
  });
});
