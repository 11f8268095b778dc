/**
 * The text parser's sink that writes the wire format as it reads (parsePbtxtToWire): no message
 * objects, no second pass to encode them, and string literals copied as bytes without decoding.
 * Nested messages and map entries are written in place (WireWriter.begin/end). Values of packed
 * fields are kept per message and written, packed, when it ends.
 */
import type Long from 'long';
import { WireReader, WIRE_I32, WIRE_I64, WIRE_LEN, WIRE_VARINT } from '../wire/reader.js';
import { encodeUtf8 } from '../wire/utf8.js';
import { WireWriter } from '../wire/writer.js';
import { E_DOUBLE, E_FIXED32, E_FIXED64, E_FLOAT, E_LEN, E_VARINT, E_VARINT64, E_ZIGZAG32, E_ZIGZAG64, type FieldPlan, type MessagePlan } from './plan.js';
import type { PbtxtSink, ScalarValue } from './sink.js';
import type { Tokenizer } from './tokenizer.js';

/** A message being written. */
interface Frame {
  /** Where its content starts. */
  start: number;
  /** Where the value begun last starts (its tag), and whether it is still open. */
  childAt: number;
  childOpen: boolean;
  /** Values of packed fields, written when the message ends. */
  packed: Array<{ field: FieldPlan; values: ScalarValue[] }> | null;
}

const WIRE_TYPE: Record<number, number> = {
  [E_VARINT]: WIRE_VARINT,
  [E_ZIGZAG32]: WIRE_VARINT,
  [E_VARINT64]: WIRE_VARINT,
  [E_ZIGZAG64]: WIRE_VARINT,
  [E_FIXED32]: WIRE_I32,
  [E_FLOAT]: WIRE_I32,
  [E_FIXED64]: WIRE_I64,
  [E_DOUBLE]: WIRE_I64,
  [E_LEN]: WIRE_LEN,
};

export class WireSink implements PbtxtSink<Frame, Uint8Array> {
  private readonly w: WireWriter;

  /** `capacity`: the text's length, which is about twice its wire size for graphs. */
  constructor(capacity: number) {
    this.w = new WireWriter(capacity);
  }

  top(_plan: MessagePlan): Frame {
    return { start: 0, childAt: 0, childOpen: false, packed: null };
  }

  begin(parent: Frame, field: FieldPlan, _plan: MessagePlan | null): Frame {
    parent.childAt = this.w.pos;
    parent.childOpen = true;
    this.w.tag(field.desc.id, WIRE_LEN);
    return { start: this.w.begin(), childAt: 0, childOpen: false, packed: null };
  }

  end(parent: Frame, _field: FieldPlan, child: Frame, _plan: MessagePlan | null): void {
    this.flushPacked(child);
    this.w.end(child.start);
    parent.childOpen = false;
  }

  string(_msg: Frame, field: FieldPlan, tok: Tokenizer): void {
    this.w.tag(field.desc.id, WIRE_LEN);
    tok.writeString(this.w);
  }

  scalar(msg: Frame, field: FieldPlan, value: ScalarValue): void {
    if (field.packed) return this.keepPacked(msg, field, value);
    this.w.tag(field.desc.id, WIRE_TYPE[field.enc]!);
    this.value(field.enc, value);
  }

  count(parent: Frame, field: FieldPlan): number {
    const r = new WireReader(this.w.bytes, parent.start, parent.childOpen ? parent.childAt : this.w.pos);
    let n = 0;
    while (r.pos < r.end) {
      const tag = r.tag();
      if (tag >>> 3 === field.desc.id) n++;
      r.skip(tag & 7, tag >>> 3);
    }
    return n;
  }

  finish(top: Frame): Uint8Array {
    this.flushPacked(top);
    return this.w.finish();
  }

  private keepPacked(msg: Frame, field: FieldPlan, value: ScalarValue): void {
    msg.packed ??= [];
    let run = msg.packed.find((p) => p.field === field);
    if (!run) msg.packed.push((run = { field, values: [] }));
    run.values.push(value);
  }

  private flushPacked(frame: Frame): void {
    for (const { field, values } of frame.packed ?? []) {
      this.w.tag(field.desc.id, WIRE_LEN);
      const start = this.w.begin();
      for (const v of values) this.value(field.enc, v);
      this.w.end(start);
    }
  }

  /** One value without its tag. */
  private value(enc: number, v: ScalarValue): void {
    const w = this.w;
    switch (enc) {
      case E_VARINT:
        return w.int32(Number(v));
      case E_ZIGZAG32: {
        const n = v as number;
        return w.uint32(((n << 1) ^ (n >> 31)) >>> 0);
      }
      case E_FIXED32:
        return w.fixed32(v as number);
      case E_FLOAT:
        return w.float(v as number);
      case E_DOUBLE:
        return w.double(v as number);
      case E_VARINT64:
        return w.varint64((v as Long).low, (v as Long).high);
      case E_ZIGZAG64: {
        const { low, high } = v as Long;
        return w.varint64((low << 1) ^ (high >> 31), ((high << 1) | (low >>> 31)) ^ (high >> 31));
      }
      case E_FIXED64:
        return w.fixed64((v as Long).low, (v as Long).high);
      default: {
        // A string given as a value (an Any's type URL).
        const bytes = encodeUtf8(String(v));
        return w.lenBytes(bytes, 0, bytes.length);
      }
    }
  }
}
