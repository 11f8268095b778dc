/**
 * Shared state of one generation run, plus the size projection that lets the
 * forward pass stop at the right size: everything emitted so far plus the
 * exact number of nodes the loss, gradients, optimizer, summaries, save and
 * init sections will add for the variables and ops recorded so far.
 */
import type { Rng } from '../random.js';
import { Builder, type Tensor } from './builder.js';
import { GradTape } from './gradients.js';
import { lossCost } from './loss.js';
import { optimizerCost } from './optimizer.js';
import { saveCost } from './save.js';
import { Devices, type Style } from './style.js';
import type { VarRecord } from './variables.js';

export class GenCtx {
  readonly b: Builder;
  readonly tape: GradTape;
  readonly dev: Devices;
  readonly vars: VarRecord[] = [];
  readonly histVars: VarRecord[] = [];
  /** Activations with a `<op>/activations` HistogramSummary. */
  readonly activationHists: Tensor[] = [];
  readonly l2Kernels: VarRecord[] = [];
  /** Batch-norm moving-average updates: control inputs of the train op. */
  readonly updateOps: string[] = [];
  /** Some activations, reused by the `metrics/` filler. */
  readonly activations: Tensor[] = [];
  varCounter = 0;
  /** Variable counts by flavour, kept for O(1) size projection. */
  readonly counts = { ref: 0, res: 0, trainableRef: 0, trainableRes: 0 };
  globalStep: VarRecord | undefined;
  /** Name of the accuracy function, when the library has one. */
  accuracyFn: string | undefined;

  constructor(
    readonly rng: Rng,
    readonly style: Style,
    shapeRng: Rng,
    shapeRate: number,
  ) {
    this.b = new Builder(shapeRng, shapeRate);
    this.dev = new Devices(style);
    this.tape = new GradTape(() => this.b.device);
  }

  /** Variable flavour for a new variable under the graph's style. */
  nextVarIsResource(): boolean {
    switch (this.style.variables) {
      case 'tf1': return false;
      case 'tf2': return true;
      case 'mixed': return this.rng.chance(0.5);
    }
  }

  addVariable(v: VarRecord, histogram: boolean): void {
    this.vars.push(v);
    if (v.resource) this.counts.res++;
    else this.counts.ref++;
    if (v.trainable && v.resource) this.counts.trainableRes++;
    if (v.trainable && !v.resource) this.counts.trainableRef++;
    if (histogram) this.histVars.push(v);
    if (v.l2) this.l2Kernels.push(v);
  }

  noteActivation(t: Tensor): void {
    if (this.activations.length < 64) this.activations.push(t);
  }

  /** Nodes the summaries section will add. */
  summaryCost(): number {
    return 3 + 2 * (this.histVars.length + this.activationHists.length) + (this.accuracyFn ? 3 : 0);
  }

  /** Final node count (before filler) if the model ended right now. */
  projected(): number {
    return (
      this.b.count +
      lossCost(this) +
      this.tape.cost +
      optimizerCost(this) +
      this.summaryCost() +
      saveCost(this) +
      1 // init
    );
  }
}
