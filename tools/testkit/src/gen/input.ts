/**
 * Input side of the graph: Placeholders or a tf.data pipeline ending in
 * `IteratorGetNext` (outputs :0 features, :1 labels), normalisation, optional
 * tf.map_fn while loops and an optional call of a library function.
 */
import { attr, DataType } from '../graph-model.js';
import { type Tensor, f32, i32, i32vec, numTensor, output, strTensor } from './builder.js';
import type { GenCtx } from './context.js';

const T = attr.type(DataType.DT_FLOAT);
const I64 = DataType.DT_INT64;

export interface InputPlan {
  /** Feature shape without the batch dim, e.g. [224, 224, 3] or [784]. */
  features: number[];
  whileLoops: number;
  /** Name of the tf.data map function, if the library has one. */
  mapFn?: string;
  /** Name of the augmentation function to call, if any. */
  augmentFn?: string;
}

export function emitInput(ctx: GenCtx, plan: InputPlan): { x: Tensor; labels: Tensor } {
  const { b } = ctx;
  b.device = ctx.dev.host();
  const xShape = [-1, ...plan.features];
  let x: Tensor;
  let labels: Tensor;
  if (!ctx.style.iterator) {
    x = b.op('', 'input', 'Placeholder', [], { attrs: { dtype: T, shape: attr.shape(xShape) }, shapes: [xShape] });
    labels = b.op('', 'labels', 'Placeholder', [], { attrs: { dtype: attr.type(I64), shape: attr.shape([-1]) }, shapes: [[-1]], dtype: I64 });
  } else {
    ({ x, labels } = iterator(ctx, plan, xShape));
  }
  for (let i = 0; i < plan.whileLoops; i++) x = mapWhile(ctx, x, i);
  if (plan.augmentFn) x = b.op('input_pipeline', 'augment', plan.augmentFn, [x], { shapes: [x.shape] });
  return { x, labels };
}

function iterator(ctx: GenCtx, plan: InputPlan, xShape: number[]): { x: Tensor; labels: Tensor } {
  const { b } = ctx;
  const P = 'input_pipeline';
  const V = DataType.DT_VARIANT;
  const files = strTensor(['train-00000-of-00004', 'train-00001-of-00004', 'train-00002-of-00004', 'train-00003-of-00004'], [4]);
  const c0 = b.constant(P, 'tensors/component_0', files);
  const c1 = b.constant(P, 'tensors/component_1', numTensor(I64, [4], [0, 1, 2, 3]));
  const recordTypes = attr.types([DataType.DT_STRING, I64]);
  const types = attr.types([DataType.DT_FLOAT, I64]);
  const shapes = attr.shapes([xShape, [-1]]);
  let ds = b.op(P, 'TensorSliceDataset', 'TensorSliceDataset', [c0, c1], {
    attrs: { Toutput_types: recordTypes, output_shapes: attr.shapes([[], []]) },
    shapes: [[]],
    dtype: V,
  });
  if (plan.mapFn) {
    ds = b.op(P, 'MapDataset', 'MapDataset', [ds], {
      attrs: {
        f: attr.func(plan.mapFn),
        Targuments: attr.types([]),
        output_types: types,
        output_shapes: attr.shapes([xShape.slice(1), []]),
        use_inter_op_parallelism: attr.bool(true),
        preserve_cardinality: attr.bool(true),
      },
      shapes: [[]],
      dtype: V,
    });
  }
  const buf = b.constant(P, 'buffer_size', numTensor(I64, [], [1024]));
  const seed = b.constant(P, 'seed', numTensor(I64, [], [0]));
  const seed2 = b.constant(P, 'seed2', numTensor(I64, [], [0]));
  ds = b.op(P, 'ShuffleDataset', 'ShuffleDatasetV3', [ds, buf, seed, seed2], {
    attrs: { reshuffle_each_iteration: attr.bool(true), output_types: types, output_shapes: shapes },
    shapes: [[]],
    dtype: V,
  });
  const batch = b.constant(P, 'batch_size', numTensor(I64, [], [32]));
  const drop = b.constant(P, 'drop_remainder', numTensor(DataType.DT_BOOL, [], [0]));
  ds = b.op(P, 'BatchDatasetV2', 'BatchDatasetV2', [ds, batch, drop], {
    attrs: { parallel_copy: attr.bool(false), output_types: types, output_shapes: shapes },
    shapes: [[]],
    dtype: V,
  });
  const prefetch = b.constant(P, 'buffer_size', numTensor(I64, [], [-1]));
  ds = b.op(P, 'PrefetchDataset', 'PrefetchDataset', [ds, prefetch], { attrs: { output_types: types, output_shapes: shapes }, shapes: [[]], dtype: V });
  const it = b.op('', 'IteratorV2', 'IteratorV2', [], {
    attrs: { shared_name: attr.str(''), container: attr.str(''), output_types: types, output_shapes: shapes },
    shapes: [[]],
    dtype: DataType.DT_RESOURCE,
  });
  b.op('', 'MakeIterator', 'MakeIterator', [ds, it], { shapes: [] });
  const next = b.op('', 'IteratorGetNext', 'IteratorGetNext', [it], {
    attrs: { output_types: types, output_shapes: shapes },
    shapes: [xShape, [-1]],
  });
  const labels = output(next, 1, [-1], I64);
  const subName = b.name(`${P}/sub`);
  const mean = b.constant(subName, 'y', f32(0.5));
  const centered = b.emit(subName, 'Sub', [next, mean], { attrs: { T }, shapes: [xShape] });
  const divName = b.name(`${P}/truediv`);
  const std = b.constant(divName, 'y', f32(0.25));
  const x = b.emit(divName, 'RealDiv', [centered, std], { attrs: { T }, shapes: [xShape] });
  return { x, labels };
}

