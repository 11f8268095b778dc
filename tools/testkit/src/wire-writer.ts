/**
 * Minimal protobuf wire-format writer.
 *
 * One growable byte buffer; nested messages reserve a single length byte and
 * are shifted only when their body turns out to be >= 128 bytes. Each byte is
 * therefore moved at most once per enclosing level (GraphDef nests ~6 deep),
 * which keeps encoding linear in the output size, unlike "encode child into
 * its own array and copy into the parent" at every level.
 */

export const WireType = {
  VARINT: 0,
  FIXED64: 1,
  LEN: 2,
  FIXED32: 5,
} as const;

const TWO_32 = 4294967296;
const encoder = new TextEncoder();

/** Byte length of the varint for a non-negative value below 2^32. */
function varint32Size(v: number): number {
  if (v < 0x80) return 1;
  if (v < 0x4000) return 2;
  if (v < 0x200000) return 3;
  if (v < 0x10000000) return 4;
  return 5;
}

export class WireWriter {
  private buf: Uint8Array;
  private view: DataView;
  private pos = 0;
  /** Start offsets (just after the reserved length byte) of open messages. */
  private readonly open: number[] = [];

  constructor(initialCapacity = 4096) {
    this.buf = new Uint8Array(Math.max(16, initialCapacity));
    this.view = new DataView(this.buf.buffer);
  }

  /** Bytes written so far (open messages included). */
  get length(): number {
    return this.pos;
  }

  private ensure(extra: number): void {
    const need = this.pos + extra;
    if (need <= this.buf.length) return;
    let cap = this.buf.length * 2;
    while (cap < need) cap *= 2;
    const next = new Uint8Array(cap);
    next.set(this.buf.subarray(0, this.pos));
    this.buf = next;
    this.view = new DataView(next.buffer);
  }

  // ---- raw values -------------------------------------------------------

  /** Unsigned varint of a value in [0, 2^32). */
  uint32(v: number): this {
    v >>>= 0;
    this.ensure(5);
    const b = this.buf;
    let p = this.pos;
    while (v > 127) {
      b[p++] = (v & 127) | 128;
      v >>>= 7;
    }
    b[p++] = v;
    this.pos = p;
    return this;
  }

  /** Varint of a 64-bit value given as two's-complement halves. */
  private varint64(lo: number, hi: number): void {
    this.ensure(10);
    const b = this.buf;
    let p = this.pos;
    while (hi !== 0) {
      b[p++] = (lo & 127) | 128;
      lo = ((lo >>> 7) | (hi << 25)) >>> 0;
      hi >>>= 7;
    }
    while (lo > 127) {
      b[p++] = (lo & 127) | 128;
      lo >>>= 7;
    }
    b[p++] = lo;
    this.pos = p;
  }

  /**
   * int64/uint64 varint. Numbers must be safe integers; negatives become the
   * 10-byte two's-complement form protobuf requires for int64 (e.g. dim -1).
   */
  int64(v: number | bigint): this {
    if (typeof v === 'bigint') {
      const u = BigInt.asUintN(64, v);
      this.varint64(Number(u & 0xffffffffn), Number(u >> 32n));
      return this;
    }
    if (!Number.isSafeInteger(v)) throw new RangeError(`int64 value is not a safe integer: ${v}`);
    if (v >= 0 && v < TWO_32) return this.uint32(v);
    const hi = Math.floor(v / TWO_32);
    const lo = v - hi * TWO_32;
    this.varint64(lo >>> 0, hi >>> 0);
    return this;
  }

  /** int32 varint: negatives are sign-extended to 10 bytes like int64. */
  int32(v: number): this {
    v |= 0;
    if (v >= 0) return this.uint32(v);
    this.varint64(v >>> 0, 0xffffffff);
    return this;
  }

  bool(v: boolean): this {
    this.ensure(1);
    this.buf[this.pos++] = v ? 1 : 0;
    return this;
  }

  float(v: number): this {
    this.ensure(4);
    this.view.setFloat32(this.pos, v, true);
    this.pos += 4;
    return this;
  }

  double(v: number): this {
    this.ensure(8);
    this.view.setFloat64(this.pos, v, true);
    this.pos += 8;
    return this;
  }

  fixed32(v: number): this {
    this.ensure(4);
    this.view.setUint32(this.pos, v >>> 0, true);
    this.pos += 4;
    return this;
  }

  /** Length-prefixed raw bytes. */
  bytes(data: Uint8Array): this {
    this.uint32(data.length);
    this.ensure(data.length);
    this.buf.set(data, this.pos);
    this.pos += data.length;
    return this;
  }

