/**
 * Number and bool values of the current token. Short decimals (what graphs hold: dims, attr
 * ints, enum numbers) are read from the bytes directly; anything else takes the exact general
 * path (BigInt, the grammar's regexes), which also words every error.
 */
import Long from 'long';
import { ByteMap, hashBytes } from './byte-map.js';
import { TOK_IDENT, TOK_NUMBER, type Tokenizer } from './tokenizer.js';

const INT_RANGES: Record<string, [bigint, bigint]> = {
  int32: [-(2n ** 31n), 2n ** 31n - 1n],
  sint32: [-(2n ** 31n), 2n ** 31n - 1n],
  sfixed32: [-(2n ** 31n), 2n ** 31n - 1n],
  uint32: [0n, 2n ** 32n - 1n],
  fixed32: [0n, 2n ** 32n - 1n],
  int64: [-(2n ** 63n), 2n ** 63n - 1n],
  sint64: [-(2n ** 63n), 2n ** 63n - 1n],
  sfixed64: [-(2n ** 63n), 2n ** 63n - 1n],
  uint64: [0n, 2n ** 64n - 1n],
  fixed64: [0n, 2n ** 64n - 1n],
};

/** Lowest and highest value of an integer type, as Numbers (exact where the fast path needs them). */
export function intBounds(type: string): [number, number] {
  const [lo, hi] = INT_RANGES[type]!;
  return [Number(lo), Number(hi)];
}

const BOOL_WORDS = new ByteMap<boolean>([
  ['true', true],
  ['True', true],
  ['t', true],
  ['1', true],
  ['false', false],
  ['False', false],
  ['f', false],
  ['0', false],
]);

/**
 * The value of a number token of the form `0` or `[1-9][0-9]*` with at most 15 digits (so that
 * a double holds it exactly), or -1 when it is anything else.
 */
function shortDecimal(buf: Uint8Array, start: number, end: number): number {
  if (end - start > 15 || (buf[start] === 48 && end - start > 1)) return -1;
  let v = 0;
  for (let i = start; i < end; i++) {
    const d = buf[i]! - 48;
    if (d < 0 || d > 9) return -1;
    v = v * 10 + d;
  }
  return v;
}

/** An integer of `type` at most 32 bits wide (or an enum number); `lo`/`hi` from `intBounds`. */
export function int32Value(tok: Tokenizer, type: string, negative: boolean, lo: number, hi: number): number {
  if (tok.type === TOK_NUMBER) {
    const v = shortDecimal(tok.buf, tok.start, tok.end);
    // 0 - v: "-0" is 0, as BigInt gives it.
    const r = negative ? 0 - v : v;
    if (v >= 0 && r >= lo && r <= hi) return r;
  }
  return Number(bigIntValue(tok, type, negative));
}

/** A 64-bit integer of `type`, as an exact Long. */
export function int64Value(tok: Tokenizer, type: string, negative: boolean, unsigned: boolean): Long {
  if (tok.type === TOK_NUMBER) {
    const v = shortDecimal(tok.buf, tok.start, tok.end);
    if (v >= 0 && (!negative || !unsigned || v === 0)) {
      const r = negative ? 0 - v : v;
      // Two's complement halves: `| 0` keeps the low 32 bits, floor division the high ones.
      return Long.fromBits(r | 0, Math.floor(r / 4294967296) | 0, unsigned);
    }
  }
  const v = bigIntValue(tok, type, negative);
  return Long.fromBits(Number(v & 0xffffffffn) | 0, Number((v >> 32n) & 0xffffffffn) | 0, unsigned);
}

/** Any integer literal (decimal, hex, octal), range-checked for `type`. */
function bigIntValue(tok: Tokenizer, type: string, negative: boolean): bigint {
  if (tok.type !== TOK_NUMBER) tok.fail(`expected an integer, found ${tok.describe()}`);
  const t = tok.text();
  let v: bigint;
  if (/^0[xX][0-9a-fA-F]+$/.test(t) || /^(0|[1-9][0-9]*)$/.test(t)) v = BigInt(t);
  else if (/^0[0-7]+$/.test(t)) v = BigInt(`0o${t.slice(1)}`);
  else return tok.fail(`'${t.slice(0, 40)}' is not an integer`);
  if (negative) v = -v;
  const range = INT_RANGES[type]!;
  if (v < range[0] || v > range[1]) tok.fail(`${negative ? '-' : ''}${t} is out of range for ${type}`);
  return v;
}

/**
 * The value of a number token `\d+` or `\d+\.\d*` with at most 15 digits in all, or -1. Both
 * the digits and the power of ten are exact doubles then, so one division rounds correctly,
 * exactly as parseFloat would.
 */
function shortFloat(buf: Uint8Array, start: number, end: number): number {
  let m = 0;
  let digits = 0;
  let scale = 1;
  let dot = false;
  for (let i = start; i < end; i++) {
    const c = buf[i]!;
    if (c === 46 && !dot && i > start) dot = true;
    else if (c >= 48 && c <= 57) {
      m = m * 10 + (c - 48);
      if (dot) scale *= 10;
      if (++digits > 15) return -1;
    } else return -1;
  }
  return m / scale;
}

/** A float or double: decimal, hex, `inf`, `nan` and friends, with an `f` suffix or not. */
export function floatValue(tok: Tokenizer, negative: boolean): number {
  if (tok.type === TOK_NUMBER) {
    const v = shortFloat(tok.buf, tok.start, tok.end);
    if (v >= 0) return negative ? -v : v;
  }
  const t = tok.text();
  let v: number;
  if (tok.type === TOK_IDENT) {
    const l = t.toLowerCase();
    if (l === 'inf' || l === 'infinity' || l === 'inff' || l === 'infinityf') v = Infinity;
    else if (l === 'nan' || l === 'nanf') v = NaN;
    else return tok.fail(`'${t.slice(0, 40)}' is not a number`);
  } else if (tok.type === TOK_NUMBER) {
    if (/^0[xX][0-9a-fA-F]+$/.test(t)) v = Number(BigInt(t));
    else if (/^(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?[fF]?$/.test(t)) v = parseFloat(t);
    else return tok.fail(`'${t.slice(0, 40)}' is not a number`);
  } else return tok.fail(`expected a number, found ${tok.describe()}`);
  return negative ? -v : v;
}

/** `true`/`false` in any of the spellings TensorFlow accepts; `name` is the field, for errors. */
export function boolValue(tok: Tokenizer, name: string, negative: boolean): boolean {
  if (negative || (tok.type !== TOK_IDENT && tok.type !== TOK_NUMBER)) tok.fail(`expected true or false for "${name}", found ${tok.describe()}`);
  const v = BOOL_WORDS.get(tok.buf, tok.start, tok.end, hashBytes(tok.buf, tok.start, tok.end));
  if (v === undefined) tok.fail(`expected true or false for "${name}", found '${tok.text()}'`);
  return v;
}
