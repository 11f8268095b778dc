/**
 * Optimizer section: slot variables (`<v>/Adam`, `<v>/Adam_1` or
 * `<v>/Momentum`), `beta1_power`/`beta2_power`, one
 * `<Opt>/update_<v>/(Resource)Apply<Opt>` per trainable variable, the
 * global-step increment and the final `<Opt>` NoOp whose control inputs are
 * every update (the graph's high in-degree training op).
 */
import { attr, DataType } from '../graph-model.js';
import { type Tensor, f32, numTensor } from './builder.js';
import type { GenCtx } from './context.js';
import { createVariable, initCost, varNodeCost, type VarRecord } from './variables.js';

const T = attr.type(DataType.DT_FLOAT);

export function slotsPerVar(ctx: GenCtx): number {
  return ctx.style.optimizer === 'Adam' ? 2 : 1;
}

/** Variables the optimizer will add: [ref, resource] counts. */
export function optimizerVarCounts(ctx: GenCtx): [number, number] {
  const slots = slotsPerVar(ctx);
  let ref = slots * ctx.counts.trainableRef;
  let res = slots * ctx.counts.trainableRes;
  if (ctx.style.optimizer === 'Adam') {
    if (ctx.globalStep?.resource) res += 2;
    else ref += 2;
  }
  return [ref, res];
}

/** Nodes `emitOptimizer` will add. */
export function optimizerCost(ctx: GenCtx): number {
  const { trainableRef, trainableRes } = ctx.counts;
  // Per trainable variable: its slots (splat zeros + variable nodes) and one update.
  const slotCost = (resource: boolean) => initCost('zeros', [], true) + varNodeCost(resource);
  let n = slotsPerVar(ctx) * (trainableRef * slotCost(false) + trainableRes * slotCost(true)) + trainableRef + trainableRes;
  if (ctx.style.optimizer === 'Adam') {
    // beta powers, 4 hyper-parameter consts, mul/Assign x2, value/AssignAdd, Adam.
    n += 2 * (1 + varNodeCost(ctx.globalStep?.resource ?? false)) + 4 + 4 + 2 + 1;
  } else {
    n += 2 + 2 + 1;
  }
  return n;
}

export function emitOptimizer(ctx: GenCtx, grads: Map<VarRecord, Tensor>): string {
  const { b, style } = ctx;
  const O = style.optimizer;
  const gs = ctx.globalStep;
  if (!gs) throw new Error('global_step must exist before the optimizer');
  const trainable = ctx.vars.filter((v) => v.trainable);
  const first = trainable[0];
  const betas: VarRecord[] = [];
  if (O === 'Adam') {
    for (const [i, value] of [[1, 0.9], [2, 0.999]] as const) {
      betas.push(
        createVariable(ctx, `beta${i}_power`, [], {
          init: 'initial_value',
          value,
          trainable: false,
          resource: gs.resource,
          device: first?.device,
        }),
      );
    }
  }
  const slots = new Map<VarRecord, VarRecord[]>();
  for (const v of trainable) {
    const list: VarRecord[] = [];
    for (let i = 0; i < slotsPerVar(ctx); i++) {
      list.push(createVariable(ctx, `${v.name}/${O}`, v.shape, { init: 'zeros', splat: true, trainable: false, resource: v.resource, device: v.device }));
    }
    slots.set(v, list);
  }
  b.device = ctx.dev.host();
  const hyper = (O === 'Adam'
    ? [['learning_rate', 0.001], ['beta1', 0.9], ['beta2', 0.999], ['epsilon', 1e-7]]
    : [['learning_rate', 0.01], ['momentum', 0.9]]) as [string, number][];
  const hp = new Map(hyper.map(([n, v]) => [n, b.constant(O, n, f32(v))]));
  const h = (n: string) => hp.get(n) as Tensor;
  const updates: string[] = [];
  for (const v of trainable) {
    const g = grads.get(v);
    if (!g) continue;
    const S = b.name(`${O}/update_${v.name}`);
    const [m, m2] = slots.get(v) as VarRecord[];
    const opName = `${v.resource ? 'Resource' : ''}Apply${O}`;
    const inputs =
      O === 'Adam'
        ? [v.handle, (m as VarRecord).handle, (m2 as VarRecord).handle, betas[0]!.read, betas[1]!.read, h('learning_rate'), h('beta1'), h('beta2'), h('epsilon'), g]
        : [v.handle, (m as VarRecord).handle, h('learning_rate'), g, h('momentum')];
    const u = b.op(S, opName, opName, inputs, {
      attrs: { T, use_locking: attr.bool(false), use_nesterov: attr.bool(false), ...(v.resource ? {} : { _class: attr.strs([`loc:@${v.name}`]) }) },
      shapes: v.resource ? [] : [v.shape],
      device: v.device ?? null,
    });
    updates.push(u.node);
  }
  const finals: string[] = [];
  if (O === 'Adam') {
    betas.forEach((beta, i) => {
      const mul = b.op(O, 'mul', 'Mul', [beta.read, h(`beta${i + 1}`)], { attrs: { T }, shapes: [[]], control: updates, device: beta.device ?? null });
      const assign = beta.resource
        ? b.op(O, 'Assign', 'AssignVariableOp', [beta.handle, mul], { attrs: { dtype: T }, shapes: [], device: beta.device ?? null })
        : b.op(O, 'Assign', 'Assign', [beta.handle, mul], {
            attrs: { T, use_locking: attr.bool(false), validate_shape: attr.bool(true), _class: attr.strs([`loc:@${beta.name}`]) },
            shapes: [[]],
            device: beta.device ?? null,
          });
      finals.push(assign.node);
    });
  }
  const one = b.constant(O, 'value', numTensor(DataType.DT_INT64, [], [1]), { device: gs.device ?? null });
  const inc = gs.resource
    ? b.op(O, 'AssignAddVariableOp', 'AssignAddVariableOp', [gs.handle, one], { attrs: { dtype: attr.type(DataType.DT_INT64) }, shapes: [], device: gs.device ?? null })
    : b.op(O, 'AssignAdd', 'AssignAdd', [gs.handle, one], {
        attrs: { T: attr.type(DataType.DT_INT64), use_locking: attr.bool(false), _class: attr.strs([`loc:@${gs.name}`]) },
        shapes: [[]],
        dtype: DataType.DT_INT64_REF,
        device: gs.device ?? null,
      });
  finals.push(inc.node);
  return b.op('', O, 'NoOp', [], { control: [...updates, ...finals, ...ctx.updateOps], shapes: [] }).node;
}
