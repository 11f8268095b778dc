/**
 * @tbg/cli benchmark: prints JSON lines. What a user waits for at the prompt: each command on
 * the bundled example graph, end to end in a fresh process (Node start-up, module load, work),
 * the median of several runs; then `tbg serve` on a generated logdir (serve-bench.ts).
 * Usage: node bench-dist/bench.js [--quick]
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { serveBench } from './serve-bench.js';

const here = dirname(fileURLToPath(import.meta.url));
const bin = join(here, '..', 'dist', 'tbg.js');
const example = join(here, '..', '..', '..', 'examples', 'tb_demo_xla_118.pbtxt');
const rounds = process.argv.includes('--quick') ? 3 : 7;
const tmp = mkdtempSync(join(tmpdir(), 'tbg-cli-bench-'));

const CASES: ReadonlyArray<readonly [string, string[]]> = [
  ['help', ['--help']],
  ['graph', ['graph', example]],
  ['graph --summary', ['graph', example, '--summary']],
  ['dump-hierarchy', ['dump-hierarchy', example, '--out', join(tmp, 'dump.json')]],
  ['layout --expand all', ['layout', example, '--expand', 'all', '--svg', join(tmp, 'all.svg')]],
];

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)]!;
}

try {
  for (const [name, args] of CASES) {
    const times: number[] = [];
    for (let i = 0; i < rounds; i++) {
      const t0 = performance.now();
      const r = spawnSync(process.execPath, [bin, ...args], { encoding: 'utf8' });
      times.push(performance.now() - t0);
      if (r.status !== 0) throw new Error(`tbg ${args.join(' ')} exited ${r.status}: ${r.stderr}`);
    }
    const ms = (x: number) => Math.round(x * 10) / 10;
    console.log(JSON.stringify({ bench: 'cli', case: name, input: 'tb_demo_xla_118', rounds, medianMs: ms(median(times)), minMs: ms(Math.min(...times)), maxMs: ms(Math.max(...times)) }));
  }
  // 4 runs × 5 tags: 500,000 scalar events (100,000 with --quick), plus the example logdir.
  await serveBench(tmp, process.argv.includes('--quick') ? 5_000 : 25_000);
} finally {
  rmSync(tmp, { recursive: true, force: true });
}
