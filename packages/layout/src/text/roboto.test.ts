import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { createMeasurer, roboto } from './roboto.js';
import * as metrics from './roboto-metrics.js';

const OP = 'gradients/model/encoder_14/block_17/conv2d/Conv2D_grad/Conv2DBackpropInput';
const UPM = metrics.unitsPerEm;
/** At fontPx = unitsPerEm a width is in font units, and exact. */
const units = (text: string) => roboto.width(text, UPM);

interface FontFacts {
  unitsPerEm: number;
  ascender: number;
  descender: number;
  advances: Record<string, number>;
  kerning: Record<string, number>;
  ligatures: Record<string, number>;
}

// Reads the latin face with opentype.js in a child process (the package has no typings), so the
// expectations come from the font file, not from our table.
const FONT_FACTS = `
import opentype from 'opentype.js';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
const require = createRequire(process.cwd() + '/package.json');
const b = readFileSync(require.resolve('@fontsource/roboto/files/roboto-latin-400-normal.woff'));
const f = opentype.parse(b.buffer.slice(b.byteOffset, b.byteOffset + b.byteLength));
const chars = [...'aiWf0123456789 /_-.:…\uFFFD', ...new Set(${JSON.stringify(OP)})];
const advances = Object.fromEntries(chars.map((c) => [c, f.charToGlyph(c).advanceWidth]));
const pairs = ['AV', 'To', 'P,', ...Array.from(${JSON.stringify(OP)}.slice(1), (c, i) => ${JSON.stringify(OP)}[i] + c)];
const kerning = Object.fromEntries(pairs.map((p) => [p, f.getKerningValue(f.charToGlyph(p[0]), f.charToGlyph(p[1]))]));
const byGlyph = new Map(chars.concat(['l']).map((c) => [f.charToGlyph(c).index, c]));
const ligatures = Object.fromEntries(f.substitution.getLigatures('liga', 'latn')
  .map((l) => [l.sub.map((g) => byGlyph.get(g)).join(''), f.glyphs.get(l.by).advanceWidth]));
const { ascender, descender } = f.tables.hhea;
console.log(JSON.stringify({ unitsPerEm: f.unitsPerEm, ascender, descender, advances, kerning, ligatures }));
`;

let font: FontFacts;
beforeAll(() => {
  font = JSON.parse(execFileSync(process.execPath, ['--input-type=module', '-e', FONT_FACTS], { encoding: 'utf8' })) as FontFacts;
});
const adv = (c: string) => {
  const a = font.advances[c];
  if (a === undefined) throw new Error(`no advance read for ${c}`);
  return a;
};

