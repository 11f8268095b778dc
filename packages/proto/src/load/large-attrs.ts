/**
 * Leaves out attributes larger than a limit (TensorBoard's `_too_large_attrs` rule) straight
 * from the wire bytes, so multi-megabyte Const tensors are never decoded. Each node that loses
 * attrs gets `_too_large_attrs { list { s: [keys] } }`, which the info card shows.
 */
import { forEachLenField } from '../wire/reader.js';
import { concat, DROP, lenField, rewriteMessage, rewriteMessageInPlace } from '../wire/rewrite.js';
import { utf8, encodeUtf8 } from '../wire/utf8.js';

export const DEFAULT_LIMIT_ATTR_SIZE = 1024;
export const LARGE_ATTRS_KEY = '_too_large_attrs';

export interface LargeAttr {
  node: string;
  /** Set for nodes inside a library function. */
  function?: string;
  key: string;
  bytes: number;
}

/**
 * Returns the GraphDef bytes without attrs over `limit`, and what was removed. `inPlace`: the
 * caller gives `graph` away, and the result may be written over it (a view of the same buffer).
 * A 30 MB graph with a few large constants is then not copied whole (100–140 ms here, most of it
 * touching fresh memory).
 */
export function stripLargeAttrs(graph: Uint8Array, limit: number, largeAttrsKey = LARGE_ATTRS_KEY, inPlace = false): { bytes: Uint8Array; removed: LargeAttr[] } {
  const removed: LargeAttr[] = [];
  const keyBytes = encodeUtf8(largeAttrsKey);
  const isLargeAttrsKey = (ks: number, ke: number) => ke - ks === keyBytes.length && keyBytes.every((b, i) => graph[ks + i] === b);
  const filterNode = (s: number, e: number, fn?: string): Uint8Array | null => {
    // Names and keys are decoded only for nodes that lose attrs: most nodes have none over the
    // limit, and decoding 100k names and 400k keys would cost more than the rest of the scan.
    let nameS = 0;
    let nameE = 0;
    const big: Array<{ key: string; bytes: number }> = [];
    let previous: string[] = [];
    forEachLenField(graph, s, e, (no, vs, ve) => {
      if (no === 1) {
        nameS = vs;
        nameE = ve;
      } else if (no === 5) {
        const [ks, ke, as, ae] = attrEntryRanges(graph, vs, ve);
        if (isLargeAttrsKey(ks, ke)) previous = listStrings(graph, as, ae);
        else if (ae - as > limit) big.push({ key: utf8(graph, ks, ke), bytes: ae - as });
      }
    });
    if (!big.length) return null;
    const name = utf8(graph, nameS, nameE);
    for (const b of big) removed.push({ node: name, ...(fn === undefined ? {} : { function: fn }), ...b });
    const drop = new Set(big.map((b) => b.key).concat(previous.length ? [largeAttrsKey] : []));
    const keys = previous.concat(big.map((b) => b.key));
    return rewriteMessage(graph, s, e, (no, vs, ve) => (no === 5 && drop.has(attrEntry(graph, vs, ve)[0]) ? DROP : null), [lenField(5, tooLargeEntry(largeAttrsKey, keys))]);
  };
  const filterFunction = (s: number, e: number): Uint8Array | null => {
    // FunctionDef.signature (1) → OpDef.name (1).
    let fname = '';
    forEachLenField(graph, s, e, (no, vs, ve) => {
      if (no !== 1) return false;
      fname = firstString(graph, vs, ve, 1);
      return true;
    });
    return rewriteMessage(graph, s, e, (no, vs, ve) => (no === 3 ? filterNode(vs, ve, fname) : null));
  };
  const out = (inPlace ? rewriteMessageInPlace : rewriteMessage)(graph, 0, graph.length, (no, s, e) => {
    if (no === 1) return filterNode(s, e);
    if (no === 2) return rewriteMessage(graph, s, e, (fno, fs, fe) => (fno === 1 ? filterFunction(fs, fe) : null));
    return null;
  });
  return { bytes: out ?? graph, removed };
}

/** Key range and value range of an attr map entry. */
function attrEntryRanges(buf: Uint8Array, s: number, e: number): [number, number, number, number] {
  let ks = s;
  let ke = s;
  let vs = e;
  let ve = e;
  forEachLenField(buf, s, e, (no, fs, fe) => {
    if (no === 1) {
      ks = fs;
      ke = fe;
    } else if (no === 2) {
      vs = fs;
      ve = fe;
    }
  });
  return [ks, ke, vs, ve];
}

/** Key and value range of an attr map entry. */
function attrEntry(buf: Uint8Array, s: number, e: number): [string, number, number] {
  let key = '';
  let vs = e;
  let ve = e;
  forEachLenField(buf, s, e, (no, fs, fe) => {
    if (no === 1) key = utf8(buf, fs, fe);
    else if (no === 2) {
      vs = fs;
      ve = fe;
    }
  });
  return [key, vs, ve];
}

/** `AttrValue.list.s` as strings. */
function listStrings(buf: Uint8Array, s: number, e: number): string[] {
  const out: string[] = [];
  forEachLenField(buf, s, e, (no, ls, le) => {
    if (no !== 1) return;
    forEachLenField(buf, ls, le, (lno, vs, ve) => {
      if (lno === 2) out.push(utf8(buf, vs, ve));
    });
  });
  return out;
}

/** The first string field `fieldNo` of a message. */
function firstString(buf: Uint8Array, s: number, e: number, fieldNo: number): string {
  let out = '';
  forEachLenField(buf, s, e, (no, fs, fe) => {
    if (no !== fieldNo) return false;
    out = utf8(buf, fs, fe);
    return true;
  });
  return out;
}

/** Map entry `{key: largeAttrsKey, value: AttrValue{list: {s: keys}}}`. */
function tooLargeEntry(largeAttrsKey: string, keys: string[]): Uint8Array {
  const list = concat(keys.map((k) => lenField(2, encodeUtf8(k))));
  const attrValue = lenField(1, list);
  return concat([lenField(1, encodeUtf8(largeAttrsKey)), lenField(2, attrValue)]);
}
