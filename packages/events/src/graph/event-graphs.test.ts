import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { fixturePath, sourcesTable } from '@tbg/testkit';
import { GraphFormatError, tensorflow } from '@tbg/proto';
import { encodeRecords } from '../record/frame.js';
import { readEventsSync } from '../read-events.js';
import { listEventGraphs, loadColumnarGraphFromEvents, loadGraphFromEvents } from './event-graphs.js';

const read = (...p: string[]) => new Uint8Array(readFileSync(fixturePath(...p)));
const CRITEO = ['graphs', 'logdir', 'criteo_tf_tile', 'events.out.tfevents.1560536407.C02TJ0GKGTDY'];
const ZHACMSRA = ['graphs', 'logdir', 'zhacmsra_fc_quant', 'events.out.tfevents.1508491915.MININT-73Q9MFO'];

describe('graphs in event files', () => {
  it('the zhacmsra file gives its GraphDef (the graph_def event, not the meta graph)', () => {
    const rows = sourcesTable(fixturePath('graphs', 'SOURCES.md'));
    const want = rows.find((r) => r.file.startsWith('logdir/zhacmsra'))!.nodes;
    const loaded = loadGraphFromEvents(read(...ZHACMSRA), { name: 'zhacmsra' });
    expect(loaded.kind).toBe('events');
    expect(loaded.graph.node.length).toBe(want);
    expect(loaded.eventTag).toBe('__run_graph__');
    expect(loaded.eventTags!.map((t) => t.kind)).toEqual(['graph_def', 'meta_graph_def']);
  });

  it('criteo has two graph events and the last wins, as in TensorBoard', () => {
    const bytes = read(...CRITEO);
    const graphs = readEventsSync(bytes).records.filter((r) => r.event.what === 'graph_def');
    expect(graphs).toHaveLength(2);
    const counts = graphs.map((r) => tensorflow.GraphDef.decode(r.event.graph_def!).node.length);
    expect(counts[0]).not.toBe(counts[1]);
    const loaded = loadGraphFromEvents(bytes, { name: 'criteo' });
    expect(loaded.graph.node.length).toBe(counts[1]);
    expect(new Set(counts)).toEqual(new Set([1365, 1474]));
    expect(loaded.warnings.some((w) => /2 graph_def entries; showing the last/.test(w))).toBe(true);
    expect(loaded.eventTags!.filter((t) => t.kind === 'meta_graph_def')).toHaveLength(2);
    // The columnar path takes the same graph.
    expect(loadColumnarGraphFromEvents(bytes).columnar.nodes.count).toBe(counts[1]);
  });

  it('falls back to a meta_graph_def when there is no graph_def (TensorBoard shows nothing)', () => {
    const meta = read('graphs', 'tf2onnx_regression_model.meta');
    const bytes = encodeRecords([
      tensorflow.Event.encode(new tensorflow.Event({ wall_time: 1, file_version: 'brain.Event:2' })).finish(),
      tensorflow.Event.encode(new tensorflow.Event({ wall_time: 2, meta_graph_def: meta })).finish(),
    ]);
    const loaded = loadGraphFromEvents(bytes);
    expect(loaded.graph.node.length).toBe(128);
    expect(loaded.metaGraphInfo![0]!.tensorflowVersion).toBe('1.11.0');
    expect(loaded.warnings.join(' ')).toMatch(/meta_graph_def/);
  });

  it("a run-metadata tag with statistics but no graph shows the run's graph (its meta graph here), the statistics kept", () => {
    const meta = read('graphs', 'tf2onnx_regression_model.meta');
    const rm = new tensorflow.RunMetadata({
      step_stats: { dev_stats: [{ device: '/job:localhost/replica:0/task:0/device:CPU:0', node_stats: [{ node_name: 'add', all_start_micros: 10, op_end_rel_micros: 5 }, { node_name: 'mul', all_start_micros: 20, op_end_rel_micros: 7 }] }] },
    });
    const bytes = encodeRecords([
      tensorflow.Event.encode(new tensorflow.Event({ wall_time: 1, file_version: 'brain.Event:2' })).finish(),
      tensorflow.Event.encode(new tensorflow.Event({ wall_time: 2, meta_graph_def: meta })).finish(),
      tensorflow.Event.encode(new tensorflow.Event({ wall_time: 3, step: 5, tagged_run_metadata: { tag: 'step5', run_metadata: tensorflow.RunMetadata.encode(rm).finish() } })).finish(),
    ]);
    const loaded = loadGraphFromEvents(bytes, { tag: 'step5' });
    expect(loaded.eventTag).toBe('step5');
    expect(loaded.graph.node.length).toBe(128);
    expect(loaded.metaGraphInfo![0]!.tensorflowVersion).toBe('1.11.0');
    expect(loaded.runMetadata!.step_stats!.dev_stats[0]!.node_stats).toHaveLength(2);
    expect(loaded.warnings).toEqual(['tag "step5" holds run statistics (2 op executions) and no graph: showing the run\'s graph (tag "__run_meta_graph__")']);
  });

  it('lists run metadata and Keras tags, and loads the one asked for', () => {
    const keras = read('events', 'tf2-keras-callback-scalars-histos', 'train', 'events.out.tfevents.1585231889.LEMON.12072.235.v2');
    const { entries } = listEventGraphs(keras);
    expect(entries.map((e) => [e.tag, e.kind, e.payload.length > 0])).toEqual([
      ['__run_graph__', 'graph_def', true],
      ['keras', 'keras_model', true],
      ['batch_2', 'run_metadata', false],
    ]);
    expect(loadGraphFromEvents(keras).graph.node.length).toBeGreaterThan(0);
    const k = loadGraphFromEvents(keras, { tag: 'keras' });
    expect(k.kind).toBe('events');
    expect(k.keras!.className).toMatch(/Sequential|Model|Functional/);
    // This file has an op graph too: the note points to it instead of denying it.
    expect(k.warnings.join(' ')).toMatch(/conceptual graph, one node per layer \(the op graph, where the file has one, is its graph entry\)/);
    // A run-metadata tag without a graph shows the run's graph, as TensorBoard does; said so, without claiming statistics.
    const empty = loadGraphFromEvents(keras, { tag: 'batch_2' });
    expect(empty.eventTag).toBe('batch_2');
    expect(empty.graph.node.length).toBe(loadGraphFromEvents(keras).graph.node.length);
    expect(empty.warnings).toEqual(['the entry "batch_2" is empty', 'tag "batch_2" holds no statistics and no graph: showing the run\'s graph (tag "__run_graph__")']);
    expect(() => loadGraphFromEvents(keras, { tag: 'nope' })).toThrow(/no graph or run metadata with tag "nope" \(tags: __run_graph__, keras, batch_2\)/);

    const pt = read('events', 'pytorch-tutorial-fashion-mnist', 'fashion_mnist_experiment_1', 'events.out.tfevents.1655100151.ziorathe.8535.0');
    const step1 = loadGraphFromEvents(pt, { tag: 'step1' });
    expect(step1.runMetadata!.step_stats!.dev_stats[0]!.device).toBe('/device:CPU:0');
    expect(loadGraphFromEvents(pt).graph.node.length).toBeGreaterThan(0);
    // PyTorch's add_graph writes a device with no timed op: no statistics, and the run's graph shown.
    expect(step1.graph.node.length).toBe(loadGraphFromEvents(pt).graph.node.length);
    expect(step1.warnings.filter((w) => /step1/.test(w))).toEqual(['tag "step1" holds no statistics and no graph: showing the run\'s graph (tag "__run_graph__")']);
  });

  it('says so when a file has no graph', () => {
    const scalars = read('events', 'pytorch-tensorboard-reducer', 'strict', 'run_1', 'events.out.tfevents.1622543341.janoshs-mbp.lan.86862.0');
    expect(() => loadGraphFromEvents(scalars, { name: 'run_1' })).toThrow(GraphFormatError);
    expect(() => loadGraphFromEvents(scalars, { name: 'run_1' })).toThrow(/holds no graph/);
  });
});
