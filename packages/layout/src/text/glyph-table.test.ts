import { describe, expect, it } from 'vitest';
import { createMeasurer } from './create-measurer.js';
import type { FontMetrics } from './font-metrics.js';

// A tiny hand-packed font, to reach decoder paths Roboto does not (astral entries, kerning from the Map).
const DIGITS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
const d = (n: number, width: number) => Array.from({ length: width }, (_, k) => DIGITS[Math.floor(n / 64 ** (width - 1 - k)) % 64]).join('');
const glyph = (advance: number, first: number, second: number) => d(advance, 2) + d(first, 2) + d(second, 2);

const TINY: FontMetrics = {
  family: 'Tiny',
  unitsPerEm: 1000,
  ascender: 800,
  descender: -200,
  fallbackAdvance: 700,
  firstClasses: 2,
  secondClasses: 2,
  glyphs:
    d(0x41, 3) + d(2, 2) + glyph(1000, 1, 0) + glyph(500, 0, 0) + // 'A' kerns as first, 'B' never
    d(0x4e2d, 3) + d(1, 2) + glyph(2000, 0, 1) + // '中' kerns as second
    d(0x1f600, 3) + d(1, 2) + glyph(1500, 0, 1),
  kerning: d(1, 2) + d(1, 2) + d(2048 - 100, 2), // first class 1, second class 1: -100
  ligatures: [['AB', 1200, 0, 1]],
};

describe('GlyphTable via createMeasurer', () => {
  const m = createMeasurer(TINY);
  const units = (s: string) => m.width(s, TINY.unitsPerEm);

  it('decodes advances below and above the dense range, astral ones included', () => {
    expect([units('A'), units('B'), units('中'), units('😀'), units('x'), units('𝄞')]).toEqual([1000, 500, 2000, 1500, 700, 700]);
  });

  it('applies kerning and ligatures, also to glyphs kept in the Map', () => {
    expect(units('A中')).toBe(2900);
    expect(units('A😀')).toBe(2400);
    expect(units('AB')).toBe(1200);
    // 'A' kerns into the ligature (second class 1); the ligature (first class 0) kerns into nothing.
    expect(units('AAB中')).toBe(1000 + 1200 - 100 + 2000);
    expect(units('BA')).toBe(1500);
  });

  it('reports the line height and family', () => {
    expect(m.lineHeight(10)).toBe(10);
    expect(m.fontFamily).toBe('Tiny');
  });

  it('rejects corrupt data', () => {
    expect(() => createMeasurer({ ...TINY, glyphs: TINY.glyphs.slice(0, -1) })).toThrow(/mid-number/);
    expect(() => createMeasurer({ ...TINY, glyphs: '!' + TINY.glyphs.slice(1) })).toThrow(/bad digit/);
    expect(() => createMeasurer({ ...TINY, kerning: TINY.kerning + 'AA' })).toThrow(/trailing/);
    expect(() => createMeasurer({ ...TINY, firstClasses: 1 })).toThrow(/out of range/);
    expect(() => createMeasurer({ ...TINY, ligatures: [['😀x', 1, 0, 0]] })).toThrow(/unsupported ligature/);
  });
});
