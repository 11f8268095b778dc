/**
 * TensorBoard's query-time downsampling (`data_provider._downsample`): at most `k` items, always
 * the last one, the other `k − 1` picked uniformly without replacement from the rest by
 * `random.Random(0).sample`, kept in their original order. Deterministic, like TensorBoard's.
 */
import { PythonRandom } from '@tbg/events';

/** CPython's `random.sample(range(n), k)` (3.11 algorithm) with the given generator. */
export function pythonSample(rng: PythonRandom, n: number, k: number): number[] {
  const result: number[] = new Array<number>(k);
  let setsize = 21;
  if (k > 5) setsize += 4 ** Math.ceil(Math.log(k * 3) / Math.log(4));
  if (n <= setsize) {
    const pool = Array.from({ length: n }, (_, i) => i);
    for (let i = 0; i < k; i++) {
      const j = rng.randbelow(n - i);
      result[i] = pool[j]!;
      pool[j] = pool[n - i - 1]!;
    }
  } else {
    const selected = new Set<number>();
    for (let i = 0; i < k; i++) {
      let j = rng.randbelow(n);
      while (selected.has(j)) j = rng.randbelow(n);
      selected.add(j);
      result[i] = j;
    }
  }
  return result;
}

export function downsample<T>(xs: readonly T[], k: number): T[] {
  if (k >= xs.length) return xs.slice();
  if (k <= 0) return [];
  const indices = pythonSample(new PythonRandom(0), xs.length - 1, k - 1).sort((a, b) => a - b);
  const out = indices.map((i) => xs[i]!);
  out.push(xs[xs.length - 1]!);
  return out;
}
