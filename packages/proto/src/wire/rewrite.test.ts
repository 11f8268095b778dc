import { describe, expect, it } from 'vitest';
import { WireWriter } from './writer.js';
import { DROP, rewriteMessage, rewriteMessageInPlace } from './rewrite.js';

/** A message of length-delimited fields 1..n, field k holding k bytes of value k. */
function message(n: number): Uint8Array {
  const w = new WireWriter();
  for (let k = 1; k <= n; k++) {
    w.uint32((k << 3) | 2);
    const value = new Uint8Array(k).fill(k);
    w.lenBytes(value, 0, k);
  }
  return w.finish();
}

describe('rewriteMessageInPlace', () => {
  it('writes the same bytes as rewriteMessage, over its input, when every replacement is no longer', () => {
    const rewrite = (no: number, s: number, e: number) => (no === 3 ? DROP : no === 5 ? new Uint8Array(e - s - 2).fill(9) : null);
    const expected = rewriteMessage(message(8), 0, message(8).length, rewrite)!;
    const buf = message(8);
    const out = rewriteMessageInPlace(buf, 0, buf.length, rewrite)!;
    expect([...out]).toEqual([...expected]);
    expect(out.buffer).toBe(buf.buffer);
    expect(out.byteOffset).toBe(buf.byteOffset);
  });

  it('falls back to a new array, leaving the input as it was, when a replacement is longer', () => {
    const rewrite = (no: number) => (no === 2 ? new Uint8Array(40).fill(7) : null);
    const buf = message(6);
    const before = [...buf];
    const out = rewriteMessageInPlace(buf, 0, buf.length, rewrite)!;
    expect([...out]).toEqual([...rewriteMessage(message(6), 0, buf.length, rewrite)!]);
    expect(out.buffer).not.toBe(buf.buffer);
    expect([...buf]).toEqual(before);
  });

  it('works on a view that starts inside its buffer', () => {
    const rewrite = (no: number) => (no === 2 ? DROP : null);
    const inner = message(8);
    const big = new Uint8Array(inner.length + 4);
    big.set(inner, 4);
    const view = big.subarray(4);
    const out = rewriteMessageInPlace(view, 0, view.length, rewrite)!;
    expect([...out]).toEqual([...rewriteMessage(message(8), 0, inner.length, rewrite)!]);
    expect(out.buffer).toBe(big.buffer);
    expect(out.byteOffset).toBe(4);
  });

  it('copies, leaving the input as it was, when the last field outgrows the message', () => {
    const buf = message(6);
    const before = [...buf];
    const out = rewriteMessageInPlace(buf, 0, buf.length, (no) => (no === 6 ? new Uint8Array(12).fill(7) : null))!;
    expect(out.length).toBeGreaterThan(buf.length);
    expect(out.buffer).not.toBe(buf.buffer);
    expect([...buf]).toEqual(before);
  });

  it('copies a result smaller than half its buffer, so that it does not hold the buffer alive', () => {
    const buf = message(40);
    const out = rewriteMessageInPlace(buf, 0, buf.length, (no) => (no > 10 ? DROP : null))!;
    expect([...out]).toEqual([...rewriteMessage(message(40), 0, buf.length, (no) => (no > 10 ? DROP : null))!]);
    expect(out.buffer).not.toBe(buf.buffer);
  });

  it('returns null, and changes nothing, when no field changes', () => {
    const buf = message(4);
    expect(rewriteMessageInPlace(buf, 0, buf.length, () => null)).toBeNull();
    expect([...buf]).toEqual([...message(4)]);
  });
});
