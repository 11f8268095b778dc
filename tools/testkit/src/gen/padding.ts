/**
 * Exact-size filler: streaming-metric style groups under `metrics/`
 * (accuracy, in_top_k, mean_N, norm_N). Each group only reads earlier nodes,
 * so stopping after any node still leaves a valid graph; this absorbs the
 * last few dozen nodes between the projected model size and the target.
 */
import { attr, DataType } from '../graph-model.js';
import { type Tensor, i32, i32vec } from './builder.js';
import type { GenCtx } from './context.js';

const T = attr.type(DataType.DT_FLOAT);
const int32 = attr.type(DataType.DT_INT32);

class Full extends Error {}

export interface PaddingSources {
  logits: Tensor;
  labels: Tensor;
}

export function emitPadding(ctx: GenCtx, count: number, src: PaddingSources): void {
  if (count <= 0) return;
  const { b, rng } = ctx;
  b.device = ctx.dev.host();
  const target = b.count + count;
  const room = () => {
    if (b.count >= target) throw new Full();
  };
  const op: typeof b.op = (...args) => (room(), b.op(...args));
  const constant: typeof b.constant = (...args) => (room(), b.constant(...args));
  const mean = (M: string, x: Tensor, base = 'Mean') => {
    const axes = constant(M, base === 'Mean' ? 'Const' : 'Const_1', i32vec([0]));
    return op(M, base, 'Mean', [x, axes], { attrs: { T, Tidx: int32, keep_dims: attr.bool(false) }, shapes: [[]] });
  };
  const groups: ((k: number) => void)[] = [
    () => {
      const M = b.name('metrics/accuracy');
      const dim = constant(M, 'ArgMax/dimension', i32(1));
      const am = op(M, 'ArgMax', 'ArgMax', [src.logits, dim], { attrs: { T, Tidx: int32, output_type: attr.type(DataType.DT_INT64) }, shapes: [[-1]], dtype: DataType.DT_INT64 });
      const eq = op(M, 'Equal', 'Equal', [am, src.labels], { attrs: { T: attr.type(DataType.DT_INT64) }, shapes: [[-1]], dtype: DataType.DT_BOOL });
      const f = op(M, 'Cast', 'Cast', [eq], { attrs: { SrcT: attr.type(DataType.DT_BOOL), DstT: T, Truncate: attr.bool(false) }, shapes: [[-1]] });
      mean(M, f);
    },
    () => {
      const M = b.name('metrics/in_top_k');
      const k = constant(M, 'InTopKV2/k', { dtype: DataType.DT_INT64, shape: [], int64Val: [5] });
      const top = op(M, 'InTopKV2', 'InTopKV2', [src.logits, src.labels, k], { attrs: { T: attr.type(DataType.DT_INT64) }, shapes: [[-1]], dtype: DataType.DT_BOOL });
      const f = op(M, 'Cast', 'Cast', [top], { attrs: { SrcT: attr.type(DataType.DT_BOOL), DstT: T, Truncate: attr.bool(false) }, shapes: [[-1]] });
      mean(M, f);
    },
    () => {
      const M = b.name('metrics/mean');
      const a = ctx.activations.length > 0 ? rng.pick(ctx.activations) : src.logits;
      mean(M, a);
      const sq = op(M, 'Square', 'Square', [a], { attrs: { T }, shapes: [a.shape] });
      mean(M, sq, 'Mean_1');
    },
    () => {
      const M = b.name('metrics/norm');
      const floats = ctx.vars.filter((x) => x.dtype === DataType.DT_FLOAT);
      const v = floats.length > 0 ? rng.pick(floats) : undefined;
      const w = v ? v.read : src.logits;
      const sq = op(M, 'Square', 'Square', [w], { attrs: { T }, shapes: [w.shape] });
      const axes = constant(M, 'Const', i32vec(Array.from({ length: w.shape?.length ?? 1 }, (_, i) => i)));
      const sum = op(M, 'Sum', 'Sum', [sq, axes], { attrs: { T, Tidx: int32, keep_dims: attr.bool(false) }, shapes: [[]] });
      op(M, 'Sqrt', 'Sqrt', [sum], { attrs: { T }, shapes: [[]] });
    },
  ];
  try {
    for (let k = 0; ; k++) {
      const g = k < 2 ? groups[k] : groups[2 + ((k - 2) % 2)];
      (g as (k: number) => void)(k);
    }
  } catch (e) {
    if (!(e instanceof Full)) throw e;
  }
}
