/**
 * The protobuf JSON mapping (TF.js model.json) straight to wire bytes, for loading: no message
 * objects, no Longs, no second pass to encode them. It accepts what `messageFromJson` accepts
 * and means the same bytes. Where that one would warn or fail (an unknown field, a wrong value)
 * this one gives up (null), and the caller takes the object path, which words it.
 */
import { E_DOUBLE, E_FIXED32, E_FIXED64, E_FLOAT, E_VARINT64, E_ZIGZAG32, E_ZIGZAG64, childPlan, messagePlan, V_BOOL, V_BYTES, V_DOUBLE, V_ENUM, V_FLOAT, V_INT32, V_INT64, V_MESSAGE, V_STRING, type FieldPlan, type MessagePlan } from '../pbtxt/plan.js';
import { WIRE_I32, WIRE_I64, WIRE_LEN, WIRE_VARINT } from '../wire/reader.js';
import { WireWriter } from '../wire/writer.js';
import { decodeBase64 } from './base64.js';
import { jsonNameLookup } from './protojson.js';
import { schema } from './schema.js';

/** Thrown inside, caught at the top: the object path must take over. */
class GiveUp extends Error {}
function giveUp(): never {
  throw new GiveUp();
}

const MAX_DEPTH = 100;

const fieldByJsonName = jsonNameLookup((plan: MessagePlan) => plan.list);

/** `json` as the wire bytes of a `typeName`, or null where `messageFromJson` would warn or throw. */
export function jsonToWire(json: unknown, typeName: string): Uint8Array | null {
  const w = new WireWriter(4096);
  try {
    writeMessage(w, json, messagePlan(typeName), 0);
  } catch (error) {
    if (error instanceof GiveUp) return null;
    throw error;
  }
  return w.finish();
}

const isObject = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === 'object' && !Array.isArray(v);

function writeMessage(w: WireWriter, json: unknown, plan: MessagePlan, depth: number): void {
  if (depth > MAX_DEPTH || !isObject(json)) giveUp();
  // A singular field named twice (`device_id` and `deviceId`), or two of one oneof: the object
  // path keeps one, which its encoder's field order decides.
  let given = 0;
  for (const key in json) {
    if (!Object.hasOwn(json, key)) continue;
    const value = json[key];
    const field = fieldByJsonName(plan, key) ?? giveUp();
    if (value === null) continue;
    if (field.entry) writeMap(w, value, field, depth);
    else if (field.repeated) writeList(w, value, field, depth);
    else {
      if (given & (field.bit | field.oneofMask)) giveUp();
      given |= field.bit;
      writeField(w, value, field, depth);
    }
  }
}

function writeMap(w: WireWriter, value: unknown, field: FieldPlan, depth: number): void {
  if (!isObject(value) || field.entry!.key.value !== V_STRING) giveUp();
  const { key: keyPlan, value: valuePlan } = field.entry!;
  for (const k in value) {
    if (!Object.hasOwn(value, k)) continue;
    w.tag(field.desc.id, WIRE_LEN);
    const start = w.begin();
    writeField(w, k, keyPlan, depth);
    // A null value is an error the object path words.
    writeField(w, value[k] ?? giveUp(), valuePlan, depth);
    w.end(start);
  }
}

