/**
 * Variables in both TensorFlow styles:
 *  - TF1 ref variables: `VariableV2` + `<v>/Assign` + `<v>/read` (Identity);
 *  - TF2 resource variables: `VarHandleOp` + `<v>/IsInitialized/VarIsInitializedOp`
 *    + `<v>/Assign` (AssignVariableOp) + `<v>/Read/ReadVariableOp`, and a fresh
 *    `<consumer>/ReadVariableOp` per use, like Keras graphs.
 * Initializers live under `<v>/Initializer/...` as TensorFlow writes them.
 */
import { attr, DataType } from '../graph-model.js';
import { type Tensor, f32, i32vec, numElements, numTensor } from './builder.js';
import type { GenCtx } from './context.js';

export type InitKind = 'glorot' | 'truncated' | 'zeros' | 'ones' | 'initial_value';

export interface VarRecord {
  name: string;
  resource: boolean;
  dtype: number;
  shape: number[];
  trainable: boolean;
  /** The initializer op (`<v>/Assign`): a control input of `init`. */
  assign: string;
  /** The variable op's output (ref or resource handle). */
  handle: Tensor;
  /** Shared read: `<v>/read` or `<v>/Read/ReadVariableOp`. */
  read: Tensor;
  device: string | undefined;
  /** Reads of this variable that gradients flow into (see GradTape). */
  gradReads: string[];
  gradUses: number;
  l2: boolean;
}

export interface VarOptions {
  init: InitKind;
  trainable?: boolean;
  dtype?: number;
  resource?: boolean;
  device?: string | undefined;
  /** Value for 'initial_value' initializers. */
  value?: number;
  /** Apply L2 weight decay in the loss. */
  l2?: boolean;
  /** Add a HistogramSummary for it. */
  histogram?: boolean;
  /** zeros/ones as one splat Const even when large (keeps slot names <= 8 deep). */
  splat?: boolean;
}

/** Nodes created by an initializer of this kind and shape. */
export function initCost(kind: InitKind, shape: readonly number[], splat = false): number {
  switch (kind) {
    case 'glorot': return 7;
    case 'truncated': return 6;
    case 'initial_value': return 1;
    case 'zeros': case 'ones': return !splat && numElements(shape) >= 1000 ? 3 : 1;
  }
}

/** Nodes of the variable itself (without its initializer). */
export function varNodeCost(resource: boolean): number {
  return resource ? 4 : 3;
}

const REF_OF: Record<number, number> = { [DataType.DT_FLOAT]: DataType.DT_FLOAT_REF, [DataType.DT_INT64]: DataType.DT_INT64_REF };

function emitInitializer(ctx: GenCtx, v: string, kind: InitKind, shape: readonly number[], dtype: number, value: number, splat: boolean): Tensor {
  const { b } = ctx;
  const T = attr.type(dtype);
  if (kind === 'initial_value') return b.constant(v, 'initial_value', numTensor(dtype, [], [value]));
  const I = `${v}/Initializer`;
  if (kind === 'zeros' || kind === 'ones') {
    const fill = kind === 'zeros' ? 0 : 1;
    if (splat || numElements(shape) < 1000) return b.constant(I, kind, { ...numTensor(dtype, shape, [fill]) });
    const S = b.name(`${I}/${kind}`);
    const st = b.constant(S, 'shape_as_tensor', i32vec(shape));
    const c = b.constant(S, 'Const', numTensor(dtype, [], [fill]));
    return b.emit(S, 'Fill', [st, c], { attrs: { T, index_type: attr.type(DataType.DT_INT32) }, shapes: [shape], dtype });
  }
  const fanIn = shape.length >= 2 ? numElements(shape.slice(0, -1)) : 1;
  const limit = Math.sqrt(6 / (fanIn + (shape[shape.length - 1] ?? 1)));
  const int32 = attr.type(DataType.DT_INT32);
  if (kind === 'glorot') {
    const S = b.name(`${I}/random_uniform`);
    const s = b.constant(S, 'shape', i32vec(shape));
    const min = b.constant(S, 'min', f32(-limit));
    const max = b.constant(S, 'max', f32(limit));
    const ru = b.op(S, 'RandomUniform', 'RandomUniform', [s], {
      attrs: { T: int32, dtype: T, seed: attr.int(0), seed2: attr.int(0) },
      shapes: [shape],
    });
    const sub = b.op(S, 'sub', 'Sub', [max, min], { attrs: { T }, shapes: [[]] });
    const mul = b.op(S, 'mul', 'Mul', [ru, sub], { attrs: { T }, shapes: [shape] });
    return b.emit(S, 'Add', [mul, min], { attrs: { T }, shapes: [shape] });
  }
  const S = b.name(`${I}/truncated_normal`);
  const s = b.constant(S, 'shape', i32vec(shape));
  const mean = b.constant(S, 'mean', f32(0));
  const std = b.constant(S, 'stddev', f32(limit / 2));
  const tn = b.op(S, 'TruncatedNormal', 'TruncatedNormal', [s], {
    attrs: { T: int32, dtype: T, seed: attr.int(0), seed2: attr.int(0) },
    shapes: [shape],
  });
  const mul = b.op(S, 'mul', 'Mul', [tn, std], { attrs: { T }, shapes: [shape] });
  return b.emit(S, 'Add', [mul, mean], { attrs: { T }, shapes: [shape] });
}

