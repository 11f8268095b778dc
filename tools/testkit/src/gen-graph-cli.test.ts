import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { encodeGraphDef } from './encode-graphdef.js';
import { available } from './skips.js';
import { generateTrainingGraph } from './training-graph.js';

const cli = join(dirname(fileURLToPath(import.meta.url)), '..', 'dist', 'gen-graph-cli.js');
const run = (...args: string[]) => spawnSync(process.execPath, [cli, ...args], { encoding: 'utf8' });

// The CLI is tested as built (turbo runs `build` before `test`, and CI always builds first).
const SUITE = 'gen-graph CLI (dist/gen-graph-cli.js)';
const built = available(SUITE, existsSync(cli), 'dist/gen-graph-cli.js is not built (pnpm --filter @tbg/testkit build)', true);

describe.skipIf(!built)(SUITE, () => {
  it('writes the GraphDef and prints one JSON line', () => {
    const out = join(mkdtempSync(join(tmpdir(), 'tbg-cli-')), 'g.pb');
    const r = run('--nodes', '3000', '--seed', '7', '-o', out);
    expect(r.status).toBe(0);
    const lines = r.stdout.trim().split('\n');
    expect(lines).toHaveLength(1);
    const info = JSON.parse(lines[0]!);
    expect(Object.keys(info)).toEqual(['nodes', 'bytes', 'ms', 'edges', 'controlEdges', 'maxDepth', 'ops']);
    expect(info.nodes).toBe(3000);
    const bytes = readFileSync(out);
    expect(info.bytes).toBe(bytes.length);
    const expected = encodeGraphDef(generateTrainingGraph({ nodes: 3000, seed: 7 }));
    expect(Buffer.compare(bytes, Buffer.from(expected))).toBe(0);
    expect(info.maxDepth).toBeLessThanOrEqual(8);
  });

  it('supports --no-functions and --stats', () => {
    const out = join(mkdtempSync(join(tmpdir(), 'tbg-cli-')), 'g.pb');
    const r = run('--nodes=5000', '--seed=2', '--out', out, '--no-functions', '--stats');
    expect(r.status).toBe(0);
    const info = JSON.parse(r.stdout);
    expect(info.functions).toBe(0);
    expect(info.opCounts.NoOp).toBeGreaterThan(0);
    expect(info.topLevel.save).toBeGreaterThan(0);
  });

  it('prints usage for --help', () => {
    const r = run('--help');
    expect(r.status).toBe(0);
    expect(r.stdout).toMatch(/Usage: gen-graph/);
  });

  it.each([
    [[]],
    [['--nodes', '10']],
    [['--nodes', 'ten', '-o', 'x.pb']],
    [['--nodes', '0', '-o', 'x.pb']],
    [['--nodes', '10', '-o', 'x.pb', '--devices', 'tpu']],
    [['--nodes', '10', '-o', 'x.pb', '--bogus']],
  ])('exits 2 on bad arguments %j', (args) => {
    const r = run(...args);
    expect(r.status).toBe(2);
    expect(r.stderr).toMatch(/gen-graph: /);
  });
});
