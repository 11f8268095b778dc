/**
 * The training graph of TensorBoard's `mnist_with_summaries` tutorial (TF1), built in code: two
 * dense layers with dropout, cross entropy, Adam, accuracy and the summary ops, with the name
 * scopes, ops, dtypes, `_output_shapes` and devices that `FileWriter(sess.graph)` would write.
 * The input pipeline sits on the CPU, the model on the GPU.
 */
import type { tensorflow } from '@tbg/proto';
import { attr, CPU, DT, GPU, GraphBuilder, type Shape } from './graph-builder.js';

export const MNIST_LAYERS = [
  { name: 'layer1', inputs: 784, units: 500, act: 'Relu' },
  { name: 'layer2', inputs: 500, units: 10, act: 'Identity' },
] as const;

export type MnistLayer = (typeof MNIST_LAYERS)[number];

const B = -1; // batch size: unknown
const F = { T: DT.float };

/** `name/summaries/{mean,stddev,max,min,histogram}` of one variable, as `variable_summaries` does. */
function variableSummaries(g: GraphBuilder, scope: string, v: string, rank: number): string[] {
  const s = `${scope}/summaries`;
  const axes = g.constant(`${s}/Const`, DT.int32, [rank], Array.from({ length: rank }, (_, i) => i));
  const mean = g.add(`${s}/Mean`, 'Mean', { ...F, inputs: [v, axes], shapes: [[]], attrs: { Tidx: attr.type(DT.int32), keep_dims: attr.bool(false) } });
  const out = [g.add(`${s}/mean`, 'ScalarSummary', { ...F, inputs: [g.constant(`${s}/mean/tags`, DT.string, [], [`${scope}/summaries/mean`]), mean], shapes: [[]] })];
  const sub = g.add(`${s}/stddev/sub`, 'Sub', { ...F, inputs: [v, mean], shapes: [null] });
  const sq = g.add(`${s}/stddev/Square`, 'Square', { ...F, inputs: [sub], shapes: [null] });
  const axes2 = g.constant(`${s}/stddev/Const`, DT.int32, [rank], Array.from({ length: rank }, (_, i) => i));
  const m2 = g.add(`${s}/stddev/Mean`, 'Mean', { ...F, inputs: [sq, axes2], shapes: [[]], attrs: { Tidx: attr.type(DT.int32), keep_dims: attr.bool(false) } });
  const sd = g.add(`${s}/stddev/Sqrt`, 'Sqrt', { ...F, inputs: [m2], shapes: [[]] });
  out.push(g.add(`${s}/stddev_1`, 'ScalarSummary', { ...F, inputs: [g.constant(`${s}/stddev_1/tags`, DT.string, [], [`${scope}/summaries/stddev_1`]), sd], shapes: [[]] }));
  for (const [op, name] of [['Max', 'max'], ['Min', 'min']] as const) {
    const axesN = g.constant(`${s}/Const_${name}`, DT.int32, [rank], Array.from({ length: rank }, (_, i) => i));
    const r = g.add(`${s}/${op}`, op, { ...F, inputs: [v, axesN], shapes: [[]], attrs: { Tidx: attr.type(DT.int32), keep_dims: attr.bool(false) } });
    out.push(g.add(`${s}/${name}`, 'ScalarSummary', { ...F, inputs: [g.constant(`${s}/${name}/tags`, DT.string, [], [`${scope}/summaries/${name}`]), r], shapes: [[]] }));
  }
  out.push(g.add(`${s}/histogram`, 'HistogramSummary', { ...F, inputs: [g.constant(`${s}/histogram/tag`, DT.string, [], [`${scope}/summaries/histogram`]), v], shapes: [[]] }));
  return out;
}

/** A VariableV2 with its initial value, Assign and read Identity. */
function variable(g: GraphBuilder, scope: string, shape: readonly number[], init: string): { read: string; assign: string; var: string } {
  const v = g.add(`${scope}/Variable`, 'VariableV2', { shapes: [shape], attrs: { container: attr.str(''), dtype: attr.type(DT.float), shape: attr.shape(shape), shared_name: attr.str('') } });
  const assign = g.add(`${scope}/Variable/Assign`, 'Assign', { ...F, inputs: [v, init], shapes: [shape], attrs: { _class: attr.strs([`loc:@${v}`]), use_locking: attr.bool(true), validate_shape: attr.bool(true) } });
  const read = g.add(`${scope}/Variable/read`, 'Identity', { ...F, inputs: [v], shapes: [shape], attrs: { _class: attr.strs([`loc:@${v}`]) } });
  return { read, assign, var: v };
}

