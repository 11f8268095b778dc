/**
 * Writes protobuf wire format into one growing buffer. A nested message is written in place:
 * `begin` leaves one byte for its length and `end` fills it in, moving the content along when
 * the length needs more bytes (rare: most nested messages are under 128 bytes).
 */
import { encodeUtf8Into } from './utf8.js';

export class WireWriter {
  bytes: Uint8Array;
  pos = 0;
  private readonly scratch = new DataView(new ArrayBuffer(8));

  constructor(capacity = 1024) {
    this.bytes = new Uint8Array(Math.max(16, capacity));
  }

  /** Room for `n` more bytes. */
  ensure(n: number): void {
    if (this.pos + n <= this.bytes.length) return;
    let size = this.bytes.length * 2;
    while (size < this.pos + n) size *= 2;
    const grown = new Uint8Array(size);
    grown.set(this.bytes.subarray(0, this.pos));
    this.bytes = grown;
  }

  tag(fieldNo: number, wireType: number): void {
    this.uint32(((fieldNo << 3) | wireType) >>> 0);
  }

  /** An unsigned 32-bit varint. */
  uint32(v: number): void {
    this.ensure(5);
    const b = this.bytes;
    let p = this.pos;
    while (v > 127) {
      b[p++] = (v & 127) | 128;
      v >>>= 7;
    }
    b[p++] = v;
    this.pos = p;
  }

  /** A signed 32-bit varint: negative numbers take ten bytes, as int64 would. */
  int32(v: number): void {
    if (v >= 0) this.uint32(v);
    else this.varint64(v | 0, -1);
  }

  /** A 64-bit varint from its two's complement halves. */
  varint64(lo: number, hi: number): void {
    this.ensure(10);
    const b = this.bytes;
    let p = this.pos;
    lo >>>= 0;
    hi >>>= 0;
    while (hi !== 0 || lo > 127) {
      b[p++] = (lo & 127) | 128;
      lo = ((lo >>> 7) | (hi << 25)) >>> 0;
      hi >>>= 7;
    }
    b[p++] = lo;
    this.pos = p;
  }

  fixed32(v: number): void {
    this.ensure(4);
    this.scratch.setUint32(0, v >>> 0, true);
    this.copyScratch(4);
  }

  fixed64(lo: number, hi: number): void {
    this.ensure(8);
    this.scratch.setUint32(0, lo >>> 0, true);
    this.scratch.setUint32(4, hi >>> 0, true);
    this.copyScratch(8);
  }

  float(v: number): void {
    this.ensure(4);
    this.scratch.setFloat32(0, v, true);
    this.copyScratch(4);
  }

  double(v: number): void {
    this.ensure(8);
    this.scratch.setFloat64(0, v, true);
    this.copyScratch(8);
  }

  private copyScratch(n: number): void {
    for (let i = 0; i < n; i++) this.bytes[this.pos++] = this.scratch.getUint8(i);
  }

  /** A length-delimited value: `src[start, end)` with its length in front. */
  lenBytes(src: Uint8Array, start: number, end: number): void {
    const n = end - start;
    this.uint32(n);
    this.ensure(n);
    if (n < 64) for (let i = start; i < end; i++) this.bytes[this.pos++] = src[i]!;
    else {
      this.bytes.set(src.subarray(start, end), this.pos);
      this.pos += n;
    }
  }

  /**
   * A string as UTF-8 with its length in front. Short ASCII strings (most names) are copied a
   * char at a time: in Chromium each TextEncoder call costs microseconds, more than the copy.
   */
  string(s: string): void {
    const n = s.length;
    this.ensure(1 + 3 * n);
    if (n < 128) {
      const b = this.bytes;
      const at = this.pos;
      let i = 0;
      while (i < n) {
        const c = s.charCodeAt(i);
        if (c >= 0x80) break;
        b[at + 1 + i++] = c;
      }
      if (i === n) {
        b[at] = n;
        this.pos = at + 1 + n;
        return;
      }
    }
    const start = this.begin();
    this.pos += encodeUtf8Into(s, this.bytes.subarray(start));
    this.end(start);
  }

  /** Starts a length-delimited value written in place; returns where its content starts. */
  begin(): number {
    this.ensure(1);
    this.pos++;
    return this.pos;
  }

  /** Ends the value `begin` started: its length goes in front of it. */
  end(start: number): void {
    const length = this.pos - start;
    if (length < 128) {
      this.bytes[start - 1] = length;
      return;
    }
    let extra = 1;
    while (extra < 4 && length >>> (7 * (extra + 1)) !== 0) extra++;
    this.ensure(extra);
    this.bytes.copyWithin(start + extra, start, this.pos);
    const end = this.pos + extra;
    this.pos = start - 1;
    this.uint32(length);
    this.pos = end;
  }

  /** The bytes written: a view when little room is left over, else a copy that fits. */
  finish(): Uint8Array {
    return this.pos * 4 >= this.bytes.length * 3 ? this.bytes.subarray(0, this.pos) : this.bytes.slice(0, this.pos);
  }
}
