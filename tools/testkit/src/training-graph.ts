/**
 * Seeded generator of realistic TensorFlow training graphs.
 *
 * The graph is built like TF1/TF2 would: input pipeline, `model/` forward
 * pass (stem, `encoder_N/block_N` residual blocks, optional unrolled LSTM,
 * `dense_N` head), `loss/`, a `gradients/` mirror of the forward pass, the
 * optimizer, summaries, `save/` and `init`. Sizes scale with the requested
 * node count; the forward pass stops when the projected total (including the
 * whole backward/optimizer/save tail) reaches the target, and a small
 * `metrics/` filler makes the count exact.
 */
import { attr, DataType, type GenFunction, type GenGraph } from './graph-model.js';
import { Rng } from './random.js';
import { f32, type Tensor } from './gen/builder.js';
import { GenCtx } from './gen/context.js';
import { accuracyFn, augmentFn, datasetMapFn } from './gen/functions.js';
import { emitInput } from './gen/input.js';
import { batchNorm, conv2d, dense, dropout, globalPool, maxPool, relu, residualBlock } from './gen/layers.js';
import { emitLoss } from './gen/loss.js';
import { emitOptimizer } from './gen/optimizer.js';
import { emitPadding } from './gen/padding.js';
import { lstmCostEstimate, lstmLayer, sequenceInputs } from './gen/rnn.js';
import { emitSave } from './gen/save.js';
import { chooseStyle, type StyleOverrides } from './gen/style.js';
import { emitSummaries } from './gen/summaries.js';
import { createVariable } from './gen/variables.js';

export type { DeviceStyle, ModelKind, OptimizerKind, VariableStyle } from './gen/style.js';

export interface TrainingGraphOptions extends StyleOverrides {
  /** Exact number of nodes in the GraphDef (1 .. MAX_NODES). */
  nodes: number;
  /** Any integer; the same (nodes, seed, options) always gives the same graph. */
  seed: number;
  /** Add a FunctionDefLibrary with call sites (default: nodes >= 2000). */
  functions?: boolean;
  /** Number of tf.map_fn while loops (default scales with nodes). */
  whileLoops?: number;
  /** Add this many data inputs that reference absent nodes. */
  missingInputs?: number;
  /** Fraction of nodes carrying `_output_shapes` (default 0.9). */
  outputShapesRate?: number;
}

export const MAX_NODES = 1_000_000;
/** Below this, start from the smallest full training graph directly. */
const SMALL = 160;
/** Rough size of a hidden dense layer with its tail, before one is measured. */
const DENSE_ESTIMATE = 70;

interface Built {
  ctx: GenCtx;
  library: GenFunction[];
  logits: Tensor;
  labels: Tensor;
  producer: number;
}

const clamp = (v: number, lo: number, hi: number) => Math.max(lo, Math.min(hi, v));

/** Sizes and functions of the graph, from the node count and the seed (never from the budget). */
interface Plan {
  features: number[];
  classes: number;
  blocksPerStage: number;
  rnnSteps: number;
  rnnLayers: number;
  rnnUnits: number;
  whileLoops: number;
  library: GenFunction[];
  mapFn?: string;
  augmentFn?: string;
}

function build(o: TrainingGraphOptions, budget: number, minimal: boolean): Built {
  const root = new Rng(`training-graph:${o.seed}`);
  const styleRng = root.fork('style');
  const shapeRng = root.fork('shapes');
  const rng = root.fork('structure');
  const style = chooseStyle(styleRng, minimal ? 0 : o.nodes, minimal ? { ...o, model: 'mlp' } : o);
  if (minimal) style.l2 = false;
  const producer = style.variables === 'tf1' ? styleRng.pick([26, 27, 134]) : styleRng.pick([561, 987, 1205]);
  const ctx = new GenCtx(rng, style, shapeRng, clamp(o.outputShapesRate ?? 0.9, 0, 1));
  const plan = planGraph(ctx, o, minimal);

  const { features, whileLoops, mapFn, augmentFn } = plan;
  const input = emitInput(ctx, { features, whileLoops, ...(mapFn ? { mapFn } : {}), ...(augmentFn ? { augmentFn } : {}) });
  ctx.globalStep = createVariable(ctx, 'global_step', [], { init: 'zeros', dtype: DataType.DT_INT64, trainable: false });

  const body = emitBody(ctx, plan, input.x, budget);
  ctx.b.device = ctx.dev.compute(body.slot);
  const logits = emitDenseHead(ctx, body.h, plan.classes, budget);
  addHistograms(ctx, budget);
  emitTrainingTail(ctx, logits, input.labels);
  return { ctx, library: plan.library, logits, labels: input.labels, producer };
}