/**
 * tf.map_fn over the batch as a TF1 while loop. `while/Merge` takes its
 * second input from `while/NextIteration`, which comes later: the only
 * back edges in the graph.
 */
function mapWhile(ctx: GenCtx, x: Tensor, index: number): Tensor {
  const { b } = ctx;
  const M = b.name('input_pipeline/map');
  const W = b.name(`${M}/while`);
  const int32 = attr.type(DataType.DT_INT32);
  const elem = x.shape ? x.shape.slice(1) : null;
  const frame = attr.str(`${W}/while_context`);
  const enter = (base: string, input: Tensor, constant: boolean, dtype: number = DataType.DT_FLOAT) =>
    b.op(W, base, 'Enter', [input], {
      attrs: { T: attr.type(dtype), frame_name: frame, is_constant: attr.bool(constant), parallel_iterations: attr.int(10) },
      shapes: [input.shape],
      dtype,
    });
  const shape = b.op(M, 'Shape', 'Shape', [x], { attrs: { T, out_type: int32 }, shapes: [[x.shape?.length ?? -1]], dtype: DataType.DT_INT32 });
  const ss = b.name(`${M}/strided_slice`);
  const s0 = b.constant(ss, 'stack', i32vec([0]));
  const s1 = b.constant(ss, 'stack_1', i32vec([1]));
  const s2 = b.constant(ss, 'stack_2', i32vec([1]));
  const n = b.emit(ss, 'StridedSlice', [shape, s0, s1, s2], {
    attrs: { T: int32, Index: int32, shrink_axis_mask: attr.int(1), begin_mask: attr.int(0), end_mask: attr.int(0), ellipsis_mask: attr.int(0), new_axis_mask: attr.int(0) },
    shapes: [[]],
    dtype: DataType.DT_INT32,
  });
  const taAttrs = { dtype: T, element_shape: attr.shape(elem), dynamic_size: attr.bool(false), clear_after_read: attr.bool(true), identical_element_shapes: attr.bool(true), tensor_array_name: attr.str('') };
  const ta = b.op(M, 'TensorArray', 'TensorArrayV3', [n], { attrs: taAttrs, shapes: [[2], []], dtype: DataType.DT_RESOURCE });
  const taOut = b.op(M, 'TensorArray_1', 'TensorArrayV3', [n], { attrs: taAttrs, shapes: [[2], []], dtype: DataType.DT_RESOURCE });
  const U = `${M}/TensorArrayUnstack`;
  const r0 = b.constant(U, 'range/start', i32(0));
  const rd = b.constant(U, 'range/delta', i32(1));
  const range = b.op(U, 'range', 'Range', [r0, n, rd], { attrs: { Tidx: int32 }, shapes: [[-1]], dtype: DataType.DT_INT32 });
  const scatter = b.op(U, 'TensorArrayScatter/TensorArrayScatterV3', 'TensorArrayScatterV3', [ta, range, x, output(ta, 1)], { attrs: { T }, shapes: [[]] });
  const i0 = b.constant(M, 'Const', i32(0));
  // Names used before their nodes exist (loop back edges).
  const next0 = b.name(`${W}/NextIteration`);
  const next1 = b.name(`${W}/NextIteration_1`);
  const e0 = enter('Enter', i0, false, DataType.DT_INT32);
  const e1 = enter('Enter_1', output(taOut, 1, []), false);
  const m0 = b.op(W, 'Merge', 'Merge', [e0, next0], { attrs: { T: int32, N: attr.int(2) }, shapes: [[], []], dtype: DataType.DT_INT32 });
  const m1 = b.op(W, 'Merge_1', 'Merge', [e1, next1], { attrs: { T, N: attr.int(2) }, shapes: [[], []] });
  const limit = enter('Less/Enter', n, true, DataType.DT_INT32);
  const less = b.op(W, 'Less', 'Less', [m0, limit], { attrs: { T: int32 }, shapes: [[]], dtype: DataType.DT_BOOL });
  const cond = b.op(W, 'LoopCond', 'LoopCond', [less], { shapes: [[]], dtype: DataType.DT_BOOL });
  const sw0 = b.op(W, 'Switch', 'Switch', [m0, cond], { attrs: { T: int32, _class: attr.strs([`loc:@${m0.node}`]) }, shapes: [[], []], dtype: DataType.DT_INT32 });
  const sw1 = b.op(W, 'Switch_1', 'Switch', [m1, cond], { attrs: { T, _class: attr.strs([`loc:@${m1.node}`]) }, shapes: [[], []] });
  const id0 = b.op(W, 'Identity', 'Identity', [output(sw0, 1)], { attrs: { T: int32 }, shapes: [[]], dtype: DataType.DT_INT32 });
  const id1 = b.op(W, 'Identity_1', 'Identity', [output(sw1, 1)], { attrs: { T }, shapes: [[]] });
  const R = `${W}/TensorArrayReadV3`;
  const rTa = b.op(R, 'Enter', 'Enter', [ta], { attrs: { T: attr.type(DataType.DT_RESOURCE), frame_name: frame, is_constant: attr.bool(true), parallel_iterations: attr.int(10) }, shapes: [[2]], dtype: DataType.DT_RESOURCE });
  const rFlow = b.op(R, 'Enter_1', 'Enter', [scatter], { attrs: { T, frame_name: frame, is_constant: attr.bool(true), parallel_iterations: attr.int(10) }, shapes: [[]] });
  let v = b.emit(b.name(R), 'TensorArrayReadV3', [rTa, id0, rFlow], { attrs: { dtype: T }, shapes: [elem] });
  // Body: a few elementwise image ops; constants hang off the loop via a control edge.
  const ops = ctx.rng.int(2, 4 + index);
  for (let k = 0; k < ops; k++) {
    const opName = ctx.rng.pick(['Mul', 'Sub', 'Maximum', 'AddV2']);
    const base = { Mul: 'mul', Sub: 'sub', Maximum: 'Maximum', AddV2: 'add' }[opName] as string;
    const name = b.name(`${W}/${base}`);
    const y = b.constant(name, 'y', f32(ctx.rng.int(1, 9) / 10), { control: [id0.node] });
    v = b.emit(name, opName, [v, y], { attrs: { T }, shapes: [elem] });
  }
  const Wr = `${W}/TensorArrayWrite/TensorArrayWriteV3`;
  const wTa = b.op(Wr, 'Enter', 'Enter', [taOut], { attrs: { T: attr.type(DataType.DT_RESOURCE), frame_name: frame, is_constant: attr.bool(true), parallel_iterations: attr.int(10) }, shapes: [[2]], dtype: DataType.DT_RESOURCE });
  const write = b.emit(b.name(Wr), 'TensorArrayWriteV3', [wTa, id0, v, id1], { attrs: { T }, shapes: [[]] });
  const addName = b.name(`${W}/add`);
  const one = b.constant(addName, 'y', i32(1), { control: [id0.node] });
  const inc = b.emit(addName, 'AddV2', [id0, one], { attrs: { T: int32 }, shapes: [[]], dtype: DataType.DT_INT32 });
  b.emit(next0, 'NextIteration', [inc], { attrs: { T: int32 }, shapes: [[]], dtype: DataType.DT_INT32 });
  b.emit(next1, 'NextIteration', [write], { attrs: { T }, shapes: [[]] });
  b.op(W, 'Exit', 'Exit', [sw0], { attrs: { T: int32 }, shapes: [[]], dtype: DataType.DT_INT32 });
  const exit1 = b.op(W, 'Exit_1', 'Exit', [sw1], { attrs: { T }, shapes: [[]] });
  const S = `${M}/TensorArrayStack`;
  const size = b.op(S, 'TensorArraySizeV3', 'TensorArraySizeV3', [taOut, exit1], { shapes: [[]], dtype: DataType.DT_INT32 });
  const s0r = b.constant(S, 'range/start', i32(0));
  const sdr = b.constant(S, 'range/delta', i32(1));
  const srange = b.op(S, 'range', 'Range', [s0r, size, sdr], { attrs: { Tidx: int32 }, shapes: [[-1]], dtype: DataType.DT_INT32 });
  return b.op(S, 'TensorArrayGatherV3', 'TensorArrayGatherV3', [taOut, srange, exit1], {
    attrs: { dtype: T, element_shape: attr.shape(elem) },
    shapes: [x.shape],
  });
}