function weights(g: GraphBuilder, l: MnistLayer): ReturnType<typeof variable> {
  const s = `${l.name}/weights/truncated_normal`;
  const shape = [l.inputs, l.units];
  const dims = g.constant(`${s}/shape`, DT.int32, [2], shape);
  const mean = g.constant(`${s}/mean`, DT.float, [], [0]);
  const std = g.constant(`${s}/stddev`, DT.float, [], [0.1]);
  const tn = g.add(`${s}/TruncatedNormal`, 'TruncatedNormal', { T: DT.int32, inputs: [dims], shapes: [shape], attrs: { dtype: attr.type(DT.float), seed: attr.int(0), seed2: attr.int(0) } });
  const mul = g.add(`${s}/mul`, 'Mul', { ...F, inputs: [tn, std], shapes: [shape] });
  const init = g.add(s, 'Add', { ...F, inputs: [mul, mean], shapes: [shape] });
  return variable(g, `${l.name}/weights`, shape, init);
}

function biases(g: GraphBuilder, l: MnistLayer): ReturnType<typeof variable> {
  const init = g.constant(`${l.name}/biases/Const`, DT.float, [l.units], [0.1]);
  return variable(g, `${l.name}/biases`, [l.units], init);
}

export interface LayerNodes {
  out: string;
  w: ReturnType<typeof variable>;
  b: ReturnType<typeof variable>;
  matmul: string;
  add: string;
  summaries: string[];
}

/** `nn_layer`: weights, biases, Wx_plus_b, the activation and their summaries. */
function denseLayer(g: GraphBuilder, l: MnistLayer, input: string): LayerNodes {
  const out: Shape = [B, l.units];
  const w = weights(g, l);
  const b = biases(g, l);
  const summaries = [...variableSummaries(g, `${l.name}/weights`, w.read, 2), ...variableSummaries(g, `${l.name}/biases`, b.read, 1)];
  const matmul = g.add(`${l.name}/Wx_plus_b/MatMul`, 'MatMul', { ...F, inputs: [input, w.read], shapes: [out], attrs: { transpose_a: attr.bool(false), transpose_b: attr.bool(false) } });
  const add = g.add(`${l.name}/Wx_plus_b/add`, 'Add', { ...F, inputs: [matmul, b.read], shapes: [out] });
  summaries.push(g.add(`${l.name}/Wx_plus_b/pre_activations`, 'HistogramSummary', { ...F, inputs: [g.constant(`${l.name}/Wx_plus_b/pre_activations/tag`, DT.string, [], [`${l.name}/Wx_plus_b/pre_activations`]), add], shapes: [[]] }));
  const act = g.add(`${l.name}/activation`, l.act, { ...F, inputs: [add], shapes: [out] });
  summaries.push(g.add(`${l.name}/activations`, 'HistogramSummary', { ...F, inputs: [g.constant(`${l.name}/activations/tag`, DT.string, [], [`${l.name}/activations`]), act], shapes: [[]] }));
  return { out: act, w, b, matmul, add, summaries };
}

/** `input`, `input_reshape` and its image summary, on the CPU. */
function inputs(g: GraphBuilder): { x: string; y: string; summaries: string[] } {
  g.device = CPU;
  const x = g.add('input/x-input', 'Placeholder', { shapes: [[B, 784]], attrs: { dtype: attr.type(DT.float), shape: attr.shape([B, 784]) } });
  const y = g.add('input/y-input', 'Placeholder', { shapes: [[B, 10]], attrs: { dtype: attr.type(DT.float), shape: attr.shape([B, 10]) } });
  const shape = g.constant('input_reshape/Reshape/shape', DT.int32, [4], [-1, 28, 28, 1]);
  const img = g.add('input_reshape/Reshape', 'Reshape', { ...F, inputs: [x, shape], shapes: [[B, 28, 28, 1]], attrs: { Tshape: attr.type(DT.int32) } });
  const tag = g.constant('input_reshape/input/tag', DT.string, [], ['input_reshape/input']);
  const summary = g.add('input_reshape/input', 'ImageSummary', { ...F, inputs: [tag, img], shapes: [[]], attrs: { bad_color: { tensor: { dtype: DT.int32 as number, tensor_shape: { dim: [{ size: 4 }] }, int_val: [255, 0, 0, 255] } }, max_images: attr.int(10) } });
  return { x, y, summaries: [summary] };
}