/** The plan (draws from the structure rng in a fixed order, so a seed always gives one graph). */
function planGraph(ctx: GenCtx, o: TrainingGraphOptions, minimal: boolean): Plan {
  const N = o.nodes;
  const { rng, style } = ctx;
  const image = rng.pick([224, 160, 128, 96]);
  const features = style.model === 'mlp' ? [rng.pick([784, 512, 1024])] : [image, image, 3];
  const classes = rng.pick([10, 100, 1000]);
  const blocksPerStage = clamp(Math.round(Math.cbrt(N) / 2.2), 2, 24);
  const rnnSteps = clamp(Math.round(Math.sqrt(N) / 8), 6, 40);
  const rnnLayers = N >= 60000 ? 2 : 1;
  const rnnUnits = rng.pick([128, 256]);
  const whileLoops = minimal ? 0 : o.whileLoops ?? (N >= 50000 ? 3 : N >= 5000 ? 2 : N >= 400 ? 1 : 0);
  const plan: Plan = { features, classes, blocksPerStage, rnnSteps, rnnLayers, rnnUnits, whileLoops, library: [] };
  if (!minimal && (o.functions ?? N >= 2000)) addFunctions(ctx, plan, N);
  return plan;
}

/** The function library: a dataset map function, an augmentation, and an accuracy metric. */
function addFunctions(ctx: GenCtx, plan: Plan, N: number): void {
  const { rng, style } = ctx;
  if (style.iterator) {
    const f = datasetMapFn(rng.int(100, 99999), plan.features);
    plan.library.push(f);
    plan.mapFn = f.name;
  }
  const a = augmentFn(rng.int(100, 99999));
  plan.library.push(a);
  plan.augmentFn = a.name;
  if (N >= 20000 || !style.iterator) {
    const acc = accuracyFn(rng.int(100, 99999));
    plan.library.push(acc);
    ctx.accuracyFn = acc.name;
  }
}

/** The model body before the dense head: nothing for an MLP, else a conv stem, encoder stages, and an LSTM or a global pool. */
function emitBody(ctx: GenCtx, plan: Plan, x: Tensor, budget: number): { h: Tensor; slot: number } {
  const { b, dev, style } = ctx;
  b.device = dev.compute(0);
  if (style.model === 'mlp') return { h: x, slot: 0 };
  const stem = b.name('model/stem');
  const h = maxPool(ctx, stem, relu(ctx, stem, batchNorm(ctx, stem, conv2d(ctx, stem, x, 32, 7, 2))));
  const reserve = 11 + (style.model === 'crnn' ? lstmCostEstimate(plan.rnnSteps, plan.rnnLayers) : 0) + 2 * DENSE_ESTIMATE;
  const encoded = emitEncoderStages(ctx, plan, h, budget - reserve);
  if (style.model !== 'crnn') return { h: globalPool(ctx, 'model', encoded.h), slot: encoded.slot };
  b.device = dev.compute(0);
  let seq = sequenceInputs(ctx, encoded.h, plan.rnnSteps);
  for (let l = 0; l < plan.rnnLayers; l++) {
    const cell = plan.rnnLayers === 1 ? 'rnn/basic_lstm_cell' : `rnn/multi_rnn_cell/cell_${l}/basic_lstm_cell`;
    const zero = plan.rnnLayers === 1 ? 'rnn/BasicLSTMCellZeroState' : 'rnn/MultiRNNCellZeroState/BasicLSTMCellZeroState';
    seq = lstmLayer(ctx, cell, zero, seq, plan.rnnUnits);
  }
  return { h: seq[seq.length - 1] as Tensor, slot: encoded.slot };
}

