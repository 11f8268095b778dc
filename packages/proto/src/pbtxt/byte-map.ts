/**
 * A fixed lookup table from ASCII names to values, queried by a byte range of the input, so
 * that field and enum names are found without ever becoming strings.
 */

/** FNV-1a basis; the tokenizer hashes identifiers with the same steps while it scans them. */
export const HASH_SEED = 0x811c9dc5 | 0;
export const hashStep = (h: number, byte: number): number => Math.imul(h ^ byte, 0x01000193);

export function hashBytes(buf: Uint8Array, start: number, end: number): number {
  let h = HASH_SEED;
  for (let i = start; i < end; i++) h = hashStep(h, buf[i]!);
  return h;
}

export class ByteMap<V> {
  /** Open addressing: slot → entry index + 1 (0 = empty). */
  private readonly slots: Int32Array;
  private readonly mask: number;
  private readonly keyStart: Int32Array;
  private readonly keyEnd: Int32Array;
  private readonly keyBytes: Uint8Array;
  private readonly values: V[];

  constructor(entries: Iterable<readonly [string, V]>) {
    const list = [...entries];
    let size = 8;
    while (size < list.length * 2) size *= 2;
    this.slots = new Int32Array(size);
    this.mask = size - 1;
    this.keyStart = new Int32Array(list.length);
    this.keyEnd = new Int32Array(list.length);
    this.keyBytes = new Uint8Array(list.reduce((n, [k]) => n + k.length, 0));
    this.values = [];
    let o = 0;
    list.forEach(([key, value], i) => {
      this.keyStart[i] = o;
      for (let k = 0; k < key.length; k++) this.keyBytes[o++] = key.charCodeAt(k) & 0xff;
      this.keyEnd[i] = o;
      this.values.push(value);
      let s = hashBytes(this.keyBytes, this.keyStart[i], o) & this.mask;
      while (this.slots[s] !== 0) s = (s + 1) & this.mask;
      this.slots[s] = i + 1;
    });
  }

  /** The value for `buf[start, end)`, whose hash (see `hashBytes`) is `hash`. */
  get(buf: Uint8Array, start: number, end: number, hash: number): V | undefined {
    const len = end - start;
    for (let s = hash & this.mask; ; s = (s + 1) & this.mask) {
      const e = this.slots[s]! - 1;
      if (e < 0) return undefined;
      const ks = this.keyStart[e]!;
      if (this.keyEnd[e]! - ks !== len) continue;
      let i = 0;
      while (i < len && this.keyBytes[ks + i] === buf[start + i]) i++;
      if (i === len) return this.values[e];
    }
  }
}