/** `dropout`: keep_prob placeholder, its summary and `tf.nn.dropout`. */
function dropout(g: GraphBuilder, input: string, units: number): { out: string; summaries: string[] } {
  const s = 'dropout';
  const keep = g.add(`${s}/Placeholder`, 'Placeholder', { shapes: [[]], attrs: { dtype: attr.type(DT.float), shape: attr.shape(null) } });
  const summary = g.add(`${s}/dropout_keep_probability`, 'ScalarSummary', { ...F, inputs: [g.constant(`${s}/dropout_keep_probability/tags`, DT.string, [], ['dropout/dropout_keep_probability']), keep], shapes: [[]] });
  const d = `${s}/dropout`;
  const shape = g.add(`${d}/Shape`, 'Shape', { ...F, inputs: [input], shapes: [[2]], attrs: { out_type: attr.type(DT.int32) } });
  const min = g.constant(`${d}/random_uniform/min`, DT.float, [], [0]);
  const max = g.constant(`${d}/random_uniform/max`, DT.float, [], [1]);
  const ru = g.add(`${d}/random_uniform/RandomUniform`, 'RandomUniform', { T: DT.int32, inputs: [shape], shapes: [[B, units]], attrs: { dtype: attr.type(DT.float), seed: attr.int(0), seed2: attr.int(0) } });
  const range = g.add(`${d}/random_uniform/sub`, 'Sub', { ...F, inputs: [max, min], shapes: [[]] });
  const scaled = g.add(`${d}/random_uniform/mul`, 'Mul', { ...F, inputs: [ru, range], shapes: [[B, units]] });
  const uniform = g.add(`${d}/random_uniform`, 'Add', { ...F, inputs: [scaled, min], shapes: [[B, units]] });
  const add = g.add(`${d}/add`, 'Add', { ...F, inputs: [keep, uniform], shapes: [[B, units]] });
  const floor = g.add(`${d}/Floor`, 'Floor', { ...F, inputs: [add], shapes: [[B, units]] });
  const div = g.add(`${d}/div`, 'RealDiv', { ...F, inputs: [input, keep], shapes: [[B, units]] });
  const out = g.add(`${d}/mul`, 'Mul', { ...F, inputs: [div, floor], shapes: [[B, units]] });
  return { out, summaries: [summary] };
}

/** `cross_entropy`: softmax cross entropy with logits, `total` mean, and its summary. */
function crossEntropy(g: GraphBuilder, logits: string, labels: string): { loss: string; xent: string; summaries: string[] } {
  const s = 'cross_entropy';
  const xent = g.add(`${s}/SoftmaxCrossEntropyWithLogits`, 'SoftmaxCrossEntropyWithLogits', { ...F, inputs: [logits, labels], shapes: [[B], [B, 10]] });
  const axes = g.constant(`${s}/total/Const`, DT.int32, [1], [0]);
  const loss = g.add(`${s}/total/Mean`, 'Mean', { ...F, inputs: [xent, axes], shapes: [[]], attrs: { Tidx: attr.type(DT.int32), keep_dims: attr.bool(false) } });
  const summary = g.add('cross_entropy_1', 'ScalarSummary', { ...F, inputs: [g.constant('cross_entropy_1/tags', DT.string, [], ['cross_entropy_1']), loss], shapes: [[]] });
  return { loss, xent, summaries: [summary] };
}

/** `accuracy/correct_prediction` and `accuracy/accuracy`, and the summary. */
function accuracy(g: GraphBuilder, logits: string, labels: string): string[] {
  const cp = 'accuracy/correct_prediction';
  const argmax = (name: string, input: string) =>
    g.add(`${cp}/${name}`, 'ArgMax', { ...F, inputs: [input, g.constant(`${cp}/${name}/dimension`, DT.int32, [], [1])], shapes: [[B]], attrs: { Tidx: attr.type(DT.int32), output_type: attr.type(DT.int64) } });
  const eq = g.add(`${cp}/Equal`, 'Equal', { T: DT.int64, inputs: [argmax('ArgMax', logits), argmax('ArgMax_1', labels)], shapes: [[B]] });
  const cast = g.add('accuracy/accuracy/Cast', 'Cast', { inputs: [eq], shapes: [[B]], attrs: { DstT: attr.type(DT.float), SrcT: attr.type(DT.bool), Truncate: attr.bool(false) } });
  const mean = g.add('accuracy/accuracy/Mean', 'Mean', { ...F, inputs: [cast, g.constant('accuracy/accuracy/Const', DT.int32, [1], [0])], shapes: [[]], attrs: { Tidx: attr.type(DT.int32), keep_dims: attr.bool(false) } });
  return [g.add('accuracy_1', 'ScalarSummary', { ...F, inputs: [g.constant('accuracy_1/tags', DT.string, [], ['accuracy_1']), mean], shapes: [[]] })];
}

