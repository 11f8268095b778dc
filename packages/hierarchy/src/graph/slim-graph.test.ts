import { describe, expect, it } from 'vitest';
import { decodeColumnar, tensorflow } from '@tbg/proto';
import { buildSlimGraph, CONSTANT_OPS, EDGE_CONTROL, EDGE_REF, isPyTorchGraph, NODE_FUNCTION, NODE_INPUT_ARG, NODE_MISSING, NODE_OP, slotDims } from './slim-graph.js';
import { fixtureSlim, graphBytes, slimOf } from '../test-support/graphs.js';

const edges = (g: ReturnType<typeof slimOf>) =>
  Array.from({ length: g.edgeCount }, (_, e) => `${g.names[g.edgeV[e]!]}${g.edgeFlags[e]! & EDGE_CONTROL ? ' ~>' : ` -${g.edgeSlot[e]}->`} ${g.names[g.edgeW[e]!]}${g.edgeFlags[e]! & EDGE_REF ? ' (ref)' : ''}`);

describe('buildSlimGraph', () => {
  it('matches the counts of TensorBoard demo graph (hierarchy-dump.md)', () => {
    const g = fixtureSlim('tb_demo_xla_118.pbtxt');
    expect(g.n).toBe(79);
    expect(g.edgeCount).toBe(104);
    expect(Array.from(g.edgeFlags).filter((f) => f & EDGE_CONTROL).length).toBe(19);
    expect(g.embeddings.count).toBe(39);
    expect(g.hasShapeInfo).toBe(true);
  });

  it('parses every input form, keeps duplicates, skips self-loops, and marks reference edges', () => {
    const g = slimOf([
      ['a', 'Split'],
      ['b', 'Add', ['a:0', 'a:1', '^a', 'b']],
      ['v', 'VariableV2'],
      ['assign', 'Assign', ['v', 'a:1']],
    ]);
    expect(edges(g)).toEqual(['a -0-> b', 'a -1-> b', 'a ~> b', 'v -0-> assign (ref)', 'a -1-> assign']);
  });

  it('keeps inputs to absent nodes as missing nodes', () => {
    const g = slimOf([
      ['x', 'Neg', ['ghost', '^scope/phantom']],
      ['y', 'Neg', ['ghost:1']],
    ]);
    expect(g.names).toEqual(['x', 'y', 'ghost', 'scope/phantom']);
    expect(Array.from(g.kind)).toEqual([NODE_OP, NODE_OP, NODE_MISSING, NODE_MISSING]);
    expect(g.ops[g.op[2]!]).toBe('');
    expect(edges(g)).toEqual(['ghost -0-> x', 'scope/phantom ~> x', 'ghost -1-> y']);
    expect(g.warnings.join()).toMatch(/2 inputs name nodes that are not in the graph/);
  });

  it('turns Const inputs into in-embeddings (re-attaching their inputs) and Summaries into out-embeddings', () => {
    const g = slimOf([
      ['init', 'NoOp'],
      ['c', 'Const', ['^init']],
      ['k', 'HostConst'],
      ['not_const', 'Constant'],
      ['x', 'Add', ['c', 'k', 'not_const']],
      ['s', 'ScalarSummary', ['x']],
      ['merged', 'MergeSummary', ['s']],
      ['writer', 'Identity', ['s:0']],
    ]);
    expect(g.names).toEqual(['init', 'not_const', 'x', 'writer']);
    const emb = (lo: Uint32Array, list: Int32Array, i: number) => Array.from(list.subarray(lo[i], lo[i + 1])).map((e) => g.embeddings.names[e]);
    expect(emb(g.embInStart, g.embIn, 2)).toEqual(['c', 'k']);
    expect(emb(g.embOutStart, g.embOut, 2)).toEqual(['s']);
    // The Const's control input now reaches its consumer; a Summary's consumer reads the Summary's input.
    expect(edges(g)).toEqual(['init ~> x', 'not_const -0-> x', 'x -0-> writer']);
  });

  it('embeds the constant ops of the listed frameworks, and no other op whose name contains Const', () => {
    expect([...CONSTANT_OPS]).toEqual(['Const', 'HostConst', 'prim::Constant', 'onnx::Constant']);
    const notConstants = ['Constant', 'ConstantOfShape', 'ConstantFolding', 'QuantizeAndDequantizeV2Const', 'GuaranteeConst', 'ImmutableConst', 'prim::ConstantChunk', 'aten::constant_pad_nd', 'Const_1'];
    const g = slimOf([
      ['c', 'Const'],
      ['h', 'HostConst'],
      ['p', 'prim::Constant'],
      ['o', 'onnx::Constant'],
      ...notConstants.map((op, i): [string, string] => [`n${i}`, op]),
      ['x', 'AddN', ['c', 'h', 'p', 'o', ...notConstants.map((_, i) => `n${i}`)]],
    ]);
    expect(g.embeddings.names).toEqual(['c', 'h', 'p', 'o']);
    expect(g.names).toEqual([...notConstants.map((_, i) => `n${i}`), 'x']);
    const x = g.n - 1;
    expect(Array.from(g.embIn.subarray(g.embInStart[x], g.embInStart[x + 1])).map((e) => g.embeddings.names[e])).toEqual(['c', 'h', 'p', 'o']);
  });

  it('recognises PyTorch graphs by the prim:: and aten:: namespaces', () => {
    expect(isPyTorchGraph(['IO Node', 'prim::GetAttr'])).toBe(true);
    expect(isPyTorchGraph(['aten::relu'])).toBe(true);
    expect(isPyTorchGraph(['Const', 'MatMul', 'Constant', 'onnx::Conv', 'primitive::x', 'my_aten::relu'])).toBe(false);
    expect(slimOf([['a', 'aten::relu']]).framework).toBe('pytorch');
    expect(slimOf([['a', 'Relu']]).framework).toBe('other');
  });

  it('drops the missing inputs of PyTorch graphs, listing each with its readers', () => {
    const g = slimOf([
      ['input/x.1', 'IO Node'],
      ['Net/Linear[fc]/bias/bias', 'prim::GetAttr', ['Net/Linear[fc]/weight/fc']],
      ['Net/Linear[fc]/weight/weight', 'prim::GetAttr', ['Net/Linear[fc]/weight/fc']],
      ['Net/Linear[fc]/7', 'prim::Constant', ['^ghost']],
      ['Net/Linear[fc]/out', 'aten::linear', ['input/x.1', 'Net/Linear[fc]/weight/weight', 'Net/Linear[fc]/bias/bias', 'Net/Linear[fc]/7', 'ghost']],
      ['Net/s', 'ScalarSummary', ['ghost', 'Net/Linear[fc]/out']],
    ]);
    expect(g.framework).toBe('pytorch');
    expect(g.names).toEqual(['input/x.1', 'Net/Linear[fc]/bias/bias', 'Net/Linear[fc]/weight/weight', 'Net/Linear[fc]/out']);
    expect(Array.from(g.kind).every((k) => k === NODE_OP)).toBe(true);
    expect(edges(g)).toEqual(['input/x.1 -0-> Net/Linear[fc]/out', 'Net/Linear[fc]/weight/weight -0-> Net/Linear[fc]/out', 'Net/Linear[fc]/bias/bias -0-> Net/Linear[fc]/out']);
    // Readers: ops by id; the Constant (its control input) and the Summary by embedding index.
    expect(g.droppedInputs).toEqual([
      { name: 'Net/Linear[fc]/weight/fc', consumers: [1, 2], embeddingConsumers: [] },
      { name: 'ghost', consumers: [3], embeddingConsumers: [0, 1] },
    ]);
    expect(g.embeddings.names).toEqual(['Net/Linear[fc]/7', 'Net/s']);
    expect(g.warnings.join()).toMatch(/2 inputs name nodes that are not in the graph .*not drawn; each node's info card lists its own under "Not drawn \(module objects\)"/);
    expect(g.warnings.join()).not.toMatch(/shown as missing nodes/);
  });

  it('keeps missing nodes in other graphs; missingInputs overrides the choice either way', () => {
    const tf: Parameters<typeof slimOf>[0] = [['x', 'Neg', ['ghost']]];
    const pt: Parameters<typeof slimOf>[0] = [['x', 'prim::GetAttr', ['ghost']]];
    expect(slimOf(tf).droppedInputs).toEqual([]);
    expect(slimOf(tf).names).toEqual(['x', 'ghost']);
    expect(slimOf(tf, { missingInputs: 'drop' }).droppedInputs).toEqual([{ name: 'ghost', consumers: [0], embeddingConsumers: [] }]);
    expect(slimOf(tf, { missingInputs: 'drop' }).names).toEqual(['x']);
    const kept = slimOf(pt, { missingInputs: 'node' });
    expect(kept.names).toEqual(['x', 'ghost']);
    expect(kept.kind[1]).toBe(NODE_MISSING);
    expect(kept.droppedInputs).toEqual([]);
  });

  it('builds library functions with input args, resolving function-body inputs', () => {
    const lib = new tensorflow.FunctionDefLibrary({
      function: [
        new tensorflow.FunctionDef({
          signature: new tensorflow.OpDef({
            name: 'f_deadbeef',
            input_arg: [new tensorflow.OpDef.ArgDef({ name: 'x', type: tensorflow.DataType.DT_FLOAT })],
            output_arg: [new tensorflow.OpDef.ArgDef({ name: 'y', type: tensorflow.DataType.DT_FLOAT })],
          }),
          node_def: [new tensorflow.NodeDef({ name: 'sq', op: 'Square', input: ['x'] }), new tensorflow.NodeDef({ name: 'neg', op: 'Neg', input: ['sq:y:0'] })],
          ret: { y: 'neg:y:0' },
        }),
      ],
    });
    const g = buildSlimGraph(decodeColumnar(graphBytes([['in', 'Placeholder'], ['call', 'f_deadbeef', ['in']]], lib)));
    expect(g.names).toEqual(['in', 'call', '__function_library__f_deadbeef', '__function_library__f_deadbeef/x', '__function_library__f_deadbeef/sq', '__function_library__f_deadbeef/neg']);
    expect(g.kind[2]).toBe(NODE_FUNCTION);
    expect(g.kind[3]).toBe(NODE_INPUT_ARG);
    expect(g.functionInputIndex.get(3)).toBe(0);
    expect(g.functionOutputIndex.get(5)).toBe(0);
    expect(g.callee.get(1)).toBe(0);
    expect(edges(g)).toEqual(['in -0-> call', '__function_library__f_deadbeef/x -0-> __function_library__f_deadbeef/sq', '__function_library__f_deadbeef/sq -0-> __function_library__f_deadbeef/neg']);
  });

  it('reads the zhacmsra Defun graph: functions, call sites and their bodies', () => {
    const g = fixtureSlim('zhacmsra_fc_quant_defun_461.pbtxt');
    expect(g.functionNames.sort()).toEqual(['quantize_grad_b12a6ec4', 'quantize_op_b7ecafa5']);
    const calls = [...g.callee.keys()].map((i) => g.names[i]);
    expect(calls.length).toBeGreaterThan(0);
    expect(g.names.filter((nm) => nm.startsWith('__function_library__quantize_op_b7ecafa5/')).length).toBeGreaterThan(5);
    expect(g.warnings).toEqual([]);
  });

  it('reads shapes per output slot and sizes each edge by its own slot', () => {
    const shapes = (...dims: number[][]) =>
      new tensorflow.AttrValue({ list: new tensorflow.AttrValue.ListValue({ shape: dims.map((d) => new tensorflow.TensorShapeProto({ dim: d.map((size) => new tensorflow.TensorShapeProto.Dim({ size })) })) }) });
    const g = slimOf([
      ['split', 'Split', [], { _output_shapes: shapes([-1, 3], [4, 5]) }],
      ['use0', 'Neg', ['split']],
      ['use1', 'Neg', ['split:1']],
      ['zero', 'Neg', [], { _output_shapes: shapes([0]) }],
      ['use2', 'Neg', ['zero']],
    ]);
    expect(slotDims(g, 0, 0)).toEqual([-1, 3]);
    expect(slotDims(g, 0, 1)).toEqual([4, 5]);
    expect(slotDims(g, 0, 2)).toBeUndefined();
    expect(Array.from(g.edgeSize)).toEqual([3, 20, 0]); // a [0] shape is empty, not a scalar
  });

  it('reads devices, XLA clusters and TPU compatibility', () => {
    const g = fixtureSlim('tb_app_demo_tiny.pbtxt');
    const at = (name: string) => g.names.indexOf(name);
    expect(g.xlaClusters).toEqual(['cluster_0', 'cluster_1', 'cluster_2', 'cluster_3']);
    expect(g.devices[g.device[at('1/Weird')]!]).toBe('tpu');
    expect(g.compatible[at('1/Weird')]).toBe(0);
    expect(g.compatible[at('1/Add')]).toBe(1);
    expect(g.compatible[at('answer')]).toBe(1);
  });

  it('renames empty and duplicate names instead of corrupting the tree', () => {
    const g = slimOf([
      ['', 'NoOp'],
      ['a', 'NoOp'],
      ['a', 'Neg', ['a']],
      ['b//c', 'NoOp'],
    ]);
    expect(g.names).toEqual(['(unnamed 1)', 'a', 'a~2', '(unnamed 2):b||c']);
    expect(g.warnings.length).toBe(2);
  });
});
