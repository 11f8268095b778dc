/**
 * Leaves out attributes larger than a limit (TensorBoard's `_too_large_attrs` rule) straight
 * from the wire bytes, so multi-megabyte Const tensors are never decoded. Each node that loses
 * attrs gets `_too_large_attrs { list { s: [keys] } }`, which the info card shows.
 */
import { WireReader, WIRE_LEN } from '../wire/reader.js';
import { DROP, lenField, rewriteMessage } from '../wire/rewrite.js';
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

/** Returns the GraphDef bytes without attrs over `limit`, and what was removed. */
export function stripLargeAttrs(graph: Uint8Array, limit: number, largeAttrsKey = LARGE_ATTRS_KEY): { bytes: Uint8Array; removed: LargeAttr[] } {
  const removed: LargeAttr[] = [];
  const filterNode = (s: number, e: number, fn?: string): Uint8Array | null => {
    let name = '';
    const big: Array<{ key: string; bytes: number }> = [];
    let previous: string[] = [];
    const r = new WireReader(graph, s, e);
    while (r.pos < e) {
      const tag = r.tag();
      if ((tag & 7) !== WIRE_LEN) {
        r.skip(tag & 7, tag >>> 3);
        continue;
      }
      const ve = r.lenEnd();
      if (tag >>> 3 === 1) name = utf8(graph, r.pos, ve);
      else if (tag >>> 3 === 5) {
        const [key, vs, vEnd] = attrEntry(graph, r.pos, ve);
        if (key === largeAttrsKey) previous = listStrings(graph, vs, vEnd);
        else if (vEnd - vs > limit) big.push({ key, bytes: vEnd - vs });
      }
      r.pos = ve;
    }
    if (!big.length) return null;
    for (const b of big) removed.push({ node: name, ...(fn === undefined ? {} : { function: fn }), ...b });
    const drop = new Set(big.map((b) => b.key).concat(previous.length ? [largeAttrsKey] : []));
    const keys = previous.concat(big.map((b) => b.key));
    return rewriteMessage(graph, s, e, (no, vs, ve) => (no === 5 && drop.has(attrEntry(graph, vs, ve)[0]) ? DROP : null), [lenField(5, tooLargeEntry(largeAttrsKey, keys))]);
  };
  const filterFunction = (s: number, e: number): Uint8Array | null => {
    let fname = '';
    const r = new WireReader(graph, s, e);
    while (r.pos < e) {
      const tag = r.tag();
      if ((tag & 7) !== WIRE_LEN) {
        r.skip(tag & 7, tag >>> 3);
        continue;
      }
      const ve = r.lenEnd();
      if (tag >>> 3 === 1) fname = signatureName(graph, r.pos, ve);
      r.pos = ve;
    }
    return rewriteMessage(graph, s, e, (no, vs, ve) => (no === 3 ? filterNode(vs, ve, fname) : null));
  };
  const out = rewriteMessage(graph, 0, graph.length, (no, s, e) => {
    if (no === 1) return filterNode(s, e);
    if (no === 2) return rewriteMessage(graph, s, e, (fno, fs, fe) => (fno === 1 ? filterFunction(fs, fe) : null));
    return null;
  });
  return { bytes: out ?? graph, removed };
}

/** Key and value range of an attr map entry. */
function attrEntry(buf: Uint8Array, s: number, e: number): [string, number, number] {
  const r = new WireReader(buf, s, e);
  let key = '';
  let vs = e;
  let ve = e;
  while (r.pos < e) {
    const tag = r.tag();
    if ((tag & 7) !== WIRE_LEN) {
      r.skip(tag & 7, tag >>> 3);
      continue;
    }
    const end = r.lenEnd();
    if (tag >>> 3 === 1) key = utf8(buf, r.pos, end);
    else if (tag >>> 3 === 2) {
      vs = r.pos;
      ve = end;
    }
    r.pos = end;
  }
  return [key, vs, ve];
}

/** `AttrValue.list.s` as strings. */
function listStrings(buf: Uint8Array, s: number, e: number): string[] {
  const out: string[] = [];
  const r = new WireReader(buf, s, e);
  while (r.pos < e) {
    const tag = r.tag();
    if ((tag & 7) !== WIRE_LEN) {
      r.skip(tag & 7, tag >>> 3);
      continue;
    }
    const end = r.lenEnd();
    if (tag >>> 3 === 1) {
      const lr = new WireReader(buf, r.pos, end);
      while (lr.pos < end) {
        const t = lr.tag();
        if ((t & 7) !== WIRE_LEN) {
          lr.skip(t & 7, t >>> 3);
          continue;
        }
        const le = lr.lenEnd();
        if (t >>> 3 === 2) out.push(utf8(buf, lr.pos, le));
        lr.pos = le;
      }
    }
    r.pos = end;
  }
  return out;
}

function signatureName(buf: Uint8Array, s: number, e: number): string {
  const r = new WireReader(buf, s, e);
  while (r.pos < e) {
    const tag = r.tag();
    if ((tag & 7) !== WIRE_LEN) {
      r.skip(tag & 7, tag >>> 3);
      continue;
    }
    const end = r.lenEnd();
    if (tag >>> 3 === 1) return utf8(buf, r.pos, end);
    r.pos = end;
  }
  return '';
}

/** Map entry `{key: largeAttrsKey, value: AttrValue{list: {s: keys}}}`. */
function tooLargeEntry(largeAttrsKey: string, keys: string[]): Uint8Array {
  const list = concatAll(keys.map((k) => lenField(2, encodeUtf8(k))));
  const attrValue = lenField(1, list);
  return concatAll([lenField(1, encodeUtf8(largeAttrsKey)), lenField(2, attrValue)]);
}

function concatAll(parts: Uint8Array[]): Uint8Array {
  let n = 0;
  for (const p of parts) n += p.length;
  const out = new Uint8Array(n);
  let o = 0;
  for (const p of parts) {
    out.set(p, o);
    o += p.length;
  }
  return out;
}
