/**
 * Regex search over node names, ops, devices and attribute values (tensorboard-graph.md §10.6).
 *
 * TensorBoard tests `new RegExp(input)` (case-sensitive) against every name of the hierarchy
 * index in insertion order and stops at 42 results. Here:
 * - Names of ops, metanodes, series and embeddings are all searched, plus (per `fields`) ops,
 *   devices and attribute keys/values. Case-insensitive by default.
 * - A string query is trimmed and compiled as a regex. An invalid regex falls back to a literal
 *   (escaped) search, and the result says so in `regexError`; with `invalidRegex: 'throw'` it
 *   throws a `HierarchyError` instead. A RegExp query keeps its own flags (`g` and `y` are
 *   dropped), unless `caseSensitive` is given explicitly.
 * - The regex is tested against the full name and, when it could match differently there
 *   (it uses `^`, a lookbehind or `\B`), also against the leaf name: `^Relu` finds every op
 *   whose own name starts with `Relu`, at any depth.
 * - Every match is counted in `total`, and the best `limit` are returned, ranked (score, higher
 *   is better): 8 the regex matches the whole name; 7 the whole leaf; 6 the leaf's start;
 *   5 inside the leaf; 4 elsewhere in the name; 3 the op; 2 the device; 1 an attribute key, value
 *   or `key: value`. Ties: shorter name first, then name order (code units), so results are
 *   deterministic. A node appears once, with its best field.
 *
 * Speed: ops, devices, attribute keys and values repeat a lot, so the regex runs once per
 * distinct string and maps back to nodes through typed arrays; only names are tested one by one.
 * Measured on the generated 100k-node graph (84k ops, 33k groups, 16k embeddings, 133k names,
 * 377k attribute entries; Node 20, a shared 2-core machine): a name search takes 8–30 ms (a regex
 * with `^` 20–40 ms, one matching every name 35–48 ms), an op or device search 1–6 ms, all fields
 * 12–30 ms. The first attribute search builds the attribute index (130–250 ms, 2.9 MB: 15.8k
 * distinct pairs, mostly `_class` strings); later attribute searches take 3–25 ms. Call
 * `prepare()` on idle to take that cost off the first search. Buffers: one byte per node,
 * reused across searches.
 */
import { HierarchyError } from '../errors.js';
import { TABLE_GRAPH } from '../graph/slim-graph.js';
import type { Hierarchy, NodeRef } from '../hierarchy/types.js';
import { OUTPUT_SHAPES_KEY } from '../info/node-attributes.js';
import { buildAttrIndex, nodeTables, type AttrIndex } from './attr-index.js';

/**
 * Not searched: the output shapes, which the info card shows on inputs and outputs, not as an
 * attribute (a search for `[` or `784` matched nearly every node, and the card showed no reason).
 */
const HIDDEN_ATTR = OUTPUT_SHAPES_KEY;

export type SearchField = 'name' | 'op' | 'device' | 'attr';
export type SearchKind = 'op' | 'meta' | 'series' | 'embedding';

export interface SearchMatch {
  /**
   * The node: an op or group NodeRef. For an embedding (a Const or Summary shown as an
   * annotation), the op it is attached to (its first consumer or producer), or −1.
   */
  ref: NodeRef;
  /** For embeddings: the index into `graph.embeddings`. */
  embedding?: number;
  name: string;
  kind: SearchKind;
  /** The field that gave the best rank. */
  field: SearchField;
  /** The string that matched: the name, the op, the device, or `key: value` of the attribute. */
  matched: string;
  /** Rank, higher is better (see the module doc): 8 … 1. */
  score: number;
  /** Ancestor group names, root excluded, nearest last (for an embedding: those of its op). */
  parents: string[];
}

export interface SearchOptions {
  /** Fields to search; default all: `['name', 'op', 'device', 'attr']`. */
  fields?: readonly SearchField[];
  /** Matches returned (all are counted in `total`); default 100. */
  limit?: number;
  /** Default false for string queries; a RegExp keeps its own `i` flag unless this is given. */
  caseSensitive?: boolean;
  /** What an invalid regex does: search it as literal text (default) or throw a HierarchyError. */
  invalidRegex?: 'literal' | 'throw';
}

export interface SearchResult {
  matches: SearchMatch[];
  total: number;
  ms: number;
  /** The regex that was run (null for an empty query). */
  regex: RegExp | null;
  /** Set when the query was not a valid regex and was searched as literal text. */
  regexError?: string;
}

