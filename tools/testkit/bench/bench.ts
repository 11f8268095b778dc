/**
 * @tbg/testkit benchmark: prints JSON lines. The timings that tests must not assert: how long
 * the generator takes to make and encode a training graph (the fixture every package's bench
 * starts from), and the wire writer's throughput. Median of a few rounds, one process.
 * Usage: node bench-dist/bench.js [--quick]
 */
import { performance } from 'node:perf_hooks';
import { encodeGraphDef, generateTrainingGraph } from '../src/index.js';

const quick = process.argv.includes('--quick');
const sizes = quick ? [10_000] : [10_000, 100_000, 200_000];
const rounds = quick ? 1 : 3;

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)]!;
}

const ms = (x: number) => Math.round(x * 10) / 10;
for (const nodes of sizes) {
  const gen: number[] = [];
  const enc: number[] = [];
  let bytes = 0;
  for (let r = 0; r < rounds; r++) {
    const t0 = performance.now();
    const g = generateTrainingGraph({ nodes, seed: 1 });
    const t1 = performance.now();
    bytes = encodeGraphDef(g).length;
    const t2 = performance.now();
    gen.push(t1 - t0);
    enc.push(t2 - t1);
  }
  const encodeMs = median(enc);
  console.log(
    JSON.stringify({ bench: 'testkit', case: 'generate+encode', nodes, rounds, generateMs: ms(median(gen)), encodeMs: ms(encodeMs), bytes, encodeMBps: Math.round(bytes / 1e3 / encodeMs) }),
  );
}
