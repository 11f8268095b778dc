/**
 * What a training run looks like, simulated: loss and accuracy that improve fast and then
 * slowly, with minibatch noise and the odd spike; a test set that generalises a little worse;
 * and weights, biases and activations whose distributions drift as training goes on.
 */
import { MNIST_LAYERS } from './mnist-graph.js';
import type { SeededRandom } from './random.js';

export type RunName = 'train' | 'test';

/** Adam's learning rate with a short warm-up and a staircase decay, as many tutorials add. */
export function learningRate(step: number): number {
  const warm = Math.min(1, (step + 1) / 50);
  return 0.001 * warm * Math.pow(0.5, Math.floor(step / 400));
}

/** Loss and accuracy of a run at `step`: train is a 100-example minibatch, test the test set. */
export function metrics(run: RunName, step: number, rng: SeededRandom): { loss: number; accuracy: number } {
  const gap = run === 'test' ? 1 + 0.25 * (step / 1000) : 1;
  const clean = (0.04 + 2.2 * Math.exp(-step / 90) + 0.12 * Math.exp(-step / 500)) * gap;
  const spike = run === 'train' && rng.next() < 0.01 ? rng.uniform(0.2, 0.6) : 0;
  const noise = run === 'train' ? rng.normal(0, 0.12 * clean) : rng.normal(0, 0.02 * clean);
  const loss = Math.max(0.005, clean + noise + spike);
  const p = Math.min(0.995, 0.1 + 0.885 * (1 - Math.exp(-step / 70)) - (run === 'test' ? 0.006 : 0));
  // A minibatch of 100 (train) or 10,000 (test) examples: binomial noise around p.
  const n = run === 'train' ? 100 : 10_000;
  const accuracy = Math.max(0, Math.min(1, p + rng.normal(0, Math.sqrt((p * (1 - p)) / n)) - spike / 4));
  return { loss, accuracy };
}

export interface HistogramSeries {
  tag: string;
  values: Float64Array;
}

const SAMPLES = 1000;

/**
 * Samples of each layer's weights, biases, pre-activations and activations at `progress`
 * (0 at the start of training, 1 at the end).
 */
export function layerHistograms(progress: number, rng: SeededRandom): HistogramSeries[] {
  const out: HistogramSeries[] = [];
  for (const [i, l] of MNIST_LAYERS.entries()) {
    const p = Math.sqrt(progress);
    // Truncated normal(0, 0.1) at init; it widens and grows heavier tails while training.
    const w = rng.normals(SAMPLES, 0, 0.1 * (1 + 0.4 * p));
    for (let k = 0; k < SAMPLES; k++) {
      if (Math.abs(w[k]!) > 0.2 && progress === 0) w[k] = Math.sign(w[k]!) * 0.2 * rng.next();
      if (rng.next() < 0.05 * p) w[k] = w[k]! * 2.5;
    }
    // Constant 0.1 at init; biases then spread out and drift.
    const b = rng.normals(Math.min(SAMPLES, l.units), 0.1 + 0.05 * p * (i === 0 ? 1 : -1), 0.001 + 0.06 * p);
    const pre = rng.normals(SAMPLES, 0.1 + 0.3 * p * (i === 0 ? 1 : 0), 0.6 + (i === 0 ? 1.2 : 3) * p);
    const act = i === 0 ? pre.map((x) => Math.max(0, x)) : pre;
    out.push(
      { tag: `${l.name}/weights/summaries/histogram`, values: w },
      { tag: `${l.name}/biases/summaries/histogram`, values: b },
      { tag: `${l.name}/Wx_plus_b/pre_activations`, values: pre },
      { tag: `${l.name}/activations`, values: act },
    );
  }
  return out;
}

/** mean, stddev, max, min of a series: the scalars `variable_summaries` writes. */
export function seriesStats(v: Float64Array): { mean: number; stddev: number; max: number; min: number } {
  let sum = 0;
  let max = -Infinity;
  let min = Infinity;
  for (const x of v) {
    sum += x;
    if (x > max) max = x;
    if (x < min) min = x;
  }
  const mean = sum / v.length;
  let sq = 0;
  for (const x of v) sq += (x - mean) ** 2;
  return { mean, stddev: Math.sqrt(sq / v.length), max, min };
}
