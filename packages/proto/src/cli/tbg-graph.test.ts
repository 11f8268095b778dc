import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync, copyFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { fixturePath, hasShared, sourcesTable } from '@tbg/testkit';

const bin = join(dirname(fileURLToPath(import.meta.url)), '..', '..', 'dist', 'cli', 'tbg-graph.js');
const run = (...args: string[]) => spawnSync(process.execPath, [bin, ...args], { encoding: 'utf8', maxBuffer: 1 << 26 });
const tmp = mkdtempSync(join(tmpdir(), 'tbg-graph-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

describe.skipIf(!existsSync(bin) || !hasShared())('tbg-graph', () => {
  const rows = sourcesTable(fixturePath('graphs', 'SOURCES.md'));
  const nodesOf = (file: string) => rows.find((r) => r.file === file)!.nodes!;

  it('prints one JSON summary object', () => {
    const r = run(fixturePath('graphs', 'tb_demo_xla_118.pbtxt'));
    expect(r.status, r.stderr).toBe(0);
    const o = JSON.parse(r.stdout) as { kind: string; nodeCount: number; opHistogram: Record<string, number> };
    expect(o.nodeCount).toBe(118);
    expect(Object.values(o.opHistogram).reduce((a, b) => a + b, 0)).toBe(118);
  });

  it('--nodes prints one line per node, and a closed pipe ends quietly', () => {
    const r = run(fixturePath('graphs', 'scalable_agent_impala_2124.pbtxt'), '--nodes');
    const lines = r.stdout.trim().split('\n');
    expect(lines).toHaveLength(nodesOf('scalable_agent_impala_2124.pbtxt'));
    expect(JSON.parse(lines[0]!)).toMatchObject({ name: expect.any(String), op: expect.any(String), inputs: expect.any(Array) });
    const piped = spawnSync('sh', ['-c', `"${process.execPath}" "${bin}" "${fixturePath('graphs', 'scalable_agent_impala_2124.pbtxt')}" --nodes | head -1`], { encoding: 'utf8' });
    expect(piped.stdout.trim().split('\n')).toHaveLength(1);
    expect(piped.stderr).toBe('');
  });

  it('takes a SavedModel directory; an empty directory is an error', () => {
    const dir = join(tmp, 'sm');
    mkdirSync(dir, { recursive: true });
    copyFileSync(fixturePath('graphs', 'tf2onnx_regression_saved_model.pb'), join(dir, 'saved_model.pb'));
    expect((JSON.parse(run(dir).stdout) as { nodeCount: number }).nodeCount).toBe(nodesOf('tf2onnx_regression_saved_model.pb'));
    const empty = join(tmp, 'empty');
    mkdirSync(empty, { recursive: true });
    const r = run(empty);
    expect(r.status).toBe(1);
    expect(r.stderr).toMatch(/is a directory without saved_model\.pb/);
  });

  it('bad input: one line naming the file, exit 1; bad usage: usage text, exit 2; --help: exit 0', () => {
    const junk = join(tmp, 'junk.pbtxt');
    writeFileSync(junk, 'node { name: "a" op: \n');
    const bad = run(junk);
    expect(bad.status).toBe(1);
    expect(bad.stderr).toMatch(/^tbg-graph: .*junk\.pbtxt.*\d+:\d+/);
    expect(bad.stderr.trim().split('\n')).toHaveLength(1);
    const usage = run('--frob');
    expect(usage.status).toBe(2);
    expect(usage.stderr).toMatch(/unknown option --frob\nusage: tbg-graph/);
    expect(run().status).toBe(2);
    const help = run('--help');
    expect(help.status).toBe(0);
    expect(help.stdout).toMatch(/^usage: tbg-graph/);
  });
});
