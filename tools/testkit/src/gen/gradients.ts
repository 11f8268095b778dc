/**
 * A gradient tape: forward layer code records the ops on the path to the
 * loss; `emitGradients` then writes the `gradients/` scope in reverse order,
 * with TensorFlow's names (`<op>_grad/...`, `tuple/group_deps`,
 * `tuple/control_dependency_N`, `gradients/AddN_N` for fan-in).
 *
 * Each kind's node count is fixed (see GRAD_COST) so the generator can
 * project the final graph size while it is still building the forward pass.
 */
import { attr, DataType, type GenAttr } from '../graph-model.js';
import { type Builder, type Dims, type Tensor, i32, i32vec, output, ref } from './builder.js';
import type { VarRecord } from './variables.js';

export type GradKind =
  | 'matmul' | 'biasadd' | 'relu' | 'sigmoid' | 'tanh' | 'conv2d' | 'fbn' | 'add' | 'mul' | 'concat'
  | 'split' | 'unstack' | 'maxpool' | 'mean' | 'reshape' | 'xent' | 'l2loss' | 'addn' | 'identity';

/** Nodes emitted by each gradient function, given the forward op's input count. */
export function gradCost(kind: GradKind, inputs: number): number {
  switch (kind) {
    case 'matmul': return 5;
    case 'biasadd': return 4;
    case 'relu': case 'sigmoid': case 'tanh': case 'split': case 'unstack': case 'maxpool': case 'l2loss': return 1;
    case 'conv2d': return 6;
    case 'fbn': return 5;
    case 'add': return 10;
    case 'mul': return 12;
    case 'concat': return 5 + 2 * (inputs - 1);
    case 'mean': return 9;
    case 'reshape': return 2;
    case 'xent': return 4;
    case 'addn': return 1 + inputs;
    case 'identity': return 0;
  }
}

interface Entry {
  kind: GradKind;
  node: string;
  op: string;
  inputs: Tensor[];
  diff: boolean[];
  /** Outputs whose gradients the gradient function consumes. */
  outputs: Tensor[];
  device: string | undefined;
}

const T = attr.type(DataType.DT_FLOAT);

export class GradTape {
  /** `device` gives the device forward ops are being placed on right now. */
  constructor(private readonly device: () => string | undefined) {}

  private readonly entries: Entry[] = [];
  /** Projected number of nodes `emitGradients` will add. */
  cost = 0;
  private readonly diffTensors = new Set<string>();
  private readonly consumers = new Map<string, number>();
  private readonly terminals = new Map<string, VarRecord>();

  /** Marks a read of trainable variable `v` as a gradient sink. */
  terminal(t: Tensor, v: VarRecord): void {
    const k = ref(t);
    if (this.terminals.has(k)) return; // TF1 `<v>/read` is shared by all uses
    this.terminals.set(k, v);
    v.gradReads.push(k);
  }

  isDiff(t: Tensor): boolean {
    const k = ref(t);
    return this.diffTensors.has(k) || this.terminals.has(k);
  }

  /**
   * Records a forward op on the loss path. Ops with no differentiable input
   * are pruned, as tf.gradients does; returns whether it was recorded.
   */
  record(kind: GradKind, node: Tensor, op: string, inputs: Tensor[], outputs: Tensor[] = [node]): boolean {
    const diff = inputs.map((t) => this.isDiff(t));
    if (!diff.some(Boolean)) return false;
    // Gradients are colocated with their forward op (colocate_gradients_with_ops).
    this.entries.push({ kind, node: node.node, op, inputs, diff, outputs, device: this.device() });
    this.cost += gradCost(kind, inputs.length);
    inputs.forEach((t, i) => {
      if (!diff[i]) return;
      const k = ref(t);
      const v = this.terminals.get(k);
      if (v) {
        // Several reads of one variable are summed with one AddN.
        if (++v.gradUses === 2) this.cost++;
      } else {
        const c = (this.consumers.get(k) ?? 0) + 1;
        this.consumers.set(k, c);
        if (c === 2) this.cost++;
      }
    });
    for (const o of outputs) this.diffTensors.add(ref(o));
    return true;
  }