  /**
   * Length-prefixed UTF-8 string, encoded straight into the buffer: short
   * ASCII strings by a plain loop, everything else by TextEncoder.encodeInto
   * after reserving room for the worst case (3 bytes per UTF-16 unit).
   */
  string(s: string): this {
    const len = s.length;
    if (len < 32) {
      this.ensure(len + 1);
      const b = this.buf;
      const start = this.pos + 1;
      let i = 0;
      for (; i < len; i++) {
        const c = s.charCodeAt(i);
        if (c >= 0x80) break;
        b[start + i] = c;
      }
      if (i === len) {
        b[this.pos] = len;
        this.pos = start + len;
        return this;
      }
    }
    const max = len * 3;
    const reserve = varint32Size(max);
    this.ensure(5 + max); // also covers uint32() below, which must not regrow
    const at = this.pos + reserve;
    const { written } = encoder.encodeInto(s, this.buf.subarray(at, at + max));
    const need = varint32Size(written);
    if (need < reserve) this.buf.copyWithin(this.pos + need, at, at + written);
    this.uint32(written);
    this.pos += written;
    return this;
  }

  tag(field: number, wireType: number): this {
    return this.uint32(((field << 3) | wireType) >>> 0);
  }

  // ---- nested messages --------------------------------------------------

  /** Opens a length-delimited field; close it with {@link end}. */
  begin(field: number): this {
    this.tag(field, WireType.LEN);
    this.ensure(1);
    this.pos++; // optimistic one-byte length
    this.open.push(this.pos);
    return this;
  }

  /** Closes the innermost {@link begin} and writes its length. */
  end(): this {
    const start = this.open.pop();
    if (start === undefined) throw new Error('WireWriter.end() without begin()');
    const len = this.pos - start;
    if (len < 128) {
      this.buf[start - 1] = len;
      return this;
    }
    const extra = varint32Size(len) - 1;
    this.ensure(extra);
    this.buf.copyWithin(start + extra, start, this.pos);
    this.pos += extra;
    const save = this.pos;
    this.pos = start - 1;
    this.uint32(len);
    this.pos = save;
    return this;
  }

  /** Writes `field` as a nested message whose body is produced by `body`. */
  message(field: number, body: (w: this) => void): this {
    this.begin(field);
    body(this);
    return this.end();
  }

  // ---- field helpers (always written: callers skip proto3 defaults) -----

  uint32Field(field: number, v: number): this {
    return this.tag(field, WireType.VARINT).uint32(v);
  }

  int32Field(field: number, v: number): this {
    return this.tag(field, WireType.VARINT).int32(v);
  }

  int64Field(field: number, v: number | bigint): this {
    return this.tag(field, WireType.VARINT).int64(v);
  }

  boolField(field: number, v: boolean): this {
    return this.tag(field, WireType.VARINT).bool(v);
  }

  floatField(field: number, v: number): this {
    return this.tag(field, WireType.FIXED32).float(v);
  }

  doubleField(field: number, v: number): this {
    return this.tag(field, WireType.FIXED64).double(v);
  }

  stringField(field: number, v: string): this {
    return this.tag(field, WireType.LEN).string(v);
  }

  bytesField(field: number, v: Uint8Array): this {
    return this.tag(field, WireType.LEN).bytes(v);
  }

  /** `string` or `bytes` field from either representation. */
  stringOrBytesField(field: number, v: string | Uint8Array): this {
    return typeof v === 'string' ? this.stringField(field, v) : this.bytesField(field, v);
  }

  // ---- packed repeated scalars (nothing written when empty) -------------

  packedInt64(field: number, values: readonly (number | bigint)[]): this {
    if (values.length === 0) return this;
    this.begin(field);
    for (const v of values) this.int64(v);
    return this.end();
  }

  packedInt32(field: number, values: readonly number[]): this {
    if (values.length === 0) return this;
    this.begin(field);
    for (const v of values) this.int32(v);
    return this.end();
  }

  packedUint32(field: number, values: readonly number[]): this {
    if (values.length === 0) return this;
    this.begin(field);
    for (const v of values) this.uint32(v);
    return this.end();
  }

  packedBool(field: number, values: readonly boolean[]): this {
    if (values.length === 0) return this;
    this.tag(field, WireType.LEN).uint32(values.length);
    for (const v of values) this.bool(v);
    return this;
  }

  packedFloat(field: number, values: readonly number[]): this {
    if (values.length === 0) return this;
    this.tag(field, WireType.LEN).uint32(values.length * 4);
    for (const v of values) this.float(v);
    return this;
  }

  packedDouble(field: number, values: readonly number[]): this {
    if (values.length === 0) return this;
    this.tag(field, WireType.LEN).uint32(values.length * 8);
    for (const v of values) this.double(v);
    return this;
  }

  /** Returns a copy of the written bytes; all messages must be closed. */
  finish(): Uint8Array {
    if (this.open.length > 0) throw new Error(`WireWriter.finish() with ${this.open.length} open message(s)`);
    return this.buf.slice(0, this.pos);
  }
}
