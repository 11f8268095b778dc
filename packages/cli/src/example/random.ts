/**
 * A small seeded random source (mulberry32) with normal deviates: the example logdir must be the
 * same bytes for the same seed, on every machine, so Math.random is never used.
 */
export class SeededRandom {
  #state: number;
  #spare: number | null = null;

  constructor(seed: number) {
    this.#state = seed >>> 0;
  }

  /** Uniform in [0, 1). */
  next(): number {
    let t = (this.#state = (this.#state + 0x6d2b79f5) >>> 0);
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }

  /** Uniform in [lo, hi). */
  uniform(lo: number, hi: number): number {
    return lo + (hi - lo) * this.next();
  }

  /** An integer in [0, n). */
  int(n: number): number {
    return Math.floor(this.next() * n);
  }

  /** A normal deviate (Box–Muller, the second value kept for the next call). */
  normal(mean = 0, std = 1): number {
    if (this.#spare !== null) {
      const z = this.#spare;
      this.#spare = null;
      return mean + std * z;
    }
    const u = 1 - this.next();
    const v = this.next();
    const r = Math.sqrt(-2 * Math.log(u));
    this.#spare = r * Math.sin(2 * Math.PI * v);
    return mean + std * r * Math.cos(2 * Math.PI * v);
  }

  /** `n` normal deviates. */
  normals(n: number, mean = 0, std = 1): Float64Array {
    const out = new Float64Array(n);
    for (let i = 0; i < n; i++) out[i] = this.normal(mean, std);
    return out;
  }
}
