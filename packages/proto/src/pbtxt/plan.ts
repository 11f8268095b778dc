/**
 * What the text parser needs about each message type, worked out once from the schema: fields
 * found by their name's bytes, value kinds as small numbers, one bit per field for the
 * "given twice" and oneof checks, enum tables, and the generated class to instantiate.
 */
import { schema, type FieldDesc, type MessageDesc } from '../schema/schema.js';
import { messageClass } from '../schema/messages.js';
import { ByteMap } from './byte-map.js';
import { intBounds } from './scalars.js';

export const V_STRING = 0;
export const V_BYTES = 1;
export const V_BOOL = 2;
export const V_FLOAT = 3;
export const V_DOUBLE = 4;
/** int32, uint32 and their kin: a Number. */
export const V_INT32 = 5;
/** int64, uint64 and their kin: a Long. */
export const V_INT64 = 6;
export const V_ENUM = 7;
export const V_MESSAGE = 8;

/** How a scalar goes on the wire (wire-sink.ts). */
export const E_VARINT = 0;
export const E_ZIGZAG32 = 1;
export const E_FIXED32 = 2;
export const E_FLOAT = 3;
export const E_DOUBLE = 4;
export const E_VARINT64 = 5;
export const E_ZIGZAG64 = 6;
export const E_FIXED64 = 7;
export const E_LEN = 8;

export interface FieldPlan {
  readonly desc: FieldDesc;
  readonly name: string;
  /** V_*: how the value is read. */
  readonly value: number;
  readonly repeated: boolean;
  /** Neither repeated nor a map, so it may be given only once. */
  readonly single: boolean;
  /** This field's bit in the parser's mask of fields given (0 for map entry parts). */
  readonly bit: number;
  /** The bits of the other fields of its oneof. */
  readonly oneofMask: number;
  /** Range of a V_INT32 or V_ENUM number. */
  readonly lo: number;
  readonly hi: number;
  readonly unsigned: boolean;
  /** E_*: how the value is written on the wire. */
  readonly enc: number;
  /** Written packed (repeated numbers, proto3's default). */
  readonly packed: boolean;
  readonly enumValues: ByteMap<number> | null;
  /** For map fields: how to read an entry's key and value. */
  readonly entry: { readonly key: FieldPlan; readonly value: FieldPlan } | null;
  /** The plan of a message value, looked up on first use (types nest recursively). */
  child: MessagePlan | null;
}

export interface MessagePlan {
  readonly desc: MessageDesc;
  /** `GraphDef` for `tensorflow.GraphDef`. */
  readonly shortName: string;
  readonly ctor: new () => object;
  readonly fields: ByteMap<FieldPlan>;
  /** In the schema's field order: bit i belongs to fields[i]. */
  readonly list: readonly FieldPlan[];
}

/** The parser keeps its fields-given mask in one int32. */
const MAX_FIELDS = 31;

function valueKind(d: FieldDesc): number {
  if (d.kind === 'message') return V_MESSAGE;
  if (d.kind === 'enum') return V_ENUM;
  switch (d.type) {
    case 'string':
      return V_STRING;
    case 'bytes':
      return V_BYTES;
    case 'bool':
      return V_BOOL;
    case 'float':
      return V_FLOAT;
    case 'double':
      return V_DOUBLE;
    default:
      return d.type.endsWith('64') ? V_INT64 : V_INT32;
  }
}

function encodingOf(d: FieldDesc): number {
  if (d.kind !== 'scalar') return d.kind === 'enum' ? E_VARINT : E_LEN;
  switch (d.type) {
    case 'sint32':
      return E_ZIGZAG32;
    case 'fixed32':
    case 'sfixed32':
      return E_FIXED32;
    case 'float':
      return E_FLOAT;
    case 'double':
      return E_DOUBLE;
    case 'int64':
    case 'uint64':
      return E_VARINT64;
    case 'sint64':
      return E_ZIGZAG64;
    case 'fixed64':
    case 'sfixed64':
      return E_FIXED64;
    case 'string':
    case 'bytes':
      return E_LEN;
    default:
      return E_VARINT;
  }
}

function fieldPlan(d: FieldDesc, bit: number, oneofMask: number): FieldPlan {
  const value = valueKind(d);
  const [lo, hi] = value === V_INT32 ? intBounds(d.type) : value === V_ENUM ? intBounds('int32') : [0, 0];
  let entry: FieldPlan['entry'] = null;
  if (d.mapKey) {
    // A map entry is a message { key = 1; value = 2 } whose value has the field's type.
    const key: FieldDesc = { ...d, name: 'key', id: 1, kind: 'scalar', type: d.mapKey, mapKey: null, repeated: false, oneof: null };
    const val: FieldDesc = { ...d, name: 'value', id: 2, mapKey: null, repeated: false, oneof: null };
    entry = { key: fieldPlan(key, 0, 0), value: fieldPlan(val, 0, 0) };
  }
  return {
    desc: d,
    name: d.name,
    value,
    repeated: d.repeated,
    single: !d.repeated && !d.mapKey,
    bit,
    oneofMask,
    lo,
    hi,
    unsigned: d.type === 'uint64' || d.type === 'fixed64',
    enc: encodingOf(d),
    packed: d.repeated && d.packed,
    enumValues: value === V_ENUM ? new ByteMap(schema().enumType(d.type).byName) : null,
    entry,
    child: null,
  };
}

function buildPlan(desc: MessageDesc): MessagePlan {
  const fields = desc.fields;
  if (fields.length > MAX_FIELDS) throw new Error(`pbtxt: ${desc.fullName} has more than ${MAX_FIELDS} fields`);
  const list = fields.map((f, i) => {
    let oneofMask = 0;
    if (f.oneof !== null) fields.forEach((g, j) => (oneofMask |= g.oneof === f.oneof && j !== i ? 1 << j : 0));
    return fieldPlan(f, 1 << i, oneofMask);
  });
  return {
    desc,
    shortName: desc.fullName.slice(desc.fullName.lastIndexOf('.') + 1),
    ctor: messageClass(desc.fullName),
    fields: new ByteMap(list.map((p) => [p.name, p] as const)),
    list,
  };
}

const plans = new Map<string, MessagePlan>();

/** The plan of a message type (throws for a type the schema does not have). */
export function messagePlan(fullName: string): MessagePlan {
  let plan = plans.get(fullName);
  if (!plan) {
    plan = buildPlan(schema().message(fullName));
    plans.set(fullName, plan);
  }
  return plan;
}

/** The plan of a message field's values. */
export function childPlan(field: FieldPlan): MessagePlan {
  return (field.child ??= messagePlan(field.desc.type));
}