export interface MnistGraph {
  graphDef: tensorflow.GraphDef.$Properties;
  /** Nodes that run in a training step, in execution order (for step stats). */
  trainStep: Array<{ name: string; op: string; device: string; shape: Shape }>;
}

/** The whole graph: forward pass, loss, `train` (gradients and Adam), accuracy, summaries, init. */
export function buildMnistGraph(): MnistGraph {
  const g = new GraphBuilder();
  const inp = inputs(g);
  g.device = GPU;
  const l1 = denseLayer(g, MNIST_LAYERS[0], 'input/x-input');
  const drop = dropout(g, l1.out, MNIST_LAYERS[0].units);
  const l2 = denseLayer(g, MNIST_LAYERS[1], drop.out);
  const xe = crossEntropy(g, l2.out, inp.y);
  trainOps(g, xe, [l1, l2], drop.out);
  const acc = accuracy(g, l2.out, inp.y);
  g.device = CPU;
  const all = [...inp.summaries, ...l1.summaries, ...drop.summaries, ...l2.summaries, ...xe.summaries, ...acc];
  g.add('Merge/MergeSummary', 'MergeSummary', { inputs: all, shapes: [[]], attrs: { N: attr.int(all.length) } });
  const assigns = g.nodes.filter((n) => n.op === 'Assign' && !n.name!.startsWith('train/Adam/')).map((n) => `^${n.name!}`);
  g.add('init', 'NoOp', { inputs: assigns, shapes: [] });
  const shapeOf = (n: tensorflow.NodeDef.$Properties): Shape => {
    const s = n.attr?._output_shapes?.list?.shape?.[0];
    return s ? (s.unknown_rank ? null : (s.dim ?? []).map((d) => Number(d.size))) : [];
  };
  const trainStep = g.nodes
    .filter((n) => !['Const', 'NoOp', 'Assign'].includes(n.op!) && !n.name!.startsWith('init') && !n.name!.includes('Initializer'))
    .map((n) => ({ name: n.name!, op: n.op!, device: n.device!, shape: shapeOf(n) }));
  return { graphDef: g.graphDef(), trainStep };
}

