import { describe, expect, it } from 'vitest';
import { encodeUtf8, utf8, utf8Many } from './utf8.js';

/** Lays strings out with junk bytes between them, as names sit inside NodeDefs. */
function layout(strs: string[]): { buf: Uint8Array; starts: Int32Array; ends: Int32Array } {
  const parts = strs.map(encodeUtf8);
  const buf = new Uint8Array(parts.reduce((s, p) => s + p.length + 3, 0));
  const starts = new Int32Array(strs.length);
  const ends = new Int32Array(strs.length);
  let o = 0;
  parts.forEach((p, i) => {
    buf.set([0x0a, 0xff, 0x80], o);
    o += 3;
    starts[i] = o;
    buf.set(p, o);
    o += p.length;
    ends[i] = o;
  });
  return { buf, starts, ends };
}

describe('utf8Many', () => {
  it('decodes ASCII ranges of every length, including newlines inside a range', () => {
    const strs = ['', 'a', 'ab', 'abc', 'abcd', 'scope/op_1', 'line\nbreak', 'x'.repeat(67), 'gradients/a/b/c/MatMul_grad/MatMul_1'];
    const { buf, starts, ends } = layout(strs);
    expect(utf8Many(buf, starts, ends, strs.length)).toEqual(strs);
  });

  it('falls back per range for non-ASCII names and matches one-by-one decoding', () => {
    const strs = ['plain', 'tête/op', '层/卷积_1', 'emoji_😀', 'last'];
    const { buf, starts, ends } = layout(strs);
    expect(utf8Many(buf, starts, ends, strs.length)).toEqual(strs);
    // Malformed bytes decode the same way as a single-range decode would.
    const bad = new Uint8Array([0x61, 0xc3, 0x62, 0x80, 0x63]);
    const s = new Int32Array([0, 2]);
    const e = new Int32Array([2, 5]);
    expect(utf8Many(bad, s, e, 2)).toEqual([utf8(bad, 0, 2), utf8(bad, 2, 5)]);
  });

  it('writes into the scratch memory it is given', () => {
    const { buf, starts, ends } = layout(['abc', 'defgh']);
    const scratch = new Uint8Array(64).fill(0xee);
    const out = utf8Many(buf, starts, ends, 2, (n) => scratch.subarray(5, 5 + n));
    expect(out).toEqual(['abc', 'defgh']);
    expect(scratch[5]).toBe(0x61);
  });
});
