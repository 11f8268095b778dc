/**
 * Summaries: `loss_1` ScalarSummary (the `loss` scope name is taken, as in
 * real TF1 graphs), HistogramSummary `<var>_0` for some weights, an optional
 * `<op>/activations` histograms, an optional accuracy computed by a library
 * function, and `Merge/MergeSummary`.
 */
import { attr, DataType } from '../graph-model.js';
import { type Tensor, strTensor } from './builder.js';
import type { GenCtx } from './context.js';

export function emitSummaries(ctx: GenCtx, loss: Tensor, logits: Tensor, labels: Tensor): void {
  const { b } = ctx;
  b.device = ctx.dev.host();
  const T = attr.type(DataType.DT_FLOAT);
  const summaries: Tensor[] = [];
  const scalar = (base: string, value: Tensor) => {
    const name = b.name(base);
    const tags = b.constant(name, 'tags', strTensor([name]));
    summaries.push(b.emit(name, 'ScalarSummary', [tags, value], { attrs: { T }, shapes: [[]], dtype: DataType.DT_STRING }));
  };
  scalar('loss', loss);
  if (ctx.accuracyFn) {
    const acc = b.op('metrics_fn', 'compute_accuracy', ctx.accuracyFn, [logits, labels], { shapes: [[]] });
    scalar('accuracy', acc);
  }
  for (const v of ctx.histVars) {
    const name = b.name(`${v.name}_0`);
    const tag = b.constant(name, 'tag', strTensor([`${v.name}_0`]));
    summaries.push(b.emit(name, 'HistogramSummary', [tag, v.read], { attrs: { T }, shapes: [[]], dtype: DataType.DT_STRING }));
  }
  for (const a of ctx.activationHists) {
    const name = b.name(`${a.node}/activations`);
    const tag = b.constant(name, 'tag', strTensor([name]));
    summaries.push(b.emit(name, 'HistogramSummary', [tag, a], { attrs: { T }, shapes: [[]], dtype: DataType.DT_STRING }));
  }
  b.op('Merge', 'MergeSummary', 'MergeSummary', summaries, { attrs: { N: attr.int(summaries.length) }, shapes: [[]], dtype: DataType.DT_STRING });
}
