import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { eventGraphReader } from '@tbg/events';
import { loadColumnarGraph } from '@tbg/proto';
import { fixturePath, needShared } from '@tbg/testkit';
import { HierarchyError } from '../errors.js';
import { buildSlimGraph, EDGE_CONTROL } from '../graph/slim-graph.js';
import { ancestors, buildHierarchy, nameOf, parentOf } from '../hierarchy/build.js';
import type { Hierarchy, NodeRef } from '../hierarchy/types.js';
import { fixtureHierarchy, graphBytes, hierarchyOf } from '../test-support/graphs.js';
import { findEmbedding, findNode } from './find-node.js';
import { embeddingInfo, nodeInfo } from './node-info.js';
import type { NodeInfo } from './types.js';

const ALL = { maxLinks: Infinity };
const info = (h: Hierarchy, name: string, o = {}): NodeInfo => nodeInfo(h, findNode(h, name), o);
const names = (rows: { name: string }[]) => rows.map((r) => r.name);

/** Base edges with exactly one end below `ref` (inbound, outbound), counted by brute force. */
function crossing(h: Hierarchy, ref: NodeRef): { inbound: number; outbound: number } {
  const g = h.graph;
  const below = (op: number) => op === ref || ancestors(h, op).includes(ref);
  let inbound = 0;
  let outbound = 0;
  for (let e = 0; e < g.edgeCount; e++) {
    const v = below(g.edgeV[e]!);
    const w = below(g.edgeW[e]!);
    if (w && !v) inbound++;
    if (v && !w) outbound++;
  }
  return { inbound, outbound };
}

const edgeRows = (i: NodeInfo, side: 'inputs' | 'outputs') => i[side].filter((r) => r.kind === 'edge' || r.kind === 'metaedge');
const sumEdges = (rows: { edges: number }[]) => rows.reduce((s, r) => s + r.edges, 0);

