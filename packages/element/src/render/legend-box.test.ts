import { describe, expect, it } from 'vitest';
import { LEGEND_LAYOUT as L, LEGEND_ROWS, legendCover, legendRows, pageTextWidth, PROBE_TEXT } from './legend-box.js';

/** 6 px per character, bold 7. */
const measure = (text: string, bold: boolean) => text.length * (bold ? 7 : 6);
const entries = (n: number) => Array.from({ length: n }, (_, k) => ({ label: `${n - k} similar: op_${k}`, color: 0x123456 }));
const chrome = { x: L.inset + 2 * (L.border + L.padX), y: L.inset + 2 * (L.border + L.padY) };
const view = { width: 1280, height: 800 };

describe('legendCover', () => {
  it('is as tall as its rows and as wide as its widest row, with its padding, border and inset', () => {
    const c = legendCover('structure', entries(3), true, view, measure)!;
    expect(c.height).toBe(chrome.y + 4 * L.rowPx);
    // "3 similar: op_0" (15 characters) after its swatch, wider than the title "Structure ▾".
    expect(c.width).toBe(chrome.x + L.swatchPx + 15 * 6);
  });

  it('folded, it is its title alone', () => {
    const c = legendCover('device', entries(3), false, view, measure)!;
    expect(c).toEqual({ width: chrome.x + 'Device'.length * 7 + ' ▸'.length * 6, height: chrome.y + L.rowPx });
  });

  it('shows LEGEND_ROWS rows and a line for the rest; at most its share of the view', () => {
    const many = entries(40);
    expect(legendRows(many)).toMatchObject({ more: 40 - LEGEND_ROWS });
    expect(legendRows(many).shown.at(-1)).toBe(many.at(-1));
    expect(legendCover('structure', many, true, view, measure)!.height).toBe(chrome.y + (2 + LEGEND_ROWS) * L.rowPx);
    const small = { width: 300, height: 200 };
    const c = legendCover('structure', many, true, small, (t) => t.length * 40)!;
    expect(c).toEqual({ width: chrome.x + L.share * 300, height: chrome.y + L.share * 200 });
  });

  it('is null when there is nothing to show', () => {
    expect(legendCover('none', [], true, view, measure)).toBeNull();
  });
});

describe('pageTextWidth', () => {
  it("measures in the page's family list, scaled as the page's probe compares", () => {
    const fonts: string[] = [];
    const here = (font: string, text: string) => {
      fonts.push(font);
      return text.length * (font.startsWith('bold') ? 7 : 6);
    };
    // The page's font is 10 % wider than this context's.
    const measure = pageTextWidth(here, { family: 'Roboto, system-ui', probe: PROBE_TEXT.length * 6 * 1.1 });
    expect(measure('abcd', false)).toBeCloseTo(4 * 6 * 1.1);
    expect(measure('abcd', true)).toBeCloseTo(4 * 7 * 1.1);
    expect(fonts).toEqual(['12px Roboto, system-ui', '12px Roboto, system-ui', 'bold 12px Roboto, system-ui']);
    // No probe: as measured here.
    expect(pageTextWidth(here, { family: 'x', probe: 0 })('ab', false)).toBe(12);
  });
});
