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

/** Distinct value display strings, interned. */
class ValueStrings {
  readonly list: string[] = [];
  private readonly ids = new Map<string, number>();

  id(s: string): number {
    let v = this.ids.get(s);
    if (v === undefined) {
      v = this.list.length;
      this.list.push(s);
      this.ids.set(s, v);
    }
    return v;
  }
}

/** What interning a graph's attribute entries needs: the bytes, the pair table and the strings. */
interface Interner {
  readonly bytes: Uint8Array;
  readonly pt: PairTable;
  readonly values: ValueStrings;
  /** Large-tensor pairs by `key \0 display`. */
  readonly largePairs: Map<string, number>;
}

export function buildAttrIndex(g: ColumnarGraph): AttrIndex {
  const t0 = performance.now();
  const tables = nodeTables(g);
  const ix: Interner = { bytes: g.bytes, pt: new PairTable(), values: new ValueStrings(), largePairs: new Map() };
  let total = 0;
  const pairOf: Uint32Array[] = [];
  for (const t of tables) {
    total += t.attrKey.length;
    pairOf.push(tablePairs(ix, t));
  }
  // What stays after the build (the hash table and byte ranges are dropped): one-byte strings
  // cost about 1 byte per character in V8, plus a header.
  const values = ix.values.list;
  let strBytes = 0;
  for (const v of values) strBytes += 16 + v.length;
  const size = ix.pt.size;
  return {
    pairOf,
    pairKey: ix.pt.key.slice(0, size),
    pairValue: ix.pt.value.slice(0, size),
    pairs: size,
    values,
    bytes: 4 * total + 8 * size + strBytes,
    ms: performance.now() - t0,
  };
}

/** The pair id of every attribute entry of one node table. */
function tablePairs(ix: Interner, t: NodeTable): Uint32Array {
  const count = t.attrKey.length;
  const out = new Uint32Array(count);
  const keys = t.attrKey;
  const starts = t.attrValueStart;
  const ends = t.attrValueEnd;
  for (let a = 0; a < count; a++) {
    const s0 = starts[a]!;
    const s1 = ends[a]!;
    out[a] = s1 - s0 > 128 && isLargeTensor(ix.bytes, s0, s1) ? largePair(ix, keys[a]!, s0, s1) : bytesPair(ix, keys[a]!, s0, s1);
  }
  return out;
}

/** A large tensor's pair, interned by display string (dtype and shape): never hashed nor decoded in full. */
function largePair(ix: Interner, key: number, s0: number, s1: number): number {
  const text = attrBytesText(ix.bytes, s0, s1);
  const k = `${key}\u0000${text}`;
  let p = ix.largePairs.get(k);
  if (p === undefined) {
    p = ix.pt.add(key, ix.values.id(text), LARGE, LARGE, 0);
    ix.largePairs.set(k, p);
  }
  return p;
}

/** The pair of (key, value bytes `[s0, s1)`), found by hash and byte comparison, or added. */
function bytesPair(ix: Interner, key: number, s0: number, s1: number): number {
  const { bytes, pt } = ix;
  const h = fmix(mix(hashBytes(bytes, s0, s1, SEED_A), key));
  const slots = pt.slots;
  const mask = pt.cap - 1;
  const len = s1 - s0;
  let s = h & mask;
  for (;;) {
    const q = slots[s]! - 1;
    if (q < 0) break;
    if (pt.hash[q] === h && pt.key[q] === key && pt.end[q]! - pt.start[q]! === len && sameBytes(bytes, pt.start[q]!, s0, len)) return q;
    s = (s + 1) & mask;
  }
  const p = pt.add(key, ix.values.id(attrBytesText(bytes, s0, s1)), s0, s1, h);
  slots[s] = p + 1;
  if (pt.size * 2 > pt.cap) pt.rehash();
  return p;
}

function sameBytes(bytes: Uint8Array, a: number, b: number, len: number): boolean {
  let i = 0;
  while (i < len && bytes[a + i] === bytes[b + i]) i++;
  return i === len;
}
