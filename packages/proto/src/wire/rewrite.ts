/** Rewrites selected fields of a serialized message without decoding the rest. */
import { WireReader, WIRE_LEN } from './reader.js';

/**
 * Returns the replacement bytes for a length-delimited field's value, `null` to keep it as is,
 * or `DROP` to remove the field.
 */
export type FieldRewriter = (fieldNo: number, start: number, end: number) => Uint8Array | null | typeof DROP;
export const DROP = Symbol('drop');

/**
 * Applies `rewrite` to every length-delimited field of the message at `buf[start, end)`.
 * Returns the new message bytes (plus `extra` appended), or null when nothing changed.
 */
export function rewriteMessage(buf: Uint8Array, start: number, end: number, rewrite: FieldRewriter, extra: Uint8Array[] = []): Uint8Array | null {
  const r = new WireReader(buf, start, end);
  const parts: Uint8Array[] = [];
  let copyFrom = start;
  let changed = extra.length > 0;
  while (r.pos < end) {
    const fieldStart = r.pos;
    const tag = r.tag();
    const wt = tag & 7;
    if (wt !== WIRE_LEN) {
      r.skip(wt, tag >>> 3);
      continue;
    }
    const vEnd = r.lenEnd();
    const vStart = r.pos;
    r.pos = vEnd;
    const out = rewrite(tag >>> 3, vStart, vEnd);
    if (out === null) continue;
    changed = true;
    if (fieldStart > copyFrom) parts.push(buf.subarray(copyFrom, fieldStart));
    if (out !== DROP) parts.push(lenField(tag >>> 3, out));
    copyFrom = vEnd;
  }
  if (!changed) return null;
  if (end > copyFrom) parts.push(buf.subarray(copyFrom, end));
  parts.push(...extra);
  return concat(parts);
}

export function varintBytes(v: number): number[] {
  const out: number[] = [];
  while (v > 0x7f) {
    out.push((v & 0x7f) | 0x80);
    v = Math.floor(v / 128);
  }
  out.push(v);
  return out;
}

/** Tag + length + value of a length-delimited field. */
export function lenField(fieldNo: number, value: Uint8Array): Uint8Array {
  const head = [...varintBytes((fieldNo << 3) | WIRE_LEN), ...varintBytes(value.length)];
  const out = new Uint8Array(head.length + value.length);
  out.set(head);
  out.set(value, head.length);
  return out;
}

export function concat(parts: Uint8Array[]): Uint8Array {
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
