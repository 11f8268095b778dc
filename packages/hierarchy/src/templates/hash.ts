/**
 * Small 32-bit hashing helpers (MurmurHash3 mixing steps). Two lanes with different seeds give
 * a 64-bit key, so that accidental collisions between different structures are negligible
 * (about 3·10⁻¹⁰ for 100k groups).
 */

export const SEED_A = 0x9747b28c | 0;
export const SEED_B = 0x5bd1e995 | 0;

/** Folds one 32-bit value into a running hash (MurmurHash3's per-block step). */
export function mix(h: number, k: number): number {
  k = Math.imul(k, 0xcc9e2d51);
  k = (k << 15) | (k >>> 17);
  k = Math.imul(k, 0x1b873593);
  h ^= k;
  h = (h << 13) | (h >>> 19);
  return (Math.imul(h, 5) + 0xe6546b64) | 0;
}

/** MurmurHash3's finaliser: every input bit affects every output bit. */
export function fmix(h: number): number {
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h | 0;
}

/** Hash of a string's UTF-16 code units. */
export function hashString(s: string, seed: number): number {
  let h = seed;
  for (let i = 0; i < s.length; i++) h = mix(h, s.charCodeAt(i));
  return fmix(h ^ s.length);
}

/** Hash of `bytes[start, end)`. */
export function hashBytes(bytes: Uint8Array, start: number, end: number, seed: number): number {
  let h = seed;
  let i = start;
  for (; i + 4 <= end; i += 4) h = mix(h, bytes[i]! | (bytes[i + 1]! << 8) | (bytes[i + 2]! << 16) | (bytes[i + 3]! << 24));
  let k = 0;
  for (let s = 0; i < end; i++, s += 8) k |= bytes[i]! << s;
  if (end - start) h = mix(h, k);
  return fmix(h ^ (end - start));
}

/** Hex of a 64-bit key given as two 32-bit lanes. */
export function hex64(a: number, b: number): string {
  return (a >>> 0).toString(16).padStart(8, '0') + (b >>> 0).toString(16).padStart(8, '0');
}
