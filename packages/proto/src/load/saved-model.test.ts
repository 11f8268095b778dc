/** Choosing among the meta graphs of a SavedModel that has more than one. */
import { describe, expect, it } from 'vitest';
import { tensorflow } from '../gen/tf.js';
import { GraphFormatError } from '../errors.js';
import { printPbtxt } from '../pbtxt/print.js';
import { loadColumnarGraph, loadGraph, type LoadGraphOptions } from './load-graph.js';

const serveGraph = new tensorflow.GraphDef({
  node: [
    new tensorflow.NodeDef({ name: 'serve/input', op: 'Placeholder' }),
    new tensorflow.NodeDef({ name: 'serve/output', op: 'Identity', input: ['serve/input'] }),
  ],
  versions: new tensorflow.VersionDef({ producer: 1205 }),
});

const trainGraph = new tensorflow.GraphDef({
  node: [
    new tensorflow.NodeDef({ name: 'train/x', op: 'Placeholder' }),
    new tensorflow.NodeDef({ name: 'train/w', op: 'VariableV2', device: '/device:GPU:0' }),
    new tensorflow.NodeDef({ name: 'train/y', op: 'MatMul', input: ['train/x', 'train/w'] }),
    new tensorflow.NodeDef({ name: 'train/step', op: 'ApplyGradientDescent', input: ['train/w', '^train/y'] }),
  ],
  versions: new tensorflow.VersionDef({ producer: 1205 }),
});

const signature = (name: string) =>
  new tensorflow.SignatureDef({ method_name: 'tensorflow/serving/predict', inputs: { x: new tensorflow.TensorInfo({ name: `${name}:0` }) } });

const savedModel = new tensorflow.SavedModel({
  saved_model_schema_version: 1,
  meta_graphs: [
    new tensorflow.MetaGraphDef({
      meta_info_def: new tensorflow.MetaGraphDef.MetaInfoDef({ tags: ['serve'], tensorflow_version: '2.15.0' }),
      graph_def: serveGraph,
      signature_def: { serving_default: signature('serve/input'), predict: signature('serve/input') },
    }),
    new tensorflow.MetaGraphDef({
      meta_info_def: new tensorflow.MetaGraphDef.MetaInfoDef({ tags: ['train', 'gpu'], tensorflow_version: '2.14.1' }),
      graph_def: trainGraph,
    }),
  ],
});

const binary = tensorflow.SavedModel.encode(savedModel).finish();
const text = new TextEncoder().encode(printPbtxt(savedModel, 'tensorflow.SavedModel'));
const NAME = 'two_meta_graphs/saved_model.pb';

const serveNames = serveGraph.node.map((n) => n.name);
const trainNames = trainGraph.node.map((n) => n.name);

const EXPECTED_INFO = [
  { index: 0, tags: ['serve'], signatures: ['predict', 'serving_default'], tensorflowVersion: '2.15.0' },
  { index: 1, tags: ['train', 'gpu'], signatures: [], tensorflowVersion: '2.14.1' },
];

/** Loads both ways and checks that they chose the same meta graph; returns the node names and the source. */
function load(bytes: Uint8Array, options: LoadGraphOptions = {}) {
  const full = loadGraph(bytes, { name: NAME, ...options });
  const columnar = loadColumnarGraph(bytes, { name: NAME, ...options });
  expect(columnar.metaGraphIndex).toBe(full.metaGraphIndex);
  expect(columnar.metaGraphInfo).toEqual(full.metaGraphInfo);
  expect(columnar.warnings).toEqual(full.warnings);
  expect(columnar.columnar.nodes.names).toEqual(full.graph.node.map((n) => n.name));
  return { full, columnar, names: full.graph.node.map((n) => n.name) };
}

function loadError(bytes: Uint8Array, options: LoadGraphOptions): GraphFormatError[] {
  const errors: GraphFormatError[] = [];
  for (const loader of [loadGraph, loadColumnarGraph]) {
    try {
      loader(bytes, { name: NAME, ...options });
      throw new Error(`${loader.name} accepted ${JSON.stringify(options)}`);
    } catch (e) {
      expect(e).toBeInstanceOf(GraphFormatError);
      const err = e as GraphFormatError;
      expect(err.format).toBe('SavedModel');
      expect(err.path).toBe('SavedModel.meta_graphs');
      expect(err.file).toBe(NAME);
      errors.push(err);
    }
  }
  return errors;
}

