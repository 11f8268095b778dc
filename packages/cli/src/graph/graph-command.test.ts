import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync, copyFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { fixturePath, needShared, sourcesTable } from '@tbg/testkit';
import { encodePng } from '@tbg/events';
import { writeExampleLogdir } from '../example/write-example-logdir.js';
import { runTbg, TBG_BIN as bin } from '../test-support/tbg-bin.js';

const run = (...args: string[]) => runTbg('graph', args);
interface Summary { kind: string; nodeCount: number; functionCount: number; edgeCount: number; controlEdgeCount: number; opHistogram: Record<string, number>; decodeMs: number; warnings: string[] }
const tmp = mkdtempSync(join(tmpdir(), 'tbg-graph-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

describe.skipIf(!needShared('tbg graph'))('tbg graph', () => {
  it('is built (turbo builds before testing)', () => expect(existsSync(bin), bin).toBe(true));

  const rows = sourcesTable(fixturePath('graphs', 'SOURCES.md'));
  const nodesOf = (file: string) => rows.find((r) => r.file === file)!.nodes!;

  it('prints one JSON summary object', () => {
    const r = run(fixturePath('graphs', 'tb_demo_xla_118.pbtxt'));
    expect(r.status, r.stderr).toBe(0);
    const o = JSON.parse(r.stdout) as Summary;
    expect(Object.keys(o)).toEqual(['kind', 'nodeCount', 'functionCount', 'edgeCount', 'controlEdgeCount', 'opHistogram', 'decodeMs', 'warnings']);
    // 131 inputs in the file, 19 of them `^control`; edgeCount counts data + control.
    expect(o).toMatchObject({ kind: 'graphdef', nodeCount: 118, functionCount: 0, edgeCount: 150, controlEdgeCount: 19, warnings: [] });
    expect(Object.values(o.opHistogram).reduce((a, b) => a + b, 0)).toBe(118);
    expect(o.decodeMs).toBeGreaterThan(0);
  });

  it('reads an event file through @tbg/events: the last graph by default, --tag picks another', () => {
    const file = fixturePath('graphs', 'logdir', 'zhacmsra_fc_quant', 'events.out.tfevents.1508491915.MININT-73Q9MFO');
    const r = run(file);
    expect(r.status, r.stderr).toBe(0);
    const o = JSON.parse(r.stdout) as Summary;
    expect(o).toMatchObject({ kind: 'events', nodeCount: 461, functionCount: 2, controlEdgeCount: 88 });
    expect(o.warnings).toContain('20 attrs over the size limit were left out');
    const criteo = JSON.parse(run(fixturePath('graphs', 'logdir', 'criteo_tf_tile', 'events.out.tfevents.1560536407.C02TJ0GKGTDY')).stdout) as Summary;
    expect(criteo).toMatchObject({ kind: 'events', nodeCount: 1474 });
    expect((JSON.parse(run(file, '--tag', '__run_graph__').stdout) as Summary).nodeCount).toBe(461);
    const bad = run(file, '--tag', 'nope');
    expect(bad.status).toBe(1);
    expect(bad.stderr).toMatch(/no graph or run metadata with tag "nope" \(tags: __run_graph__, __run_meta_graph__\)/);
  });

  it('--nodes prints one line per node, and a closed pipe ends quietly', () => {
    const r = run(fixturePath('graphs', 'scalable_agent_impala_2124.pbtxt'), '--nodes');
    const lines = r.stdout.trim().split('\n');
    expect(lines).toHaveLength(nodesOf('scalable_agent_impala_2124.pbtxt'));
    expect(JSON.parse(lines[0]!)).toMatchObject({ name: expect.any(String), op: expect.any(String), inputs: expect.any(Array) });
    const piped = spawnSync('sh', ['-c', `"${process.execPath}" "${bin}" graph "${fixturePath('graphs', 'scalable_agent_impala_2124.pbtxt')}" --nodes | head -1`], { encoding: 'utf8' });
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
    expect(bad.stderr).toMatch(/^tbg graph: .*junk\.pbtxt.*\d+:\d+/);
    expect(bad.stderr.trim().split('\n')).toHaveLength(1);
    const usage = run('--frob');
    expect(usage.status).toBe(2);
    expect(usage.stderr).toMatch(/unknown option --frob\nusage: tbg graph/);
    expect(run().status).toBe(2);
    const help = run('--help');
    expect(help.status).toBe(0);
    expect(help.stdout).toMatch(/^usage: tbg graph/);
  });
  it('a file in no graph format: one line with the file, the formats tried and a guess at what it is', () => {
    const png = join(tmp, 'picture.png');
    writeFileSync(png, encodePng({ width: 2, height: 2, channels: 1, data: new Uint8Array(4) }));
    const empty = join(tmp, 'empty.pb');
    writeFileSync(empty, '');
    const text = join(tmp, 'notes.pbtxt');
    writeFileSync(text, 'learning_rate: 0.1\n');
    const tried = 'tried GraphDef, MetaGraphDef, SavedModel or RunMetadata (binary or pbtxt), TF.js model.json, Keras model JSON, event file';
    const cases: Array<[string, string]> = [
      [png, `tbg graph: ${png}: not a graph file (${tried}); it looks like a PNG image`],
      [empty, `tbg graph: ${empty}: the file is empty (a graph file is one of: GraphDef, MetaGraphDef, SavedModel or RunMetadata (binary or pbtxt), TF.js model.json, Keras model JSON, event file)`],
      [text, `tbg graph: ${text}: not a graph file (${tried}); text with top-level fields learning_rate is none of GraphDef, MetaGraphDef, SavedModel or RunMetadata`],
    ];
    for (const [file, message] of cases) {
      const r = run(file);
      expect(r.status, file).toBe(1);
      expect(r.stderr).toBe(message + '\n');
      expect(r.stderr).not.toMatch(/unknown:/);
    }
  });

  it('options that do not apply to the file are usage errors', () => {
    const gd = fixturePath('graphs', 'tb_demo_xla_118.pbtxt');
    const meta = run(gd, '--meta-graph', '7');
    expect(meta.status).toBe(2);
    expect(meta.stderr).toMatch(/^tbg graph: --meta-graph applies to a SavedModel; this is a GraphDef\nusage: tbg graph/);
    const tag = run(gd, '--tag', 'x');
    expect(tag.status).toBe(2);
    expect(tag.stderr).toMatch(/^tbg graph: --tag applies to an event file; this is a GraphDef\n/);
    expect(run(fixturePath('graphs', 'tf2onnx_regression_saved_model.pb'), '--meta-graph', '0').status).toBe(0);
  });

  it('a Keras model is its conceptual graph (a node per layer), with a warning; a RunMetadata without a graph warns', () => {
    const keras = JSON.parse(run(fixturePath('tfjs-graphs', 'nsfwjs__inception_v3.layers-model.json')).stdout) as Summary;
    expect(keras).toMatchObject({ kind: 'keras-model', nodeCount: 318 });
    expect(keras.warnings.join(' ')).toMatch(/Keras .* model \(318 layers\): shown as its conceptual graph/);
    const rm = JSON.parse(run(fixturePath('graphs', 'tb_run_metadata_step99.pbtxt')).stdout) as Summary;
    expect(rm.nodeCount).toBe(0);
    expect(rm.warnings.join(' ')).toMatch(/RunMetadata holds no graph/);
    const logdir = join(tmp, 'example');
    const [train] = writeExampleLogdir(logdir, { steps: 1 }).files;
    const r = run(train!, '--tag', 'keras');
    expect(r.status).toBe(0);
    expect(JSON.parse(r.stdout)).toMatchObject({ kind: 'events', nodeCount: 4, opHistogram: { InputLayer: 1, Dense: 2, Dropout: 1 } });
  });
});
