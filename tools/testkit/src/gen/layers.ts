/**
 * Forward layers in tf.layers / Keras naming: `<scope>/conv2d_N/Conv2D`,
 * `<scope>/batch_normalization_N/FusedBatchNormV3` (+ AssignMovingAvg),
 * `<scope>/dense_N/MatMul|BiasAdd|Relu`, residual blocks `block_N` with
 * `add` and `Relu_N`. Every op on the loss path is recorded on the tape.
 */
import { attr, DataType } from '../graph-model.js';
import { type Tensor, f32, i32vec, output } from './builder.js';
import type { GenCtx } from './context.js';
import { convAttrs, poolAttrs } from './gradients.js';
import { createVariable, useVar } from './variables.js';

const T = attr.type(DataType.DT_FLOAT);
const last = (t: Tensor): number => (t.shape && t.shape.length > 0 ? (t.shape[t.shape.length - 1] as number) : 1);

export function relu(ctx: GenCtx, scope: string, x: Tensor): Tensor {
  const y = ctx.b.op(scope, 'Relu', 'Relu', [x], { attrs: { T }, shapes: [x.shape] });
  ctx.tape.record('relu', y, 'Relu', [x]);
  ctx.noteActivation(y);
  return y;
}

export function conv2d(ctx: GenCtx, parent: string, x: Tensor, filters: number, k: number, stride: number): Tensor {
  const { b } = ctx;
  const S = b.name(`${parent}/conv2d`);
  const kernel = createVariable(ctx, `${S}/kernel`, [k, k, last(x), filters], {
    init: 'glorot',
    l2: true,
    histogram: ctx.rng.chance(0.04),
  });
  const name = b.name(`${S}/Conv2D`);
  const w = useVar(ctx, kernel, name);
  const s = x.shape ?? [-1, 1, 1, 1];
  const h = Math.max(1, Math.ceil((s[1] ?? 1) / stride));
  const wd = Math.max(1, Math.ceil((s[2] ?? 1) / stride));
  const y = b.emit(name, 'Conv2D', [x, w], { attrs: convAttrs(stride), shapes: [[-1, h, wd, filters]] });
  ctx.tape.record('conv2d', y, 'Conv2D', [x, w]);
  return y;
}

export function batchNorm(ctx: GenCtx, parent: string, x: Tensor): Tensor {
  const { b } = ctx;
  const S = b.name(`${parent}/batch_normalization`);
  const c = last(x);
  const gamma = createVariable(ctx, `${S}/gamma`, [c], { init: 'ones' });
  const beta = createVariable(ctx, `${S}/beta`, [c], { init: 'zeros' });
  const mean = createVariable(ctx, `${S}/moving_mean`, [c], { init: 'zeros', trainable: false });
  const variance = createVariable(ctx, `${S}/moving_variance`, [c], { init: 'ones', trainable: false });
  const name = b.name(`${S}/FusedBatchNormV3`);
  const ins = [x, useVar(ctx, gamma, name), useVar(ctx, beta, name), useVar(ctx, mean, name), useVar(ctx, variance, name)];
  const y = b.emit(name, 'FusedBatchNormV3', ins, {
    attrs: { T, U: T, epsilon: attr.float(0.001), exponential_avg_factor: attr.float(1), data_format: attr.str('NHWC'), is_training: attr.bool(true) },
    shapes: [x.shape, [c], [c], [c], [c], null],
  });
  ctx.tape.record('fbn', y, 'FusedBatchNormV3', ins, [y]);
  // Moving averages are updated off the loss path (UPDATE_OPS).
  [mean, variance].forEach((v, i) => {
    const A = b.name(`${S}/AssignMovingAvg`);
    const decay = b.constant(A, 'decay', f32(0.01));
    const cur = v.resource ? b.op(A, 'ReadVariableOp', 'ReadVariableOp', [v.handle], { attrs: { dtype: T }, shapes: [[c]] }) : v.read;
    const sub = b.op(A, 'sub', 'Sub', [cur, output(y, i + 1, [c])], { attrs: { T }, shapes: [[c]] });
    const mul = b.op(A, 'mul', 'Mul', [sub, decay], { attrs: { T }, shapes: [[c]] });
    const upd = v.resource
      ? b.op(A, 'AssignSubVariableOp', 'AssignSubVariableOp', [v.handle, mul], { attrs: { dtype: T }, shapes: [] })
      : b.emit(A, 'AssignSub', [v.handle, mul], {
          attrs: { T, use_locking: attr.bool(false), _class: attr.strs([`loc:@${v.name}`]) },
          shapes: [[c]],
          dtype: DataType.DT_FLOAT_REF,
        });
    ctx.updateOps.push(upd.node);
  });
  return y;
}

export interface DenseOptions {
  activation: boolean;
  histogram: boolean;
  base?: string;
}