describe('roboto-metrics.ts', () => {
  it('is what scripts/gen-font-metrics.mjs generates', () => {
    const dir = mkdtempSync(join(tmpdir(), 'tbg-font-'));
    try {
      const out = join(dir, 'roboto-metrics.ts');
      execFileSync(process.execPath, ['scripts/gen-font-metrics.mjs', '--out', out], { stdio: 'pipe' });
      expect(readFileSync(out, 'utf8'), 'src/text/roboto-metrics.ts is stale: run pnpm --filter @tbg/layout gen:font').toBe(
        readFileSync('src/text/roboto-metrics.ts', 'utf8'),
      );
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('holds the font file’s units per em and hhea metrics', () => {
    expect([metrics.unitsPerEm, metrics.ascender, metrics.descender]).toEqual([font.unitsPerEm, font.ascender, font.descender]);
    expect(metrics.fallbackAdvance).toBe(adv('\uFFFD'));
    expect(roboto.fontFamily).toBe('Roboto');
  });
});

describe('roboto.width', () => {
  it('gives each character the advance in the font file', () => {
    for (const c of Object.keys(font.advances)) expect(units(c), c).toBe(adv(c));
  });

  it('sums advances and the font’s pair kerning', () => {
    let expected = 0;
    for (let i = 0; i < OP.length; i++) expected += adv(OP[i]!) + (i > 0 ? font.kerning[OP[i - 1]! + OP[i]!]! : 0);
    expect(units(OP)).toBe(expected);
    // The op name does kern ('ra', 'ro'): a plain sum would be off.
    expect(expected).not.toBe([...OP].reduce((s, c) => s + adv(c), 0));
  });

  it('is additive over a join that neither kerns nor forms a ligature', () => {
    expect(font.kerning['d/']).toBe(0);
    expect(units('conv2d/Conv2D')).toBe(units('conv2d') + units('/Conv2D'));
  });

  it('kerns across a join that kerns', () => {
    for (const p of ['AV', 'To', 'P,']) {
      expect(font.kerning[p]).toBeLessThan(0);
      expect(units(p), p).toBe(units(p[0]!) + units(p[1]!) + font.kerning[p]!);
    }
  });

  it('uses the f-ligatures', () => {
    expect(Object.keys(font.ligatures).sort()).toEqual(['ffi', 'ffl', 'fi', 'fl']);
    for (const [lig, a] of Object.entries(font.ligatures)) {
      expect(units(lig), lig).toBe(a);
      expect(units(`x${lig}x`)).toBe(2 * units('x') + a);
    }
    expect(units('fi')).toBeLessThan(units('f') + units('i'));
  });

  it('scales in proportion to the font size', () => {
    for (const px of [1, 6, 9, 12.5, 100]) expect(roboto.width(OP, px)).toBeCloseTo((units(OP) * px) / UPM, 9);
    expect(roboto.width(OP, 18)).toBe(2 * roboto.width(OP, 9));
    expect(roboto.width(OP, 0)).toBe(0);
  });

  // Chromium 156 (Linux, headless) canvas measureText with the faces of 400.css: scripts/measure-in-chromium.mjs.
  it.each([
    ['gradients/model/conv2d/Conv2D', 6, 89.4755859375],
    ['gradients/model/conv2d/Conv2D', 9, 134.21337890625],
    [OP, 12, 452.583984375],
    ['"A"', 100, 117.578125],
    ['RandomShuffleQueue', 100, 965.4296875],
    ['offline/flatten/fifo', 100, 789.55078125],
    ['AVATAR To Ta', 100, 632.6171875],
    ['a\tb', 100, 135.3515625],
    ['A\u00adV', 100, 128.90625],
    ['Привет мир', 100, 555.810546875],
    ['Ωμέγα αβγ', 100, 473.92578125],
    ['Tiếng Việt', 100, 446.923828125],
    ['x\uD800x', 100, 201.806640625],
    ['gradients/model…', 100, 802.392578125],
  ])('equals Chromium’s canvas for %j at %d px', (text, px, chromium) => {
    expect(roboto.width(text, px)).toBe(chromium);
  });

  it('keeps Roboto’s shapes: W wider than i, tabular digits, a real space', () => {
    expect(units('W')).toBeGreaterThan(units('i'));
    const digits = [...'0123456789'].map(units);
    expect(new Set(digits)).toEqual(new Set([adv('0')]));
    expect(units(' ')).toBeGreaterThan(0);
    expect(units('\t')).toBe(units(' '));
    expect(units('')).toBe(0);
  });

  it('gives characters no face has the fallback advance, without throwing', () => {
    expect(units('\u{1F600}')).toBe(metrics.fallbackAdvance);
    expect(units('中')).toBe(metrics.fallbackAdvance);
    expect(units('a\u{1F600}b')).toBe(units('a') + metrics.fallbackAdvance + units('b'));
    expect(units('\uDE00')).toBe(metrics.fallbackAdvance); // a lone low surrogate
    expect(units('\uD83D')).toBe(metrics.fallbackAdvance); // a lone high surrogate at the end
  });
});

describe('roboto.lineHeight', () => {
  it('is ascent + descent from hhea', () => {
    expect(roboto.lineHeight(12)).toBe(((font.ascender - font.descender) / font.unitsPerEm) * 12);
    expect(roboto.lineHeight(2048)).toBe(2400);
  });
});

describe('roboto.truncate', () => {
  const ELLIPSIS = '…';
  const hasLoneSurrogate = (s: string) => /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/.test(s);
  /** Length of the character starting at text[i]: 2 for a surrogate pair. */
  const charLength = (text: string, i: number) => (/[\uD800-\uDBFF][\uDC00-\uDFFF]/.test(text.slice(i, i + 2)) ? 2 : 1);

  /** Checks every promise of truncate for one call. */
  function check(text: string, px: number, max: number) {
    const out = roboto.truncate(text, px, max);
    if (roboto.width(text, px) <= max) {
      expect(out).toBe(text);
      return;
    }
    expect(out.endsWith(ELLIPSIS)).toBe(true);
    const prefix = out.slice(0, -1);
    expect(text.startsWith(prefix)).toBe(true);
    expect(hasLoneSurrogate(prefix)).toBe(false);
    if (prefix.length > 0) expect(roboto.width(out, px)).toBeLessThanOrEqual(max);
    // Maximal: one more character would not fit.
    const longer = text.slice(0, prefix.length + charLength(text, prefix.length)) + ELLIPSIS;
    expect(roboto.width(longer, px), `${JSON.stringify(out)} at max ${max}`).toBeGreaterThan(max);
  }

  it('returns the text itself when it fits, also exactly', () => {
    expect(roboto.truncate(OP, 9, 1000)).toBe(OP);
    expect(roboto.truncate(OP, 9, roboto.width(OP, 9))).toBe(OP);
    expect(roboto.truncate('', 9, 0)).toBe('');
    expect(roboto.truncate('', 9, -1)).toBe('');
  });

  it('cuts to the longest prefix that fits with …', () => {
    const out = roboto.truncate(OP, 9, 100);
    expect(out).toBe('gradients/model/enco…');
    check(OP, 9, 100);
  });

  it('keeps its promises at every width', () => {
    const texts = [OP, 'RandomShuffleQueue', 'xffiy offline flatten fifo', 'AVAVAV To Ta', 'a😀b😀😀c', '😀😀😀', 'Привет мир', 'i'];
    for (const text of texts) {
      for (const px of [6, 9, 12]) {
        const full = roboto.width(text, px);
        for (let max = 0; max <= full + 2; max += 0.25) check(text, px, max);
      }
    }
  });

  it('returns … alone when one character and … do not fit', () => {
    const ellipsis = roboto.width(ELLIPSIS, 9);
    expect(roboto.truncate(OP, 9, 0)).toBe(ELLIPSIS);
    expect(roboto.truncate(OP, 9, ellipsis)).toBe(ELLIPSIS);
    expect(roboto.truncate(OP, 9, roboto.width('g…', 9) - 1e-9)).toBe(ELLIPSIS);
    expect(roboto.truncate(OP, 9, roboto.width('g…', 9))).toBe('g…');
    expect(roboto.truncate(OP, 9, -5)).toBe(ELLIPSIS);
  });

  it('never splits a surrogate pair', () => {
    const text = '😀😀😀😀';
    const one = roboto.width('😀…', 12);
    expect(roboto.truncate(text, 12, one)).toBe('😀…');
    expect(roboto.truncate(text, 12, one + roboto.width('😀', 12) - 0.01)).toBe('😀…');
  });

  it('measures a prefix that cuts a ligature as shaped on its own', () => {
    // 'xffiyyyy' draws 'ffi' as one glyph; 'xff…' has two plain f's and must fit in its own width.
    const max = roboto.width('xff…', 12);
    expect(roboto.width('xffi…', 12)).toBeGreaterThan(max);
    expect(roboto.truncate('xffiyyyy', 12, max)).toBe('xff…');
    expect(roboto.truncate('xffiyyyy', 12, max - 1e-9)).toBe('xf…');
  });
});

describe('createMeasurer', () => {
  it('builds a measurer from metrics data', () => {
    const m = createMeasurer({ ...metrics, family: 'Other' });
    expect(m.fontFamily).toBe('Other');
    expect(m.width(OP, 9)).toBe(roboto.width(OP, 9));
  });
});