const NONE = 255;
const T_FULL = 0;
const T_LEAF_EXACT = 1;
const T_LEAF_START = 2;
const T_LEAF = 3;
const T_NAME = 4;
const T_OP = 5;
const T_DEVICE = 6;
const T_ATTR = 7;
const FIELD_OF_TIER: SearchField[] = ['name', 'name', 'name', 'name', 'name', 'op', 'device', 'attr'];
const ALL_FIELDS: readonly SearchField[] = ['name', 'op', 'device', 'attr'];

const escapeRegex = (s: string) => s.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');

/** Search over one hierarchy. Indexes are built lazily and kept; the hierarchy must not change. */
export class GraphSearch {
  private readonly tier: Uint8Array;
  private attrs: AttrIndex | null = null;
  private embHost: Int32Array | null = null;
  /** Entities: ops `0 … n−1`, groups `n … n+G−1` (NodeRefs), embeddings `n+G …`. */
  private readonly count: number;

  constructor(readonly h: Hierarchy) {
    this.count = h.n + h.groups.length + h.graph.embeddings.count;
    this.tier = new Uint8Array(this.count);
  }

  /** Builds the attribute index now (e.g. on idle), instead of on the first attribute search. */
  prepare(): AttrIndex {
    return (this.attrs ??= buildAttrIndex(this.h.graph.source));
  }

  /** The attribute index if built: its size in bytes, distinct pairs and values, build time. */
  get attrIndex(): AttrIndex | null {
    return this.attrs;
  }

  search(query: string | RegExp, options: SearchOptions = {}): SearchResult {
    const t0 = performance.now();
    const { regex, regexError } = compile(query, options);
    if (!regex) return { matches: [], total: 0, ms: performance.now() - t0, regex: null };
    const fields = new Set(options.fields ?? ALL_FIELDS);
    const limit = options.limit === undefined ? 100 : options.limit >= 0 ? Math.floor(options.limit) : 0;
    const tier = this.tier;
    tier.fill(NONE);

    if (fields.has('name')) this.searchNames(regex);
    if (fields.has('op')) this.searchOps(regex);
    if (fields.has('device')) this.searchDevices(regex);
    if (fields.has('attr')) this.searchAttrs(regex);

    const { top, total } = this.best(limit);
    const matches = top.map((x) => this.match(x, regex));
    const result: SearchResult = { matches, total, ms: performance.now() - t0, regex };
    if (regexError !== undefined) result.regexError = regexError;
    return result;
  }

  private nameAt(x: number): string {
    const { n, groups } = this.h;
    return x < n ? this.h.names[x]! : x < n + groups.length ? groups[x - n]!.name : this.h.embeddingNames[x - n - groups.length]!;
  }

