/** Tokens of the protobuf text format, read straight from UTF-8 bytes. */
import { lineCol } from './position.js';

export const TOK_EOF = 0;
export const TOK_IDENT = 1;
export const TOK_NUMBER = 2;
export const TOK_STRING = 3;
export const TOK_SYMBOL = 4;

/** A text-format problem at a byte offset; the parser turns it into a GraphFormatError with line:col. */
export class PbtxtSyntaxError extends Error {
  constructor(
    readonly offset: number,
    readonly reason: string,
  ) {
    super(reason);
  }
}

const isIdentStart = (c: number) => (c >= 97 && c <= 122) || (c >= 65 && c <= 90) || c === 95;
const isIdentPart = (c: number) => isIdentStart(c) || (c >= 48 && c <= 57);
const isDigit = (c: number) => c >= 48 && c <= 57;
const isHex = (c: number) => isDigit(c) || (c >= 97 && c <= 102) || (c >= 65 && c <= 70);
const hexVal = (c: number) => (c <= 57 ? c - 48 : (c | 0x20) - 87);

export class Tokenizer {
  type = TOK_EOF;
  /** Byte span of the current token in the input. */
  start = 0;
  end = 0;
  /** Char code of a symbol token. */
  symbol = 0;
  /** Decoded bytes of a string token (adjacent literals concatenated). */
  bytes: Uint8Array = new Uint8Array(0);
  private pos = 0;
  private scratch = new Uint8Array(256);

  constructor(readonly buf: Uint8Array) {
    // A UTF-8 byte order mark is not part of the text.
    if (buf[0] === 0xef && buf[1] === 0xbb && buf[2] === 0xbf) this.pos = 3;
    this.next();
  }

  text(): string {
    let s = '';
    for (let i = this.start; i < this.end; i++) s += String.fromCharCode(this.buf[i]!);
    return s;
  }

  fail(reason: string, offset = this.start): never {
    throw new PbtxtSyntaxError(offset, reason);
  }

  where(offset = this.start): string {
    const { line, column } = lineCol(this.buf, offset);
    return `${line}:${column}`;
  }

  private skipSpace(): void {
    const buf = this.buf;
    let p = this.pos;
    for (;;) {
      const c = buf[p];
      if (c === 32 || c === 10 || c === 9 || c === 13 || c === 11 || c === 12) p++;
      else if (c === 35) {
        while (p < buf.length && buf[p] !== 10) p++;
      } else break;
    }
    this.pos = p;
  }

  next(): void {
    this.skipSpace();
    const buf = this.buf;
    const p = this.pos;
    this.start = p;
    if (p >= buf.length) {
      this.type = TOK_EOF;
      this.end = p;
      return;
    }
    const c = buf[p]!;
    if (isIdentStart(c)) {
      let q = p + 1;
      while (q < buf.length && isIdentPart(buf[q]!)) q++;
      this.type = TOK_IDENT;
      this.end = this.pos = q;
      return;
    }
    if (isDigit(c) || (c === 46 && isDigit(buf[p + 1] ?? 0))) {
      let q = p + 1;
      const hex = c === 48 && (buf[q] === 120 || buf[q] === 88);
      while (q < buf.length) {
        const d = buf[q]!;
        if (isIdentPart(d) || d === 46) q++;
        else if ((d === 45 || d === 43) && !hex && (buf[q - 1] === 101 || buf[q - 1] === 69)) q++;
        else break;
      }
      this.type = TOK_NUMBER;
      this.end = this.pos = q;
      return;
    }
    if (c === 34 || c === 39) {
      this.readStrings();
      return;
    }
    if (c === 123 || c === 125 || c === 60 || c === 62 || c === 91 || c === 93 || c === 58 || c === 44 || c === 59 || c === 45 || c === 47 || c === 46) {
      this.type = TOK_SYMBOL;
      this.symbol = c;
      this.end = this.pos = p + 1;
      return;
    }
    this.fail(c < 32 || c > 126 ? `unexpected byte 0x${c.toString(16).padStart(2, '0')}` : `unexpected character '${String.fromCharCode(c)}'`, p);
  }

  private push(len: number, b: number): number {
    if (len === this.scratch.length) {
      const grown = new Uint8Array(this.scratch.length * 2);
      grown.set(this.scratch);
      this.scratch = grown;
    }
    this.scratch[len] = b;
    return len + 1;
  }

