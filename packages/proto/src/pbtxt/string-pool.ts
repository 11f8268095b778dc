/**
 * Per-parse interning of string literals by their bytes. Graph text repeats its strings about
 * five times over (every input names a node, ops, devices, attr keys), so each distinct one is
 * decoded once, and the result holds one copy. Keys are byte ranges of the input itself, which
 * outlives the parse.
 */
import { utf8 } from '../wire/utf8.js';

/** Longer literals are seldom repeated; they are decoded without a table entry. */
const MAX_INTERNED = 256;

export class StringPool {
  /**
   * Open addressing, two int32s per slot: the hash and entry index + 1 (0 = empty), side by
   * side so that a probe touches one cache line.
   */
  private slots = new Int32Array(2048);
  private mask = 1023;
  /** Entry e is `buf[spans[2e], spans[2e + 1])`, decoded as `strings[e]`. */
  private spans = new Int32Array(2048);
  private readonly strings: string[] = [];
  /** Reads four bytes at a time when comparing a literal with a pooled one. */
  private readonly words: DataView;

  constructor(private readonly buf: Uint8Array) {
    this.words = new DataView(buf.buffer, buf.byteOffset, buf.byteLength);
  }

  /** The string of `buf[start, end)` (UTF-8), whose hash (see `hashBytes`) is `hash`. */
  get(start: number, end: number, hash: number): string {
    const len = end - start;
    if (len > MAX_INTERNED) return utf8(this.buf, start, end);
    const slots = this.slots;
    let s = hash & this.mask;
    for (;;) {
      const e = slots[2 * s + 1]! - 1;
      if (e < 0) break;
      if (slots[2 * s] === hash) {
        const ks = this.spans[2 * e]!;
        if (this.spans[2 * e + 1]! - ks === len && this.sameBytes(ks, start, len)) return this.strings[e]!;
      }
      s = (s + 1) & this.mask;
    }
    return this.add(s, start, end, hash);
  }

  private sameBytes(a: number, b: number, len: number): boolean {
    const words = this.words;
    let i = 0;
    for (; i + 4 <= len; i += 4) if (words.getInt32(a + i, true) !== words.getInt32(b + i, true)) return false;
    for (; i < len; i++) if (this.buf[a + i] !== this.buf[b + i]) return false;
    return true;
  }

  /** A new entry in the empty slot `s`. */
  private add(s: number, start: number, end: number, hash: number): string {
    const str = utf8(this.buf, start, end);
    const e = this.strings.push(str) - 1;
    if (2 * e + 2 > this.spans.length) {
      const spans = new Int32Array(this.spans.length * 2);
      spans.set(this.spans);
      this.spans = spans;
    }
    this.spans[2 * e] = start;
    this.spans[2 * e + 1] = end;
    this.slots[2 * s] = hash;
    this.slots[2 * s + 1] = e + 1;
    if (this.strings.length * 2 > this.mask) this.rehash();
    return str;
  }

  private rehash(): void {
    const old = this.slots;
    this.slots = new Int32Array(old.length * 2);
    this.mask = this.mask * 2 + 1;
    for (let o = 0; o < old.length; o += 2) {
      if (old[o + 1] === 0) continue;
      let s = old[o]! & this.mask;
      while (this.slots[2 * s + 1] !== 0) s = (s + 1) & this.mask;
      this.slots[2 * s] = old[o]!;
      this.slots[2 * s + 1] = old[o + 1]!;
    }
  }
}
