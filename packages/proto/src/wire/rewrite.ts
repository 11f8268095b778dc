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
  const parts = rewrittenParts(buf, start, end, rewrite, extra);
  return parts && concat(parts);
}

/**
 * As `rewriteMessage`, but the new message is written over `buf[start, end)` and returned as a
 * view of `buf`: no copy of a large message for a few changed fields. Only where the output never
 * overtakes the input (no replacement outgrows what it replaces) and keeps most of the buffer: a
 * small result is copied instead, so that it does not hold a large buffer alive (a frozen graph
 * whose weights were left out). Only for bytes the caller owns: `buf` is changed.
 */
export function rewriteMessageInPlace(buf: Uint8Array, start: number, end: number, rewrite: FieldRewriter): Uint8Array | null {
  const parts = rewrittenParts(buf, start, end, rewrite, []);
  if (!parts) return null;
  const size = parts.reduce((n, p) => n + p.length, 0);
  const worth = size >= buf.buffer.byteLength / 2;
  return worth && fitsInPlace(buf, start, end, parts) ? compactInPlace(buf, start, parts) : concat(parts);
}

/**
 * Whether the parts can be written in order from `start` without overwriting one of `buf`'s own
 * parts before it is moved, and without passing `end`.
 */
function fitsInPlace(buf: Uint8Array, start: number, end: number, parts: Uint8Array[]): boolean {
  let w = start;
  let pending = 0;
  for (const p of parts) {
    if (isViewOf(buf, p)) {
      const from = p.byteOffset - buf.byteOffset;
      if (w + pending > from) return false;
      w += pending + p.length;
      pending = 0;
    } else pending += p.length;
  }
  return w + pending <= end;
}

function compactInPlace(buf: Uint8Array, start: number, parts: Uint8Array[]): Uint8Array {
  let w = start;
  for (const p of parts) {
    if (isViewOf(buf, p)) {
      const from = p.byteOffset - buf.byteOffset;
      if (from !== w) buf.copyWithin(w, from, from + p.length);
    } else buf.set(p, w);
    w += p.length;
  }
  return buf.subarray(start, w);
}

const isViewOf = (buf: Uint8Array, p: Uint8Array): boolean => p.buffer === buf.buffer && p.byteOffset >= buf.byteOffset && p.byteOffset + p.length <= buf.byteOffset + buf.length;

/** The pieces of the rewritten message, in order (views of `buf` for what is kept), or null when nothing changed. */
function rewrittenParts(buf: Uint8Array, start: number, end: number, rewrite: FieldRewriter, extra: Uint8Array[]): Uint8Array[] | null {
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
  return parts;
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