/** Creates a variable (with initializer) at exactly `path` (uniquified). */
export function createVariable(ctx: GenCtx, path: string, shape: number[], o: VarOptions): VarRecord {
  const { b } = ctx;
  const dtype = o.dtype ?? DataType.DT_FLOAT;
  const resource = o.resource ?? ctx.nextVarIsResource();
  const device = 'device' in o ? o.device : ctx.dev.variable(ctx.varCounter++);
  const v = b.name(path);
  const saved = b.device;
  b.device = device;
  const init = emitInitializer(ctx, v, o.init, shape, dtype, o.value ?? 0, !!o.splat);
  const cls = attr.strs([`loc:@${v}`]);
  let handle: Tensor;
  let read: Tensor;
  let assign: string;
  if (resource) {
    handle = b.emit(v, 'VarHandleOp', [], {
      attrs: {
        dtype: attr.type(dtype),
        shape: attr.shape(shape),
        container: attr.str(''),
        shared_name: attr.str(v),
        allowed_devices: attr.strs([]),
      },
      shapes: [[]],
      dtype: DataType.DT_RESOURCE,
    });
    b.op(v, 'IsInitialized/VarIsInitializedOp', 'VarIsInitializedOp', [handle], { shapes: [[]], dtype: DataType.DT_BOOL });
    assign = b.op(v, 'Assign', 'AssignVariableOp', [handle, init], { attrs: { dtype: attr.type(dtype) }, shapes: [] }).node;
    read = b.op(v, 'Read/ReadVariableOp', 'ReadVariableOp', [handle], { attrs: { dtype: attr.type(dtype) }, shapes: [shape], dtype });
  } else {
    const refType = REF_OF[dtype] ?? dtype + 100;
    handle = b.emit(v, 'VariableV2', [], {
      attrs: { dtype: attr.type(dtype), shape: attr.shape(shape), container: attr.str(''), shared_name: attr.str('') },
      shapes: [shape],
      dtype: refType,
    });
    assign = b.op(v, 'Assign', 'Assign', [handle, init], {
      attrs: { T: attr.type(dtype), use_locking: attr.bool(true), validate_shape: attr.bool(true), _class: cls },
      shapes: [shape],
      dtype: refType,
    }).node;
    read = b.op(v, 'read', 'Identity', [handle], { attrs: { T: attr.type(dtype), _class: cls }, shapes: [shape], dtype });
  }
  b.device = saved;
  const rec: VarRecord = {
    name: v,
    resource,
    dtype,
    shape,
    trainable: o.trainable ?? true,
    assign,
    handle,
    read,
    device,
    gradReads: [],
    gradUses: 0,
    l2: !!o.l2 && ctx.style.l2 && (o.trainable ?? true),
  };
  ctx.addVariable(rec, !!o.histogram);
  return rec;
}

/**
 * The tensor a consumer op reads: TF1 shares `<v>/read`; TF2 adds
 * `<consumer>/ReadVariableOp` next to the consumer. Trainable reads become
 * gradient sinks.
 */
export function useVar(ctx: GenCtx, v: VarRecord, consumer: string): Tensor {
  const t = v.resource
    ? ctx.b.op(consumer, 'ReadVariableOp', 'ReadVariableOp', [v.handle], {
        attrs: { dtype: attr.type(v.dtype) },
        shapes: [v.shape],
        dtype: v.dtype,
      })
    : v.read;
  if (v.trainable) ctx.tape.terminal(t, v);
  return t;
}
