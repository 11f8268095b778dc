/**
 * Per-graph style decisions (the "which framework version / cluster setup
 * wrote this graph" axis), drawn once from the seed or forced by options.
 */
import type { Rng } from '../random.js';

export type VariableStyle = 'tf1' | 'tf2' | 'mixed';
export type DeviceStyle = 'none' | 'single' | 'cluster';
export type OptimizerKind = 'Adam' | 'Momentum';
export type ModelKind = 'mlp' | 'cnn' | 'crnn';

export interface Style {
  variables: VariableStyle;
  devices: DeviceStyle;
  optimizer: OptimizerKind;
  model: ModelKind;
  xla: boolean;
  /** Input from a tf.data iterator (else Placeholders). */
  iterator: boolean;
  /** L2 weight decay on kernels (adds `loss/L2Loss_N` series). */
  l2: boolean;
  /** Convolutions per residual block. */
  convsPerBlock: number;
  gpus: number;
  psTasks: number;
  dropout: boolean;
}

export interface StyleOverrides {
  variables?: VariableStyle;
  devices?: DeviceStyle;
  optimizer?: OptimizerKind;
  model?: ModelKind;
  xla?: boolean;
}

export function chooseStyle(rng: Rng, nodes: number, o: StyleOverrides): Style {
  // Always draw every value so overrides never shift the other choices.
  const variables = rng.weighted<VariableStyle>([['tf1', 4], ['tf2', 4], ['mixed', 2]]);
  const devices = rng.weighted<DeviceStyle>([['none', 4], ['single', 3], ['cluster', 3]]);
  const optimizer = rng.weighted<OptimizerKind>([['Adam', 3], ['Momentum', 1]]);
  const bigModel = rng.weighted<ModelKind>([['cnn', 1], ['crnn', 1]]);
  const xla = rng.chance(0.3);
  const iterator = rng.chance(0.7);
  const l2 = rng.chance(0.6);
  const convsPerBlock = rng.pick([2, 2, 3]);
  const gpus = rng.int(1, 4);
  const psTasks = rng.int(1, 3);
  const dropout = rng.chance(0.5);
  const model: ModelKind = o.model ?? (nodes >= 3000 ? bigModel : nodes >= 700 ? 'cnn' : 'mlp');
  const dev = o.devices ?? devices;
  return {
    variables: o.variables ?? variables,
    devices: dev,
    optimizer: o.optimizer ?? optimizer,
    model,
    xla: o.xla ?? (xla && dev !== 'none'),
    iterator: iterator && nodes >= 200,
    l2,
    convsPerBlock,
    gpus,
    psTasks,
    dropout,
  };
}

const WORKER = '/job:worker/replica:0/task:0/device';

/** Device strings for the different roles a node can play. */
export class Devices {
  constructor(private readonly style: Style) {}

  /** Compute ops of model part `slot` (spread over GPUs round-robin). */
  compute(slot: number): string | undefined {
    switch (this.style.devices) {
      case 'none':
        return undefined;
      case 'single':
        return '/job:localhost/replica:0/task:0/device:CPU:0';
      case 'cluster':
        return `${WORKER}:GPU:${slot % this.style.gpus}`;
    }
  }

  /** Input pipeline, summaries and other host-side work. */
  host(): string | undefined {
    switch (this.style.devices) {
      case 'none':
        return undefined;
      case 'single':
        return '/job:localhost/replica:0/task:0/device:CPU:0';
      case 'cluster':
        return `${WORKER}:CPU:0`;
    }
  }

  /** Variables (and their slots/initializers) are spread over ps tasks. */
  variable(index: number): string | undefined {
    if (this.style.devices !== 'cluster') return this.compute(0);
    return `/job:ps/task:${index % this.style.psTasks}/device:CPU:0`;
  }
}
