/**
 * The JSON API against the shared fixtures and their manifest.json: runs, plugin listing,
 * scalars (counts, step ranges, CSV), histograms, distributions, images (real PNG bytes),
 * hparams and graphs (bytes that @tbg/proto's loadGraph decodes), also under /experiment/<id>/.
 */
import { readFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadGraph, parsePbtxt, tensorflow } from '@tbg/proto';
import { eventGraphReader } from '@tbg/events';
import { fixturePath } from '@tbg/testkit';
import { startServer, type RunningServer } from './start-server.js';
import { get, q, rawRequest } from './test-support/http.js';

interface ManifestFile {
  file: string;
  records: number;
  step_range: [number, number];
  tags: Record<string, { count: number; kinds: Record<string, number>; plugins: Record<string, unknown> }>;
}
const manifest = JSON.parse(readFileSync(fixturePath('events', 'manifest.json'), 'utf8')) as { files: ManifestFile[] };
const runOf = (file: string) => (dirname(file) === '.' ? 'events' : `events/${dirname(file)}`);
const fileOf = (prefix: string) => manifest.files.find((f) => f.file.startsWith(prefix))!;

let server: RunningServer;
let base: string;

beforeAll(async () => {
  server = await startServer({
    logdirs: [
      { name: 'events', path: fixturePath('events') },
      { name: 'graphs', path: fixturePath('graphs', 'logdir') },
    ],
    port: 0,
    reloadIntervalS: 0,
    assetsDir: null,
    log: () => undefined,
  });
  base = server.url;
  await server.firstLoad;
});
afterAll(() => server.close());

