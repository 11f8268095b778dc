/**
 * `loss/` scope: sparse softmax cross-entropy, its mean, and optionally L2
 * weight decay (`loss/L2Loss`, `L2Loss_1`, ... summed by `loss/AddN`).
 */
import { attr, DataType } from '../graph-model.js';
import { type Tensor, f32, i32vec, output } from './builder.js';
import type { GenCtx } from './context.js';
import { useVar } from './variables.js';

const T = attr.type(DataType.DT_FLOAT);

/** Nodes `emitLoss` + its gradients will add (forward, tape and AddN fan-in). */
export function lossCost(ctx: GenCtx): number {
  // Shape, xent, Const, Mean; gradient seed (3), xent grad (4), mean grad (9).
  let n = 4 + 3 + 4 + 9;
  const k = ctx.l2Kernels.length;
  if (k > 0) {
    for (const v of ctx.l2Kernels) {
      n += 2 + (v.resource ? 1 : 0); // L2Loss (+ read) and its grad
      if (v.gradUses === 1) n++; // the extra use now needs a gradients/AddN
    }
    if (k >= 2) n += 1 + (1 + k); // loss/AddN and its grad tuple
    n += 3 + 12 + 10; // mul/x, mul, add and their grads
  }
  return n;
}

export function emitLoss(ctx: GenCtx, logits: Tensor, labels: Tensor): Tensor {
  const { b, tape } = ctx;
  const L = b.name('loss');
  const X = b.name(`${L}/SparseSoftmaxCrossEntropyWithLogits`);
  b.op(X, 'Shape', 'Shape', [labels], { attrs: { T: attr.type(labels.dtype), out_type: attr.type(DataType.DT_INT32) }, shapes: [[1]], dtype: DataType.DT_INT32 });
  const xent = b.op(X, 'SparseSoftmaxCrossEntropyWithLogits', 'SparseSoftmaxCrossEntropyWithLogits', [logits, labels], {
    attrs: { T, Tlabels: attr.type(labels.dtype) },
    shapes: [[-1], logits.shape],
  });
  tape.record('xent', xent, 'SparseSoftmaxCrossEntropyWithLogits', [logits, labels], [xent]);
  const axes = b.constant(L, 'Const', i32vec([0]));
  let loss = b.op(L, 'Mean', 'Mean', [xent, axes], {
    attrs: { T, Tidx: attr.type(DataType.DT_INT32), keep_dims: attr.bool(false) },
    shapes: [[]],
  });
  tape.record('mean', loss, 'Mean', [xent, axes]);
  const kernels = ctx.l2Kernels;
  if (kernels.length > 0) {
    const l2s = kernels.map((v) => {
      const name = b.name(`${L}/L2Loss`);
      const w = useVar(ctx, v, name);
      const t = b.emit(name, 'L2Loss', [w], { attrs: { T }, shapes: [[]] });
      tape.record('l2loss', t, 'L2Loss', [w]);
      return t;
    });
    let sum = l2s[0] as Tensor;
    if (l2s.length >= 2) {
      sum = b.op(L, 'AddN', 'AddN', l2s, { attrs: { N: attr.int(l2s.length), T }, shapes: [[]] });
      tape.record('addn', sum, 'AddN', l2s);
    }
    const mulName = b.name(`${L}/mul`);
    const decay = b.constant(mulName, 'x', f32(1e-4));
    const mul = b.emit(mulName, 'Mul', [decay, sum], { attrs: { T }, shapes: [[]] });
    tape.record('mul', mul, 'Mul', [decay, sum]);
    const total = b.op(L, 'add', ctx.style.variables === 'tf1' ? 'Add' : 'AddV2', [loss, mul], { attrs: { T }, shapes: [[]] });
    tape.record('add', total, 'Add', [loss, mul]);
    loss = total;
  }
  return output(loss, 0);
}
