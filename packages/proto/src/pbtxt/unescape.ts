/**
 * The general reader of string literals: every C escape, and adjacent literals ("a" 'b')
 * concatenated. The tokenizer takes plain single literals without copying and calls this only
 * for the rest (tensor_content bytes, escaped names).
 */
import { skipSpace } from './space.js';
import { PbtxtSyntaxError } from './syntax-error.js';

const isDigit = (c: number) => c >= 48 && c <= 57;
const isHex = (c: number) => isDigit(c) || (c >= 97 && c <= 102) || (c >= 65 && c <= 70);
const hexVal = (c: number) => (c <= 57 ? c - 48 : (c | 0x20) - 87);

const fail = (offset: number, reason: string): never => {
  throw new PbtxtSyntaxError(offset, reason);
};

/** Single-character escapes (`\n` → 10, …); 0 where the letter is not one. */
const SIMPLE_ESCAPES = new Uint8Array(128);
for (const [e, b] of [[110, 10], [116, 9], [114, 13], [97, 7], [98, 8], [102, 12], [118, 11], [92, 92], [39, 39], [34, 34], [63, 63]]) SIMPLE_ESCAPES[e!] = b!;

export class Unescaper {
  /** The decoded bytes are `bytes[0, length)` (reused from one literal to the next). */
  bytes: Uint8Array = new Uint8Array(256);
  length = 0;

  private push(b: number): void {
    if (this.length === this.bytes.length) this.grow(this.length);
    this.bytes[this.length++] = b;
  }

  private pushCodePoint(cp: number, at: number): void {
    if (cp > 0x10ffff) fail(at, '\\U escape beyond U+10FFFF');
    if (cp < 0x80) return this.push(cp);
    if (cp < 0x800) {
      this.push(0xc0 | (cp >> 6));
    } else if (cp < 0x10000) {
      this.push(0xe0 | (cp >> 12));
      this.push(0x80 | ((cp >> 6) & 63));
    } else {
      this.push(0xf0 | (cp >> 18));
      this.push(0x80 | ((cp >> 12) & 63));
      this.push(0x80 | ((cp >> 6) & 63));
    }
    this.push(0x80 | (cp & 63));
  }

  /**
   * Reads the literals starting at the quote at `first`; returns the offset of the next token.
   * Throws PbtxtSyntaxError with the same reasons and offsets as ever.
   */
  read(buf: Uint8Array, first: number): number {
    this.length = 0;
    let p = first;
    for (;;) {
      p = this.readOne(buf, p);
      // Adjacent literals concatenate, across whitespace and comments.
      p = skipSpace(buf, p);
      if (buf[p] !== 34 && buf[p] !== 39) return p;
    }
  }

  /**
   * One quoted literal whose quote is at `open`; returns the offset after its closing quote.
   * Plain bytes, octal and one-letter escapes (all of tensor_content) are decoded inline, with
   * the output in locals; the rest go through `escape`.
   */
  private readOne(buf: Uint8Array, open: number): number {
    const quote = buf[open]!;
    const n = buf.length;
    let out = this.bytes;
    let len = this.length;
    let p = open + 1;
    for (;;) {
      if (p >= n) fail(open, 'unterminated string');
      let c = buf[p]!;
      if (c === quote) break;
      if (c === 10) fail(p, 'newline inside string');
      if (c !== 92) p++;
      else {
        const e = p + 1 < n ? buf[p + 1]! : 256;
        if (e >= 48 && e <= 55) {
          // \o, \oo, \ooo
          const escAt = p;
          c = e - 48;
          p += 2;
          for (let i = 0; i < 2 && p < n && buf[p]! >= 48 && buf[p]! <= 55; i++) c = c * 8 + (buf[p++]! - 48);
          if (c > 255) fail(escAt, 'octal escape above \\377');
        } else if (e < 128 && SIMPLE_ESCAPES[e] !== 0) {
          c = SIMPLE_ESCAPES[e]!;
          p += 2;
        } else {
          this.length = len;
          p = this.escape(buf, p);
          out = this.bytes;
          len = this.length;
          continue;
        }
      }
      if (len === out.length) out = this.grow(len);
      out[len++] = c;
    }
    this.length = len;
    return p + 1;
  }

  private grow(len: number): Uint8Array {
    const grown = new Uint8Array(this.bytes.length * 2);
    grown.set(this.bytes.subarray(0, len));
    return (this.bytes = grown);
  }

  /** Decodes a `\x`, `\u` or `\U` escape (or fails on a bad one) at `escAt`; returns the offset after it. */
  private escape(buf: Uint8Array, escAt: number): number {
    const e = buf[escAt + 1];
    let p = escAt + 2;
    if (e === 120 || e === 88) {
      // \xHH (one or two hex digits)
      if (!isHex(buf[p] ?? 0)) fail(escAt, '\\x escape needs a hex digit');
      let v = hexVal(buf[p++]!);
      if (isHex(buf[p] ?? 0)) v = v * 16 + hexVal(buf[p++]!);
      this.push(v);
    } else if (e === 117 || e === 85) {
      const cp = unicodeEscape(buf, p, e, escAt);
      // \U takes 8 digits; \u takes 4, or 10 with the second half of a surrogate pair.
      p += e === 85 ? 8 : cp > 0xffff ? 10 : 4;
      this.pushCodePoint(cp, escAt);
    } else {
      fail(escAt, e === undefined ? 'unterminated string' : `invalid escape '\\${String.fromCharCode(e)}'`);
    }
    return p;
  }
}

/**
 * The code point of a `\u` (e = 117: 4 hex digits) or `\U` (e = 85: 8) escape whose digits
 * start at `p`. A UTF-16 surrogate pair written as two `\u` escapes gives one code point.
 */
function unicodeEscape(buf: Uint8Array, p: number, e: number, escAt: number): number {
  const n = e === 117 ? 4 : 8;
  let cp = 0;
  for (let i = 0; i < n; i++) {
    const h = buf[p + i] ?? 0;
    if (!isHex(h)) fail(escAt, `\\${String.fromCharCode(e)} escape needs ${n} hex digits`);
    cp = cp * 16 + hexVal(h);
  }
  p += n;
  if (n === 4 && cp >= 0xd800 && cp <= 0xdbff && buf[p] === 92 && buf[p + 1] === 117) {
    let lo = 0;
    let ok = true;
    for (let i = 0; i < 4; i++) {
      const h = buf[p + 2 + i] ?? 0;
      if (!isHex(h)) ok = false;
      else lo = lo * 16 + hexVal(h);
    }
    if (ok && lo >= 0xdc00 && lo <= 0xdfff) cp = 0x10000 + ((cp - 0xd800) << 10) + (lo - 0xdc00);
  }
  return cp;
}
