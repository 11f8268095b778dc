/**
 * The text parser's sink that builds instances of the generated message classes (parsePbtxt).
 * A map entry is read into a holder `{ key, value }` and stored in its map when it ends.
 */
import Long from 'long';
import { encodeMessage } from '../schema/messages.js';
import { V_BOOL, V_BYTES, V_ENUM, V_INT64, V_MESSAGE, V_STRING, childPlan, type FieldPlan, type MessagePlan } from './plan.js';
import type { PbtxtSink, ScalarValue } from './sink.js';
import type { StringPool } from './string-pool.js';
import type { Tokenizer } from './tokenizer.js';

type Msg = Record<string, unknown>;

export class ObjectSink implements PbtxtSink<Msg, object> {
  constructor(private readonly strings: StringPool) {}

  top(plan: MessagePlan): Msg {
    return new plan.ctor() as Msg;
  }

  begin(_parent: Msg, _field: FieldPlan, plan: MessagePlan | null): Msg {
    return plan ? (new plan.ctor() as Msg) : { key: undefined, value: undefined };
  }

  end(parent: Msg, field: FieldPlan, child: Msg, plan: MessagePlan | null): void {
    if (field.entry) return storeEntry(parent[field.name] as Msg, field.entry, child);
    // The packed message of an `Any`.
    if (field.value === V_BYTES) return void (parent[field.name] = encodeMessage(plan!.desc.fullName, child));
    this.store(parent, field, child);
  }

  string(msg: Msg, field: FieldPlan, tok: Tokenizer): void {
    this.store(msg, field, field.value === V_STRING ? tok.stringValue(this.strings) : tok.bytesValue());
  }

  scalar(msg: Msg, field: FieldPlan, value: ScalarValue): void {
    this.store(msg, field, value);
  }

  count(parent: Msg, field: FieldPlan): number {
    const values = parent[field.name] as object;
    return Array.isArray(values) ? values.length : Object.keys(values).length;
  }

  finish(top: Msg): object {
    return top;
  }

  private store(msg: Msg, field: FieldPlan, value: unknown): void {
    if (field.repeated) (msg[field.name] as unknown[]).push(value);
    else msg[field.name] = value;
  }
}

/** A map entry into its map; a missing key or value is the default of its type. */
function storeEntry(map: Msg, entry: NonNullable<FieldPlan['entry']>, holder: Msg): void {
  const value = holder.value === undefined ? defaultValue(entry.value) : holder.value;
  const key = holder.key === undefined ? defaultKey(entry.key.desc.type) : mapKeyString(holder.key);
  map[key] = value;
}

function defaultValue(field: FieldPlan): unknown {
  switch (field.value) {
    case V_MESSAGE:
      return new (childPlan(field).ctor)();
    case V_ENUM:
      return 0;
    case V_STRING:
      return '';
    case V_BYTES:
      return new Uint8Array(0);
    case V_BOOL:
      return false;
    case V_INT64:
      return Long.fromBits(0, 0, field.unsigned);
    default:
      return 0;
  }
}

function defaultKey(keyType: string): string {
  return keyType === 'string' ? '' : keyType === 'bool' ? 'false' : '0';
}

export function mapKeyString(key: unknown): string {
  return key instanceof Long ? key.toString() : String(key);
}
