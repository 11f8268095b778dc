import Long from 'long';
import protobuf from 'protobufjs/minimal.js';
import { describe, expect, it } from 'vitest';
import { WireWriter } from './writer.js';

/** protobufjs's writer is the reference: the same calls must give the same bytes. */
describe('WireWriter', () => {
  it('writes varints, fixed-width numbers and floats as protobufjs does', () => {
    const ours = new WireWriter(16);
    const ref = protobuf.Writer.create();
    for (const v of [0, 1, 127, 128, 300, 2 ** 31 - 1, -1, -(2 ** 31)]) {
      ours.int32(v);
      ref.int32(v);
    }
    for (const v of [0, 2 ** 32 - 1]) {
      ours.uint32(v);
      ref.uint32(v);
    }
    for (const s of ['0', '1', '-1', '9223372036854775807', '-9223372036854775808', '4294967296']) {
      const l = Long.fromString(s);
      ours.varint64(l.low, l.high);
      ref.int64(l);
      ours.fixed64(l.low, l.high);
      ref.fixed64(l);
    }
    ours.fixed32(0xdeadbeef);
    ref.fixed32(0xdeadbeef);
    ours.float(3.25);
    ref.float(3.25);
    ours.double(-1e300);
    ref.double(-1e300);
    expect(Array.from(ours.finish())).toEqual(Array.from(ref.finish()));
  });

  it('fills in the length of a nested value in place, moving content when the length needs more bytes', () => {
    for (const n of [0, 5, 127, 128, 16383, 16384, 70000]) {
      const ours = new WireWriter(4);
      ours.tag(1, 2);
      const outer = ours.begin();
      ours.tag(2, 2);
      const inner = ours.begin();
      const payload = Uint8Array.from({ length: n }, (_, i) => i & 255);
      for (const b of payload) ours.uint32(b & 127);
      ours.end(inner);
      ours.end(outer);
      const ref = protobuf.Writer.create();
      ref.uint32((1 << 3) | 2).fork();
      ref.uint32((2 << 3) | 2).fork();
      for (const b of payload) ref.uint32(b & 127);
      ref.ldelim().ldelim();
      expect(Buffer.compare(Buffer.from(ours.finish()), Buffer.from(ref.finish())), `${n} bytes`).toBe(0);
    }
  });
});