function writeList(w: WireWriter, value: unknown, field: FieldPlan, depth: number): void {
  if (!Array.isArray(value)) giveUp();
  const list = value as unknown[];
  if (!field.packed) {
    for (const v of list) writeField(w, v, field, depth);
    return;
  }
  if (list.length === 0) return;
  w.tag(field.desc.id, WIRE_LEN);
  const start = w.begin();
  for (const v of list) writeScalar(w, v, field);
  w.end(start);
}

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** One value with its tag. */
function writeField(w: WireWriter, v: unknown, field: FieldPlan, depth: number): void {
  switch (field.value) {
    case V_MESSAGE: {
      w.tag(field.desc.id, WIRE_LEN);
      const start = w.begin();
      writeMessage(w, v, childPlan(field), depth + 1);
      w.end(start);
      return;
    }
    case V_STRING:
      // A lone surrogate: TextEncoder would write U+FFFD where the object path fails.
      if (typeof v !== 'string' || LONE_SURROGATE.test(v)) giveUp();
      w.tag(field.desc.id, WIRE_LEN);
      return w.string(v);
    case V_BYTES: {
      if (typeof v !== 'string') giveUp();
      const bytes = base64Bytes(v);
      w.tag(field.desc.id, WIRE_LEN);
      return w.lenBytes(bytes, 0, bytes.length);
    }
    default:
      w.tag(field.desc.id, wireTypeOf(field.enc));
      return writeScalar(w, v, field);
  }
}

function wireTypeOf(enc: number): number {
  if (enc === E_FIXED32 || enc === E_FLOAT) return WIRE_I32;
  if (enc === E_FIXED64 || enc === E_DOUBLE) return WIRE_I64;
  return WIRE_VARINT;
}

/** A number, bool or enum without its tag. */
function writeScalar(w: WireWriter, v: unknown, field: FieldPlan): void {
  switch (field.value) {
    case V_BOOL:
      if (typeof v !== 'boolean') giveUp();
      return w.uint32(v ? 1 : 0);
    case V_ENUM:
      return w.int32(enumNumber(v, field));
    case V_FLOAT:
      return w.float(floatValue(v));
    case V_DOUBLE:
      return w.double(floatValue(v));
    case V_INT32:
      return writeInt32(w, v, field);
    case V_INT64:
      return writeInt64(w, v, field.enc);
    default:
      return giveUp();
  }
}

function enumNumber(v: unknown, field: FieldPlan): number {
  if (typeof v === 'number' && Number.isInteger(v) && v >= -0x80000000 && v <= 0x7fffffff) return v;
  if (typeof v === 'string') return schema().enumType(field.desc.type).byName.get(v) ?? giveUp();
  return giveUp();
}

function floatValue(v: unknown): number {
  if (typeof v === 'number') return v;
  if (v === 'NaN') return NaN;
  if (v === 'Infinity') return Infinity;
  if (v === '-Infinity') return -Infinity;
  const n = typeof v === 'string' && v.trim() !== '' ? Number(v) : NaN;
  return Number.isNaN(n) ? giveUp() : n;
}

const INTEGER = /^-?\d+$/;

function writeInt32(w: WireWriter, v: unknown, field: FieldPlan): void {
  const n = typeof v === 'number' ? v : typeof v === 'string' && INTEGER.test(v) ? Number(v) : NaN;
  // Out of its type's range, the object path's encoding wraps it: that one decides.
  if (!Number.isInteger(n) || n < field.lo || n > field.hi) giveUp();
  if (field.enc === E_ZIGZAG32) return w.uint32(((n << 1) ^ (n >> 31)) >>> 0);
  if (field.enc === E_FIXED32) return w.fixed32(n);
  return w.int32(n);
}

function writeInt64(w: WireWriter, v: unknown, enc: number): void {
  let b: bigint;
  if (typeof v === 'number' && Number.isInteger(v)) b = BigInt(v);
  else if (typeof v === 'string' && INTEGER.test(v)) b = BigInt(v);
  else return giveUp();
  const lo = Number(b & 0xffffffffn) | 0;
  const hi = Number((b >> 32n) & 0xffffffffn) | 0;
  if (enc === E_VARINT64) return w.varint64(lo, hi);
  if (enc === E_ZIGZAG64) return w.varint64((lo << 1) ^ (hi >> 31), ((hi << 1) | (lo >>> 31)) ^ (hi >> 31));
  return w.fixed64(lo, hi);
}

function base64Bytes(s: string): Uint8Array {
  const bytes = decodeBase64(s);
  return typeof bytes === 'number' ? giveUp() : bytes;
}
