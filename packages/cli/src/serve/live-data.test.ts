/**
 * Data written by @tbg/events' own writer into a temp logdir while the server runs: text
 * (rendered safely: no script from an event file survives), audio, a RunMetadata op graph,
 * and live reload (new points and new runs appear over HTTP without a restart).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFileWriter, type FileSummaryWriter } from '@tbg/events';
import { tensorflow } from '@tbg/proto';
import { startServer, type RunningServer } from './start-server.js';
import { get, q } from './test-support/http.js';

const EVIL = '# Title\n\n<script>alert(1)</script> <img src=x onerror="alert(2)"> [link](javascript:alert(3)) **bold**';

let dir: string;
let server: RunningServer;
let train: FileSummaryWriter;

async function until<T>(what: () => Promise<T>, ok: (v: T) => boolean): Promise<T> {
  for (let i = 0; i < 200; i++) {
    const v = await what();
    if (ok(v)) return v;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error('timed out waiting for the server to show the new data');
}

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'tbg-serve-live-'));
  train = createFileWriter(join(dir, 'train'));
  for (let step = 0; step < 5; step++) train.scalar('loss', 1 / (step + 1), step);
  train.text('notes', EVIL, 0);
  train.text('table', [['a', '*b*'], ['c', 'd']], 1);
  train.audio('beep', [Float32Array.from({ length: 800 }, (_, i) => Math.sin(i / 5))], 8000, 0);
  const graph = { node: [{ name: 'x', op: 'Placeholder' }, { name: 'y', op: 'Identity', input: ['x'] }] };
  train.runMetadata('trace', { function_graphs: [{ pre_optimization_graph: graph }] }, 0, { kind: 'graph' });
  train.runMetadata('step_1', { step_stats: { dev_stats: [{ device: '/cpu:0', node_stats: [{ node_name: 'y', all_start_micros: 5 }] }] } }, 1);
  train.flush();
  // Damaged blobs: RunMetadata and a Keras model whose bytes are not what they claim.
  // Its clock is far ahead, so that it is the last run by start time, whenever the test runs.
  const damaged = createFileWriter(join(dir, 'damaged'), { wallTime: () => 4e9 });
  damaged.runMetadata('junk_trace', Uint8Array.from([0xff, 0xff, 0xff, 0xff, 0x0f, 0x12]), 2, { kind: 'graph' });
  damaged.kerasModel('junk_keras', '{"class_name": "Sequential", "config": ', 2);
  damaged.close();
  server = await startServer({ logdirs: dir, port: 0, reloadIntervalS: 0.1, assetsDir: null, log: () => undefined });
  await server.firstLoad;
});

afterAll(async () => {
  train.close();
  await server.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('text', () => {
  it('lists text tags as {run: [tag]}', async () => {
    expect((await get(server.url, '/data/plugin/text/tags')).json()).toEqual({ train: ['notes', 'table'] });
  });

  it('renders markdown with no script, event handler or javascript: URL left', async () => {
    const [entry] = (await get(server.url, `/data/plugin/text/text?${q({ run: 'train', tag: 'notes' })}`)).json<Array<{ step: number; text: string }>>();
    expect(entry!.text).toContain('<h1>Title</h1>');
    expect(entry!.text).toContain('<strong>bold</strong>');
    expect(entry!.text).toContain('&lt;script&gt;');
    expect(entry!.text).not.toMatch(/<script|<img|href="javascript/i);
  });

  it('renders a 2-D tensor as a table of rendered cells', async () => {
    const [entry] = (await get(server.url, `/data/plugin/text/text?${q({ run: 'train', tag: 'table' })}`)).json<Array<{ text: string }>>();
    expect(entry!.text).toMatch(/^<table>\n<tbody>\n<tr>/);
    expect(entry!.text).toContain('<em>b</em>');
  });

  it('answers [] for an unknown tag', async () => {
    expect((await get(server.url, `/data/plugin/text/text?${q({ run: 'train', tag: 'nope' })}`)).json()).toEqual([]);
  });
});

describe('audio and run-metadata graphs', () => {
  it('serves WAV clips', async () => {
    const list = (await get(server.url, `/data/plugin/audio/audio?${q({ run: 'train', tag: 'beep' })}`)).json<Array<{ contentType: string; query: string }>>();
    expect(list).toHaveLength(1);
    expect(list[0]!.contentType).toBe('audio/wav');
    const clip = await get(server.url, `/data/plugin/audio/individualAudio?${list[0]!.query}`);
    expect(clip.headers['content-type']).toBe('audio/wav');
    expect(clip.body.subarray(0, 4).toString('latin1')).toBe('RIFF');
    const bad = await get(server.url, `/data/plugin/audio/individualAudio?${list[0]!.query.replace('audio%2Fwav', 'text%2Fhtml')}`);
    expect([bad.status, bad.text]).toEqual([400, "Invalid argument: Illegal mime type 'text/html'"]);
  });

  it("serves a tag's op graph from its RunMetadata", async () => {
    const res = await get(server.url, `/data/plugin/graphs/graph?${q({ run: 'train', tag: 'trace', format: 'binary' })}`);
    expect(tensorflow.GraphDef.decode(res.body).node.map((n) => n.name)).toEqual(['x', 'y']);
    // TensorBoard's protobuf text, by default.
    expect((await get(server.url, `/data/plugin/graphs/graph?${q({ run: 'train', tag: 'trace' })}`)).text).toMatch(/^node \{\n {2}name: "x"/);
  });

  it('serves RunMetadata with its step stats, and lists it as a profile', async () => {
    const info = (await get(server.url, '/data/plugin/graphs/info')).json<Record<string, { tags: Record<string, unknown> }>>();
    expect(info.train!.tags).toEqual({
      trace: { tag: 'trace', conceptual_graph: false, op_graph: true, profile: false },
      step_1: { tag: 'step_1', conceptual_graph: false, op_graph: true, profile: true },
    });
    const res = await get(server.url, `/data/plugin/graphs/run_metadata?${q({ run: 'train', tag: 'step_1', format: 'binary' })}`);
    expect(tensorflow.RunMetadata.decode(res.body).step_stats!.dev_stats[0]!.node_stats[0]!.node_name).toBe('y');
    expect((await get(server.url, `/data/plugin/graphs/run_metadata?${q({ run: 'train', tag: 'step_1' })}`)).text).toContain('node_name: "y"');
    expect((await get(server.url, `/data/plugin/graphs/run_metadata?${q({ run: 'train' })}`)).status).toBe(400);
  });
});

describe('damaged graph data', () => {
  it('answers with one line naming what cannot be read, status 500, and keeps serving', async () => {
    for (const path of [`/data/plugin/graphs/graph?${q({ run: 'damaged', tag: 'junk_trace' })}`, `/data/plugin/graphs/graph?${q({ run: 'damaged', tag: 'junk_keras', conceptual: 'true' })}`]) {
      const res = await get(server.url, path);
      expect(res.status, path).toBe(500);
      expect(res.text).toMatch(/^Data loss: the (run metadata|Keras model) of run='damaged', tag='junk_(trace|keras)' cannot be read: /);
      expect(res.text).not.toContain('\n');
    }
    expect((await get(server.url, `/data/plugin/graphs/graph?${q({ run: 'train', tag: 'trace' })}`)).status).toBe(200);
  });
});

describe('live reload', () => {
  it('shows appended points and new runs without a restart', async () => {
    for (let step = 5; step < 8; step++) train.scalar('loss', 1 / (step + 1), step);
    train.flush();
    const test = createFileWriter(join(dir, 'test'));
    test.scalar('loss', 0.5, 0);
    test.close();
    const url = `/data/plugin/scalars/scalars?${q({ run: 'train', tag: 'loss' })}`;
    const rows = await until(() => get(server.url, url).then((r) => r.json<number[][]>()), (r) => r.length === 8);
    expect(rows.map((r) => r[1])).toEqual([0, 1, 2, 3, 4, 5, 6, 7]);
    const runs = await until(() => get(server.url, '/data/runs').then((r) => r.json<string[]>()), (r) => r.includes('test'));
    expect(runs).toEqual(['train', 'test', 'damaged']);
  });

  it('drops a run whose directory is deleted', async () => {
    rmSync(join(dir, 'test'), { recursive: true });
    const runs = await until(() => get(server.url, '/data/runs').then((r) => r.json<string[]>()), (r) => !r.includes('test'));
    expect(runs).toEqual(['train', 'damaged']);
    expect((await get(server.url, `/data/plugin/scalars/scalars?${q({ run: 'test', tag: 'loss' })}`)).status).toBe(404);
    const loss = (await get(server.url, '/data/tbg/data_loss')).json<{ files: Array<{ path: string }> }>();
    expect(loss.files.filter((f) => f.path.includes(join(dir, 'test')))).toEqual([]);
  });
});