export function dense(ctx: GenCtx, parent: string, x: Tensor, units: number, o: DenseOptions): Tensor {
  const { b } = ctx;
  const S = b.name(`${parent}/${o.base ?? 'dense'}`);
  const kernel = createVariable(ctx, `${S}/kernel`, [last(x), units], { init: 'glorot', l2: true, histogram: o.histogram });
  const bias = createVariable(ctx, `${S}/bias`, [units], { init: 'zeros', histogram: o.histogram });
  const mmName = b.name(`${S}/MatMul`);
  const w = useVar(ctx, kernel, mmName);
  const mm = b.emit(mmName, 'MatMul', [x, w], {
    attrs: { T, transpose_a: attr.bool(false), transpose_b: attr.bool(false) },
    shapes: [[-1, units]],
  });
  ctx.tape.record('matmul', mm, 'MatMul', [x, w]);
  const baName = b.name(`${S}/BiasAdd`);
  const bb = useVar(ctx, bias, baName);
  const ba = b.emit(baName, 'BiasAdd', [mm, bb], { attrs: { T, data_format: attr.str('NHWC') }, shapes: [[-1, units]] });
  ctx.tape.record('biasadd', ba, 'BiasAdd', [mm, bb]);
  return o.activation ? relu(ctx, S, ba) : ba;
}

/** Keras-style `dropout/` layer (two Muls on the loss path). */
export function dropout(ctx: GenCtx, parent: string, x: Tensor): Tensor {
  const { b } = ctx;
  const S = b.name(`${parent}/dropout`);
  const keep = b.constant(S, 'Const', f32(2));
  const mul = b.op(S, 'Mul', 'Mul', [x, keep], { attrs: { T }, shapes: [x.shape] });
  ctx.tape.record('mul', mul, 'Mul', [x, keep]);
  const shape = b.op(S, 'Shape', 'Shape', [x], { attrs: { T, out_type: attr.type(DataType.DT_INT32) }, shapes: [[2]], dtype: DataType.DT_INT32 });
  const ru = b.op(S, 'random_uniform/RandomUniform', 'RandomUniform', [shape], {
    attrs: { T: attr.type(DataType.DT_INT32), dtype: T, seed: attr.int(0), seed2: attr.int(0) },
    shapes: [x.shape],
  });
  const rate = b.constant(S, 'GreaterEqual/y', f32(0.5));
  const ge = b.op(S, 'GreaterEqual', 'GreaterEqual', [ru, rate], { attrs: { T }, shapes: [x.shape], dtype: DataType.DT_BOOL });
  const cast = b.op(S, 'Cast', 'Cast', [ge], { attrs: { SrcT: attr.type(DataType.DT_BOOL), DstT: T, Truncate: attr.bool(false) }, shapes: [x.shape] });
  const y = b.op(S, 'Mul_1', 'Mul', [mul, cast], { attrs: { T }, shapes: [x.shape] });
  ctx.tape.record('mul', y, 'Mul', [mul, cast]);
  return y;
}

export function maxPool(ctx: GenCtx, parent: string, x: Tensor): Tensor {
  const s = x.shape ?? [-1, 2, 2, 1];
  const shape = [-1, Math.max(1, Math.ceil((s[1] ?? 2) / 2)), Math.max(1, Math.ceil((s[2] ?? 2) / 2)), last(x)];
  const y = ctx.b.op(`${parent}/max_pooling2d`, 'MaxPool', 'MaxPool', [x], { attrs: { T, ...poolAttrs() }, shapes: [shape] });
  ctx.tape.record('maxpool', y, 'MaxPool', [x]);
  return y;
}

/** `global_average_pooling2d/Mean` over H and W. */
export function globalPool(ctx: GenCtx, parent: string, x: Tensor): Tensor {
  const { b } = ctx;
  const name = b.name(`${parent}/global_average_pooling2d/Mean`);
  const axes = b.constant(name, 'reduction_indices', i32vec([1, 2]));
  const y = b.emit(name, 'Mean', [x, axes], {
    attrs: { T, Tidx: attr.type(DataType.DT_INT32), keep_dims: attr.bool(false) },
    shapes: [[-1, last(x)]],
  });
  ctx.tape.record('mean', y, 'Mean', [x, axes]);
  return y;
}

/** Residual block `block_<index>`: conv/bn/relu units, optional projection, add, Relu. */
export function residualBlock(ctx: GenCtx, stage: string, index: number, x: Tensor, filters: number, stride: number): Tensor {
  const B = ctx.b.name(`${stage}/block_${index}`);
  const convs = ctx.style.convsPerBlock;
  let y = x;
  for (let j = 0; j < convs; j++) {
    const k = convs === 3 && j !== 1 ? 1 : 3; // bottleneck 1x1-3x3-1x1, else 3x3-3x3
    y = conv2d(ctx, B, y, filters, k, j === 0 ? stride : 1);
    y = batchNorm(ctx, B, y);
    if (j < convs - 1) y = relu(ctx, B, y);
  }
  let shortcut = x;
  if (stride !== 1 || last(x) !== filters) {
    shortcut = batchNorm(ctx, B, conv2d(ctx, B, x, filters, 1, stride));
  }
  const add = ctx.b.op(B, 'add', 'AddV2', [y, shortcut], { attrs: { T }, shapes: [y.shape] });
  ctx.tape.record('add', add, 'AddV2', [y, shortcut]);
  return relu(ctx, B, add);
}