describe('core routes', () => {
  it('lists every run of the manifest, sorted by start time', async () => {
    const runs = (await get(base, '/data/runs')).json<string[]>();
    const expected = new Set(manifest.files.map((f) => runOf(f.file)));
    expect(new Set(runs.filter((r) => r.startsWith('events')))).toEqual(expected);
    expect(runs).toContain('graphs/criteo_tf_tile');
    // TensorBoard's order: by start time; the 2016 runs come before the 2020 ones.
    expect(runs.indexOf('events/tf1-2016-shekkizh/MNIST_logs/run2')).toBeLessThan(runs.indexOf('events/tf2-hparams/hparam_tuning/run-0'));
  });

  it('serves the same under /experiment/<id>/ and with a trailing slash', async () => {
    const a = (await get(base, '/data/runs')).text;
    expect((await get(base, '/experiment/defaultExperimentId/data/runs')).text).toBe(a);
    expect((await get(base, '/data/runs/')).text).toBe(a);
  });

  it('lists the plugins in order, enabled where data exists', async () => {
    const res = await get(base, '/data/plugins_listing');
    expect(res.headers['content-type']).toBe('application/json');
    const listing = res.json<Record<string, { enabled: boolean; disable_reload: boolean }>>();
    expect(Object.keys(listing)).toEqual(['scalars', 'images', 'audio', 'graphs', 'distributions', 'histograms', 'text', 'hparams']);
    expect(listing.scalars!.enabled && listing.images!.enabled && listing.graphs!.enabled && listing.histograms!.enabled && listing.hparams!.enabled).toBe(true);
    expect(listing.audio!.enabled).toBe(false);
    expect(listing.text!.enabled).toBe(false);
    expect(listing.graphs!.disable_reload).toBe(true);
  });

  it('environment and logdir name the data location', async () => {
    const env = (await get(base, '/data/environment')).json<{ data_location: string; version: string }>();
    expect(env.data_location).toContain(fixturePath('events'));
    expect((await get(base, '/data/logdir')).json<{ logdir: string }>().logdir).toBe(env.data_location);
  });

  it('answers unknown paths 404 Not found, text/plain', async () => {
    const res = await get(base, '/data/nothing');
    expect(res.status).toBe(404);
    expect(res.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(res.text).toBe('Not found');
  });
});

describe('scalars', () => {
  const strict = fileOf('pytorch-tensorboard-reducer/strict/run_1');
  const run = runOf(strict.file);

  it('gives every point of a series with its step range', async () => {
    const data = (await get(base, `/data/plugin/scalars/scalars?${q({ run, tag: 'strict/foo' })}`)).json<Array<[number, number, number]>>();
    expect(data).toHaveLength(strict.tags['strict/foo']!.count);
    expect(data[0]![1]).toBe(strict.step_range[0]);
    expect(data.at(-1)![1]).toBe(strict.step_range[1]);
    expect(data.every((r) => r.length === 3 && typeof r[2] === 'number')).toBe(true);
  });

  it('lists tags per run', async () => {
    const tags = (await get(base, '/data/plugin/scalars/tags')).json<Record<string, Record<string, { displayName: string; description: string }>>>();
    for (const t of ['epoch_loss', 'epoch_accuracy']) expect(tags['events/tf2-keras-callback-scalars-histos/validation']![t]).toBeDefined();
    const lingvo = fileOf('tf1-lingvo/');
    expect(Object.keys(tags['events/tf1-lingvo']!).sort()).toEqual(Object.keys(lingvo.tags).sort());
  });

  it('gives CSV with CRLF lines', async () => {
    const res = await get(base, `/data/plugin/scalars/scalars?${q({ run, tag: 'strict/foo', format: 'csv' })}`);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    const lines = res.text.split('\r\n');
    expect(lines[0]).toBe('Wall time,Step,Value');
    expect(lines).toHaveLength(strict.tags['strict/foo']!.count + 2);
  });

  it('answers 400 without a tag and 404 for an unknown one', async () => {
    const a = await get(base, `/data/plugin/scalars/scalars?${q({ run })}`);
    expect([a.status, a.text]).toEqual([400, `Invalid argument: Both run and tag must be specified: tag=None, run='${run}'`]);
    const b = await get(base, `/data/plugin/scalars/scalars?${q({ run, tag: 'nope' })}`);
    expect([b.status, b.text]).toEqual([404, `Not found: No scalar data for run='${run}', tag='nope'`]);
  });

  it('answers scalars_multirun POSTs', async () => {
    const body = new URLSearchParams([['tag', 'strict/foo'], ['runs', run], ['runs', 'events/tf1-lingvo']]).toString();
    const res = await rawRequest(base, '/data/plugin/scalars/scalars_multirun', { method: 'POST', body, headers: { 'Content-Type': 'application/x-www-form-urlencoded' } });
    const out = res.json<Record<string, unknown[]>>();
    expect(Object.keys(out)).toEqual([run]);
  });
});

describe('histograms and distributions', () => {
  const mnist = fileOf('tf1-2016-shekkizh/MNIST_logs/run2');
  const run = runOf(mnist.file);
  const tag = Object.entries(mnist.tags).find(([, v]) => v.kinds.histo)![0];

  it('downsamples histograms to 51 points of [left, right, count] buckets', async () => {
    const data = (await get(base, `/data/plugin/histograms/histograms?${q({ run, tag })}`)).json<Array<[number, number, number[][]]>>();
    expect(data).toHaveLength(Math.min(51, mnist.tags[tag]!.count));
    expect(data.at(-1)![1]).toBe(mnist.step_range[1]);
    const buckets = data[0]![2];
    expect(buckets.length).toBeGreaterThan(0);
    for (const b of buckets) expect(b[0]!).toBeLessThanOrEqual(b[1]!);
  });

  it('gives distributions at the 9 basis points, non-decreasing from min to max', async () => {
    const data = (await get(base, `/data/plugin/distributions/distributions?${q({ run, tag })}`)).json<Array<[number, number, Array<[number, number]>]>>();
    expect(data).toHaveLength(mnist.tags[tag]!.count);
    const bps = data[0]![2];
    expect(bps.map((b) => b[0])).toEqual([0, 668, 1587, 3085, 5000, 6915, 8413, 9332, 10000]);
    for (let i = 1; i < bps.length; i++) expect(bps[i]![1]).toBeGreaterThanOrEqual(bps[i - 1]![1]);
  });

  it('404s an unknown histogram tag', async () => {
    const res = await get(base, `/data/plugin/histograms/histograms?${q({ run, tag: 'x' })}`);
    expect([res.status, res.text]).toEqual([404, `Not found: No histogram tag 'x' for run '${run}'`]);
  });
});

describe('images', () => {
  const run = 'events/tf2-keras-images/train_data_20200409-142246';

  it('lists samples and serves each image as a real PNG', async () => {
    const tags = (await get(base, '/data/plugin/images/tags')).json<Record<string, Record<string, { samples: number }>>>();
    expect(tags[run]!['Training data']!.samples).toBe(25);
    const list = (await get(base, `/data/plugin/images/images?${q({ run, tag: 'Training data', sample: 3 })}`)).json<Array<{ step: number; query: string }>>();
    expect(list.length).toBeGreaterThan(0);
    const img = await get(base, `/experiment/defaultExperimentId/data/plugin/images/individualImage?${list[0]!.query}`);
    expect(img.status).toBe(200);
    expect(img.headers['content-type']).toBe('image/png');
    expect([...img.body.subarray(0, 8)]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  });

  it('refuses a missing or forged blob key', async () => {
    expect((await get(base, '/data/plugin/images/individualImage')).status).toBe(400);
    expect((await get(base, '/data/plugin/images/individualImage?blob_key=!!!')).status).toBe(400);
    const forged = Buffer.from(JSON.stringify(['', 'images', '../../etc', 'passwd', 0, 2])).toString('base64url');
    expect((await get(base, `/data/plugin/images/individualImage?blob_key=${forged}`)).status).toBe(404);
  });
});

describe('hparams', () => {
  it('gives the experiment of tf2-hparams', async () => {
    const e = (await get(base, '/data/plugin/hparams/experiment')).json<{ hparamInfos: Array<{ name: string; type: string }>; metricInfos: Array<{ name: { tag: string } }> }>();
    expect(e.hparamInfos.map((h) => h.name).sort()).toEqual(['dropout', 'num_units', 'optimizer']);
    expect(e.metricInfos.map((m) => m.name.tag)).toContain('accuracy');
  });

  it('gives one session group per session run, with its accuracy', async () => {
    const sessions = manifest.files.filter((f) => f.tags['_hparams_/session_start_info']);
    const body = JSON.stringify({ experimentName: '', allowedStatuses: ['STATUS_UNKNOWN', 'STATUS_SUCCESS', 'STATUS_FAILURE', 'STATUS_RUNNING'], sliceSize: 1e6, includeMetrics: false });
    const res = await rawRequest(base, '/experiment/defaultExperimentId/data/plugin/hparams/session_groups', { method: 'POST', body });
    const out = res.json<{ totalSize: number; sessionGroups: Array<{ hparams: Record<string, unknown>; metricValues: Array<{ name: { tag: string }; value: number }> }> }>();
    expect(out.totalSize).toBe(sessions.length);
    for (const g of out.sessionGroups) {
      expect(Object.keys(g.hparams).sort()).toEqual(['dropout', 'num_units', 'optimizer']);
      expect(g.metricValues.find((m) => m.name.tag === 'accuracy')!.value).toBeGreaterThan(0);
    }
    // Pages: a negative start is the first page, not the end of the list.
    const page = async (startIndex: number, sliceSize: number) =>
      (await rawRequest(base, '/data/plugin/hparams/session_groups', { method: 'POST', body: JSON.stringify({ allowedStatuses: [], startIndex, sliceSize }) })).json<{ sessionGroups: Array<{ name: string }> }>().sessionGroups;
    const first = await page(0, 2);
    expect(first).toHaveLength(2);
    expect(await page(-1, 2)).toEqual(first);
    expect(await page(1, -3)).toEqual([]);
  });
});

describe('graphs', () => {
  it('lists run graphs, Keras models and run metadata', async () => {
    const info = (await get(base, '/data/plugin/graphs/info')).json<Record<string, { run_graph: boolean; tags: Record<string, Record<string, boolean>> }>>();
    expect(info['graphs/criteo_tf_tile']!.run_graph).toBe(true);
    const train = info['events/tf2-keras-callback-scalars-histos/train']!;
    expect(train.tags.keras).toMatchObject({ conceptual_graph: true, op_graph: false });
    expect(train.tags.batch_2).toMatchObject({ op_graph: true, profile: true });
  });

  it('serves the GraphDef as TensorBoard does, in protobuf text, or binary with format=binary; both are the event file graph', async () => {
    const file = fixturePath('graphs', 'logdir', 'criteo_tf_tile', 'events.out.tfevents.1560536407.C02TJ0GKGTDY');
    const direct = loadGraph(readFileSync(file), { eventReader: eventGraphReader, limitAttrSize: null });
    const res = await get(base, `/data/plugin/graphs/graph?${q({ run: 'graphs/criteo_tf_tile', format: 'binary' })}`, { 'Accept-Encoding': 'gzip' });
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(res.headers['content-type']).toBe('application/x-protobuf');
    const served = loadGraph(new Uint8Array(res.body), { limitAttrSize: null });
    expect(served.graph.node.length).toBeGreaterThan(100);
    expect(served.graph.node.length).toBe(direct.graph.node.length);
    // A script written for TensorBoard reads text: parsed, it is the same graph.
    const text = await get(base, `/data/plugin/graphs/graph?${q({ run: 'graphs/criteo_tf_tile' })}`);
    expect(text.headers['content-type']).toBe('text/x-protobuf; charset=utf-8');
    const parsed = parsePbtxt<{ node: Array<{ name: string }> }>(new Uint8Array(text.body), 'tensorflow.GraphDef');
    expect(parsed.node.map((n) => n.name)).toEqual(direct.graph.node.map((n) => n.name));
  });

  it('serves the Keras model config (conceptual graph), a tag’s op graph and its run metadata', async () => {
    const run = 'events/tf2-keras-callback-scalars-histos/train';
    const keras = await get(base, `/data/plugin/graphs/graph?${q({ run, tag: 'keras', conceptual: 'true', format: 'binary' })}`);
    expect(keras.headers['x-tbg-graph-format']).toBe('keras_conceptual_graph');
    // The conceptual graph, one node per layer: a GraphDef whose ops are Keras layer classes.
    const conceptual = tensorflow.GraphDef.decode(new Uint8Array(keras.body));
    expect(conceptual.node.length).toBeGreaterThan(2);
    for (const n of conceptual.node) expect(n.attr.keras_class, n.name).toBeDefined();
    expect(conceptual.node.some((n) => n.input.length > 0)).toBe(true);
    // This RunMetadata holds statistics only: an empty GraphDef, still a valid one.
    const stats = await get(base, `/data/plugin/graphs/graph?${q({ run, tag: 'batch_2', format: 'binary' })}`);
    expect([stats.status, tensorflow.GraphDef.decode(stats.body).node.length]).toEqual([200, 0]);
    const rm = await get(base, `/data/plugin/graphs/run_metadata?${q({ run, tag: 'batch_2', format: 'binary' })}`);
    // This fixture's RunMetadata is empty (0 bytes): served as it is; as text, an empty message too.
    expect([rm.status, rm.body.length]).toEqual([200, 0]);
    const rmText = await get(base, `/data/plugin/graphs/run_metadata?${q({ run, tag: 'batch_2' })}`);
    expect([rmText.status, rmText.headers['content-type'], rmText.body.length]).toEqual([200, 'text/x-protobuf; charset=utf-8', 0]);
  });

  it('answers 400 without a run and 404 for an unknown one', async () => {
    expect((await get(base, '/data/plugin/graphs/graph')).status).toBe(400);
    expect((await get(base, '/data/plugin/graphs/graph?run=nope')).status).toBe(404);
    expect((await get(base, `/data/plugin/graphs/graph?${q({ run: 'graphs/criteo_tf_tile', limit_attr_size: 'x' })}`)).status).toBe(400);
  });
});