  private pushCodePoint(len: number, cp: number, at: number): number {
    if (cp > 0x10ffff) this.fail('\\U escape beyond U+10FFFF', at);
    if (cp < 0x80) return this.push(len, cp);
    if (cp < 0x800) return this.push(this.push(len, 0xc0 | (cp >> 6)), 0x80 | (cp & 63));
    if (cp < 0x10000) return this.push(this.push(this.push(len, 0xe0 | (cp >> 12)), 0x80 | ((cp >> 6) & 63)), 0x80 | (cp & 63));
    len = this.push(this.push(len, 0xf0 | (cp >> 18)), 0x80 | ((cp >> 12) & 63));
    return this.push(this.push(len, 0x80 | ((cp >> 6) & 63)), 0x80 | (cp & 63));
  }

  /**
   * The code point of a `\u` (e = 117: 4 hex digits) or `\U` (e = 85: 8) escape whose digits
   * start at `p`. A UTF-16 surrogate pair written as two `\u` escapes gives one code point.
   */
  private unicodeEscape(p: number, e: number, escAt: number): number {
    const buf = this.buf;
    const n = e === 117 ? 4 : 8;
    let cp = 0;
    for (let i = 0; i < n; i++) {
      const h = buf[p + i] ?? 0;
      if (!isHex(h)) this.fail(`\\${String.fromCharCode(e)} escape needs ${n} hex digits`, escAt);
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

  /** Reads one or more adjacent quoted literals ("a" 'b') into `bytes`. */
  private readStrings(): void {
    const buf = this.buf;
    let len = 0;
    const first = this.pos;
    let p = this.pos;
    for (;;) {
      const quote = buf[p]!;
      const open = p;
      p++;
      // Copy runs of plain bytes in bulk: long tensor_content literals are mostly escapes,
      // but names and ops are plain.
      for (;;) {
        if (p >= buf.length) this.fail('unterminated string', open);
        const c = buf[p]!;
        if (c === quote) {
          p++;
          break;
        }
        if (c === 10) this.fail('newline inside string', p);
        if (c !== 92) {
          len = this.push(len, c);
          p++;
          continue;
        }
        const escAt = p;
        const e = buf[p + 1];
        p += 2;
        switch (e) {
          case 110: len = this.push(len, 10); break; // \n
          case 116: len = this.push(len, 9); break; // \t
          case 114: len = this.push(len, 13); break; // \r
          case 97: len = this.push(len, 7); break; // \a
          case 98: len = this.push(len, 8); break; // \b
          case 102: len = this.push(len, 12); break; // \f
          case 118: len = this.push(len, 11); break; // \v
          case 92: case 39: case 34: case 63: len = this.push(len, e); break; // \\ \' \" \?
          case 120: case 88: { // \xHH (one or two hex digits)
            if (!isHex(buf[p] ?? 0)) this.fail('\\x escape needs a hex digit', escAt);
            let v = hexVal(buf[p++]!);
            if (isHex(buf[p] ?? 0)) v = v * 16 + hexVal(buf[p++]!);
            len = this.push(len, v);
            break;
          }
          case 117: case 85: { // \uXXXX and \UXXXXXXXX
            const cp = this.unicodeEscape(p, e, escAt);
            // \U takes 8 digits; \u takes 4, or 10 with the second half of a surrogate pair.
            p += e === 85 ? 8 : cp > 0xffff ? 10 : 4;
            len = this.pushCodePoint(len, cp, escAt);
            break;
          }
          default: {
            if (e !== undefined && e >= 48 && e <= 55) { // \o, \oo, \ooo
              let v = e - 48;
              for (let i = 0; i < 2 && (buf[p] ?? 0) >= 48 && buf[p]! <= 55; i++) v = v * 8 + (buf[p++]! - 48);
              if (v > 255) this.fail('octal escape above \\377', escAt);
              len = this.push(len, v);
            } else {
              this.fail(e === undefined ? 'unterminated string' : `invalid escape '\\${String.fromCharCode(e)}'`, escAt);
            }
          }
        }
      }
      // Adjacent literals concatenate, across whitespace and comments.
      this.pos = p;
      this.skipSpace();
      p = this.pos;
      if (buf[p] !== 34 && buf[p] !== 39) break;
    }
    this.type = TOK_STRING;
    this.start = first;
    this.end = p;
    this.bytes = this.scratch.slice(0, len);
  }
}
