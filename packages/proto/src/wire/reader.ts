/** Low-level, bounds-checked protobuf wire reading, shared by the columnar decoder, sniffing and validation. */

export const WIRE_VARINT = 0;
export const WIRE_I64 = 1;
export const WIRE_LEN = 2;
export const WIRE_SGROUP = 3;
export const WIRE_EGROUP = 4;
export const WIRE_I32 = 5;

/** A wire-level problem at a byte offset; callers add the field path and format. */
export class WireError extends Error {
  constructor(
    readonly offset: number,
    readonly reason: string,
  ) {
    super(`${reason} at byte ${offset}`);
  }
}

const MAX_GROUP_DEPTH = 64;

/**
 * A cursor over `buf[pos, end)`. Every read checks bounds and throws WireError, so malformed
 * input can never read past the end, loop forever or allocate from a bogus length.
 */
export class WireReader {
  /** High 32 bits of the last varint read by `varint()`. */
  hi = 0;

  constructor(
    readonly buf: Uint8Array,
    public pos = 0,
    public end = buf.length,
  ) {}

  /** Reads a varint; returns the low 32 bits as an unsigned number and leaves the high bits in `hi`. */
  varint(): number {
    const buf = this.buf;
    let pos = this.pos;
    const end = this.end;
    if (pos >= end) throw new WireError(pos, 'truncated varint');
    let b = buf[pos++]!;
    if (b < 0x80) {
      this.pos = pos;
      this.hi = 0;
      return b;
    }
    let lo = b & 0x7f;
    let shift = 7;
    while (shift < 28) {
      if (pos >= end) throw new WireError(this.pos, 'truncated varint');
      b = buf[pos++]!;
      lo |= (b & 0x7f) << shift;
      shift += 7;
      if (b < 0x80) {
        this.pos = pos;
        this.hi = 0;
        return lo >>> 0;
      }
    }
    // Bits 28..31 of lo and 0..2 of hi share the 5th byte.
    if (pos >= end) throw new WireError(this.pos, 'truncated varint');
    b = buf[pos++]!;
    lo |= (b & 0x0f) << 28;
    let hi = (b & 0x7f) >> 4;
    if (b >= 0x80) {
      shift = 3;
      for (let i = 0; ; i++) {
        if (i >= 5) throw new WireError(this.pos, 'varint longer than 10 bytes');
        if (pos >= end) throw new WireError(this.pos, 'truncated varint');
        b = buf[pos++]!;
        hi |= (b & 0x7f) << shift;
        shift += 7;
        if (b < 0x80) break;
      }
    }
    this.pos = pos;
    this.hi = hi >>> 0;
    return lo >>> 0;
  }

  /** A varint as a signed 64-bit value converted to a JS number (exact up to 2^53). */
  int64(): number {
    const lo = this.varint();
    const hi = this.hi;
    if (hi & 0x80000000) {
      // Two's complement negative.
      const nlo = (~lo + 1) >>> 0;
      const nhi = (~hi + (nlo === 0 ? 1 : 0)) >>> 0;
      return -(nhi * 4294967296 + nlo);
    }
    return hi * 4294967296 + lo;
  }

  /** A varint as int32 (protobuf sign-extends negative int32 to 10 bytes; the low 32 bits hold it). */
  int32(): number {
    return this.varint() | 0;
  }

  /** Reads a tag and checks the wire type and field number. */
  tag(): number {
    const at = this.pos;
    const t = this.varint();
    if (this.hi !== 0 || t >>> 3 === 0) throw new WireError(at, `invalid field number ${this.hi ? '(too large)' : 0}`);
    const wt = t & 7;
    if (wt > 5) throw new WireError(at, `invalid wire type ${wt}`);
    return t;
  }

  /** Reads a length prefix and returns the end offset of the delimited bytes, after checking bounds. */
  lenEnd(): number {
    const at = this.pos;
    const n = this.varint();
    if (this.hi !== 0 || n > this.end - this.pos) {
      throw new WireError(at, `length ${this.hi ? 'over 4 GiB' : n} runs past the end of its message (${this.end - this.pos} bytes left)`);
    }
    return this.pos + n;
  }

  fixed32(): number {
    const p = this.pos;
    if (p + 4 > this.end) throw new WireError(p, 'truncated fixed32');
    this.pos = p + 4;
    const b = this.buf;
    return (b[p]! | (b[p + 1]! << 8) | (b[p + 2]! << 16) | (b[p + 3]! << 24)) >>> 0;
  }

  float(): number {
    const p = this.pos;
    if (p + 4 > this.end) throw new WireError(p, 'truncated float');
    this.pos = p + 4;
    return new DataView(this.buf.buffer, this.buf.byteOffset + p, 4).getFloat32(0, true);
  }

  double(): number {
    const p = this.pos;
    if (p + 8 > this.end) throw new WireError(p, 'truncated double');
    this.pos = p + 8;
    return new DataView(this.buf.buffer, this.buf.byteOffset + p, 8).getFloat64(0, true);
  }

  /** Skips one field value of the given wire type. */
  skip(wireType: number, fieldNo = 0, depth = 0): void {
    switch (wireType) {
      case WIRE_VARINT:
        this.varint();
        return;
      case WIRE_I64:
        if (this.pos + 8 > this.end) throw new WireError(this.pos, 'truncated fixed64');
        this.pos += 8;
        return;
      case WIRE_LEN:
        this.pos = this.lenEnd();
        return;
      case WIRE_I32:
        if (this.pos + 4 > this.end) throw new WireError(this.pos, 'truncated fixed32');
        this.pos += 4;
        return;
      case WIRE_SGROUP: {
        if (depth >= MAX_GROUP_DEPTH) throw new WireError(this.pos, 'groups nested too deeply');
        for (;;) {
          if (this.pos >= this.end) throw new WireError(this.pos, 'unterminated group');
          const t = this.tag();
          if ((t & 7) === WIRE_EGROUP) {
            if (t >>> 3 !== fieldNo) throw new WireError(this.pos, 'mismatched end-group tag');
            return;
          }
          this.skip(t & 7, t >>> 3, depth + 1);
        }
      }
      default:
        throw new WireError(this.pos, `unexpected wire type ${wireType}`);
    }
  }
}

/**
 * Calls `fn(fieldNo, start, end)` for each length-delimited field of the message at
 * `buf[start, end)`, skipping the others; stops early when `fn` returns true.
 */
export function forEachLenField(buf: Uint8Array, start: number, end: number, fn: (fieldNo: number, start: number, end: number) => boolean | void): void {
  const r = new WireReader(buf, start, end);
  while (r.pos < end) {
    const tag = r.tag();
    if ((tag & 7) !== WIRE_LEN) {
      r.skip(tag & 7, tag >>> 3);
      continue;
    }
    const e = r.lenEnd();
    if (fn(tag >>> 3, r.pos, e) === true) return;
    r.pos = e;
  }
}
