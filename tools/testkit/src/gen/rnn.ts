/**
 * A statically unrolled LSTM (tf.nn.static_rnn + BasicLSTMCell), which gives
 * the long op series real graphs have: `rnn/basic_lstm_cell/Sigmoid`,
 * `Sigmoid_1`, ... `Sigmoid_<3T-1>`, `MatMul_<T-1>`, `split_<T-1>`, ...
 */
import { attr, DataType } from '../graph-model.js';
import { type Tensor, f32, i32, i32vec, output } from './builder.js';
import type { GenCtx } from './context.js';
import { createVariable, useVar } from './variables.js';

const T = attr.type(DataType.DT_FLOAT);

/** Upper-bound estimate of the nodes an unrolled LSTM adds (incl. its tail). */
export function lstmCostEstimate(steps: number, layers: number): number {
  // Per step: 17-19 forward ops, 80 gradient ops, ~2 AddN; per layer: zero
  // state, two variables with initializers, slots, updates and save ops.
  return layers * (steps * 104 + 90) + 16;
}

/** Turns a feature map into `steps` time-major inputs via Reshape + unstack. */
export function sequenceInputs(ctx: GenCtx, x: Tensor, steps: number): Tensor[] {
  const { b } = ctx;
  const features = x.shape && x.shape.length > 0 ? (x.shape[x.shape.length - 1] as number) : 64;
  const name = b.name('rnn/Reshape');
  const shape = b.constant(name, 'shape', i32vec([-1, steps, features]));
  const seq = b.emit(name, 'Reshape', [x, shape], { attrs: { T, Tshape: attr.type(DataType.DT_INT32) }, shapes: [[-1, steps, features]] });
  ctx.tape.record('reshape', seq, 'Reshape', [x, shape]);
  return unstack(ctx, seq, steps, features);
}

export function unstack(ctx: GenCtx, seq: Tensor, steps: number, features: number): Tensor[] {
  const u = ctx.b.op('rnn', 'unstack', 'Unpack', [seq], {
    attrs: { T, num: attr.int(steps), axis: attr.int(1) },
    shapes: new Array<number[]>(steps).fill([-1, features]),
  });
  const outs = Array.from({ length: steps }, (_, i) => output(u, i, [-1, features]));
  ctx.tape.record('unstack', u, 'Unpack', [seq], outs);
  return outs;
}

/** One LSTM layer over `inputs`; returns the per-step outputs h_t. */
export function lstmLayer(ctx: GenCtx, cell: string, zeroScope: string, inputs: Tensor[], units: number): Tensor[] {
  const { b, tape } = ctx;
  const add = ctx.style.variables === 'tf1' ? 'Add' : 'AddV2';
  const Z = b.name(zeroScope);
  const zeros = (suffix: string) => {
    const shape = b.constant(Z, `Const${suffix}`, i32vec([-1, units]));
    const name = b.name(`${Z}/zeros${suffix}`);
    const zero = b.constant(name, 'Const', f32(0));
    return b.emit(name, 'Fill', [shape, zero], { attrs: { T, index_type: attr.type(DataType.DT_INT32) }, shapes: [[-1, units]] });
  };
  let c = zeros('');
  let h = zeros('_1');
  const first = inputs[0];
  const inDim = first?.shape && first.shape.length > 0 ? (first.shape[first.shape.length - 1] as number) : units;
  const kernel = createVariable(ctx, `${cell}/kernel`, [inDim + units, 4 * units], { init: 'glorot', l2: true, histogram: true });
  const bias = createVariable(ctx, `${cell}/bias`, [4 * units], { init: 'zeros', histogram: true });
  const gate = [-1, units];
  const un = (base: string, op: string, x: Tensor, kind: 'sigmoid' | 'tanh') => {
    const y = b.op(cell, base, op, [x], { attrs: { T }, shapes: [gate] });
    tape.record(kind, y, op, [x]);
    return y;
  };
  const bin = (base: string, op: string, x: Tensor, y: Tensor, kind: 'add' | 'mul') => {
    const z = b.op(cell, base, op, [x, y], { attrs: { T }, shapes: [gate] });
    tape.record(kind, z, op, [x, y]);
    return z;
  };
  const outs: Tensor[] = [];
  for (const x of inputs) {
    const catName = b.name(`${cell}/concat`);
    const axis = b.constant(catName, 'axis', i32(1));
    const cat = b.emit(catName, 'ConcatV2', [x, h, axis], {
      attrs: { N: attr.int(2), T, Tidx: attr.type(DataType.DT_INT32) },
      shapes: [[-1, inDim + units]],
    });
    tape.record('concat', cat, 'ConcatV2', [x, h, axis]);
    const mmName = b.name(`${cell}/MatMul`);
    const w = useVar(ctx, kernel, mmName);
    const mm = b.emit(mmName, 'MatMul', [cat, w], {
      attrs: { T, transpose_a: attr.bool(false), transpose_b: attr.bool(false) },
      shapes: [[-1, 4 * units]],
    });
    tape.record('matmul', mm, 'MatMul', [cat, w]);
    const baName = b.name(`${cell}/BiasAdd`);
    const bb = useVar(ctx, bias, baName);
    const ba = b.emit(baName, 'BiasAdd', [mm, bb], { attrs: { T, data_format: attr.str('NHWC') }, shapes: [[-1, 4 * units]] });
    tape.record('biasadd', ba, 'BiasAdd', [mm, bb]);
    const one = b.constant(cell, 'Const', i32(1));
    const sp = b.op(cell, 'split', 'Split', [one, ba], { attrs: { T, num_split: attr.int(4) }, shapes: [gate, gate, gate, gate] });
    const [i, j, f, o] = [0, 1, 2, 3].map((k) => output(sp, k, gate)) as [Tensor, Tensor, Tensor, Tensor];
    tape.record('split', sp, 'Split', [one, ba], [i, j, f, o]);
    const addName = b.name(`${cell}/add`);
    const forgetBias = b.constant(addName, 'y', f32(1));
    const fb = b.emit(addName, add, [f, forgetBias], { attrs: { T }, shapes: [gate] });
    tape.record('add', fb, add, [f, forgetBias]);
    const keep = bin('mul', 'Mul', c, un('Sigmoid', 'Sigmoid', fb, 'sigmoid'), 'mul');
    const write = bin('mul', 'Mul', un('Sigmoid', 'Sigmoid', i, 'sigmoid'), un('Tanh', 'Tanh', j, 'tanh'), 'mul');
    c = bin('add', add, keep, write, 'add');
    h = bin('mul', 'Mul', un('Tanh', 'Tanh', c, 'tanh'), un('Sigmoid', 'Sigmoid', o, 'sigmoid'), 'mul');
    outs.push(h);
  }
  return outs;
}
