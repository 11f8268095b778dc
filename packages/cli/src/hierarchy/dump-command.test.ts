import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { fixturePath, needShared, sourcesTable } from '@tbg/testkit';
import { runTbg, TBG_BIN as bin } from '../test-support/tbg-bin.js';

const run = (...args: string[]) => runTbg('dump-hierarchy', args);
const tmp = mkdtempSync(join(tmpdir(), 'tbg-dump-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

interface Dump {
  graph: { rawNodes: number; opNodes: number };
  metanodes: Array<{ name: string; children: string[] }>;
  series: Array<{ name: string }>;
}

describe.skipIf(!needShared('tbg dump-hierarchy'))('tbg dump-hierarchy', () => {
  it('is built (turbo builds before testing)', () => expect(existsSync(bin), bin).toBe(true));

  const rows = sourcesTable(fixturePath('graphs', 'SOURCES.md'));
  const nodesOf = (file: string) => rows.find((r) => r.file === file)!.nodes;

  it('dumps a pbtxt GraphDef to stdout', () => {
    const r = run(fixturePath('graphs', 'tb_demo_xla_118.pbtxt'));
    expect(r.status).toBe(0);
    const dump = JSON.parse(r.stdout) as Dump;
    expect(dump.graph).toMatchObject({ rawNodes: 118, opNodes: 79 });
    expect(dump.metanodes.map((m) => m.name)).toContain('__root__');
    expect(dump.metanodes.find((m) => m.name === 'GradientDescent')!.children).toContain('GradientDescent/(GradientDescent)');
  });

  it('reads the graph out of an event file (through @tbg/events) and writes --out', () => {
    const out = join(tmp, 'events.json');
    const r = run(fixturePath('graphs', 'logdir', 'zhacmsra_fc_quant', 'events.out.tfevents.1508491915.MININT-73Q9MFO'), '--out', out);
    expect(r.status, r.stderr).toBe(0);
    expect(r.stdout).toBe('');
    const dump = JSON.parse(readFileSync(out, 'utf8')) as Dump;
    expect(dump.graph.rawNodes).toBe(rows.find((row) => row.file.startsWith('logdir/zhacmsra'))!.nodes);
  });

  it('takes a SavedModel directory', () => {
    const dir = join(tmp, 'sm');
    rmSync(dir, { recursive: true, force: true });
    mkdirSync(dir, { recursive: true });
    copyFileSync(fixturePath('graphs', 'tf2onnx_regression_saved_model.pb'), join(dir, 'saved_model.pb'));
    const r = run(dir);
    expect(r.status, r.stderr).toBe(0);
    expect((JSON.parse(r.stdout) as Dump).graph.rawNodes).toBe(nodesOf('tf2onnx_regression_saved_model.pb'));
  });

  it('series options change the dump', () => {
    const file = fixturePath('graphs', 'tf2onnx_lstm_frozen.pb');
    const plain = JSON.parse(run(file).stdout) as Dump;
    const none = JSON.parse(run(file, '--no-series').stdout) as Dump;
    expect(plain.series.length).toBeGreaterThan(0);
    expect(none.series).toEqual([]);
  });

  it('bad input: a typed error naming the file, exit 1; bad usage: exit 2', () => {
    const junk = join(tmp, 'junk.pb');
    writeFileSync(junk, Buffer.from([0x0a, 0xff, 0xff, 0xff, 0xff, 0x0f, 0x01]));
    const bad = run(junk);
    expect(bad.status).toBe(1);
    expect(bad.stderr).toMatch(/junk\.pb/);
    expect(bad.stderr).not.toMatch(/\n\s+at /); // a message, not a stack trace
    const missing = run(join(tmp, 'nope.pb'));
    expect(missing.status).toBe(1);
    expect(missing.stderr).toMatch(/cannot read .*nope\.pb/);
    expect(run().status).toBe(2);
    expect(run('a', 'b').status).toBe(2);
    expect(run('--bogus', 'a').stderr).toMatch(/unknown option --bogus/);
    expect(run(fixturePath('graphs', 'tb_demo_xla_118.pbtxt'), '--out').status).toBe(2);
  });
  it('a RunMetadata without a graph: says what it is and what to give instead, exit 1; a Keras model dumps its layers', () => {
    const rm = run(fixturePath('graphs', 'tb_run_metadata_step99.pbtxt'));
    expect(rm.status).toBe(1);
    expect(rm.stdout).toBe('');
    expect(rm.stderr).toMatch(/^tbg dump-hierarchy: .*tb_run_metadata_step99\.pbtxt: a RunMetadata with step stats but no graph .*give the graph it was recorded for.*\n$/);
    const keras = run(fixturePath('tfjs-graphs', 'nsfwjs__inception_v3.layers-model.json'));
    expect(keras.status, keras.stderr).toBe(0);
    expect((JSON.parse(keras.stdout) as Dump).graph.rawNodes).toBe(318);
  });
});
