import type { FontMetrics } from './font-metrics.js';
import { PackedReader } from './packed-reader.js';

// Code points below this live in flat typed arrays: Latin, Greek, Cyrillic and General Punctuation
// (dashes, quotes, '…'), i.e. everything op names are made of. Rarer ones go through a Map.
const DENSE = 0x2100;
const KERN_BIAS = 2048;

interface Glyph {
  readonly advance: number;
  readonly first: number;
  readonly second: number;
}

/**
 * A font's glyph data, decoded once, and a reader that walks text one glyph at a time the way a
 * browser shapes it (ligatures, then pair kerning). read() reports through public fields rather
 * than a returned object so that measuring allocates nothing. Not reentrant, which is fine: a
 * measurement runs to completion on its thread.
 */
export class GlyphTable {
  /** Outputs of read(): the glyph's advance in font units and its kerning classes. */
  advance = 0;
  first = 0;
  second = 0;

  readonly fallbackAdvance: number;
  private readonly denseAdvance = new Uint16Array(DENSE);
  private readonly denseFirst = new Uint16Array(DENSE);
  private readonly denseSecond = new Uint16Array(DENSE);
  private readonly sparse = new Map<number, Glyph>();
  private readonly kernValues: Int16Array;
  private readonly secondClasses: number;
  /** 1 where a ligature may start, so plain characters skip the ligature search. */
  private readonly ligatureStart = new Uint8Array(DENSE);
  private readonly ligatures: FontMetrics['ligatures'];

  constructor(m: FontMetrics) {
    this.fallbackAdvance = m.fallbackAdvance;
    this.denseAdvance.fill(m.fallbackAdvance);
    this.secondClasses = m.secondClasses;
    this.kernValues = new Int16Array(m.firstClasses * m.secondClasses);
    const checkClasses = (first: number, second: number) => {
      if (first >= m.firstClasses || second >= m.secondClasses) throw new Error('kerning class out of range in font metrics');
    };

    const g = new PackedReader(m.glyphs);
    while (!g.done) {
      const start = g.read(3);
      const count = g.read(2);
      for (let cp = start; cp < start + count; cp++) {
        const advance = g.read(2);
        const first = g.read(2);
        const second = g.read(2);
        checkClasses(first, second);
        if (cp < DENSE) {
          this.denseAdvance[cp] = advance;
          this.denseFirst[cp] = first;
          this.denseSecond[cp] = second;
        } else {
          this.sparse.set(cp, { advance, first, second });
        }
      }
    }

    const k = new PackedReader(m.kerning);
    for (let first = 1; first < m.firstClasses; first++) {
      for (let n = k.read(2); n > 0; n--) {
        const second = k.read(2);
        checkClasses(first, second);
        this.kernValues[first * m.secondClasses + second] = k.read(2) - KERN_BIAS;
      }
    }
    if (!k.done) throw new Error('trailing kerning data in font metrics');

    for (const [text, , first, second] of m.ligatures) {
      const c = text.charCodeAt(0);
      // Cutting text inside a ligature (truncate) assumes every code unit is a whole character.
      if (text.length < 2 || c >= DENSE || /[\uD800-\uDFFF]/.test(text)) throw new Error(`unsupported ligature ${text}`);
      checkClasses(first, second);
      this.ligatureStart[c] = 1;
    }
    this.ligatures = m.ligatures;
  }

  /** Kerning in font units between a glyph of first class `first` and a following one of second class `second`. */
  kern(first: number, second: number): number {
    return this.kernValues[first * this.secondClasses + second]!;
  }

  /**
   * Reads the glyph at text[i] (a ligature, a surrogate pair or one code unit) without looking at
   * text[end] or beyond; sets advance/first/second and returns the index just after the glyph.
   */
  read(text: string, i: number, end: number): number {
    const c = text.charCodeAt(i);
    if (c < DENSE) {
      if (this.ligatureStart[c] !== 0) {
        const after = this.readLigature(text, i, end);
        if (after > 0) return after;
      }
      this.advance = this.denseAdvance[c]!;
      this.first = this.denseFirst[c]!;
      this.second = this.denseSecond[c]!;
      return i + 1;
    }
    let cp = c;
    let after = i + 1;
    if (c >= 0xd800 && c <= 0xdbff && after < end) {
      const lo = text.charCodeAt(after);
      if (lo >= 0xdc00 && lo <= 0xdfff) {
        cp = (c - 0xd800) * 0x400 + (lo - 0xdc00) + 0x10000;
        after++;
      }
    }
    const g = this.sparse.get(cp);
    this.advance = g === undefined ? this.fallbackAdvance : g.advance;
    this.first = g === undefined ? 0 : g.first;
    this.second = g === undefined ? 0 : g.second;
    return after;
  }

  /**
   * Kerned advances of text[start, end) shaped on its own, in font units, following a glyph of first
   * class `prevFirst` (0: none). Leaves the last glyph's first class in `first`.
   */
  span(text: string, start: number, end: number, prevFirst: number): number {
    let units = 0;
    let prev = prevFirst;
    for (let i = start; i < end; ) {
      i = this.read(text, i, end);
      units += this.kern(prev, this.second) + this.advance;
      prev = this.first;
    }
    this.first = prev;
    return units;
  }

  private readLigature(text: string, i: number, end: number): number {
    for (let k = 0; k < this.ligatures.length; k++) {
      const [lig, advance, first, second] = this.ligatures[k]!;
      if (i + lig.length <= end && text.startsWith(lig, i)) {
        this.advance = advance;
        this.first = first;
        this.second = second;
        return i + lig.length;
      }
    }
    return 0;
  }
}