/**
 * `encoder_N/block_N` residual blocks while the projected size stays within `budget`: stages of
 * about `blocksPerStage` blocks, each on its own device slot, downsampling at stage starts.
 */
function emitEncoderStages(ctx: GenCtx, plan: Plan, h: Tensor, budget: number): { h: Tensor; slot: number } {
  const { b, dev, style, rng } = ctx;
  let blockCost = style.convsPerBlock * 125 + 100; // first block has a projection shortcut
  let measured = 0;
  let stage = '';
  let stageBlocks = 0;
  let inStage = 0;
  let stages = 0;
  let filters = 32;
  let cluster = 0;
  let slot = 0;
  while (ctx.projected() + blockCost <= budget) {
    if (inStage === 0) {
      stage = b.name('model/encoder');
      stageBlocks = Math.max(2, plan.blocksPerStage + rng.int(-1, 1));
      filters = Math.min(512, 64 << Math.min(stages, 3));
      b.device = dev.compute(stages);
      slot = stages;
      stages++;
    }
    const spatial = h.shape?.[1] ?? 1;
    const stride = inStage === 0 && stages > 1 && spatial > 4 ? 2 : 1;
    if (style.xla) b.xla = `cluster_${cluster++}`;
    const before = ctx.projected();
    h = residualBlock(ctx, stage, inStage + 1, h, filters, stride);
    b.xla = undefined;
    measured = Math.max(measured, ctx.projected() - before);
    blockCost = measured + 8;
    if (++inStage >= stageBlocks) inStage = 0;
  }
  return { h, slot };
}

/** Hidden dense layers (some with dropout) while they fit in `budget`, then the logits layer. */
function emitDenseHead(ctx: GenCtx, h: Tensor, classes: number, budget: number): Tensor {
  const { rng, style } = ctx;
  let units = rng.pick([256, 512, 1024]);
  // Measured cost of a hidden layer without / with dropout (0 = not yet seen).
  let plain = 0;
  let withDrop = 0;
  const DROPOUT = 32; // dropout layer incl. gradients
  const base = () => plain || (withDrop ? withDrop - DROPOUT : DENSE_ESTIMATE);
  const estimate = (drop: boolean) => (drop ? withDrop || base() + DROPOUT : base()) + 8;
  for (;;) {
    const logitsCost = base(); // no Relu, otherwise like a hidden layer
    const histogram = rng.chance(0.5);
    let drop = style.dropout && rng.chance(0.5);
    if (drop && ctx.projected() + estimate(true) + logitsCost > budget) drop = false;
    if (ctx.projected() + estimate(false) + logitsCost > budget) break;
    const before = ctx.projected();
    h = dense(ctx, 'model', h, units, { activation: true, histogram });
    if (drop) h = dropout(ctx, 'model', h);
    const cost = ctx.projected() - before;
    if (drop) withDrop = Math.max(withDrop, cost);
    else plain = Math.max(plain, cost);
    units = Math.max(32, units >> (rng.chance(0.5) ? 1 : 0));
  }
  return dense(ctx, 'model', h, classes, { activation: false, histogram: true });
}

/**
 * Spends most of what is left on more histograms (2 nodes each): weights first ("histogram every
 * trainable variable"), then activations; keeps a few nodes for the metrics/ filler.
 */
