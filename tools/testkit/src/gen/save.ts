/**
 * `save/` scope written by tf.train.Saver: SaveV2/RestoreV2 over every
 * variable (sorted by name), one `save/Assign_N` (ref variables, variable as
 * input 0) or `save/Identity_N` + `save/AssignVariableOp_N` (resource
 * variables) per variable, and `save/restore_all`. Large graphs are sharded
 * (`save/SaveV2_1`, `save/restore_shard_1`, `save/MergeV2Checkpoints`).
 */
import { attr, DataType } from '../graph-model.js';
import { type Tensor, output, strTensor } from './builder.js';
import type { GenCtx } from './context.js';
import { optimizerVarCounts } from './optimizer.js';
import type { VarRecord } from './variables.js';

/** Variables per SaveV2 shard. */
export const SHARD_VARS = 1000;

export function saveCostFor(ref: number, res: number): number {
  const n = ref + res;
  if (n === 0) return 0;
  const shards = Math.ceil(n / SHARD_VARS);
  const perVar = ref + 2 * res;
  return shards === 1 ? 11 + perVar : 10 + 10 * shards + perVar;
}

/** Nodes `emitSave` will add once the optimizer's variables exist too. */
export function saveCost(ctx: GenCtx): number {
  const [ref, res] = optimizerVarCounts(ctx);
  return saveCostFor(ref + ctx.counts.ref, res + ctx.counts.res);
}

export function emitSave(ctx: GenCtx): void {
  const { b } = ctx;
  const vars = [...ctx.vars].sort((a, c) => (a.name < c.name ? -1 : a.name > c.name ? 1 : 0));
  if (vars.length === 0) return;
  b.device = ctx.dev.variable(0);
  const S = b.name('save');
  const str = attr.type(DataType.DT_STRING);
  const fnIn = b.constant(S, 'filename/input', strTensor(['model']));
  const filename = b.op(S, 'filename', 'PlaceholderWithDefault', [fnIn], { attrs: { dtype: str, shape: attr.shape([]) }, shapes: [[]], dtype: DataType.DT_STRING });
  const prefix = b.op(S, 'Const', 'PlaceholderWithDefault', [filename], { attrs: { dtype: str, shape: attr.shape([]) }, shapes: [[]], dtype: DataType.DT_STRING });
  const shards: VarRecord[][] = [];
  for (let i = 0; i < vars.length; i += SHARD_VARS) shards.push(vars.slice(i, i + SHARD_VARS));
  const saveTensor = (v: VarRecord): Tensor => (v.resource ? v.read : v.handle);
  const saveOne = (base: string, path: Tensor, list: VarRecord[]) => {
    const names = b.constant(S, `${base}/tensor_names`, strTensor(list.map((v) => v.name), [list.length]));
    const slices = b.constant(S, `${base}/shape_and_slices`, strTensor(list.map(() => ''), [list.length]));
    return b.op(S, base, 'SaveV2', [path, names, slices, ...list.map(saveTensor)], {
      attrs: { dtypes: attr.types(list.map((v) => v.dtype)) },
      shapes: [],
    });
  };
  const restoreOne = (path: Tensor, list: VarRecord[]): string[] => {
    const names = b.constant(S, 'RestoreV2/tensor_names', strTensor(list.map((v) => v.name), [list.length]));
    const slices = b.constant(S, 'RestoreV2/shape_and_slices', strTensor(list.map(() => ''), [list.length]));
    const restore = b.op(S, 'RestoreV2', 'RestoreV2', [path, names, slices], {
      attrs: { dtypes: attr.types(list.map((v) => v.dtype)) },
      shapes: list.map((v) => v.shape),
    });
    return list.map((v, i) => {
      const value = output(restore, i, v.shape, v.dtype);
      if (!v.resource) {
        return b.op(S, 'Assign', 'Assign', [v.handle, value], {
          attrs: { T: attr.type(v.dtype), use_locking: attr.bool(true), validate_shape: attr.bool(true), _class: attr.strs([`loc:@${v.name}`]) },
          shapes: [v.shape],
          dtype: v.dtype + 100,
          device: v.device ?? null,
        }).node;
      }
      const id = b.op(S, 'Identity', 'Identity', [value], { attrs: { T: attr.type(v.dtype) }, shapes: [v.shape], dtype: v.dtype });
      return b.op(S, 'AssignVariableOp', 'AssignVariableOp', [v.handle, id], { attrs: { dtype: attr.type(v.dtype) }, shapes: [], device: v.device ?? null }).node;
    });
  };
  if (shards.length === 1) {
    const save = saveOne('SaveV2', prefix, vars);
    b.op(S, 'control_dependency', 'Identity', [prefix], { attrs: { T: str, _class: attr.strs([`loc:@${prefix.node}`]) }, control: [save.node], shapes: [[]], dtype: DataType.DT_STRING });
    const assigns = restoreOne(prefix, vars);
    b.op(S, 'restore_all', 'NoOp', [], { control: assigns, shapes: [] });
    return;
  }
  const join1 = b.constant(S, 'StringJoin/inputs_1', strTensor(['_temp/part']));
  const joined = b.op(S, 'StringJoin', 'StringJoin', [prefix, join1], { attrs: { N: attr.int(2), separator: attr.str('') }, shapes: [[]], dtype: DataType.DT_STRING });
  const numShards = b.constant(S, 'num_shards', { dtype: DataType.DT_INT32, shape: [], intVal: [shards.length] });
  const files: Tensor[] = [];
  shards.forEach((list, i) => {
    const sfx = i === 0 ? '' : `_${i}`;
    const shard = b.constant(S, `ShardedFilename${sfx}/shard`, { dtype: DataType.DT_INT32, shape: [], intVal: [i] });
    const file = b.op(S, `ShardedFilename${sfx}`, 'ShardedFilename', [joined, shard, numShards], { shapes: [[]], dtype: DataType.DT_STRING });
    const save = saveOne(`SaveV2${sfx}`, file, list);
    files.push(b.op(S, `control_dependency${sfx}`, 'Identity', [file], { attrs: { T: str }, control: [save.node], shapes: [[]], dtype: DataType.DT_STRING }));
  });
  const prefixes = b.op(S, 'MergeV2Checkpoints/checkpoint_prefixes', 'Pack', files, { attrs: { N: attr.int(files.length), T: str, axis: attr.int(0) }, shapes: [[files.length]], dtype: DataType.DT_STRING });
  const merge = b.op(S, 'MergeV2Checkpoints', 'MergeV2Checkpoints', [prefixes, prefix], { attrs: { delete_old_dirs: attr.bool(true) }, shapes: [] });
  b.op(S, 'Identity', 'Identity', [prefix], { attrs: { T: str }, control: [merge.node, ...files.map((f) => f.node)], shapes: [[]], dtype: DataType.DT_STRING });
  const restores = shards.map((list) => {
    const assigns = restoreOne(prefix, list);
    return b.op(S, 'restore_shard', 'NoOp', [], { control: assigns, shapes: [] }).node;
  });
  b.op(S, 'restore_all', 'NoOp', [], { control: restores, shapes: [] });
}
