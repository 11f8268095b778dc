/**
 * The attribute index behind attribute search, built once on the first attribute search.
 *
 * Attribute values repeat a lot (`T: DT_FLOAT`, `padding: "SAME"`, the same `_output_shapes`),
 * so every (key, serialized value) pair is interned by hashing its bytes, and each distinct
 * value is decoded once into a display string. Large tensors (Const weights) are not hashed or
 * decoded: their display (dtype and shape) is read at the wire level and interned as a string.
 * A search then tests the regex once per distinct key, value and pair, and scans one Uint32Array
 * of pair ids per node table.
 *
 * Size kept after the build: 4 bytes per attribute entry (the pair ids, parallel to the
 * columnar `attrKey` arrays), 8 bytes per distinct pair, and the distinct display strings (the
 * hash table and byte ranges used while building are dropped). See `AttrIndex.bytes` and the
 * measured figures in the search module's doc.
 */
import type { ColumnarGraph, NodeTable } from '@tbg/proto';
import { fmix, hashBytes, mix, SEED_A } from '../templates/hash.js';
import { attrBytesText, isLargeTensor } from './attr-display.js';

export interface AttrIndex {
  /** Pair ids per attribute entry: `pairOf[t][a]` for table t (−1 → index 0 = the graph's, function k → k + 1). */
  readonly pairOf: Uint32Array[];
  /** Per pair: the key (index into `graph.attrKeys`) and the value (index into `values`). */
  readonly pairKey: Uint32Array;
  readonly pairValue: Uint32Array;
  readonly pairs: number;
  /** Distinct value display strings. */
  readonly values: string[];
  /** Estimated memory of the index, in bytes. */
  readonly bytes: number;
  readonly ms: number;
}

/** The node tables of a graph in index order: the graph's own, then each function's body. */
export function nodeTables(g: ColumnarGraph): NodeTable[] {
  return [g.nodes, ...g.functions.map((f) => f.nodes)];
}

/** Interned (key, value) pairs: an open-addressing table over the serialized value bytes. */
class PairTable {
  size = 0;
  cap = 1024;
  slots = new Int32Array(1024);
  key = new Uint32Array(256);
  value = new Uint32Array(256);
  start = new Uint32Array(256);
  end = new Uint32Array(256);
  hash = new Int32Array(256);

  add(key: number, value: number, start: number, end: number, hash: number): number {
    if (this.size === this.key.length) this.grow();
    const p = this.size++;
    this.key[p] = key;
    this.value[p] = value;
    this.start[p] = start;
    this.end[p] = end;
    this.hash[p] = hash;
    return p;
  }

  private grow(): void {
    const n = this.key.length * 2;
    const g = <T extends Uint32Array | Int32Array>(a: T, b: T): T => (b.set(a), b);
    this.key = g(this.key, new Uint32Array(n));
    this.value = g(this.value, new Uint32Array(n));
    this.start = g(this.start, new Uint32Array(n));
    this.end = g(this.end, new Uint32Array(n));
    this.hash = g(this.hash, new Int32Array(n));
  }

  /** Doubles the slot array; large-tensor pairs (start = LARGE) are not in it. */
  rehash(): void {
    this.cap *= 2;
    const mask = this.cap - 1;
    const slots = new Int32Array(this.cap);
    for (let p = 0; p < this.size; p++) {
      if (this.start[p] === LARGE) continue;
      let s = this.hash[p]! & mask;
      while (slots[s]) s = (s + 1) & mask;
      slots[s] = p + 1;
    }
    this.slots = slots;
  }
}

const LARGE = 0xffffffff;

export function buildAttrIndex(g: ColumnarGraph): AttrIndex {
  const t0 = performance.now();
  const bytes = g.bytes;
  const tables = nodeTables(g);
  let total = 0;
  for (const t of tables) total += t.attrKey.length;

  const pt = new PairTable();
  const values: string[] = [];
  const valueIds = new Map<string, number>();
  const largePairs = new Map<string, number>();
  const valueId = (s: string) => {
    let v = valueIds.get(s);
    if (v === undefined) {
      v = values.length;
      values.push(s);
      valueIds.set(s, v);
    }
    return v;
  };

  const pairOf: Uint32Array[] = [];
  for (const t of tables) {
    const count = t.attrKey.length;
    const out = new Uint32Array(count);
    pairOf.push(out);
    const keys = t.attrKey;
    const starts = t.attrValueStart;
    const ends = t.attrValueEnd;
    for (let a = 0; a < count; a++) {
      const key = keys[a]!;
      const s0 = starts[a]!;
      const s1 = ends[a]!;
      if (s1 - s0 > 128 && isLargeTensor(bytes, s0, s1)) {
        // Interned by display string (dtype and shape): never hashed nor decoded in full.
        const text = attrBytesText(bytes, s0, s1);
        const k = `${key}\u0000${text}`;
        let p = largePairs.get(k);
        if (p === undefined) {
          p = pt.add(key, valueId(text), LARGE, LARGE, 0);
          largePairs.set(k, p);
        }
        out[a] = p;
        continue;
      }
      const h = fmix(mix(hashBytes(bytes, s0, s1, SEED_A), key));
      const slots = pt.slots;
      const mask = pt.cap - 1;
      let s = h & mask;
      let p = -1;
      for (;;) {
        const q = slots[s]! - 1;
        if (q < 0) break;
        if (pt.hash[q] === h && pt.key[q] === key) {
          const q0 = pt.start[q]!;
          const len = s1 - s0;
          if (pt.end[q]! - q0 === len) {
            let i = 0;
            while (i < len && bytes[q0 + i] === bytes[s0 + i]) i++;
            if (i === len) {
              p = q;
              break;
            }
          }
        }
        s = (s + 1) & mask;
      }
      if (p < 0) {
        p = pt.add(key, valueId(attrBytesText(bytes, s0, s1)), s0, s1, h);
        slots[s] = p + 1;
        if (pt.size * 2 > pt.cap) pt.rehash();
      }
      out[a] = p;
    }
  }

  // What stays after the build (the hash table and byte ranges are dropped): one-byte strings
  // cost about 1 byte per character in V8, plus a header.
  let strBytes = 0;
  for (const v of values) strBytes += 16 + v.length;
  const size = pt.size;
  return {
    pairOf,
    pairKey: pt.key.slice(0, size),
    pairValue: pt.value.slice(0, size),
    pairs: size,
    values,
    bytes: 4 * total + 8 * size + strBytes,
    ms: performance.now() - t0,
  };
}