describe('nodeInfo on hand-made graphs', () => {
  it('an op: kind, op, device, attributes, control and data inputs with shapes, constants, outputs', () => {
    const shape = (dims: number[]) => ({ dim: dims.map((size) => ({ size })) });
    const h = hierarchyOf([
      ['x', 'Placeholder', [], { _output_shapes: { list: { shape: [shape([-1, 784])] } } }],
      ['k', 'Const', [], { dtype: { type: 1 }, _output_shapes: { list: { shape: [shape([])] } } }],
      ['init', 'NoOp'],
      ['s/y', 'Mul', ['x', 'k', '^init'], { T: { type: 1 }, _output_shapes: { list: { shape: [shape([-1, 784])] } } }],
      ['s/z', 'Relu', ['s/y']],
      ['s/sum', 'ScalarSummary', ['s/z']],
    ]);
    const y = info(h, 's/y');
    expect(y).toMatchObject({ name: 's/y', kind: 'op', op: 'Mul', device: '', xlaCluster: '', embedding: -1, parent: findNode(h, 's'), outputShapes: ['?×784'] });
    // `_output_shapes` is hidden, as in TensorBoard (its shapes are in outputShapes and on the rows).
    expect(y.attributes).toEqual([{ key: 'T', value: 'DT_FLOAT', cut: 0, tooLarge: false }]);
    expect(info(h, 's/y', { outputShapesAttr: true }).attributes.map((a) => a.key)).toEqual(['T', '_output_shapes']);
    expect(y.inputs).toEqual([
      { kind: 'edge', name: 'x', ref: findNode(h, 'x'), embedding: -1, op: 'Placeholder', shape: '?×784', control: false, reference: false, edges: 1 },
      { kind: 'edge', name: 'init', ref: findNode(h, 'init'), embedding: -1, op: 'NoOp', shape: '', control: true, reference: false, edges: 1 },
      { kind: 'constant', name: 'k', ref: -1, embedding: findEmbedding(h, 'k'), op: 'Const', shape: 'scalar', control: false, reference: false, edges: 1 },
    ]);
    expect(y.outputs).toEqual([{ kind: 'edge', name: 's/z', ref: findNode(h, 's/z'), embedding: -1, op: 'Relu', shape: '?×784', control: false, reference: false, edges: 1 }]);
    expect(info(h, 's/z').outputs).toMatchObject([{ kind: 'summary', name: 's/sum', ref: -1, op: 'ScalarSummary' }]);
    expect(y).toMatchObject({ series: null, function: null, group: null, droppedInputs: [], moreInputs: 0, moreOutputs: 0 });
  });

  it('a metanode: one row per metaedge across its border, unpacked when it holds one edge; its histogram', () => {
    const h = hierarchyOf([
      ['in/a', 'Placeholder'],
      ['in/b', 'Placeholder'],
      ['s/t/m', 'MatMul', ['in/a', 'in/b']],
      ['s/t/n', 'Relu', ['s/t/m', '^c']],
      ['s/u', 'Relu', ['s/t/n']],
      ['c', 'NoOp'],
      ['out', 'Identity', ['s/u', 's/t/n']],
    ]);
    const t = info(h, 's/t');
    expect(t).toMatchObject({ kind: 'meta', op: '', attributes: [], outputShapes: [], parent: findNode(h, 's') });
    // Inputs: the sibling-of-parent `in` (two edges: one metaedge row), `c` (one control edge: unpacked).
    expect(t.inputs.map((r) => [r.kind, r.name, r.ref, r.shape, r.control, r.edges])).toEqual([
      ['metaedge', 'in', findNode(h, 'in'), '2 tensors', false, 2],
      ['edge', 'c', findNode(h, 'c'), '', true, 1],
    ]);
    // Outputs: the sibling `s/u` first (the parent's metagraph), then `out` through the border (unpacked to the op).
    expect(t.outputs.map((r) => [r.kind, r.name])).toEqual([
      ['edge', 's/u'],
      ['edge', 'out'],
    ]);
    expect(t.group).toEqual({
      cardinality: 2,
      groups: 0,
      children: 2,
      depth: 1,
      opHistogram: [
        { key: 'MatMul', count: 1 },
        { key: 'Relu', count: 1 },
      ],
      deviceHistogram: [],
      xlaClusterHistogram: [],
      compatibility: { compatible: 2, incompatible: 0 },
    });
    expect(info(h, 's').group).toMatchObject({ cardinality: 3, groups: 1, children: 2, depth: 2, opHistogram: [{ key: 'Relu', count: 2 }, { key: 'MatMul', count: 1 }] });
  });

  it('cuts long attribute values to maxValueChars and says how many characters were cut', () => {
    const long = 'x'.repeat(1000);
    const h = hierarchyOf([['a', 'Foo', [], { label: { s: new TextEncoder().encode(long) }, n: { i: 7 } }]]);
    const [label, n] = info(h, 'a').attributes;
    // The full text is the quoted string: 1002 characters.
    expect(label).toEqual({ key: 'label', value: `"${'x'.repeat(299)}…`, cut: 702, tooLarge: false });
    expect(n).toEqual({ key: 'n', value: '7', cut: 0, tooLarge: false });
    expect(info(h, 'a', { maxValueChars: 10 }).attributes[0]).toMatchObject({ value: `"${'x'.repeat(9)}…`, cut: 992 });
    expect(info(h, 'a', { maxValueChars: 5000 }).attributes[0]).toMatchObject({ value: `"${long}"`, cut: 0 });
  });

  it('attributes left out at load (_too_large_attrs) become "Too large to show…" rows', () => {
    const big = { tensor: { dtype: 1, tensor_shape: { dim: [{ size: 1000 }] }, tensor_content: new Uint8Array(4000) } };
    const bytes = graphBytes([['w', 'VariableV2', [], { dtype: { type: 1 }, init: big }], ['r', 'Identity', ['w']]]);
    const loaded = loadColumnarGraph(bytes);
    expect(loaded.largeAttrs.map((a) => a.key)).toEqual(['init']);
    const h = buildHierarchy(buildSlimGraph(loaded.columnar));
    expect(info(h, 'w').attributes).toEqual([
      { key: 'dtype', value: 'DT_FLOAT', cut: 0, tooLarge: false },
      { key: 'init', value: 'Too large to show…', cut: 0, tooLarge: true },
    ]);
    // Kept (no limit): a large tensor shows its dtype and shape only, never its values.
    const kept = buildHierarchy(buildSlimGraph(loadColumnarGraph(bytes, { limitAttrSize: null }).columnar));
    expect(info(kept, 'w').attributes[1]).toEqual({ key: 'init', value: 'DT_FLOAT [1000]', cut: 0, tooLarge: false });
  });

  it('missing inputs are nodes of kind missing; reference edges are marked; maxLinks caps the rows', () => {
    const h = hierarchyOf([
      ['v', 'VariableV2'],
      ['a', 'Assign', ['v', 'ghost']],
      ...['o1', 'o2', 'o3', 'o4', 'o5'].map((o): [string, string, string[]] => [o, 'Identity', ['a']]),
    ]);
    expect(info(h, 'ghost')).toMatchObject({ kind: 'missing', op: '', attributes: [], outputs: [{ name: 'a' }] });
    expect(info(h, 'a').inputs.map((r) => [r.name, r.reference])).toEqual([
      ['v', true],
      ['ghost', false],
    ]);
    const capped = info(h, 'a', { maxLinks: 2 });
    expect(names(capped.outputs)).toEqual(['o1', 'o2']);
    expect(capped.moreOutputs).toBe(3);
    expect(capped.moreInputs).toBe(0);
  });

  it('series: the series node, its members, and members of a series left ungrouped', () => {
    const spec = (k: number): [string, string, string[]][] => Array.from({ length: k }, (_, i) => [`s/Add_${i + 1}`, 'Add', []]);
    const h = hierarchyOf([...spec(6), ['t/Mul_1', 'Mul'], ['t/Mul_2', 'Mul']]);
    const series = info(h, 's/Add_[1-6]');
    expect(series).toMatchObject({ kind: 'series', series: { name: 's/Add_[1-6]', grouped: true, members: 6 }, group: { cardinality: 6, opHistogram: [{ key: 'Add', count: 6 }] } });
    expect(info(h, 's/Add_4').series).toEqual({ name: 's/Add_[1-6]', grouped: true, members: 6 });
    expect(info(h, 't/Mul_1').series).toEqual({ name: 't/Mul_[1-2]', grouped: false, members: 2 });
    expect(info(h, 't').series).toBeNull();
  });

  it('bad NodeRefs and embedding indices throw a HierarchyError', () => {
    const h = hierarchyOf([['a', 'Neg', ['k']], ['k', 'Const']]);
    for (const ref of [-1, h.n + h.groups.length, 0.5, NaN]) expect(() => nodeInfo(h, ref)).toThrow(HierarchyError);
    expect(() => nodeInfo(h, -1)).toThrow(/-1 is not a NodeRef of this graph \(0…1\)/);
    expect(() => embeddingInfo(h, 1)).toThrow(HierarchyError);
    expect(embeddingInfo(h, 0)).toMatchObject({ kind: 'constant', ref: -1, embedding: 0, name: 'k', parent: h.n, outputs: [{ name: 'a', ref: 0 }] });
  });
});

