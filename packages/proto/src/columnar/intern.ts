/**
 * Interns byte strings without first turning each occurrence into a JS string: an open-addressing
 * hash table over byte ranges of the input. Ops, devices and attr keys repeat thousands of times,
 * and input references are resolved to node indices the same way, so most bytes are never decoded.
 */
import { utf8Many } from '../wire/utf8.js';
import type { Arena } from './arena.js';

export class ByteInterner {
  private count = 0;
  private starts: Int32Array;
  private ends: Int32Array;
  private hashes: Int32Array;
  private table: Int32Array;
  private mask: number;
  private readonly view: DataView;

  constructor(
    private readonly arena: Arena,
    private readonly buf: Uint8Array,
    expected = 64,
  ) {
    this.view = new DataView(buf.buffer, buf.byteOffset, buf.byteLength);
    let size = 16;
    while (size < expected * 2) size <<= 1;
    this.table = arena.i32(size).fill(-1);
    this.mask = size - 1;
    const cap = Math.max(8, expected);
    this.starts = arena.i32(cap);
    this.ends = arena.i32(cap);
    this.hashes = arena.i32(cap);
    this.firstWord = arena.i32(cap);
    this.lastWord = arena.i32(cap);
  }

  get size(): number {
    return this.count;
  }

  /** Id of `buf[start, end)`, or -1 if it has not been interned. */
  find(start: number, end: number): number {
    return this.probe(start, end, hashRange(this.view, this.buf, start, end), false);
  }

  /** Id of `buf[start, end)`, adding it if new. `added` tells whether it was new. */
  intern(start: number, end: number): number {
    return this.probe(start, end, hashRange(this.view, this.buf, start, end), true);
  }

  /**
   * `intern` for small vocabularies (ops, devices, attr keys): a direct-mapped cache keyed by
   * the length and the first and last four bytes answers most lookups with no hashing, and
   * strings of up to 8 bytes (most ops and attr keys) with no byte loop either.
   */
  internSmall(start: number, end: number): number {
    const len = end - start;
    const view = this.view;
    let w0 = 0;
    let w1 = 0;
    if (len >= 4) {
      w0 = view.getInt32(start, true);
      w1 = view.getInt32(end - 4, true);
    } else {
      for (let k = start; k < end; k++) w0 = (w0 << 8) | this.buf[k]!;
    }
    const slot = (Math.imul(w0 ^ Math.imul(w1, 0x85ebca6b), 0x9e3779b1) ^ Math.imul(len, 0xc2b2ae35)) >>> 22;
    const cache = (this.small ??= this.arena.i32(1024).fill(-1));
    const guess = cache[slot]!;
    if (guess >= 0 && this.firstWord[guess] === w0 && this.lastWord[guess] === w1) {
      const s = this.starts[guess]!;
      if (this.ends[guess]! - s === len && (len <= 8 || sameBytes(view, this.buf, s + 4, start + 4, len - 8))) return guess;
    }
    const id = this.intern(start, end);
    this.firstWord[id] = w0;
    this.lastWord[id] = w1;
    cache[slot] = id;
    return id;
  }
  private small: Int32Array | undefined;
  /** internSmall's key words of each entry (written by internSmall only). */
  private firstWord: Int32Array;
  private lastWord: Int32Array;

  /** Whether the last `intern` call added a new entry (not kept up to date by `internSmall`). */
  added = false;

  private probe(start: number, end: number, h: number, insert: boolean): number {
    const len = end - start;
    let slot = h & this.mask;
    for (;;) {
      const id = this.table[slot]!;
      if (id < 0) break;
      if (this.hashes[id] === h) {
        const s = this.starts[id]!;
        if (this.ends[id]! - s === len && sameBytes(this.view, this.buf, s, start, len)) {
          this.added = false;
          return id;
        }
      }
      slot = (slot + 1) & this.mask;
    }
    if (!insert) return -1;
    const id = this.count++;
    if (id === this.starts.length) this.grow();
    this.starts[id] = start;
    this.ends[id] = end;
    this.hashes[id] = h;
    this.table[slot] = id;
    this.added = true;
    if ((id + 1) * 2 > this.table.length) this.rehash();
    return id;
  }

  /** Every entry as a string, by id: one batched decode at the end rather than one per entry. */
  decodeAll(): string[] {
    return utf8Many(this.buf, this.starts, this.ends, this.count, (bytes) => this.arena.u8(bytes));
  }

  private grow(): void {
    const n = this.starts.length * 2;
    const widen = (a: Int32Array) => {
      const b = this.arena.i32(n);
      b.set(a);
      return b;
    };
    this.starts = widen(this.starts);
    this.ends = widen(this.ends);
    this.hashes = widen(this.hashes);
    this.firstWord = widen(this.firstWord);
    this.lastWord = widen(this.lastWord);
  }

  private rehash(): void {
    const size = this.table.length * 2;
    this.table = this.arena.i32(size).fill(-1);
    this.mask = size - 1;
    for (let id = 0; id < this.count; id++) {
      let slot = this.hashes[id]! & this.mask;
      while (this.table[slot]! >= 0) slot = (slot + 1) & this.mask;
      this.table[slot] = id;
    }
  }
}

/** Whether `buf[a, a+len)` equals `buf[b, b+len)`, four bytes at a time. */
export function sameBytes(view: DataView, buf: Uint8Array, a: number, b: number, len: number): boolean {
  let k = 0;
  for (const e4 = len - 3; k < e4; k += 4) if (view.getInt32(a + k, true) !== view.getInt32(b + k, true)) return false;
  for (; k < len; k++) if (buf[a + k] !== buf[b + k]) return false;
  return true;
}

/**
 * A hash of `buf[start, end)`: two independent multiply-rotate lanes over 8 bytes per step
 * (so neither waits on the other), then a murmur3 finish to spread the bits the table masks.
 * Names are long and share scope prefixes, so every byte is mixed in.
 */
function hashRange(view: DataView, buf: Uint8Array, start: number, end: number): number {
  let a = (end - start) ^ 0x9747b28c;
  let b = 0x2545f491;
  let i = start;
  for (const e8 = end - 7; i < e8; i += 8) {
    a = Math.imul((a << 5) | (a >>> 27), 0x9e3779b1) ^ view.getInt32(i, true);
    b = Math.imul((b << 5) | (b >>> 27), 0x85ebca77) ^ view.getInt32(i + 4, true);
  }
  // Under 8 bytes left: a word and then up to three bytes.
  if (i + 4 <= end) {
    a = Math.imul((a << 5) | (a >>> 27), 0x9e3779b1) ^ view.getInt32(i, true);
    i += 4;
  }
  let tail = 0;
  for (let s = 0; i < end; i++, s += 8) tail |= buf[i]! << s;
  return finishHash(a, b, tail);
}

function finishHash(a: number, b: number, tail: number): number {
  let h = Math.imul(a ^ ((b << 13) | (b >>> 19)), 0xcc9e2d51) ^ Math.imul(tail ^ 0x5bd1e995, 0x1b873593);
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h | 0;
}
