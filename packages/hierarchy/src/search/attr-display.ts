/**
 * Short display strings for attribute values, for search and result lists:
 * `DT_FLOAT`, `"SAME"`, `3`, `0.5`, `true`, `[?,28,28,1]` (a shape), lists as items joined by
 * `, ` (`[]` when empty), `DT_FLOAT [784,300]` for a tensor (values only for tiny ones), `f(…)`
 * for a function. Large tensors are never decoded: only their dtype and shape are read.
 */
import { tensorflow, WireReader } from '@tbg/proto';

const decoder = new TextDecoder();
/** Display strings are cut to this many characters. */
export const MAX_DISPLAY = 400;
/** Tensor values larger than this (serialized bytes) are never decoded: only dtype and shape are read. */
const SMALL_TENSOR_BYTES = 128;
const MAX_TENSOR_VALUES = 8;

const dtypeNames = tensorflow.DataType as unknown as Record<number, string | undefined>;
export function dtypeName(t: number): string {
  return dtypeNames[t] ?? `DT_${t}`;
}

function fmtFloat(f: number): string {
  return Number.isFinite(f) ? String(Number(f.toPrecision(7))) : String(f);
}

type Int64 = number | { toString(): string } | null | undefined;
const int64 = (v: Int64) => (v == null ? '0' : v.toString());

/** UTF-8 → string; very short pure-ASCII strings skip TextDecoder's per-call cost. */
function utf8(b: Uint8Array, start: number, end: number): string {
  if (end - start > 16) return decoder.decode(b.subarray(start, end));
  let out = '';
  for (let i = start; i < end; i++) {
    const c = b[i]!;
    if (c >= 0x80) return decoder.decode(b.subarray(start, end));
    out += String.fromCharCode(c);
  }
  return out;
}

/** A quoted string, JSON-escaped only when needed; cut to `max` characters. */
function quote(s: string, max: number): string {
  if (s.length > max) s = `${s.slice(0, max)}…`;
  return needsEscape(s) ? JSON.stringify(s) : `"${s}"`;
}

/** A quote, a backslash, a control character or anything beyond ASCII (JSON.stringify then decides). */
function needsEscape(s: string): boolean {
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c < 0x20 || c >= 0x7f || c === 0x22 || c === 0x5c) return true;
  }
  return false;
}

function text(b: Uint8Array | null | undefined, max: number): string {
  return quote(b ? utf8(b, 0, b.length) : '', max);
}

function shapeText(s: tensorflow.TensorShapeProto.$Properties | null | undefined): string {
  if (!s) return '[]';
  if (s.unknown_rank) return '<unknown>';
  return `[${(s.dim ?? []).map((d) => {
    const v = d.size == null ? 0 : typeof d.size === 'number' ? d.size : d.size.toNumber();
    return v < 0 ? '?' : String(v);
  }).join(',')}]`;
}

function cut(s: string, max: number): string {
  return s.length > max ? `${s.slice(0, max)}…` : s;
}

/** dtype and shape; the values too when there are at most MAX_TENSOR_VALUES of them. */
function tensorText(t: tensorflow.TensorProto.$Properties, max: number): string {
  const head = `${dtypeName(t.dtype ?? 0)} ${shapeText(t.tensor_shape)}`;
  const vals: string[] = [];
  const lists = [t.float_val, t.double_val, t.int_val, t.int64_val, t.bool_val, t.string_val];
  let count = 0;
  for (const l of lists) count += l?.length ?? 0;
  const c = t.tensor_content;
  const dt = t.dtype ?? 0;
  const D = tensorflow.DataType;
  const size = dt === D.DT_FLOAT || dt === D.DT_INT32 ? 4 : dt === D.DT_DOUBLE || dt === D.DT_INT64 ? 8 : 0;
  if (c && c.length) count += size ? c.length / size : Infinity;
  if (count === 0 || count > MAX_TENSOR_VALUES) return head;
  for (const x of t.float_val ?? []) vals.push(fmtFloat(x));
  for (const x of t.double_val ?? []) vals.push(fmtFloat(x));
  for (const x of t.int_val ?? []) vals.push(String(x));
  for (const x of t.int64_val ?? []) vals.push(int64(x));
  for (const x of t.bool_val ?? []) vals.push(String(x));
  for (const x of t.string_val ?? []) vals.push(text(x, max));
  if (c && c.length && size) {
    const dv = new DataView(c.buffer, c.byteOffset, c.byteLength);
    for (let o = 0; o + size <= c.length; o += size) {
      if (dt === D.DT_FLOAT) vals.push(fmtFloat(dv.getFloat32(o, true)));
      else if (dt === D.DT_INT32) vals.push(String(dv.getInt32(o, true)));
      else if (dt === D.DT_DOUBLE) vals.push(fmtFloat(dv.getFloat64(o, true)));
      else vals.push(String(dv.getBigInt64(o, true)));
    }
  }
  return `${head} ${cut(vals.join(', '), max)}`;
}

function funcText(f: tensorflow.NameAttrList.$Properties | null | undefined): string {
  return `${f?.name ?? ''}(…)`;
}

