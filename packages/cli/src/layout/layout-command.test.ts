import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { fixturePath, needShared } from '@tbg/testkit';
import { runTbg, TBG_BIN as bin } from '../test-support/tbg-bin.js';

const run = (...args: string[]) => runTbg('layout', args);
const tmp = mkdtempSync(join(tmpdir(), 'tbg-layout-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

const KEYS = ['nodes', 'edges', 'firstLayoutMs', 'maxElkNodes', 'maxElkMs', 'invariants'];
const BENCH_KEYS = ['nodes', 'edges', 'firstLayoutMs', 'expandP50Ms', 'expandP95Ms', 'expandsTimed', 'metanodes', 'maxElkNodes', 'maxElkMs', 'invariants'];

describe.skipIf(!needShared('tbg layout'))('tbg layout', () => {
  it('is built (turbo builds before testing)', () => expect(existsSync(bin), bin).toBe(true));

  it('prints exactly the documented keys, and writes the SVG of the chosen view', () => {
    const svg = join(tmp, 'all.svg');
    const r = run(fixturePath('graphs', 'tb_demo_xla_118.pbtxt'), '--expand', 'all', '--svg', svg);
    expect(r.status, r.stderr).toBe(0);
    const out = JSON.parse(r.stdout) as Record<string, unknown>;
    expect(Object.keys(out)).toEqual(KEYS);
    expect(out.invariants).toEqual({ ok: true, violations: [] });
    expect(out.nodes).toBe(108);
    expect(out.maxElkNodes as number).toBeGreaterThan(0);
    const text = readFileSync(svg, 'utf8');
    expect(text).toContain('@font-face');
    expect(text).toContain('>gradients</text>');
  });

  it('depth=N shows fewer nodes than all; an event file works through @tbg/events', () => {
    const file = fixturePath('graphs', 'logdir', 'zhacmsra_fc_quant', 'events.out.tfevents.1508491915.MININT-73Q9MFO');
    const d1 = JSON.parse(run(file, '--expand', 'depth=1').stdout) as { nodes: number; invariants: { ok: boolean } };
    const all = JSON.parse(run(file, '--expand', 'all').stdout) as { nodes: number };
    expect(d1.invariants.ok).toBe(true);
    expect(d1.nodes).toBeGreaterThan(30);
    expect(all.nodes).toBeGreaterThan(d1.nodes);
  });

  it('bad input and bad usage', () => {
    const junk = join(tmp, 'junk.pbtxt');
    writeFileSync(junk, 'node { name: ');
    const bad = run(junk);
    expect(bad.status).toBe(1);
    expect(bad.stderr).toMatch(/^tbg layout: .*junk\.pbtxt/);
    expect(run(fixturePath('graphs', 'tb_demo_xla_118.pbtxt'), '--expand', 'some').stderr).toMatch(/bad --expand some/);
    expect(run().status).toBe(2);
  });
  it('times expands only with --bench; --max-expands samples them', () => {
    const file = fixturePath('graphs', 'tb_demo_xla_118.pbtxt');
    const r = run(file, '--bench');
    expect(r.status, r.stderr).toBe(0);
    const out = JSON.parse(r.stdout) as Record<string, number>;
    expect(Object.keys(out)).toEqual(BENCH_KEYS);
    expect(out.expandsTimed).toBe(out.metanodes);
    expect(out.metanodes).toBeGreaterThan(10);
    expect(out.expandP95Ms).toBeGreaterThanOrEqual(out.expandP50Ms!);
    const sampled = run(file, '--bench', '--max-expands', '3');
    expect((JSON.parse(sampled.stdout) as Record<string, number>).expandsTimed).toBe(3);
    expect(sampled.stderr).toMatch(/timed 3 of \d+ metanodes/);
    const usage = run(file, '--max-expands', '3');
    expect(usage.status).toBe(2);
    expect(usage.stderr).toMatch(/^tbg layout: --max-expands applies with --bench\n/);
  });

  it('refuses a RunMetadata without a graph and a file in no graph format, saying what each is; lays out a Keras model\'s layers', () => {
    const keras = run(fixturePath('tfjs-graphs', 'nsfwjs__inception_v3.layers-model.json'));
    expect(keras.status, keras.stderr).toBe(0);
    expect((JSON.parse(keras.stdout) as { nodes: number }).nodes).toBeGreaterThan(10);
    const rm = run(fixturePath('graphs', 'tb_run_metadata_step99.pbtxt'));
    expect(rm.status).toBe(1);
    expect(rm.stderr).toMatch(/: a RunMetadata with step stats but no graph/);
    const png = join(tmp, 'x.png');
    writeFileSync(png, Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]));
    const bad = run(png);
    expect(bad.status).toBe(1);
    expect(bad.stderr).toMatch(/^tbg layout: .*x\.png: not a graph file \(tried GraphDef, .*\); it looks like a PNG image\n$/);
  });
});