  /**
   * Emits the backward pass for `loss` (seeded with `seed`), returning each
   * trainable variable's aggregated gradient tensor.
   */
  emit(b: Builder, loss: Tensor, seed: Tensor, trainable: readonly VarRecord[]): Map<VarRecord, Tensor> {
    const pending = new Map<string, Tensor[]>([[ref(loss), [seed]]]);
    const aggregate = (list: Tensor[]): Tensor => {
      if (list.length === 1) return list[0] as Tensor;
      const first = list[0] as Tensor;
      return b.op('gradients', 'AddN', 'AddN', list, {
        attrs: { N: attr.int(list.length), T },
        shapes: [first.shape],
      });
    };
    const take = (t: Tensor): Tensor | undefined => {
      const k = ref(t);
      const list = pending.get(k);
      if (!list) return undefined;
      pending.delete(k);
      return aggregate(list);
    };
    const saved = b.device;
    for (let i = this.entries.length - 1; i >= 0; i--) {
      const e = this.entries[i] as Entry;
      const gs = e.outputs.map(take);
      if (gs.every((g) => g === undefined)) continue;
      b.device = e.device;
      const inGrads = emitGrad(b, e, gs);
      e.inputs.forEach((t, j) => {
        const g = inGrads[j];
        if (!e.diff[j] || !g) return;
        const k = ref(t);
        const list = pending.get(k);
        if (list) list.push(g);
        else pending.set(k, [g]);
      });
    }
    const result = new Map<VarRecord, Tensor>();
    for (const v of trainable) {
      const list: Tensor[] = [];
      for (const k of v.gradReads) {
        const l = pending.get(k);
        if (l) list.push(...l);
      }
      b.device = v.device;
      if (list.length > 0) result.set(v, aggregate(list));
    }
    b.device = saved;
    return result;
  }
}