/** `train/gradients/…` (backprop through both layers and dropout) and `train/Adam/…`. */
function trainOps(g: GraphBuilder, xe: { loss: string; xent: string }, layers: LayerNodes[], dropped: string): void {
  const gr = 'train/gradients';
  const one = g.add(`${gr}/Fill`, 'Fill', { ...F, inputs: [g.constant(`${gr}/Shape`, DT.int32, [0], []), g.constant(`${gr}/grad_ys_0`, DT.float, [], [1])], shapes: [[]], attrs: { index_type: attr.type(DT.int32) } });
  const mg = `${gr}/cross_entropy/total/Mean_grad`;
  const rs = g.add(`${mg}/Reshape`, 'Reshape', { ...F, inputs: [one, g.constant(`${mg}/Reshape/shape`, DT.int32, [1], [1])], shapes: [[1]], attrs: { Tshape: attr.type(DT.int32) } });
  const shp = g.add(`${mg}/Shape`, 'Shape', { ...F, inputs: [xe.xent], shapes: [[1]], attrs: { out_type: attr.type(DT.int32) } });
  const tile = g.add(`${mg}/Tile`, 'Tile', { ...F, inputs: [rs, shp], shapes: [[B]], attrs: { Tmultiples: attr.type(DT.int32) } });
  const cnt = g.add(`${mg}/Cast`, 'Cast', { inputs: [g.add(`${mg}/Prod`, 'Prod', { T: DT.int32, inputs: [shp, g.constant(`${mg}/Const`, DT.int32, [1], [0])], shapes: [[]], attrs: { Tidx: attr.type(DT.int32), keep_dims: attr.bool(false) } })], shapes: [[]], attrs: { DstT: attr.type(DT.float), SrcT: attr.type(DT.int32), Truncate: attr.bool(false) } });
  const meanGrad = g.add(`${mg}/truediv`, 'RealDiv', { ...F, inputs: [tile, cnt], shapes: [[B]] });
  const sg = `${gr}/cross_entropy/SoftmaxCrossEntropyWithLogits_grad`;
  const exp = g.add(`${sg}/ExpandDims`, 'ExpandDims', { ...F, inputs: [meanGrad, g.constant(`${sg}/ExpandDims/dim`, DT.int32, [], [-1])], shapes: [[B, 1]], attrs: { Tdim: attr.type(DT.int32) } });
  let grad = g.add(`${sg}/mul`, 'Mul', { ...F, inputs: [exp, `${xe.xent}:1`], shapes: [[B, 10]] });
  const updates: Array<{ v: string; grad: string; shape: number[] }> = [];
  for (let i = layers.length - 1; i >= 0; i--) {
    const l = layers[i]!;
    const spec = MNIST_LAYERS[i]!;
    const input = i === 0 ? 'input/x-input' : dropped;
    if (spec.act === 'Relu') grad = g.add(`${gr}/${spec.name}/activation_grad/ReluGrad`, 'ReluGrad', { ...F, inputs: [grad, l.out], shapes: [[B, spec.units]] });
    const back = layerGrads(g, `${gr}/${spec.name}/Wx_plus_b`, grad, input, l, spec);
    updates.push({ v: l.w.var, grad: back.dw, shape: [spec.inputs, spec.units] }, { v: l.b.var, grad: back.db, shape: [spec.units] });
    if (i > 0) grad = dropoutGrad(g, back.dx, spec.inputs);
  }
  adam(g, updates.reverse());
}

/** Gradients of `add` and `MatMul` of one layer, with their `tuple/control_dependency` nodes. */
function layerGrads(g: GraphBuilder, s: string, grad: string, input: string, l: LayerNodes, spec: MnistLayer): { dw: string; db: string; dx: string } {
  const a = `${s}/add_grad`;
  const sx = g.add(`${a}/Shape`, 'Shape', { ...F, inputs: [l.matmul], shapes: [[2]], attrs: { out_type: attr.type(DT.int32) } });
  const sy = g.constant(`${a}/Shape_1`, DT.int32, [1], [spec.units]);
  const bga = g.add(`${a}/BroadcastGradientArgs`, 'BroadcastGradientArgs', { T: DT.int32, inputs: [sx, sy], shapes: [[B], [B]] });
  const sum = (n: string, slot: string) => g.add(`${a}/${n}`, 'Sum', { ...F, inputs: [grad, slot], shapes: [null], attrs: { Tidx: attr.type(DT.int32), keep_dims: attr.bool(false) } });
  const rx = g.add(`${a}/Reshape`, 'Reshape', { ...F, inputs: [sum('Sum', bga), sx], shapes: [[B, spec.units]], attrs: { Tshape: attr.type(DT.int32) } });
  const ry = g.add(`${a}/Reshape_1`, 'Reshape', { ...F, inputs: [sum('Sum_1', `${bga}:1`), sy], shapes: [[spec.units]], attrs: { Tshape: attr.type(DT.int32) } });
  const [dAdd, db] = tuple(g, a, [rx, ry], [[B, spec.units], [spec.units]]);
  const m = `${s}/MatMul_grad`;
  const dx = g.add(`${m}/MatMul`, 'MatMul', { ...F, inputs: [dAdd!, l.w.read], shapes: [[B, spec.inputs]], attrs: { transpose_a: attr.bool(false), transpose_b: attr.bool(true) } });
  const dw = g.add(`${m}/MatMul_1`, 'MatMul', { ...F, inputs: [input, dAdd!], shapes: [[spec.inputs, spec.units]], attrs: { transpose_a: attr.bool(true), transpose_b: attr.bool(false) } });
  const [dxc, dwc] = tuple(g, m, [dx, dw], [[B, spec.inputs], [spec.inputs, spec.units]]);
  return { dw: dwc!, db: db!, dx: dxc! };
}

