import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { decodeColumnar, loadColumnarGraph, tensorflow } from '@tbg/proto';
import { fixturePath } from '@tbg/testkit';
import { HierarchyError } from '../errors.js';
import { buildSlimGraph } from '../graph/slim-graph.js';
import { buildHierarchy } from '../hierarchy/build.js';
import type { Hierarchy } from '../hierarchy/types.js';
import { GraphSearch, type SearchMatch } from './search.js';

function fixture(file: string): Hierarchy {
  return buildHierarchy(buildSlimGraph(loadColumnarGraph(new Uint8Array(readFileSync(fixturePath('graphs', file)))).columnar));
}
const xla = fixture('tb_demo_xla_118.pbtxt');
const tiny = fixture('tb_app_demo_tiny.pbtxt');
const agent = fixture('scalable_agent_impala_2124.pbtxt');
const lstm = fixture('tf2onnx_lstm_frozen.pb');

const names = (ms: SearchMatch[]) => ms.map((m) => m.name);

describe('GraphSearch: fields', () => {
  it('finds ops by op type (^MatMul$)', () => {
    const s = new GraphSearch(xla);
    const r = s.search('^MatMul$', { fields: ['op'] });
    const g = xla.graph;
    const expected = xla.names.filter((_, i) => g.ops[g.op[i]!] === 'MatMul').sort();
    expect(r.total).toBe(expected.length);
    expect(r.total).toBeGreaterThanOrEqual(4);
    expect(names(r.matches).sort()).toEqual(expected);
    for (const m of r.matches) {
      expect(m).toMatchObject({ kind: 'op', field: 'op', matched: 'MatMul', score: 3 });
      expect(xla.names[m.ref]).toBe(m.name);
    }
  });

  it('finds ops and embeddings by device substring', () => {
    const s = new GraphSearch(agent);
    const g = agent.graph;
    const r = s.search('device:CPU:0', { fields: ['device'], limit: 1000 });
    const ops = agent.names.filter((_, i) => g.devices[g.device[i]!]!.includes('device:CPU:0')).length;
    let embs = 0;
    for (let e = 0; e < g.embeddings.count; e++) if (g.devices[g.embeddings.device[e]!]!.includes('device:CPU:0')) embs++;
    expect(r.total).toBe(ops + embs);
    expect(r.total).toBeGreaterThan(0);
    for (const m of r.matches) {
      expect(m.field).toBe('device');
      expect(m.matched).toBe('/job:learner/task:0/device:CPU:0');
    }
    // A regex on the device: the wildcard devices.
    const gpu = s.search('GPU:\\*$', { fields: ['device'], limit: 5 });
    expect(gpu.total).toBeGreaterThan(1000);
    expect(gpu.matches.every((m) => m.matched === '/job:learner/task:0/device:GPU:*')).toBe(true);
  });

  it('does not search `_output_shapes` (the card shows shapes on inputs and outputs, not as an attribute)', () => {
    const s = new GraphSearch(agent);
    expect(s.search('_output_shapes', { fields: ['attr'] }).total).toBe(0);
    // What a node's shapes and another attribute both hold: the row names the other attribute.
    expect(new GraphSearch(xla).search('784', { fields: ['attr'] }).matches.map((m) => m.matched)).toEqual(['shape: [784,100]']);
  });

  it('finds nodes by attribute key, value and `key: value`', () => {
    const s = new GraphSearch(tiny);
    expect(s.attrIndex).toBeNull();
    const r = s.search('DT_INT32', { fields: ['attr'] });
    // Every node has an int32 attr: the 5 ops and the 3 Const embeddings.
    expect(r.total).toBe(8);
    expect(r.matches.filter((m) => m.kind === 'embedding')).toHaveLength(3);
    expect(r.matches.every((m) => m.field === 'attr' && m.score === 1)).toBe(true);
    expect(r.matches.find((m) => m.name === 'answer')!.matched).toBe('T: DT_INT32');
    expect(r.matches.find((m) => m.name === 'life')!.matched).toBe('dtype: DT_INT32');
    expect(s.attrIndex!.bytes).toBeGreaterThan(0);
    // Values: strings are quoted, tensors show dtype, shape and (small ones) values.
    expect(names(s.search('^"cluster_1"$', { fields: ['attr'] }).matches).sort()).toEqual(['0/1/Add', 'answer']);
    expect(names(s.search('_XlaCluster: "cluster_2"', { fields: ['attr'] }).matches)).toEqual(['1/Add']);
    expect(s.search('DT_INT32 \\[\\] 40', { fields: ['attr'] }).matches.map((m) => [m.name, m.matched])).toEqual([['universe', 'value: DT_INT32 [] 40']]);
    // By key only.
    expect(s.search('^_XlaCluster$', { fields: ['attr'] }).total).toBe(5);
    expect(s.search('nothing-like-this', { fields: ['attr'] }).total).toBe(0);
  });

  it('finds data_format: "NHWC" on a real graph', () => {
    const s = new GraphSearch(agent);
    const r = s.search('data_format: "NHWC"', { fields: ['attr'], limit: 500 });
    expect(r.total).toBeGreaterThan(0);
    const g = agent.graph;
    for (const m of r.matches) {
      expect(m.matched).toBe('data_format: "NHWC"');
      expect(m.kind).toBe('op');
      expect(['Conv2D', 'BiasAdd', 'MaxPool', 'Conv2DBackpropInput', 'Conv2DBackpropFilter', 'BiasAddGrad', 'MaxPoolGrad', 'FusedBatchNorm']).toContain(g.ops[g.op[m.ref]!]);
    }
  });

  it('finds groups by name, with their kind', () => {
    const s = new GraphSearch(xla);
    const r = s.search('^gradients$');
    expect(r.matches[0]).toMatchObject({ name: 'gradients', kind: 'meta', field: 'name', score: 8, parents: [] });
    expect(r.matches[0]!.ref).toBe(xla.n + xla.groupByName.get('gradients')!);
    const series = new GraphSearch(lstm).search('Sigmoid_\\[');
    expect(series.total).toBe(1);
    expect(series.matches[0]).toMatchObject({ name: 'model/rnn/basic_lstm_cell/Sigmoid_[1-83]', kind: 'series', parents: ['model', 'model/rnn', 'model/rnn/basic_lstm_cell'] });
  });

  it('finds embeddings by name and points at their op', () => {
    const s = new GraphSearch(tiny);
    const r = s.search('^universe$');
    expect(r.total).toBe(1);
    const m = r.matches[0]!;
    expect(m.kind).toBe('embedding');
    expect(tiny.graph.embeddings.names[m.embedding!]).toBe('universe');
    expect(tiny.names[m.ref]).toBe('0/0/Add');
    expect(m.parents).toEqual(['0', '0/0']);
  });
});