/** Writes one op's gradient function; returns per-input gradients. */
function emitGrad(b: Builder, e: Entry, gs: (Tensor | undefined)[]): (Tensor | undefined)[] {
  const G = b.name(`gradients/${e.node}_grad`);
  const g = gs[0] ?? (gs.find((x) => x !== undefined) as Tensor);
  const op = (base: string, opName: string, inputs: readonly (Tensor | string)[], o: { attrs?: Record<string, GenAttr>; shapes?: Dims[]; dtype?: number; control?: string[] } = {}) =>
    b.op(G, base, opName, inputs, { dtype: DataType.DT_FLOAT, ...o });
  const tuple = (ts: Tensor[]): Tensor[] => {
    const ctrl = [...new Set(ts.map((t) => t.node))];
    const gd = op('tuple/group_deps', 'NoOp', [], { control: ctrl, shapes: [] });
    return ts.map((t, i) =>
      op(i === 0 ? 'tuple/control_dependency' : `tuple/control_dependency_${i}`, 'Identity', [t], {
        attrs: { T, _class: attr.strs([`loc:@${t.node}`]) },
        control: [gd.node],
        shapes: [t.shape],
      }),
    );
  };
  const [x, y] = e.inputs as [Tensor, Tensor];
  const fwd: Tensor = { node: e.node, index: 0, shape: e.outputs[0]?.shape ?? null, dtype: DataType.DT_FLOAT };
  const shapeOf = (t: Tensor, base: string) =>
    op(base, 'Shape', [t], { attrs: { T, out_type: attr.type(DataType.DT_INT32) }, shapes: [[t.shape?.length ?? -1]], dtype: DataType.DT_INT32 });

  switch (e.kind) {
    case 'identity':
      return [g];
    case 'relu':
      return [op('ReluGrad', 'ReluGrad', [g, fwd], { attrs: { T }, shapes: [x.shape] })];
    case 'sigmoid':
      return [op('SigmoidGrad', 'SigmoidGrad', [fwd, g], { attrs: { T }, shapes: [x.shape] })];
    case 'tanh':
      return [op('TanhGrad', 'TanhGrad', [fwd, g], { attrs: { T }, shapes: [x.shape] })];
    case 'l2loss':
      return [op('mul', 'Mul', [x, g], { attrs: { T }, shapes: [x.shape] })];
    case 'maxpool':
      return [op('MaxPoolGrad', 'MaxPoolGrad', [x, fwd, g], { attrs: { T, ...poolAttrs() }, shapes: [x.shape] })];
    case 'matmul': {
      const da = op('MatMul', 'MatMul', [g, y], { attrs: { T, transpose_a: attr.bool(false), transpose_b: attr.bool(true) }, shapes: [x.shape] });
      const db = op('MatMul_1', 'MatMul', [x, g], { attrs: { T, transpose_a: attr.bool(true), transpose_b: attr.bool(false) }, shapes: [y.shape] });
      return tuple([da, db]);
    }
    case 'biasadd': {
      const bg = op('BiasAddGrad', 'BiasAddGrad', [g], { attrs: { T, data_format: attr.str('NHWC') }, shapes: [y.shape] });
      return tuple([g, bg]);
    }
    case 'conv2d': {
      const sn = op('ShapeN', 'ShapeN', [x, y], { attrs: { N: attr.int(2), T, out_type: attr.type(DataType.DT_INT32) }, shapes: [[4], [4]], dtype: DataType.DT_INT32 });
      const ca = convAttrs();
      const di = op('Conv2DBackpropInput', 'Conv2DBackpropInput', [sn, y, g], { attrs: ca, shapes: [x.shape] });
      const df = op('Conv2DBackpropFilter', 'Conv2DBackpropFilter', [x, output(sn, 1), g], { attrs: ca, shapes: [y.shape] });
      return tuple([di, df]);
    }
    case 'fbn': {
      const scale = e.inputs[1] as Tensor;
      const fb = op('FusedBatchNormGradV3', 'FusedBatchNormGradV3', [g, x, scale, output(fwd, 3), output(fwd, 4), output(fwd, 5)], {
        attrs: { T, U: T, epsilon: attr.float(0.001), data_format: attr.str('NHWC'), is_training: attr.bool(true) },
        shapes: [x.shape, scale.shape, scale.shape, [0], [0]],
      });
      const [dx, ds, db] = tuple([fb, output(fb, 1, scale.shape), output(fb, 2, scale.shape)]);
      return [dx, ds, db, undefined, undefined];
    }
    case 'add':
    case 'mul': {
      const sx = shapeOf(x, 'Shape');
      const sy = shapeOf(y, 'Shape_1');
      const bga = op('BroadcastGradientArgs', 'BroadcastGradientArgs', [sx, sy], { attrs: { T: attr.type(DataType.DT_INT32) }, shapes: [[-1], [-1]], dtype: DataType.DT_INT32 });
      const sumAttrs = { T, Tidx: attr.type(DataType.DT_INT32), keep_dims: attr.bool(false) };
      let lhs: Tensor = g;
      let rhs: Tensor = g;
      if (e.kind === 'mul') lhs = op('Mul', 'Mul', [g, y], { attrs: { T }, shapes: [fwd.shape] });
      const s0 = op('Sum', 'Sum', [lhs, bga], { attrs: sumAttrs, shapes: [null] });
      const r0 = op('Reshape', 'Reshape', [s0, sx], { attrs: { T, Tshape: attr.type(DataType.DT_INT32) }, shapes: [x.shape] });
      if (e.kind === 'mul') rhs = op('Mul_1', 'Mul', [x, g], { attrs: { T }, shapes: [fwd.shape] });
      const s1 = op('Sum_1', 'Sum', [rhs, output(bga, 1)], { attrs: sumAttrs, shapes: [null] });
      const r1 = op('Reshape_1', 'Reshape', [s1, sy], { attrs: { T, Tshape: attr.type(DataType.DT_INT32) }, shapes: [y.shape] });
      return tuple([r0, r1]);
    }
    case 'concat': {
      const values = e.inputs.slice(0, -1);
      const axis = e.inputs[e.inputs.length - 1] as Tensor;
      const rank = b.constant(G, 'Rank', i32(values[0]?.shape?.length ?? 2));
      const mod = op('mod', 'FloorMod', [axis, rank], { attrs: { T: attr.type(DataType.DT_INT32) }, shapes: [[]], dtype: DataType.DT_INT32 });
      const sn = op('ShapeN', 'ShapeN', values, { attrs: { N: attr.int(values.length), T, out_type: attr.type(DataType.DT_INT32) }, shapes: values.map((v) => [v.shape?.length ?? -1]), dtype: DataType.DT_INT32 });
      const offs = op('ConcatOffset', 'ConcatOffset', [mod, ...values.map((_, i) => output(sn, i))], { attrs: { N: attr.int(values.length) }, shapes: values.map((v) => [v.shape?.length ?? -1]), dtype: DataType.DT_INT32 });
      const slices = values.map((v, i) =>
        op(i === 0 ? 'Slice' : `Slice_${i}`, 'Slice', [g, output(offs, i), output(sn, i)], { attrs: { T, Index: attr.type(DataType.DT_INT32) }, shapes: [v.shape] }),
      );
      return [...tuple(slices), undefined];
    }
    case 'split': {
      const dim = x; // Split(split_dim, value)
      const parts = gs.map((t) => t ?? g);
      const c = op('concat', 'ConcatV2', [...parts, dim], { attrs: { N: attr.int(parts.length), T, Tidx: attr.type(DataType.DT_INT32) }, shapes: [y.shape] });
      return [undefined, c];
    }
    case 'unstack': {
      const parts = gs.map((t) => t ?? g);
      return [op('stack', 'Pack', parts, { attrs: { N: attr.int(parts.length), T, axis: attr.int(1) }, shapes: [x.shape] })];
    }
    case 'reshape': {
      const s = shapeOf(x, 'Shape');
      return [op('Reshape', 'Reshape', [g, s], { attrs: { T, Tshape: attr.type(DataType.DT_INT32) }, shapes: [x.shape] }), undefined];
    }
    case 'mean': {
      const rs = b.constant(G, 'Reshape/shape', i32vec(new Array<number>(Math.max(1, x.shape?.length ?? 1)).fill(1)));
      const r = op('Reshape', 'Reshape', [g, rs], { attrs: { T, Tshape: attr.type(DataType.DT_INT32) }, shapes: [null] });
      const s = shapeOf(x, 'Shape');
      const tile = op('Tile', 'Tile', [r, s], { attrs: { T, Tmultiples: attr.type(DataType.DT_INT32) }, shapes: [x.shape] });
      const s1 = shapeOf(x, 'Shape_1');
      const c = b.constant(G, 'Const', i32vec([0]));
      const prod = op('Prod', 'Prod', [s1, c], { attrs: { T: attr.type(DataType.DT_INT32), Tidx: attr.type(DataType.DT_INT32), keep_dims: attr.bool(false) }, shapes: [[]], dtype: DataType.DT_INT32 });
      const cast = op('Cast', 'Cast', [prod], { attrs: { SrcT: attr.type(DataType.DT_INT32), DstT: T, Truncate: attr.bool(false) }, shapes: [[]] });
      return [op('truediv', 'RealDiv', [tile, cast], { attrs: { T }, shapes: [x.shape] }), undefined];
    }
    case 'xent': {
      const pg = op('PreventGradient', 'PreventGradient', [output(fwd, 1, x.shape)], { attrs: { T, message: attr.str('Currently there is no way to take the second derivative of sparse_softmax_cross_entropy_with_logits due to the fused implementation\'s interaction with tf.gradients()') }, shapes: [x.shape] });
      const dim = b.constant(G, 'ExpandDims/dim', i32(-1));
      const ed = op('ExpandDims', 'ExpandDims', [g, dim], { attrs: { T, Tdim: attr.type(DataType.DT_INT32) }, shapes: [[-1, 1]] });
      return [op('mul', 'Mul', [ed, pg], { attrs: { T }, shapes: [x.shape] }), undefined];
    }
    case 'addn':
      return tuple(e.inputs.map(() => g));
  }
}

export function convAttrs(stride = 1): Record<string, GenAttr> {
  return {
    T,
    strides: attr.ints([1, stride, stride, 1]),
    padding: attr.str('SAME'),
    data_format: attr.str('NHWC'),
    dilations: attr.ints([1, 1, 1, 1]),
    use_cudnn_on_gpu: attr.bool(true),
    explicit_paddings: attr.ints([]),
  };
}

export function poolAttrs(): Record<string, GenAttr> {
  return { ksize: attr.ints([1, 3, 3, 1]), strides: attr.ints([1, 2, 2, 1]), padding: attr.str('SAME'), data_format: attr.str('NHWC') };
}