/** `tuple/group_deps` and one `tuple/control_dependency[_N]` per gradient, as tf.tuple makes them. */
function tuple(g: GraphBuilder, s: string, grads: string[], shapes: Shape[]): string[] {
  const deps = g.add(`${s}/tuple/group_deps`, 'NoOp', { inputs: grads.map((x) => `^${x}`) });
  return grads.map((x, i) => g.add(`${s}/tuple/control_dependency${i ? `_${i}` : ''}`, 'Identity', { ...F, inputs: [x, `^${deps}`], shapes: [shapes[i]!], attrs: { _class: attr.strs([`loc:@${x}`]) } }));
}

function dropoutGrad(g: GraphBuilder, grad: string, units: number): string {
  const s = 'train/gradients/dropout/dropout';
  const mul = g.add(`${s}/mul_grad/Mul`, 'Mul', { ...F, inputs: [grad, 'dropout/dropout/Floor'], shapes: [[B, units]] });
  return g.add(`${s}/div_grad/RealDiv`, 'RealDiv', { ...F, inputs: [mul, 'dropout/Placeholder'], shapes: [[B, units]] });
}

/** `train/Adam`: beta powers, the slots of each variable, one ApplyAdam per variable. */
function adam(g: GraphBuilder, updates: Array<{ v: string; grad: string; shape: number[] }>): void {
  const lr = g.constant('train/Adam/learning_rate', DT.float, [], [0.001]);
  const b1 = g.constant('train/Adam/beta1', DT.float, [], [0.9]);
  const b2 = g.constant('train/Adam/beta2', DT.float, [], [0.999]);
  const eps = g.constant('train/Adam/epsilon', DT.float, [], [1e-8]);
  const powers = ['beta1_power', 'beta2_power'].map((p, i) => {
    const v = g.add(`train/${p}`, 'VariableV2', { shapes: [[]], attrs: { container: attr.str(''), dtype: attr.type(DT.float), shape: attr.shape([]), shared_name: attr.str('') } });
    g.add(`train/${p}/Assign`, 'Assign', { ...F, inputs: [v, g.constant(`train/${p}/initial_value`, DT.float, [], [[0.9, 0.999][i]!])], shapes: [[]], attrs: { use_locking: attr.bool(true), validate_shape: attr.bool(true) } });
    return g.add(`train/${p}/read`, 'Identity', { ...F, inputs: [v], shapes: [[]] });
  });
  const applies = updates.map(({ v, grad, shape }) => {
    const slots = ['Adam', 'Adam_1'].map((slot) => {
      const sv = g.add(`${v}/${slot}`, 'VariableV2', { shapes: [shape], attrs: { container: attr.str(''), dtype: attr.type(DT.float), shape: attr.shape(shape), shared_name: attr.str('') } });
      const zeros = g.add(`${v}/${slot}/Initializer/zeros`, 'Const', { shapes: [shape], attrs: { dtype: attr.type(DT.float), value: { tensor: { dtype: DT.float as number, tensor_shape: { dim: shape.map((size) => ({ size })) }, float_val: [0] } } } });
      g.add(`${v}/${slot}/Assign`, 'Assign', { ...F, inputs: [sv, zeros], shapes: [shape], attrs: { use_locking: attr.bool(true), validate_shape: attr.bool(true) } });
      return sv;
    });
    const name = `train/Adam/update_${v.replace(/\/Variable$/, '')}/ApplyAdam`;
    return g.add(name, 'ApplyAdam', { ...F, inputs: [v, ...slots, ...powers, lr, b1, b2, eps, grad], shapes: [shape], attrs: { use_locking: attr.bool(false), use_nesterov: attr.bool(false) } });
  });
  const ctrl = applies.map((a) => `^${a}`);
  const mul = g.add('train/Adam/mul', 'Mul', { ...F, inputs: [powers[0]!, b1, ...ctrl], shapes: [[]] });
  const mul1 = g.add('train/Adam/mul_1', 'Mul', { ...F, inputs: [powers[1]!, b2, ...ctrl], shapes: [[]] });
  const a1 = g.add('train/Adam/Assign', 'Assign', { ...F, inputs: ['train/beta1_power', mul], shapes: [[]], attrs: { use_locking: attr.bool(false), validate_shape: attr.bool(true) } });
  const a2 = g.add('train/Adam/Assign_1', 'Assign', { ...F, inputs: ['train/beta2_power', mul1], shapes: [[]], attrs: { use_locking: attr.bool(false), validate_shape: attr.bool(true) } });
  g.add('train/Adam', 'NoOp', { inputs: [...ctrl, `^${a1}`, `^${a2}`] });
}
