import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { fixturePath, needShared } from '@tbg/testkit';
import { runTbg, TBG_BIN as bin } from '../test-support/tbg-bin.js';

const run = (...args: string[]) => runTbg('layout', args);
const tmp = mkdtempSync(join(tmpdir(), 'tbg-layout-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

const KEYS = ['nodes', 'edges', 'firstLayoutMs', 'expandP50Ms', 'expandP95Ms', 'maxElkNodes', 'maxElkMs', 'invariants'];

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
    expect(out.expandP95Ms as number).toBeGreaterThanOrEqual(out.expandP50Ms as number);
    const text = readFileSync(svg, 'utf8');
    expect(text).toContain('@font-face');
    expect(text).toContain('>gradients</text>');
  });

  it('depth=N shows fewer nodes than all; an event file works through @tbg/events', () => {
    const file = fixturePath('graphs', 'logdir', 'zhacmsra_fc_quant', 'events.out.tfevents.1508491915.MININT-73Q9MFO');
    const d1 = JSON.parse(run(file, '--expand', 'depth=1', '--max-expands', '5').stdout) as { nodes: number; invariants: { ok: boolean } };
    const all = JSON.parse(run(file, '--expand', 'all', '--max-expands', '5').stdout) as { nodes: number };
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
});
