import { describe, expect, it } from 'vitest';
import { withArena } from './arena.js';

describe('withArena', () => {
  it('hands out disjoint, aligned views, and plain arrays once full', () => {
    withArena((a) => {
      const x = a.u8(3).fill(1);
      const y = a.i32(4).fill(-1);
      const z = a.i32(2).fill(-1);
      expect(y.byteOffset % 4).toBe(0);
      expect(z.byteOffset).toBeGreaterThanOrEqual(y.byteOffset + 16);
      expect([...x]).toEqual([1, 1, 1]);
      const big = a.u8(a.capacity); // more than is left
      expect(big.buffer).not.toBe(y.buffer);
      expect(big.length).toBe(a.capacity);
    });
  });

  it('reuses one buffer between calls and grows it for a bigger decode', () => {
    const first = withArena((a) => a.i32(8).buffer);
    const again = withArena((a) => a.i32(8).buffer);
    expect(again).toBe(first);
    const cap = withArena((a) => {
      a.u8(a.capacity + 1); // outgrows it
      return a.capacity;
    });
    expect(withArena((a) => a.capacity)).toBe(cap * 2);
    // Past the keep limit the arena stays as it is: a huge decode pays for its own memory.
    withArena((a) => a.u8(64 << 20));
    expect(withArena((a) => a.capacity)).toBe(cap * 2);
  });

  it('gives a nested call its own memory, and recovers after a throw', () => {
    withArena((outer) => {
      const o = outer.i32(4).fill(7);
      withArena((inner) => inner.i32(4).fill(9));
      expect([...o]).toEqual([7, 7, 7, 7]);
    });
    expect(() =>
      withArena(() => {
        throw new Error('boom');
      }),
    ).toThrow('boom');
    expect(withArena((a) => a.u8(4).length)).toBe(4);
  });
});
