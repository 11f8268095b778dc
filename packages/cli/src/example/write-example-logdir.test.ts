import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { eventGraphReader, eventPoints, listEventGraphs, readEventsSync, SeriesMetadataMemo, summarizeLogdir } from '@tbg/events';
import { loadGraph, parseModelJson, tensorflow } from '@tbg/proto';
import { runTbg } from '../test-support/tbg-bin.js';
import { writeExampleLogdir } from './write-example-logdir.js';

const tmp = mkdtempSync(join(tmpdir(), 'tbg-example-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

const first = join(tmp, 'a');
const written = writeExampleLogdir(first);
const trainFile = written.files[0]!;

function allFiles(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .map((f) => join(dir, f))
    .filter((f) => statSync(f).isFile())
    .sort();
}

describe('writeExampleLogdir', () => {
  it('writes a train and a test run and an hparams experiment, small', () => {
    expect(written.files.map((f) => f.slice(first.length + 1))).toEqual([
      'train/events.out.tfevents.1700000000.tbg-example.1.0.v2',
      'test/events.out.tfevents.1700000000.tbg-example.1.1.v2',
      'hparams/events.out.tfevents.1700000000.tbg-example.1.10.v2',
      'hparams/trial-0/events.out.tfevents.1700000060.tbg-example.1.11.v2',
      'hparams/trial-1/events.out.tfevents.1700000120.tbg-example.1.12.v2',
      'hparams/trial-2/events.out.tfevents.1700000180.tbg-example.1.13.v2',
      'hparams/trial-3/events.out.tfevents.1700000240.tbg-example.1.14.v2',
    ]);
    const total = allFiles(first).reduce((n, f) => n + statSync(f).size, 0);
    expect(total).toBe(written.bytes);
    expect(total).toBeLessThan(5 * 1024 * 1024);
  });

  it('has the scalars, histograms, images, audio, text, graph and run metadata of each run', async () => {
    const s = await summarizeLogdir(first);
    expect(s.dataLoss).toEqual([]);
    expect(s.runs.map((r) => r.name)).toEqual(['hparams', 'hparams/trial-0', 'hparams/trial-1', 'hparams/trial-2', 'hparams/trial-3', 'test', 'train']);
    const [hparams, trial0, , , , test, train] = s.runs;
    expect(hparams!.tags.map((t) => t.tag)).toEqual(['_hparams_/experiment']);
    expect(trial0!.tags.map((t) => [t.tag, t.plugin, t.count])).toEqual([
      ['_hparams_/session_end_info', 'hparams', 1],
      ['_hparams_/session_start_info', 'hparams', 1],
      ['accuracy', 'scalars', 11],
      ['loss', 'scalars', 11],
    ]);
    const count = (r: typeof train, tag: string) => r!.tags.find((t) => t.tag === tag)?.count;
    for (const tag of ['loss', 'accuracy', 'learning_rate']) expect(count(train, tag), tag).toBe(1000);
    expect(count(test, 'loss')).toBe(100);
    expect(count(test, 'learning_rate')).toBeUndefined();
    expect(train!.plugins).toMatchObject({ graphs: 1, graph_keras_model: 1, graph_tagged_run_metadata: 9, audio: 2, text: 3, images: 6 });
    expect(train!.tags.filter((t) => t.plugin === 'histograms').map((t) => t.tag)).toEqual([
      'layer1/Wx_plus_b/pre_activations',
      'layer1/activations',
      'layer1/biases/summaries/histogram',
      'layer1/weights/summaries/histogram',
      'layer2/Wx_plus_b/pre_activations',
      'layer2/activations',
      'layer2/biases/summaries/histogram',
      'layer2/weights/summaries/histogram',
    ]);
    expect(train!.tags.filter((t) => t.plugin === 'graph_tagged_run_metadata').map((t) => t.tag)).toEqual(
      Array.from({ length: 9 }, (_, i) => `step${(i + 1) * 100}`),
    );
    expect(test!.plugins).toEqual({ scalars: 200, histograms: 160, images: 5 });
  });

  it('looks like training: the loss falls, accuracy rises, and both are noisy', () => {
    const loss: number[] = [];
    const acc: number[] = [];
    const memo = new SeriesMetadataMemo();
    for (const { event } of readEventsSync(new Uint8Array(readFileSync(trainFile))).records) {
      for (const p of eventPoints(event, memo)) {
        if (p.data.kind !== 'scalar') continue;
        if (p.tag === 'loss') loss.push(p.data.value);
        if (p.tag === 'accuracy') acc.push(p.data.value);
      }
    }
    expect(loss).toHaveLength(1000);
    const mean = (a: number[]) => a.reduce((s, x) => s + x, 0) / a.length;
    expect(mean(loss.slice(0, 20))).toBeGreaterThan(1.5);
    expect(mean(loss.slice(-100))).toBeLessThan(0.2);
    expect(mean(acc.slice(0, 10))).toBeLessThan(0.3);
    expect(mean(acc.slice(-100))).toBeGreaterThan(0.95);
    const steps = loss.slice(-100).map((x, i, a) => (i ? Math.abs(x - a[i - 1]!) : 0));
    expect(mean(steps)).toBeGreaterThan(0.005);
  });

  it('holds a TF1 training graph with name scopes, shapes and devices', () => {
    const g = loadGraph(readFileSync(trainFile), { name: trainFile, eventReader: eventGraphReader });
    expect(g.warnings).toEqual([]);
    const byName = new Map(g.graph.node.map((n) => [n.name, n]));
    for (const name of ['input/x-input', 'layer1/weights/Variable', 'layer1/biases/Variable/read', 'layer1/Wx_plus_b/MatMul', 'layer2/activation', 'cross_entropy/total/Mean', 'train/Adam', 'accuracy/accuracy/Mean']) {
      expect(byName.has(name), name).toBe(true);
    }
    const scopes = new Set(g.graph.node.map((n) => n.name.split('/')[0]));
    expect([...scopes]).toEqual(expect.arrayContaining(['input', 'input_reshape', 'layer1', 'dropout', 'layer2', 'cross_entropy', 'train', 'accuracy']));
    expect(g.graph.node.some((n) => n.name.startsWith('train/gradients/layer1/Wx_plus_b/MatMul_grad/'))).toBe(true);
    const mm = byName.get('layer1/Wx_plus_b/MatMul')!;
    expect(mm.device).toBe('/job:localhost/replica:0/task:0/device:GPU:0');
    expect(mm.input).toEqual(['input/x-input', 'layer1/weights/Variable/read']);
    expect(mm.attr._output_shapes!.list!.shape[0]!.dim.map((d) => Number(d.size))).toEqual([-1, 500]);
    // Every input names a node of the graph.
    for (const n of g.graph.node) for (const i of n.input) expect(byName.has(i.replace(/^\^/, '').replace(/:\d+$/, '')), `${n.name} <- ${i}`).toBe(true);
  });

  it('holds run metadata with step stats of graph nodes, and a Keras model config', () => {
    const bytes = readFileSync(trainFile);
    const entries = listEventGraphs(bytes).entries;
    expect(entries.filter((e) => e.kind === 'tagged_run_metadata').map((e) => [e.tag, e.step])).toEqual(Array.from({ length: 9 }, (_, i) => [`step${(i + 1) * 100}`, (i + 1) * 100]));
    const sel = eventGraphReader(bytes, { tag: 'step500' });
    const rm = tensorflow.RunMetadata.decode(sel.payload);
    const stats = rm.step_stats!.dev_stats.flatMap((d) => d.node_stats);
    const names = new Set(loadGraph(bytes, { eventReader: eventGraphReader }).graph.node.map((n) => n.name));
    expect(stats.length).toBeGreaterThan(100);
    expect(stats.every((s) => names.has(s.node_name))).toBe(true);
    expect(rm.step_stats!.dev_stats.map((d) => d.device).sort()).toEqual(['/job:localhost/replica:0/task:0/device:CPU:0', '/job:localhost/replica:0/task:0/device:GPU:0']);
    const keras = eventGraphReader(bytes, { tag: 'keras' });
    const m = parseModelJson(new TextDecoder().decode(keras.payload));
    expect(m.kind).toBe('keras-model');
    if (m.kind === 'keras-model') expect(m.keras.layerCount).toBe(4);
  });

  it('is byte-identical for the same seed, and differs for another', () => {
    const again = writeExampleLogdir(join(tmp, 'b'));
    const other = writeExampleLogdir(join(tmp, 'c'), { seed: 7 });
    const read = (files: string[]) => files.map((f) => readFileSync(f));
    const [a, b, c] = [read(written.files), read(again.files), read(other.files)];
    expect(b.map((x, i) => x.equals(a[i]!))).toEqual(a.map(() => true));
    // The hparams experiment config does not depend on the seed; everything else does.
    expect(c.map((x, i) => x.equals(a[i]!))).toEqual([false, false, true, false, false, false, false]);
  });

  it('tbg example-logdir writes it, and tbg events ls and tbg graph read it back', () => {
    const dir = join(tmp, 'cli');
    const w = runTbg('example-logdir', [dir, '--steps', '200', '--seed', '3']);
    expect(w.stderr).toBe('');
    expect(w.status).toBe(0);
    const printed = JSON.parse(w.stdout) as { logdir: string; files: string[] };
    expect(printed.logdir).toBe(dir);
    expect(printed.files.map((f) => f.slice(dir.length + 1).split('/events.out')[0])).toEqual(['train', 'test', 'hparams', 'hparams/trial-0', 'hparams/trial-1', 'hparams/trial-2', 'hparams/trial-3']);
    const ls = runTbg('events', ['ls', dir]);
    expect(ls.status).toBe(0);
    const runs = (JSON.parse(ls.stdout) as { runs: Array<{ name: string; tags: Array<{ tag: string; count: number }> }> }).runs;
    expect(runs.map((r) => r.name)).toEqual(['hparams', 'hparams/trial-0', 'hparams/trial-1', 'hparams/trial-2', 'hparams/trial-3', 'test', 'train']);
    expect(runs[6]!.tags.find((t) => t.tag === 'loss')!.count).toBe(200);
    const g = runTbg('graph', [JSON.parse(w.stdout).files[0]]);
    expect(g.status).toBe(0);
    expect(JSON.parse(g.stdout)).toMatchObject({ kind: 'events', nodeCount: 253, warnings: [] });
    expect(runTbg('example-logdir', [dir, '--steps', '0']).status).toBe(2);
    expect(runTbg('example-logdir', []).status).toBe(2);
    expect(runTbg('example-logdir', ['--help']).stdout).toMatch(/^usage: tbg example-logdir OUT_DIR/);
  });
});
