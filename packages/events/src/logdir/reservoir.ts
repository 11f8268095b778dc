/**
 * Deterministic reservoir sampling, as TensorBoard's Python `reservoir.py` (`_ReservoirBucket`
 * with `always_keep_last=True`) does it:
 * - while fewer than `capacity` items are held, every item is appended;
 * - after that, `r = randint(0, seen)` (inclusive); if `r < capacity` the item at `r` is removed
 *   and the new item appended, else the new item replaces the last one. The newest item is
 *   therefore always kept, at the end, and order is arrival order.
 *
 * The random numbers come from our own MT19937, seeded per reservoir exactly as CPython's
 * `random.Random(seed)` and drawn with CPython's `randint` (`getrandbits` with rejection), so
 * a series keeps the same points as Python TensorBoard's default `Reservoir(size, seed=0)`,
 * run after run, independent of every other series. The generator state (2.5 KB) is only
 * created once a reservoir overflows; small series never pay for it.
 *
 * Universal: no Node APIs.
 */

const N = 624;
const M = 397;

/** MT19937 with CPython's seeding (`init_by_array`) and `getrandbits`/`randint` semantics. */
export class PythonRandom {
  private readonly mt = new Uint32Array(N);
  private mti = N + 1;

  /** `seed` is a non-negative integer (CPython splits it into 32-bit words, low word first). */
  constructor(seed = 0) {
    if (!Number.isSafeInteger(seed) || seed < 0) throw new RangeError(`seed must be a non-negative safe integer, got ${seed}`);
    const key: number[] = [];
    let s = seed;
    do {
      key.push(s % 0x100000000);
      s = Math.floor(s / 0x100000000);
    } while (s > 0);
    this.initByArray(key);
  }

  private initGenrand(s: number): void {
    const mt = this.mt;
    mt[0] = s >>> 0;
    for (let i = 1; i < N; i++) {
      const prev = mt[i - 1]! ^ (mt[i - 1]! >>> 30);
      mt[i] = (Math.imul(1812433253, prev) + i) >>> 0;
    }
    this.mti = N;
  }

  private initByArray(key: number[]): void {
    const mt = this.mt;
    this.initGenrand(19650218);
    let i = 1;
    let j = 0;
    for (let k = Math.max(N, key.length); k > 0; k--) {
      const prev = mt[i - 1]! ^ (mt[i - 1]! >>> 30);
      mt[i] = ((mt[i]! ^ Math.imul(prev, 1664525)) + key[j]! + j) >>> 0;
      i++;
      j++;
      if (i >= N) {
        mt[0] = mt[N - 1]!;
        i = 1;
      }
      if (j >= key.length) j = 0;
    }
    for (let k = N - 1; k > 0; k--) {
      const prev = mt[i - 1]! ^ (mt[i - 1]! >>> 30);
      mt[i] = ((mt[i]! ^ Math.imul(prev, 1566083941)) - i) >>> 0;
      i++;
      if (i >= N) {
        mt[0] = mt[N - 1]!;
        i = 1;
      }
    }
    mt[0] = 0x80000000;
  }

  private twist(): void {
    const mt = this.mt;
    let kk = 0;
    for (; kk < N - M; kk++) {
      const y = (mt[kk]! & 0x80000000) | (mt[kk + 1]! & 0x7fffffff);
      mt[kk] = mt[kk + M]! ^ (y >>> 1) ^ (y & 1 ? 0x9908b0df : 0);
    }
    for (; kk < N - 1; kk++) {
      const y = (mt[kk]! & 0x80000000) | (mt[kk + 1]! & 0x7fffffff);
      mt[kk] = mt[kk + (M - N)]! ^ (y >>> 1) ^ (y & 1 ? 0x9908b0df : 0);
    }
    const y = (mt[N - 1]! & 0x80000000) | (mt[0]! & 0x7fffffff);
    mt[N - 1] = mt[M - 1]! ^ (y >>> 1) ^ (y & 1 ? 0x9908b0df : 0);
    this.mti = 0;
  }

