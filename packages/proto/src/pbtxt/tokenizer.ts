/** Tokens of the protobuf text format, read straight from UTF-8 bytes. */
import { lineCol } from './position.js';
import { HASH_SEED, hashStep } from './byte-map.js';
import { skipSpace } from './space.js';
import { PbtxtSyntaxError } from './syntax-error.js';
import { Unescaper } from './unescape.js';
import type { StringPool } from './string-pool.js';
import { utf8 } from '../wire/utf8.js';

export { PbtxtSyntaxError } from './syntax-error.js';

export const TOK_EOF = 0;
export const TOK_IDENT = 1;
export const TOK_NUMBER = 2;
export const TOK_STRING = 3;
export const TOK_SYMBOL = 4;

// What a token's first byte starts; one table lookup instead of a chain of comparisons.
const C_OTHER = 0;
const C_IDENT = 1;
const C_DIGIT = 2;
const C_QUOTE = 3;
const C_SYMBOL = 4;
const C_DOT = 5;
const START = new Uint8Array(256);
/** 1 for bytes that continue an identifier (and, with '.', a number). */
const IDENT_PART = new Uint8Array(256);
for (let c = 0; c < 256; c++) {
  const letter = (c >= 97 && c <= 122) || (c >= 65 && c <= 90) || c === 95;
  const digit = c >= 48 && c <= 57;
  IDENT_PART[c] = letter || digit ? 1 : 0;
  START[c] = letter ? C_IDENT : digit ? C_DIGIT : c === 34 || c === 39 ? C_QUOTE : c === 46 ? C_DOT : C_OTHER;
}
for (const c of '{}<>[]:,;-/') START[c.charCodeAt(0)] = C_SYMBOL;

/** Copies `buf[start, end)` into a new plain Uint8Array (never a view of the input). */
function copyBytes(buf: Uint8Array, start: number, end: number): Uint8Array {
  const out = new Uint8Array(end - start);
  if (end - start <= 64) for (let i = start; i < end; i++) out[i - start] = buf[i]!;
  else out.set(buf.subarray(start, end));
  return out;
}

export class Tokenizer {
  type = TOK_EOF;
  /** Byte span of the current token in the input (a string's span runs to the next token). */
  start = 0;
  end = 0;
  /** Char code of a symbol token; 0 for any other token, so `symbol === c` alone tests for one. */
  symbol = 0;
  /** Hash of an identifier's bytes (see `hashBytes`), or of a plain string literal's content. */
  hash = 0;
  /**
   * A string token that is one literal without escapes is read in place: its content is
   * `buf[strStart, strEnd)`. Any other string is decoded into `unescaper`.
   */
  private plain = false;
  private strStart = 0;
  private strEnd = 0;
  private pos = 0;
  private readonly unescaper = new Unescaper();

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

  /** How an error message names the current token. */
  describe(): string {
    switch (this.type) {
      case TOK_EOF:
        return 'end of input';
      case TOK_STRING:
        return 'a string';
      case TOK_SYMBOL:
        return `'${String.fromCharCode(this.symbol)}'`;
      default:
        return `'${this.text().slice(0, 40)}'`;
    }
  }

  fail(reason: string, offset = this.start): never {
    throw new PbtxtSyntaxError(offset, reason);
  }

  where(offset = this.start): string {
    const { line, column } = lineCol(this.buf, offset);
    return `${line}:${column}`;
  }

  /** The current string token as text (UTF-8); plain literals go through `pool`. */
  stringValue(pool: StringPool): string {
    if (this.plain) return pool.get(this.strStart, this.strEnd, this.hash);
    return utf8(this.unescaper.bytes, 0, this.unescaper.length);
  }

  /** The current string token's bytes, in a new array. */
  bytesValue(): Uint8Array {
    if (this.plain) return copyBytes(this.buf, this.strStart, this.strEnd);
    return this.unescaper.bytes.slice(0, this.unescaper.length);
  }

  /** Writes the current string token's bytes, length first (read in place for a plain literal). */
  writeString(out: { lenBytes(src: Uint8Array, start: number, end: number): void }): void {
    if (this.plain) out.lenBytes(this.buf, this.strStart, this.strEnd);
    else out.lenBytes(this.unescaper.bytes, 0, this.unescaper.length);
  }

  next(): void {
    const buf = this.buf;
    const p = skipSpace(buf, this.pos);
    this.start = p;
    this.symbol = 0;
    if (p >= buf.length) {
      this.type = TOK_EOF;
      this.end = this.pos = p;
      return;
    }
    const c = buf[p]!;
    switch (START[c]) {
      case C_IDENT:
        return this.readIdent(p, c);
      case C_QUOTE:
        return this.readString(p, c);
      case C_DIGIT:
        return this.readNumber(p, c);
      case C_DOT:
        if (START[buf[p + 1] ?? 0] === C_DIGIT) return this.readNumber(p, c);
        break;
      case C_SYMBOL:
        break;
      default:
        this.fail(c < 32 || c > 126 ? `unexpected byte 0x${c.toString(16).padStart(2, '0')}` : `unexpected character '${String.fromCharCode(c)}'`, p);
    }
    this.type = TOK_SYMBOL;
    this.symbol = c;
    this.end = this.pos = p + 1;
  }

  private readIdent(p: number, c: number): void {
    const buf = this.buf;
    const n = buf.length;
    let h = hashStep(HASH_SEED, c);
    let q = p + 1;
    while (q < n) {
      const d = buf[q]!;
      if (IDENT_PART[d] === 0) break;
      h = hashStep(h, d);
      q++;
    }
    this.type = TOK_IDENT;
    this.hash = h;
    this.end = this.pos = q;
  }

  private readNumber(p: number, c: number): void {
    const buf = this.buf;
    let q = p + 1;
    const hex = c === 48 && (buf[q] === 120 || buf[q] === 88);
    while (q < buf.length) {
      const d = buf[q]!;
      if (IDENT_PART[d] === 1 || d === 46) q++;
      else if ((d === 45 || d === 43) && !hex && (buf[q - 1] === 101 || buf[q - 1] === 69)) q++;
      else break;
    }
    this.type = TOK_NUMBER;
    this.end = this.pos = q;
  }

  /**
   * A string token. The common case (one literal, no escapes, no newline) is scanned once,
   * hashing its bytes for the string pool; anything else is read again by the Unescaper.
   */
  private readString(first: number, quote: number): void {
    const buf = this.buf;
    const n = buf.length;
    let p = first + 1;
    let h = HASH_SEED;
    let plain = true;
    for (;;) {
      if (p >= n) this.fail('unterminated string', first);
      const c = buf[p]!;
      if (c === quote) break;
      if (c === 92 || c === 10) {
        plain = false;
        break;
      }
      h = hashStep(h, c);
      p++;
    }
    const after = plain ? skipSpace(buf, p + 1) : 0;
    if (plain && buf[after] !== 34 && buf[after] !== 39) {
      this.strStart = first + 1;
      this.strEnd = p;
      this.hash = h;
      this.end = this.pos = after;
    } else {
      plain = false;
      this.end = this.pos = this.unescaper.read(buf, first);
    }
    this.plain = plain;
    this.type = TOK_STRING;
  }
}