describe.skipIf(!needShared('nodeInfo on fixtures'))('nodeInfo on fixtures', () => {
  const xla = fixtureHierarchy('tb_demo_xla_118.pbtxt');

  it('tb_demo_xla_118: MatMul as TensorBoard shows it (XLA cluster, shapes on the rows)', () => {
    const m = info(xla, 'MatMul');
    expect(m).toMatchObject({ kind: 'op', op: 'MatMul', device: '/job:localhost/replica:0/task:0/device:XLA_CPU:0', xlaCluster: 'cluster_1', outputShapes: ['200×100'] });
    expect(m.attributes.map((a) => `${a.key}: ${a.value}`)).toEqual(['T: DT_FLOAT', '_XlaCluster: "cluster_1"', 'transpose_a: false', 'transpose_b: false']);
    expect(m.inputs.map((r) => [r.name, r.op, r.shape])).toEqual([
      ['Reshape', 'Reshape', '200×?'],
      ['hidden_weights/read', 'Identity', '784×100'],
    ]);
    expect(m.outputs.map((r) => [r.name, r.shape])).toEqual([['add', '200×100']]);
  });

  it('tb_demo_xla_118: a metanode lists siblings and, unpacked, ops across its border', () => {
    const g = info(xla, 'gradients/add_grad');
    expect(g.inputs.map((r) => [r.kind, r.name, r.shape])).toEqual([['metaedge', 'gradients/Relu_grad', '2 tensors']]);
    expect(g.outputs.map((r) => [r.kind, r.name, r.shape])).toEqual([
      ['metaedge', 'gradients/MatMul_grad', '2 tensors'],
      ['edge', 'GradientDescent/update_hidden_biases/ApplyGradientDescent', '100'],
    ]);
    const root = nodeInfo(xla, xla.n);
    expect(root).toMatchObject({ name: '__root__', kind: 'meta', parent: -1, inputs: [], outputs: [], group: { cardinality: 79, groups: xla.groups.length - 1 } });
    const hist = root.group!.opHistogram;
    expect(hist.reduce((s, e) => s + e.count, 0)).toBe(79);
    expect(hist[0]!.count).toBeGreaterThanOrEqual(hist[hist.length - 1]!.count);
    expect(root.group!.xlaClusterHistogram).toEqual([
      { key: 'cluster_1', count: 61 },
      { key: 'cluster_2', count: 1 },
    ]);
  });

  it('tb_demo_xla_118: a constant shown as an annotation has its own card', () => {
    const c = embeddingInfo(xla, findEmbedding(xla, 'GradientDescent/learning_rate'));
    expect(c).toMatchObject({ kind: 'constant', op: 'Const', xlaCluster: 'cluster_3', outputShapes: ['scalar'], inputs: [] });
    expect(c.attributes.find((a) => a.key === 'value')!.value).toBe('DT_FLOAT [] 0.1');
    expect(c.outputs).toHaveLength(4);
    expect(c.outputs.every((r) => r.op === 'ApplyGradientDescent' && r.shape === 'scalar')).toBe(true);
  });

  it('every node of tb_demo_xla_118 and zhacmsra: rows account for every edge across the border', () => {
    for (const h of [xla, fixtureHierarchy('zhacmsra_fc_quant_defun_461.pbtxt')]) {
      for (let r = 0; r < h.n + h.groups.length; r++) {
        const i = nodeInfo(h, r, ALL);
        const want = crossing(h, r);
        expect(sumEdges(edgeRows(i, 'inputs'))).toBe(want.inbound);
        expect(sumEdges(edgeRows(i, 'outputs'))).toBe(want.outbound);
        for (const row of [...i.inputs, ...i.outputs]) {
          if (row.ref >= 0) expect(row.name).toBe(nameOf(h, row.ref));
          // A metaedge row's far end is where the edge is drawn: a sibling of the node or of an ancestor.
          if (row.kind === 'metaedge') expect([parentOf(h, r), ...ancestors(h, r)]).toContain(parentOf(h, row.ref));
        }
        if (r < h.n) {
          const control = edgeRows(i, 'inputs').filter((x) => x.control).length;
          let want2 = 0;
          for (let e = 0; e < h.graph.edgeCount; e++) if (h.graph.edgeW[e] === r && h.graph.edgeFlags[e]! & EDGE_CONTROL) want2++;
          expect(control).toBe(want2);
        }
      }
    }
  });

  it('zhacmsra: library functions list their usages; calls name their function', () => {
    const h = fixtureHierarchy('zhacmsra_fc_quant_defun_461.pbtxt');
    const lib = info(h, '__function_library__quantize_op_b7ecafa5');
    expect(lib.function).toEqual({ name: 'quantize_op_b7ecafa5', group: findNode(h, '__function_library__quantize_op_b7ecafa5'), usages: h.libraryFunctions[0]!.usages });
    expect(names(lib.function!.usages.map((u) => ({ name: h.names[u]! })))).toContain('fc1/quantize_op_b7ecafa5');
    expect(info(h, 'fc1/quantize_op_b7ecafa5')).toMatchObject({ op: 'quantize_op_b7ecafa5', function: { name: 'quantize_op_b7ecafa5', group: lib.ref } });
    expect(info(h, 'Assign_[1-39]')).toMatchObject({ kind: 'series', series: { grouped: true, members: 39 } });
  });

  it('the PyTorch fixture: dropped inputs on the GetAttr nodes that read them; constants counted per read', () => {
    const file = fixturePath('events', 'pytorch-tutorial-fashion-mnist', 'fashion_mnist_experiment_1', 'events.out.tfevents.1655101297.ziorathe.9443.13');
    const h = buildHierarchy(buildSlimGraph(loadColumnarGraph(new Uint8Array(readFileSync(file)), { eventReader: eventGraphReader }).columnar));
    const w = info(h, 'Net/Conv2d[conv1]/weight/weight.5');
    expect(w).toMatchObject({ kind: 'op', op: 'prim::GetAttr', inputs: [], droppedInputs: ['Net/Conv2d[conv1]/weight/conv1'] });
    expect(w.attributes).toEqual([{ key: 'attr', value: '"{ name :  weight }"', cut: 0, tooLarge: false }]);
    // Every reader of each dropped input shows it.
    for (const d of h.graph.droppedInputs) for (const c of d.consumers) expect(nodeInfo(h, c).droppedInputs).toContain(d.name);
    const conv = info(h, 'Net/Conv2d[conv1]/input.1');
    expect(conv.outputShapes).toEqual(['4×6×24×24']);
    expect(conv.inputs[0]).toMatchObject({ name: 'input/x.1', op: 'IO Node', shape: '4×1×28×28' });
    // Reads Constant 147 three times, 146 twice and 149 once (see the fixture's expectations).
    expect(conv.inputs.filter((r) => r.kind === 'constant').map((r) => [r.name, r.edges])).toEqual([
      ['Net/Conv2d[conv1]/147', 3],
      ['Net/Conv2d[conv1]/149', 1],
      ['Net/Conv2d[conv1]/146', 2],
    ]);
    expect(info(h, 'Net/Conv2d[conv1]').droppedInputs).toEqual([]);
  });
});
