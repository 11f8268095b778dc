import { describe, expect, it } from 'vitest';
import { PythonRandom, Reservoir } from './reservoir.js';

/**
 * Expected values computed with CPython 3 `random.Random(0)` and a verbatim copy of
 * TensorBoard's `_ReservoirBucket` (always_keep_last=True) fed 0, 1, 2, …
 */
const PY = {
  u32: [3626764237, 1654615998, 3255389356, 3823568514, 1806341205],
  randint: [
    [1, 1],
    [2, 1],
    [5, 0],
    [10, 4],
    [100, 65],
    [1000, 497],
    [12345, 6634],
    [2 ** 31, 1302718217],
    [2 ** 32, 4156669319],
    [2 ** 33 + 5, 4893143322],
    [2 ** 40, 553189221793],
  ] as Array<[number, number]>,
  cap5of100: [4, 49, 52, 62, 99],
  cap10of1000: [225, 304, 352, 505, 668, 789, 818, 924, 929, 999],
  cap1000of100000: { sum: 49669632, first10: [42, 94, 167, 229, 234, 273, 310, 318, 474, 536], last: 99999 },
  filter: {
    removed: 4,
    seen: 30,
    items: [1, 2, 3, 11, 20, 24],
    thenItems: [3, 20, 24, 30, 33, 38, 45, 55, 56, 79],
    thenSeen: 80,
  },
};

function fill(capacity: number, n: number, seed = 0): Reservoir<number> {
  const r = new Reservoir<number>(capacity, seed);
  for (let i = 0; i < n; i++) r.add(i);
  return r;
}

describe('PythonRandom (MT19937 as CPython random.Random)', () => {
  it('getrandbits(32) matches random.Random(0)', () => {
    const r = new PythonRandom(0);
    expect(PY.u32.map(() => r.getrandbits(32))).toEqual(PY.u32);
  });

  it('randint(0, n) matches, including n beyond 32 bits', () => {
    const r = new PythonRandom(0);
    expect(PY.randint.map(([n]) => r.randint(0, n))).toEqual(PY.randint.map(([, v]) => v));
  });
});

describe('Reservoir', () => {
  it('keeps exactly what TensorBoard keeps', () => {
    expect(fill(5, 100).items()).toEqual(PY.cap5of100);
    expect(fill(5, 100).seen).toBe(100);
    expect(fill(10, 1000).items()).toEqual(PY.cap10of1000);
    const big = fill(1000, 100_000).items();
    expect(big).toHaveLength(1000);
    expect(big.reduce((a, b) => a + b, 0)).toBe(PY.cap1000of100000.sum);
    expect(big.slice(0, 10)).toEqual(PY.cap1000of100000.first10);
    expect(big[999]).toBe(PY.cap1000of100000.last);
  });

  it('always keeps the newest item, last, and keeps arrival order', () => {
    const r = new Reservoir<number>(7);
    for (let i = 0; i < 500; i++) {
      r.add(i);
      expect(r.last()).toBe(i);
      const items = r.items();
      expect(items.length).toBe(Math.min(i + 1, 7));
      expect([...items].sort((a, b) => a - b)).toEqual(items);
    }
  });

  it('is deterministic and independent of other reservoirs', () => {
    const a = new Reservoir<number>(10);
    const b = new Reservoir<number>(10);
    const c = new Reservoir<number>(10);
    for (let i = 0; i < 1000; i++) {
      a.add(i);
      b.add(i * 2);
      b.add(i * 2 + 1);
    }
    for (let i = 0; i < 1000; i++) c.add(i);
    expect(a.items()).toEqual(c.items());
  });

  it('keeps everything with capacity Infinity, and treats 0 as Infinity (Python semantics)', () => {
    expect(fill(Infinity, 5000).size).toBe(5000);
    const zero = new Reservoir<number>(0);
    expect(zero.capacity).toBe(Infinity);
    for (let i = 0; i < 100; i++) zero.add(i);
    expect(zero.size).toBe(100);
  });

  it('rejects bad capacities', () => {
    expect(() => new Reservoir(-1)).toThrow(RangeError);
    expect(() => new Reservoir(2.5)).toThrow(RangeError);
    expect(() => new Reservoir(NaN)).toThrow(RangeError);
  });

  it('filter keeps order, returns the count removed and rescales seen like FilterItems', () => {
    const r = fill(10, 50);
    expect(r.filter((x) => x < 30)).toBe(PY.filter.removed);
    expect(r.items()).toEqual(PY.filter.items);
    expect(r.seen).toBe(PY.filter.seen);
    for (let i = 30; i < 80; i++) r.add(i);
    expect(r.items()).toEqual(PY.filter.thenItems);
    expect(r.seen).toBe(PY.filter.thenSeen);
    expect(r.filter(() => true)).toBe(0);
  });

  it('items() is a copy', () => {
    const r = fill(3, 3);
    r.items().push(99);
    expect(r.items()).toEqual([0, 1, 2]);
    expect([...r]).toEqual([0, 1, 2]);
  });
});
