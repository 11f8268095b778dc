import { describe, expect, it, vi } from 'vitest';
import { Rng } from './random.js';
import { decodeGraphDef, hex, int64, packedFloats, packedVarints, readFields, str } from './test-support/wire-reader.js';
import { WireWriter } from './wire-writer.js';

const bytesOf = (fn: (w: WireWriter) => void): Uint8Array => {
  const w = new WireWriter(16);
  fn(w);
  return w.finish();
};

describe('WireWriter', () => {
  it('writes the exact bytes of a hand-built one-node GraphDef', () => {
    const bytes = bytesOf((w) => w.message(1, () => w.stringField(1, 'a').stringField(2, 'Const')));
    expect(hex(bytes)).toBe('0a 0a 0a 01 61 12 05 43 6f 6e 73 74');
    const g = decodeGraphDef(bytes);
    expect(g.nodes).toHaveLength(1);
    expect(g.nodes[0]).toMatchObject({ name: 'a', op: 'Const', inputs: [] });
  });

  it.each([
    [0, '08 00'],
    [1, '08 01'],
    [127, '08 7f'],
    [128, '08 80 01'],
    [300, '08 ac 02'],
    [2 ** 32 - 1, '08 ff ff ff ff 0f'],
    [2 ** 32, '08 80 80 80 80 10'],
    [2 ** 53 - 1, '08 ff ff ff ff ff ff ff 0f'],
    [-1, '08 ff ff ff ff ff ff ff ff ff 01'],
    [-2, '08 fe ff ff ff ff ff ff ff ff 01'],
    [-(2 ** 40), '08 80 80 80 80 80 e0 ff ff ff 01'],
  ])('encodes int64 %d as %s', (v, expected) => {
    const bytes = bytesOf((w) => w.int64Field(1, v));
    expect(hex(bytes)).toBe(expected);
    const [f] = readFields(bytes);
    expect(int64(f!)).toBe(BigInt(v));
  });

  it('encodes bigint int64 values including the extremes', () => {
    for (const v of [0n, 1n, -1n, 9223372036854775807n, -9223372036854775808n, 1234567890123456789n]) {
      const [f] = readFields(bytesOf((w) => w.int64Field(3, v)));
      expect(f!.field).toBe(3);
      expect(int64(f!)).toBe(v);
    }
  });

  it('rejects unsafe integer numbers for int64', () => {
    expect(() => bytesOf((w) => w.int64(2 ** 60))).toThrow(RangeError);
    expect(() => bytesOf((w) => w.int64(1.5))).toThrow(RangeError);
  });

  it('sign-extends negative int32 to 10 bytes', () => {
    expect(hex(bytesOf((w) => w.int32Field(7, -1)))).toBe('38 ff ff ff ff ff ff ff ff ff 01');
    expect(hex(bytesOf((w) => w.int32Field(7, 5)))).toBe('38 05');
  });

  it('writes fixed-width floats, doubles and bools', () => {
    const bytes = bytesOf((w) => w.floatField(4, 1.5).doubleField(6, -2.25).boolField(5, true).boolField(5, false));
    const f = readFields(bytes);
    expect(f.map((x) => [x.field, x.wireType])).toEqual([[4, 5], [6, 1], [5, 0], [5, 0]]);
    expect(new DataView(f[0]!.bytes!.buffer, f[0]!.bytes!.byteOffset).getFloat32(0, true)).toBe(1.5);
    expect(new DataView(f[1]!.bytes!.buffer, f[1]!.bytes!.byteOffset).getFloat64(0, true)).toBe(-2.25);
    expect(f[2]!.varint).toBe(1n);
    expect(f[3]!.varint).toBe(0n);
  });

  it('writes packed repeated fields and skips empty ones', () => {
    const bytes = bytesOf((w) =>
      w.packedInt64(3, [1, -1, 300]).packedFloat(4, [0.5, 2]).packedBool(5, [true, false]).packedUint32(6, [1, 20]).packedInt64(9, []),
    );
    const f = readFields(bytes);
    expect(f.map((x) => x.field)).toEqual([3, 4, 5, 6]);
    expect(packedVarints(f[0]!.bytes!)).toEqual([1n, -1n, 300n]);
    expect(packedFloats(f[1]!.bytes!)).toEqual([0.5, 2]);
    expect(packedVarints(f[2]!.bytes!)).toEqual([1n, 0n]);
    expect(packedVarints(f[3]!.bytes!)).toEqual([1n, 20n]);
  });

  it('encodes strings as UTF-8 (multi-byte, astral, lone surrogates)', () => {
    const samples = ['', 'a', 'héllo', '日本語のノード名', 'emoji 🚀 ok', 'x'.repeat(40) + 'é', 'lone \ud800 surrogate', 'y'.repeat(200)];
    const bytes = bytesOf((w) => samples.forEach((s) => w.stringField(2, s)));
    const decoded = readFields(bytes).map(str);
    expect(decoded).toEqual(samples.map((s) => s.replace('\ud800', '\ufffd')));
    expect(hex(bytesOf((w) => w.stringField(1, 'é')))).toBe('0a 02 c3 a9');
  });

  it('fixes up nested lengths of every varint size, deeply nested', () => {
    for (const size of [0, 1, 127, 128, 200, 16383, 16384, 70000, 2_100_000]) {
      const payload = 'z'.repeat(size);
      const bytes = bytesOf((w) =>
        w.message(1, () => w.message(2, () => w.message(3, () => w.stringField(4, payload)).uint32Field(5, 7))),
      );
      const l1 = readFields(bytes);
      expect(l1).toHaveLength(1);
      const l2 = readFields(l1[0]!.bytes!);
      const l3 = readFields(l2[0]!.bytes!);
      expect(l3.map((f) => f.field)).toEqual([3, 5]);
      expect(l3[1]!.varint).toBe(7n);
      const l4 = readFields(l3[0]!.bytes!);
      expect(str(l4[0]!)).toBe(payload);
    }
  });

  it('round-trips random nested messages', () => {
    const rng = new Rng(7);
    type Msg = { field: number; kind: 'i' | 's' | 'm'; v?: number; s?: string; children?: Msg[] };
    const gen = (depth: number): Msg[] =>
      Array.from({ length: rng.int(0, 6) }, () => {
        const kind = depth > 4 ? rng.pick(['i', 's'] as const) : rng.pick(['i', 's', 'm'] as const);
        const field = rng.int(1, 2000);
        if (kind === 'i') return { field, kind, v: rng.int(-1e9, 1e9) };
        if (kind === 's') return { field, kind, s: 'q'.repeat(rng.int(0, 300)) };
        return { field, kind, children: gen(depth + 1) };
      });
    const write = (w: WireWriter, msgs: Msg[]): void => {
      for (const m of msgs) {
        if (m.kind === 'i') w.int64Field(m.field, m.v!);
        else if (m.kind === 's') w.stringField(m.field, m.s!);
        else w.message(m.field, () => write(w, m.children!));
      }
    };
    const check = (buf: Uint8Array, msgs: Msg[]): void => {
      const fields = readFields(buf);
      expect(fields.length).toBe(msgs.length);
      msgs.forEach((m, i) => {
        const f = fields[i]!;
        expect(f.field).toBe(m.field);
        if (m.kind === 'i') expect(int64(f)).toBe(BigInt(m.v!));
        else if (m.kind === 's') expect(str(f)).toBe(m.s);
        else check(f.bytes!, m.children!);
      });
    };
    for (let i = 0; i < 50; i++) {
      const msgs = gen(0);
      check(bytesOf((w) => write(w, msgs)), msgs);
    }
  });

  it('refuses to finish with open messages or unbalanced end()', () => {
    const w = new WireWriter();
    w.begin(1);
    expect(() => w.finish()).toThrow(/open message/);
    expect(() => new WireWriter().end()).toThrow(/without begin/);
  });

  it('copies each byte a bounded number of times, however big the output (no quadratic copying)', () => {
    // GraphDef-like nodes, 6 messages deep: each node's body outgrows its one-byte length.
    const writeNodes = (w: WireWriter, n: number) => {
      for (let i = 0; i < n; i++) {
        w.begin(1);
        w.stringField(1, `model/encoder_3/block_12/conv2d_1/kernel/Initializer/random_uniform_${i}`);
        w.stringField(2, 'RandomUniform');
        for (let k = 0; k < 4; k++) w.message(5, () => w.stringField(1, '_output_shapes').message(2, () => w.message(1, () => w.message(7, () => [-1, 56, 56, 64].forEach((d) => w.message(2, () => w.int64Field(1, d)))))));
        w.end();
      }
    };
    // Count the bytes moved by growth (set) and by length fix-ups (copyWithin); the spies call through.
    const set = vi.spyOn(Uint8Array.prototype, 'set');
    const copyWithin = vi.spyOn(Uint8Array.prototype, 'copyWithin');
    const moved = () => {
      let n = 0;
      for (const [source] of set.mock.calls) n += source.length;
      copyWithin.mock.calls.forEach(([, start, end], i) => (n += (end ?? (copyWithin.mock.contexts[i] as Uint8Array).length) - start));
      return n;
    };
    const ratios: number[] = [];
    try {
      for (const n of [2_000, 20_000, 100_000]) {
        set.mockClear();
        copyWithin.mockClear();
        const w = new WireWriter(64);
        writeNodes(w, n);
        const bytes = w.finish();
        expect(bytes.length).toBeGreaterThan(n * 150);
        ratios.push(moved() / bytes.length);
        if (n === 100_000) {
          // The output is right, too: every node is there, in order, whole.
          const nodes = readFields(bytes);
          expect(nodes).toHaveLength(n);
          const last = readFields(nodes[n - 1]!.bytes!);
          expect(str(last[0]!)).toBe(`model/encoder_3/block_12/conv2d_1/kernel/Initializer/random_uniform_${n - 1}`);
          expect(last.filter((f) => f.field === 5)).toHaveLength(4);
        }
      }
    } finally {
      set.mockRestore();
      copyWithin.mockRestore();
    }
    // Doubling growth copies < 2 bytes per output byte; each of the 6 levels shifts a body at
    // most once. A quadratic writer would move more per byte as the output grows.
    for (const r of ratios) expect(r).toBeLessThan(2 + 6);
    expect(Math.max(...ratios) / Math.min(...ratios)).toBeLessThan(1.5);
  });
});