function addHistograms(ctx: GenCtx, budget: number): void {
  let extra = Math.floor((budget - ctx.projected() - ctx.rng.int(6, 14)) / 2);
  if (extra <= 0) return;
  const have = new Set(ctx.histVars);
  for (const v of ctx.vars) {
    if (extra <= 0) break;
    if (v.trainable && !have.has(v)) {
      ctx.histVars.push(v);
      extra--;
    }
  }
  for (const a of ctx.activations) {
    if (extra-- <= 0) break;
    ctx.activationHists.push(a);
  }
}

/** Loss, the `gradients/` mirror of the forward pass, the optimizer, summaries and `save/`. */
function emitTrainingTail(ctx: GenCtx, logits: Tensor, labels: Tensor): void {
  const { b, dev } = ctx;
  b.device = dev.compute(0);
  const loss = emitLoss(ctx, logits, labels);
  const G = 'gradients';
  const shape = b.constant(G, 'Shape', { dtype: DataType.DT_INT32, shape: [0] });
  const ones = b.constant(G, 'grad_ys_0', f32(1));
  const seed = b.op(G, 'Fill', 'Fill', [shape, ones], { attrs: { T: attr.type(DataType.DT_FLOAT), index_type: attr.type(DataType.DT_INT32) }, shapes: [[]] });
  const grads = ctx.tape.emit(b, loss, seed, ctx.vars.filter((v) => v.trainable));
  emitOptimizer(ctx, grads);
  emitSummaries(ctx, loss, logits, labels);
  emitSave(ctx);
}

function addMissingInputs(graph: GenGraph, count: number, seed: number): void {
  if (count <= 0 || graph.nodes.length === 0) return;
  const rng = new Rng(`missing:${seed}`);
  const names = new Set(graph.nodes.map((n) => n.name));
  for (let i = 0; i < count; i++) {
    const node = rng.pick(graph.nodes);
    let missing = `${node.name.split('/').slice(0, -1).concat(`missing_input_${i}`).join('/')}`;
    while (names.has(missing)) missing += '_x';
    const at = node.inputs.findIndex((s) => s.startsWith('^'));
    node.inputs.splice(at < 0 ? node.inputs.length : at, 0, missing);
  }
}

/** Generates a training graph with exactly `options.nodes` nodes. */
export function generateTrainingGraph(options: TrainingGraphOptions): GenGraph {
  const N = options.nodes;
  if (!Number.isInteger(N) || N < 1 || N > MAX_NODES) throw new RangeError(`nodes must be an integer in [1, ${MAX_NODES}], got ${N}`);
  if (!Number.isFinite(options.seed)) throw new RangeError(`seed must be a finite number, got ${options.seed}`);
  let built: Built | undefined;
  let attempts = 0;
  if (N >= SMALL) {
    let budget = N;
    for (let i = 0; i < 6 && !built; i++) {
      attempts++;
      const r = build(options, budget, false);
      const over = r.ctx.b.count + 1 - N; // +1 for `init`
      if (over <= 0) built = r;
      else budget -= over + 8 * (i + 1);
    }
  }
  if (!built) {
    attempts++;
    built = build(options, 0, true);
  }
  const { ctx } = built;
  const { b } = ctx;
  const truncated = b.count + 1 > N;
  const padding = truncated ? 0 : N - b.count - 1;
  emitPadding(ctx, padding, built);
  b.op('', 'init', 'NoOp', [], { control: ctx.vars.map((v) => v.assign), shapes: [], device: null });
  const nodes = truncated ? b.nodes.slice(0, N) : b.nodes;
  const graph: GenGraph = {
    nodes,
    versions: { producer: built.producer },
    meta: {
      seed: options.seed,
      requestedNodes: N,
      model: ctx.style.model,
      variables: ctx.style.variables,
      devices: ctx.style.devices,
      optimizer: ctx.style.optimizer,
      xla: ctx.style.xla,
      paddingNodes: padding,
      truncated,
      attempts,
    },
  };
  if (built.library.length > 0 && !truncated) graph.library = built.library;
  addMissingInputs(graph, options.missingInputs ?? 0, options.seed);
  return graph;
}