  private searchNames(re: RegExp): void {
    const h = this.h;
    const n = h.n;
    const tier = this.tier;
    // Anchors, lookbehinds and \B can match the leaf alone but not inside the full name.
    const leafToo = /\^|\(\?<|\\B/.test(re.source);
    // Without those, a match inside the leaf is a match of the full name at or after the leaf's
    // start: a global copy of the regex finds it without slicing the leaf out.
    const from = leafToo ? null : new RegExp(re.source, `${re.flags}g`);
    const visit = (x: number, name: string) => {
      const m = re.exec(name);
      if (m) {
        tier[x] = nameTier(re, from, name, m);
        return;
      }
      if (!leafToo) return;
      const k = name.lastIndexOf('/');
      if (k < 0) return;
      const leaf = name.slice(k + 1);
      const m2 = re.exec(leaf);
      if (m2) tier[x] = leafTier(m2.index, m2[0].length, leaf.length);
    };
    const names = h.names;
    for (let i = 0; i < n; i++) visit(i, names[i]!);
    const groups = h.groups;
    for (let g = 1; g < groups.length; g++) visit(n + g, groups[g]!.name);
    const base = n + groups.length;
    const emb = h.embeddingNames;
    for (let e = 0; e < emb.length; e++) visit(base + e, emb[e]!);
  }

  /** Marks unmatched ops and embeddings whose interned string (`ops`/`devices`) matches. */
  private searchInterned(re: RegExp, strings: readonly string[], ofOp: Int32Array, ofEmb: Int32Array, t: number): void {
    const hit = new Uint8Array(strings.length);
    let any = false;
    strings.forEach((s, i) => {
      if (s !== '' && re.test(s)) {
        hit[i] = 1;
        any = true;
      }
    });
    if (!any) return;
    const { n, groups } = this.h;
    const tier = this.tier;
    for (let i = 0; i < n; i++) if (tier[i] === NONE && hit[ofOp[i]!]) tier[i] = t;
    const base = n + groups.length;
    for (let e = 0; e < ofEmb.length; e++) if (tier[base + e] === NONE && hit[ofEmb[e]!]) tier[base + e] = t;
  }

  private searchOps(re: RegExp): void {
    const g = this.h.graph;
    this.searchInterned(re, g.ops, g.op, g.embeddings.op, T_OP);
  }

  private searchDevices(re: RegExp): void {
    const g = this.h.graph;
    this.searchInterned(re, g.devices, g.device, g.embeddings.device, T_DEVICE);
  }

  /** Pair hits of the attribute index for a regex: by key, by value, or by `key: value`. */
  private pairHits(re: RegExp): Uint8Array | null {
    const idx = this.prepare();
    const keys = this.h.graph.source.attrKeys;
    const keyHit = keys.map((k) => re.test(k));
    const valueHit = idx.values.map((v) => re.test(v));
    const hidden = keys.indexOf(HIDDEN_ATTR);
    const hit = new Uint8Array(idx.pairs);
    let any = false;
    for (let p = 0; p < idx.pairs; p++) {
      const k = idx.pairKey[p]!;
      if (k === hidden) continue;
      const v = idx.pairValue[p]!;
      if (keyHit[k] || valueHit[v] || re.test(`${keys[k]}: ${idx.values[v]}`)) {
        hit[p] = 1;
        any = true;
      }
    }
    return any ? hit : null;
  }

  private searchAttrs(re: RegExp): void {
    const hit = this.pairHits(re);
    if (!hit) return;
    const idx = this.attrs!;
    const g = this.h.graph;
    const tables = nodeTables(g.source);
    const { n, groups } = this.h;
    const tier = this.tier;
    const scan = (x: number, table: number, row: number) => {
      if (table < TABLE_GRAPH || tier[x] !== NONE) return;
      const t = tables[table + 1]!;
      const pairs = idx.pairOf[table + 1]!;
      for (let a = t.attrStart[row]!, e = t.attrStart[row + 1]!; a < e; a++) {
        if (hit[pairs[a]!]) {
          tier[x] = T_ATTR;
          return;
        }
      }
    };
    for (let i = 0; i < n; i++) scan(i, g.table[i]!, g.row[i]!);
    const base = n + groups.length;
    const emb = g.embeddings;
    for (let e = 0; e < emb.count; e++) scan(base + e, emb.table[e]!, emb.row[e]!);
  }

  /** The best `limit` matches (bounded max-heap), and the number of matches. */
  private best(limit: number): { top: number[]; total: number } {
    const tier = this.tier;
    const nameOf = (x: number) => this.nameAt(x);
    // cmp < 0: x ranks before y.
    const cmp = (x: number, y: number) => {
      const d = tier[x]! - tier[y]!;
      if (d) return d;
      const a = nameOf(x);
      const b = nameOf(y);
      if (a.length !== b.length) return a.length - b.length;
      return a < b ? -1 : a > b ? 1 : x - y;
    };
    const heap: number[] = [];
    let total = 0;
    for (let x = 0; x < this.count; x++) {
      if (tier[x] === NONE) continue;
      total++;
      if (limit === 0) continue;
      if (heap.length < limit) {
        heap.push(x);
        // Sift up (worst at the top).
        let i = heap.length - 1;
        while (i > 0) {
          const p = (i - 1) >> 1;
          if (cmp(heap[p]!, heap[i]!) >= 0) break;
          [heap[p], heap[i]] = [heap[i]!, heap[p]!];
          i = p;
        }
      } else if (cmp(x, heap[0]!) < 0) {
        heap[0] = x;
        let i = 0;
        for (;;) {
          const l = 2 * i + 1;
          const r = l + 1;
          let w = i;
          if (l < heap.length && cmp(heap[l]!, heap[w]!) > 0) w = l;
          if (r < heap.length && cmp(heap[r]!, heap[w]!) > 0) w = r;
          if (w === i) break;
          [heap[w], heap[i]] = [heap[i]!, heap[w]!];
          i = w;
        }
      }
    }
    return { top: heap.sort(cmp), total };
  }

  private hostOf(e: number): number {
    if (!this.embHost) {
      const g = this.h.graph;
      const host = new Int32Array(g.embeddings.count).fill(-1);
      for (let i = 0; i < g.n; i++) {
        for (let k = g.embInStart[i]!; k < g.embInStart[i + 1]!; k++) if (host[g.embIn[k]!]! < 0) host[g.embIn[k]!] = i;
        for (let k = g.embOutStart[i]!; k < g.embOutStart[i + 1]!; k++) if (host[g.embOut[k]!]! < 0) host[g.embOut[k]!] = i;
      }
      this.embHost = host;
    }
    return this.embHost[e]!;
  }

  private match(x: number, re: RegExp): SearchMatch {
    const h = this.h;
    const { n, groups } = h;
    const g = h.graph;
    const t = this.tier[x]!;
    const name = this.nameAt(x);
    let kind: SearchKind;
    let ref: number;
    let embedding: number | undefined;
    if (x < n) {
      kind = 'op';
      ref = x;
    } else if (x < n + groups.length) {
      kind = groups[x - n]!.kind;
      ref = x;
    } else {
      kind = 'embedding';
      embedding = x - n - groups.length;
      ref = this.hostOf(embedding);
    }
    let matched = name;
    if (t === T_OP) matched = g.ops[embedding === undefined ? g.op[x]! : g.embeddings.op[embedding]!]!;
    else if (t === T_DEVICE) matched = g.devices[embedding === undefined ? g.device[x]! : g.embeddings.device[embedding]!]!;
    else if (t === T_ATTR) matched = this.attrMatch(x, embedding, re);
    const parents: string[] = [];
    for (let p = ref < 0 ? -1 : ref < n ? h.parent[ref]! : groups[ref - n]!.parent; p > n; p = groups[p - n]!.parent) parents.push(groups[p - n]!.name);
    parents.reverse();
    const out: SearchMatch = { ref, name, kind, field: FIELD_OF_TIER[t]!, matched, score: 8 - t, parents };
    if (embedding !== undefined) out.embedding = embedding;
    return out;
  }

  /** `key: value` of the first attribute of entity x that matches. */
  private attrMatch(x: number, embedding: number | undefined, re: RegExp): string {
    const g = this.h.graph;
    const idx = this.attrs!;
    const keys = g.source.attrKeys;
    const table = embedding === undefined ? g.table[x]! : g.embeddings.table[embedding]!;
    const row = embedding === undefined ? g.row[x]! : g.embeddings.row[embedding]!;
    const t = nodeTables(g.source)[table + 1]!;
    const pairs = idx.pairOf[table + 1]!;
    for (let a = t.attrStart[row]!, e = t.attrStart[row + 1]!; a < e; a++) {
      const p = pairs[a]!;
      const key = keys[idx.pairKey[p]!]!;
      if (key === HIDDEN_ATTR) continue;
      const value = idx.values[idx.pairValue[p]!]!;
      const kv = `${key}: ${value}`;
      if (re.test(key) || re.test(value) || re.test(kv)) return kv;
    }
    return '';
  }
}

function compile(query: string | RegExp, options: SearchOptions): { regex: RegExp | null; regexError?: string } {
  if (query instanceof RegExp) {
    let flags = query.flags.replace(/[gy]/g, '');
    if (options.caseSensitive === true) flags = flags.replace('i', '');
    else if (options.caseSensitive === false && !flags.includes('i')) flags += 'i';
    return { regex: new RegExp(query.source, flags) };
  }
  const q = query.trim();
  if (!q) return { regex: null };
  const flags = options.caseSensitive ? '' : 'i';
  try {
    return { regex: new RegExp(q, flags) };
  } catch (err) {
    const message = err instanceof Error ? err.message : String(err);
    if (options.invalidRegex === 'throw') throw new HierarchyError(`invalid search regex: ${message}`);
    return { regex: new RegExp(escapeRegex(q), flags), regexError: message };
  }
}

function leafTier(index: number, length: number, leafLength: number): number {
  return index === 0 ? (length === leafLength ? T_LEAF_EXACT : T_LEAF_START) : T_LEAF;
}

/**
 * Rank of a name match `m` (the leftmost match in the full name). `from` is a global copy of the
 * regex, to look for a match inside the leaf in place (null: match the sliced-out leaf).
 */
function nameTier(re: RegExp, from: RegExp | null, name: string, m: RegExpExecArray): number {
  if (m.index === 0 && m[0].length === name.length) return T_FULL;
  const start = name.lastIndexOf('/') + 1;
  if (m.index >= start) return leafTier(m.index - start, m[0].length, name.length - start);
  // The leftmost match is above the leaf; the leaf may match too.
  if (from) {
    from.lastIndex = start;
    const m2 = from.exec(name);
    return m2 ? leafTier(m2.index - start, m2[0].length, name.length - start) : T_NAME;
  }
  const leaf = name.slice(start);
  const m2 = re.exec(leaf);
  return m2 ? leafTier(m2.index, m2[0].length, leaf.length) : T_NAME;
}