describe('a SavedModel with two meta graphs', () => {
  for (const [encoding, bytes] of [
    ['binary', binary],
    ['text', text],
  ] as const) {
    describe(encoding, () => {
      it('shows the first meta graph by default, with a warning that names the others', () => {
        const { full, names } = load(bytes);
        expect(full.kind).toBe('savedmodel');
        expect(full.encoding).toBe(encoding);
        expect(full.metaGraphIndex).toBe(0);
        expect(names).toEqual(serveNames);
        expect(full.warnings).toEqual(['the SavedModel has 2 meta graphs; showing #0 (tags: serve); choose another with the metaGraph option']);
      });

      it('lists every meta graph in metaGraphInfo and metaGraphs, without their graphs', () => {
        const { full } = load(bytes, { metaGraph: 1 });
        expect(full.metaGraphInfo).toEqual(EXPECTED_INFO);
        expect(full.metaGraphs).toHaveLength(2);
        expect(full.metaGraphs!.map((m) => m.graph_def)).toEqual([null, null]);
        expect(full.metaGraphs!.map((m) => [...m.meta_info_def!.tags])).toEqual([['serve'], ['train', 'gpu']]);
        expect(Object.keys(full.metaGraphs![0]!.signature_def).sort()).toEqual(['predict', 'serving_default']);
        expect(full.metaGraphs![0]!.signature_def.serving_default!.inputs.x!.name).toBe('serve/input:0');
      });

      it('selects by index', () => {
        const first = load(bytes, { metaGraph: 0 });
        expect([first.full.metaGraphIndex, first.names]).toEqual([0, serveNames]);
        const second = load(bytes, { metaGraph: 1 });
        expect([second.full.metaGraphIndex, second.names]).toEqual([1, trainNames]);
        // The chosen graph comes whole: devices and inputs of the second graph, not the first.
        expect(tensorflow.GraphDef.toObject(second.full.graph, { longs: String })).toEqual(tensorflow.GraphDef.toObject(trainGraph, { longs: String }));
        // An explicit choice needs no warning.
        expect(first.full.warnings).toEqual([]);
        expect(second.full.warnings).toEqual([]);
      });

      it('selects by tag, any of the tags of a meta graph', () => {
        for (const [tag, index, names] of [
          ['serve', 0, serveNames],
          ['train', 1, trainNames],
          ['gpu', 1, trainNames],
        ] as const) {
          const r = load(bytes, { metaGraph: tag });
          expect([tag, r.full.metaGraphIndex, r.names]).toEqual([tag, index, names]);
          expect(r.full.metaGraphInfo).toEqual(EXPECTED_INFO);
          expect(r.full.warnings).toEqual([]);
        }
      });

      it('rejects an unknown tag with a GraphFormatError that lists the tags', () => {
        for (const err of loadError(bytes, { metaGraph: 'eval' })) {
          expect(err.reason).toBe('no meta graph has the tag "eval" (tags: serve, train+gpu)');
          expect(err.message).toContain(NAME);
        }
        // Tags match whole, not by prefix or case.
        loadError(bytes, { metaGraph: 'serv' });
        loadError(bytes, { metaGraph: 'SERVE' });
        loadError(bytes, { metaGraph: '' });
      });

      it('rejects an index out of range with a GraphFormatError', () => {
        for (const err of loadError(bytes, { metaGraph: 2 })) expect(err.reason).toBe('there is no meta graph #2 (it has 2)');
        for (const bad of [-1, 1.5, Number.NaN, Number.POSITIVE_INFINITY]) {
          for (const err of loadError(bytes, { metaGraph: bad })) expect(err.reason).toBe(`there is no meta graph #${bad} (it has 2)`);
        }
      });
    });
  }

  it('gives the selected meta graph its own GraphDef bytes', () => {
    expect(Buffer.compare(loadGraph(binary, { metaGraph: 'train' }).graphBytes, tensorflow.GraphDef.encode(trainGraph).finish())).toBe(0);
    expect(Buffer.compare(loadGraph(binary).graphBytes, tensorflow.GraphDef.encode(serveGraph).finish())).toBe(0);
  });

  it('rejects a SavedModel without meta graphs, whatever is asked for', () => {
    const empty = tensorflow.SavedModel.encode(new tensorflow.SavedModel({ saved_model_schema_version: 1 })).finish();
    for (const metaGraph of [undefined, 0, 'serve']) {
      for (const err of loadError(empty, metaGraph === undefined ? {} : { metaGraph })) expect(err.reason).toBe('the SavedModel has no meta graphs');
    }
  });
});