describe('GraphSearch: ranking and options', () => {
  const bytes = tensorflow.GraphDef.encode({
    node: [
      { name: 'relu', op: 'NoOp' },
      { name: 'a/relu', op: 'NoOp' },
      { name: 'a/relu_1', op: 'NoOp' },
      { name: 'a/my_relu', op: 'NoOp' },
      { name: 'relu_scope/x', op: 'NoOp' },
      { name: 'b/y', op: 'Relu' },
      { name: 'c/z', op: 'NoOp', device: '/device:RELU:0' },
      { name: 'd/w', op: 'NoOp', attr: { activation: { s: new TextEncoder().encode('relu') } } },
      { name: 'e/zz', op: 'Relu' },
      { name: 'e/aa', op: 'Relu' },
    ],
  }).finish();
  const h = buildHierarchy(buildSlimGraph(decodeColumnar(bytes)));
  const s = new GraphSearch(h);

  it('ranks name matches above op, device and attribute matches; ties by length then name', () => {
    const r = s.search('relu');
    expect(r.matches.map((m) => [m.name, m.field, m.score])).toEqual([
      ['relu', 'name', 8],
      ['a/relu', 'name', 7],
      ['a/relu_1', 'name', 6],
      ['relu_scope', 'name', 6],
      ['a/my_relu', 'name', 5],
      ['relu_scope/x', 'name', 4],
      ['b/y', 'op', 3],
      ['e/aa', 'op', 3],
      ['e/zz', 'op', 3],
      ['c/z', 'device', 2],
      ['d/w', 'attr', 1],
    ]);
    expect(r.total).toBe(11);
    expect(r.matches.find((m) => m.name === 'd/w')!.matched).toBe('activation: "relu"');
    expect(r.matches.find((m) => m.name === 'c/z')!.matched).toBe('/device:RELU:0');
  });

  it('is deterministic and respects the limit', () => {
    const all = s.search('relu');
    const again = s.search('relu');
    expect(again.matches).toEqual(all.matches);
    const two = s.search('relu', { limit: 2 });
    expect(two.total).toBe(all.total);
    expect(two.matches).toEqual(all.matches.slice(0, 2));
    const none = s.search('relu', { limit: 0 });
    expect(none.matches).toEqual([]);
    expect(none.total).toBe(all.total);
    // A limit smaller than the matches picks the best ones, as a full sort would.
    for (let k = 1; k <= all.total; k++) expect(s.search('relu', { limit: k }).matches).toEqual(all.matches.slice(0, k));
  });

  it('restricts to the given fields', () => {
    expect(names(s.search('relu', { fields: ['op'] }).matches)).toEqual(['b/y', 'e/aa', 'e/zz']);
    expect(names(s.search('relu', { fields: ['device', 'attr'] }).matches)).toEqual(['c/z', 'd/w']);
  });

  it('is case-insensitive by default', () => {
    expect(s.search('RELU', { fields: ['name'] }).total).toBe(6);
    expect(s.search('RELU', { fields: ['name'], caseSensitive: true }).total).toBe(0);
    expect(s.search('Relu', { fields: ['op'], caseSensitive: true }).total).toBe(3);
    // A RegExp keeps its own flags unless caseSensitive is given.
    expect(s.search(/RELU/, { fields: ['name'] }).total).toBe(0);
    expect(s.search(/RELU/i, { fields: ['name'] }).total).toBe(6);
    expect(s.search(/RELU/, { fields: ['name'], caseSensitive: false }).total).toBe(6);
    expect(s.search(/relu/gi, { fields: ['name'], caseSensitive: true }).total).toBe(6);
  });

  it('applies anchors to the leaf name too', () => {
    // `^relu` matches top-level names, and every leaf that starts with relu.
    expect(names(s.search('^relu', { fields: ['name'] }).matches)).toEqual(['relu', 'a/relu', 'a/relu_1', 'relu_scope', 'relu_scope/x']);
    expect(names(s.search('^relu$', { fields: ['name'] }).matches)).toEqual(['relu', 'a/relu']);
  });

  it('searches an invalid regex as literal text, or throws when asked', () => {
    const tb = new GraphSearch(xla);
    const r = tb.search('(logits_biases)');
    expect(r.regexError).toBeUndefined();
    const lit = tb.search('/(logits_biases');
    expect(lit.regexError).toBeTypeOf('string');
    expect(lit.matches.map((m) => m.name)).toEqual(['logits_biases/(logits_biases)']);
    expect(() => tb.search('/(logits_biases', { invalidRegex: 'throw' })).toThrow(HierarchyError);
    expect(() => tb.search('[', { invalidRegex: 'throw' })).toThrow(/invalid search regex/);
  });

  it('returns nothing for an empty query', () => {
    const r = s.search('   ');
    expect(r).toMatchObject({ matches: [], total: 0, regex: null });
  });

  it('lists parents root excluded, nearest last', () => {
    const tb = new GraphSearch(xla);
    const m = tb.search('^gradients/add_grad/tuple/control_dependency$').matches[0]!;
    expect(m.parents).toEqual(['gradients', 'gradients/add_grad', 'gradients/add_grad/tuple']);
    expect(m.score).toBe(8);
    const top = tb.search('^MatMul$', { fields: ['name'] }).matches;
    expect(top[0]).toMatchObject({ name: 'MatMul', parents: [], score: 8 });
    // The leaf `MatMul` under gradients/MatMul_grad ranks next.
    expect(top.slice(1).every((m2) => m2.score === 7 && m2.name.endsWith('/MatMul'))).toBe(true);
  });
});