/** Display string of a decoded AttrValue; strings and lists longer than `max` characters are cut (with `…`). */
export function attrValueText(v: tensorflow.AttrValue, max = MAX_DISPLAY): string {
  if (v.list != null) {
    const l = v.list;
    const parts: string[] = [];
    for (const s of l.s ?? []) parts.push(text(s, max));
    for (const i of l.i ?? []) parts.push(int64(i));
    for (const f of l.f ?? []) parts.push(fmtFloat(f));
    for (const b of l.b ?? []) parts.push(String(b));
    for (const t of l.type ?? []) parts.push(dtypeName(t));
    for (const s of l.shape ?? []) parts.push(shapeText(s));
    for (const t of l.tensor ?? []) parts.push(tensorText(t, max));
    for (const f of l.func ?? []) parts.push(funcText(f));
    return parts.length ? cut(parts.join(', '), max) : '[]';
  }
  if (v.s != null) return text(v.s, max);
  if (v.i != null) return int64(v.i);
  if (v.f != null) return fmtFloat(v.f);
  if (v.b != null) return String(v.b);
  if (v.type != null) return dtypeName(v.type);
  if (v.shape != null) return shapeText(v.shape);
  if (v.tensor != null) return tensorText(v.tensor, max);
  if (v.func != null) return funcText(v.func);
  if (v.placeholder != null) return `$${v.placeholder}`;
  return '';
}

/** True when `bytes[start, end)` is an AttrValue holding a tensor too large to decode fully. */
export function isLargeTensor(bytes: Uint8Array, start: number, end: number): boolean {
  return end - start > SMALL_TENSOR_BYTES && bytes[start] === 0x42;
}

/**
 * Display string of a serialized AttrValue. Large tensors are read at the wire level: only
 * dtype and shape, without touching their content. Malformed bytes give `<malformed>`.
 * Strings and lists longer than `max` characters are cut (with `…`); pass `Infinity` for all.
 */
export function attrBytesText(bytes: Uint8Array, start: number, end: number, max = MAX_DISPLAY): string {
  try {
    if (isLargeTensor(bytes, start, end)) return largeTensorText(bytes, start, end);
    const fast = scalarText(bytes, start, end, max);
    if (fast !== null) return fast;
    return attrValueText(tensorflow.AttrValue.decode(bytes.subarray(start, end)), max);
  } catch {
    return '<malformed>';
  }
}

/** A read position in `bytes[…, end)`. */
interface WireCursor {
  pos: number;
  readonly end: number;
}

/** A small varint at the cursor (at most 4 bytes, < 2^28), moving past it; or −1 (the cursor is then undefined). */
function smallVarint(b: Uint8Array, c: WireCursor): number {
  let v = 0;
  for (let shift = 0; shift < 28 && c.pos < c.end; shift += 7) {
    const x = b[c.pos++]!;
    v |= (x & 0x7f) << shift;
    if (x < 0x80) return v;
  }
  return -1;
}

/**
 * The common values read straight from the wire, without protobufjs: `s`, `b`, `type`, small
 * non-negative `i`, and a list of strings only (`_class: "loc:@x"`). Null for anything else.
 */
function scalarText(bytes: Uint8Array, start: number, end: number, max: number): string | null {
  const tag = bytes[start];
  const c: WireCursor = { pos: start + 1, end };
  if (tag === 0x12) {
    const len = smallVarint(bytes, c);
    if (len < 0 || c.pos + len !== end) return null;
    return quote(utf8(bytes, c.pos, end), max);
  }
  if (tag === 0x18 || tag === 0x28 || tag === 0x30) {
    const v = smallVarint(bytes, c);
    if (v < 0 || c.pos !== end) return null;
    return tag === 0x18 ? String(v) : tag === 0x28 ? String(v !== 0) : dtypeName(v);
  }
  if (tag === 0x0a) {
    const len = smallVarint(bytes, c);
    if (len < 0 || c.pos + len !== end) return null;
    const parts: string[] = [];
    while (c.pos < end) {
      if (bytes[c.pos] !== 0x12) return null;
      c.pos++;
      const l = smallVarint(bytes, c);
      if (l < 0 || c.pos + l > end) return null;
      parts.push(quote(utf8(bytes, c.pos, c.pos + l), max));
      c.pos += l;
    }
    return parts.length ? cut(parts.join(', '), max) : '[]';
  }
  return null;
}

function largeTensorText(bytes: Uint8Array, start: number, end: number): string {
  const r = new WireReader(bytes, start, end);
  let dtype = 0;
  let shape = '[]';
  while (r.pos < end) {
    const tag = r.tag();
    if (tag !== 0x42) {
      r.skip(tag & 7, tag >>> 3);
      continue;
    }
    const tEnd = r.lenEnd();
    const tr = new WireReader(bytes, r.pos, tEnd);
    while (tr.pos < tEnd) {
      const t = tr.tag();
      if (t === 0x08) dtype = tr.varint();
      else if (t === 0x12) {
        const sEnd = tr.lenEnd();
        shape = shapeText(tensorflow.TensorShapeProto.decode(bytes.subarray(tr.pos, sEnd)));
        tr.pos = sEnd;
      } else tr.skip(t & 7, t >>> 3);
    }
    r.pos = tEnd;
  }
  return `${dtypeName(dtype)} ${shape}`;
}
