/**
 * Interns byte strings without first turning each occurrence into a JS string: an open-addressing
 * hash table over byte ranges of the input. Ops, devices and attr keys repeat thousands of times,
 * and input references are resolved to node indices the same way, so most bytes are never decoded.
 */
import { utf8 } from '../wire/utf8.js';

export class ByteInterner {
  /** Decoded strings, by id (empty when constructed with `decode = false`). */
  readonly strings: string[] = [];
  private count = 0;
  private starts: Uint32Array;
  private ends: Uint32Array;
  private hashes: Uint32Array;
  private table: Int32Array;
  private mask: number;
  private readonly view: DataView;

  constructor(
    private readonly buf: Uint8Array,
    expected = 64,
    /** Decode each new entry to a string (off for node names, which are decoded in one batch). */
    private readonly decode = true,
  ) {
    this.view = new DataView(buf.buffer, buf.byteOffset, buf.byteLength);
    let size = 16;
    while (size < expected * 2) size <<= 1;
    this.table = new Int32Array(size).fill(-1);
    this.mask = size - 1;
    this.starts = new Uint32Array(Math.max(8, expected));
    this.ends = new Uint32Array(Math.max(8, expected));
    this.hashes = new Uint32Array(Math.max(8, expected));
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
   * length and three sample bytes answers most lookups with one comparison and no hashing.
   */
  internSmall(start: number, end: number): number {
    const len = end - start;
    const buf = this.buf;
    const slot = len === 0 ? 0 : (Math.imul(len, 0x9e3779b1) ^ (buf[start]! << 16) ^ (buf[end - 1]! << 8) ^ buf[start + (len >> 1)]!) & 1023;
    const cache = (this.small ??= new Int32Array(1024).fill(-1));
    const guess = cache[slot]!;
    if (guess >= 0) {
      const s = this.starts[guess]!;
      if (this.ends[guess]! - s === len && sameBytes(this.view, buf, s, start, len)) {
        this.added = false;
        return guess;
      }
    }
    const id = this.intern(start, end);
    cache[slot] = id;
    return id;
  }
  private small: Int32Array | undefined;

  /** Whether the last `intern` call added a new entry. */
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
    if (this.decode) this.strings.push(utf8(this.buf, start, end));
    this.table[slot] = id;
    this.added = true;
    if ((id + 1) * 2 > this.table.length) this.rehash();
    return id;
  }

  private grow(): void {
    const n = this.starts.length * 2;
    const s = new Uint32Array(n);
    s.set(this.starts);
    this.starts = s;
    const e = new Uint32Array(n);
    e.set(this.ends);
    this.ends = e;
    const h = new Uint32Array(n);
    h.set(this.hashes);
    this.hashes = h;
  }

  private rehash(): void {
    const size = this.table.length * 2;
    this.table = new Int32Array(size).fill(-1);
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
  for (const e4 = len - 3; k < e4; k += 4) if (view.getUint32(a + k, true) !== view.getUint32(b + k, true)) return false;
  for (; k < len; k++) if (buf[a + k] !== buf[b + k]) return false;
  return true;
}

/** A murmur3-style hash mixing four bytes per step, read through a DataView (names are long). */
function hashRange(view: DataView, buf: Uint8Array, start: number, end: number): number {
  let h = (end - start) ^ 0x9747b28c;
  let i = start;
  for (const e4 = end - 3; i < e4; i += 4) {
    let k = view.getUint32(i, true) | 0;
    k = Math.imul(k, 0xcc9e2d51);
    k = (k << 15) | (k >>> 17);
    h ^= Math.imul(k, 0x1b873593);
    h = (h << 13) | (h >>> 19);
    h = (Math.imul(h, 5) + 0xe6546b64) | 0;
  }
  return finishHash(buf, i, end, h);
}

function finishHash(buf: Uint8Array, i: number, end: number, h: number): number {
  const rest = end - i;
  if (rest > 0) {
    let k = buf[i]!;
    if (rest > 1) k |= buf[i + 1]! << 8;
    if (rest > 2) k |= buf[i + 2]! << 16;
    k = Math.imul(k, 0xcc9e2d51);
    k = (k << 15) | (k >>> 17);
    h ^= Math.imul(k, 0x1b873593);
  }
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
}