  /** The next 32 random bits, as an unsigned integer (`genrand_uint32`). */
  uint32(): number {
    if (this.mti >= N) this.twist();
    let y = this.mt[this.mti++]!;
    y ^= y >>> 11;
    y ^= (y << 7) & 0x9d2c5680;
    y ^= (y << 15) & 0xefc60000;
    y ^= y >>> 18;
    return y >>> 0;
  }

  /** CPython's `getrandbits(k)` for 0 < k <= 53. */
  getrandbits(k: number): number {
    if (k <= 32) return this.uint32() >>> (32 - k);
    // Little-endian 32-bit words; the last one keeps its top (k - 32) bits.
    const lo = this.uint32();
    const hi = this.uint32() >>> (64 - k);
    return hi * 0x100000000 + lo;
  }

  /** CPython's `_randbelow_with_getrandbits(n)`: uniform in [0, n), n >= 1. */
  randbelow(n: number): number {
    const k = bitLength(n);
    let r = this.getrandbits(k);
    while (r >= n) r = this.getrandbits(k);
    return r;
  }

  /** CPython's `randint(a, b)`: uniform in [a, b], both inclusive. */
  randint(a: number, b: number): number {
    return a + this.randbelow(b - a + 1);
  }
}

function bitLength(n: number): number {
  return n < 0x100000000 ? 32 - Math.clz32(n) : 32 + bitLength(Math.floor(n / 0x100000000));
}

/** Python's `round()` for a float to an integer: halves go to the even neighbour. */
function roundHalfEven(x: number): number {
  const f = Math.floor(x);
  const d = x - f;
  if (d < 0.5) return f;
  if (d > 0.5) return f + 1;
  return f % 2 === 0 ? f : f + 1;
}

export class Reservoir<T> {
  /** Maximum items kept; `Infinity` keeps everything. */
  readonly capacity: number;
  private readonly seed: number;
  private buf: T[] = [];
  private numSeen = 0;
  private rng: PythonRandom | null = null;

  /**
   * @param capacity a positive integer, or `Infinity` to keep every item. `0` also keeps every
   *   item (Python TensorBoard's meaning of 0), so 0 is normalised to `Infinity`.
   * @param seed the generator seed (TensorBoard uses 0 for every series).
   */
  constructor(capacity: number, seed = 0) {
    if (capacity === 0) capacity = Infinity;
    if (!(capacity === Infinity || (Number.isSafeInteger(capacity) && capacity > 0))) {
      throw new RangeError(`reservoir capacity must be a positive integer or Infinity, got ${capacity}`);
    }
    this.capacity = capacity;
    this.seed = seed;
  }

  /**
   * Items offered so far. After a `filter` this is Python's estimate: scaled by the fraction of
   * held items that survived (rounded half to even), which drives later replacement odds.
   */
  get seen(): number {
    return this.numSeen;
  }

  /** Items currently held. */
  get size(): number {
    return this.buf.length;
  }

  /** Offers an item; it is always kept (as the last item), possibly evicting another. */
  add(item: T): void {
    const buf = this.buf;
    if (buf.length < this.capacity) {
      buf.push(item);
    } else {
      const rng = (this.rng ??= new PythonRandom(this.seed));
      const r = rng.randint(0, this.numSeen);
      if (r < this.capacity) {
        buf.splice(r, 1);
        buf.push(item);
      } else {
        buf[buf.length - 1] = item;
      }
    }
    this.numSeen++;
  }

  /**
   * Keeps only the items for which `keep` returns true, in order (used for purges). Returns the
   * number of items removed, and rescales `seen` like Python's `FilterItems`.
   */
  filter(keep: (item: T) => boolean): number {
    const before = this.buf.length;
    const kept = this.buf.filter(keep);
    const removed = before - kept.length;
    if (removed === 0) return 0;
    this.buf = kept;
    const remaining = before > 0 ? kept.length / before : 0;
    this.numSeen = roundHalfEven(this.numSeen * remaining);
    return removed;
  }

  /** A copy of the held items, oldest first (the newest item offered is last). */
  items(): T[] {
    return this.buf.slice();
  }

  /** The newest item held, if any. */
  last(): T | undefined {
    return this.buf[this.buf.length - 1];
  }

  /** Iterates the held items without copying (do not add while iterating). */
  [Symbol.iterator](): IterableIterator<T> {
    return this.buf[Symbol.iterator]();
  }
}
