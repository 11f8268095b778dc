/**
 * `hparams/`: a small hyperparameter search as TensorBoard's hparams tutorial writes it: the
 * experiment config in `hparams/`, and one run per trial (`hparams/trial-N`) with its hparam
 * values, a short accuracy and loss curve and the session's end.
 */
import { type HParamsConfig } from '@tbg/events';
import type { SeededRandom } from './random.js';
import { RunWriter, saveRun } from './run-writer.js';

const CONFIG: HParamsConfig = {
  hparams: [
    { name: 'learning_rate', description: 'Adam learning rate', domain: { type: 'discrete', values: [0.001, 0.01] } },
    { name: 'dropout', domain: { type: 'interval', min: 0.1, max: 0.5 } },
    { name: 'optimizer', domain: { type: 'discrete', values: ['adam', 'sgd'] } },
  ],
  metrics: [
    { tag: 'accuracy', displayName: 'Accuracy', datasetType: 'validation' },
    { tag: 'loss', displayName: 'Loss', datasetType: 'validation' },
  ],
  description: 'Four short trials of the MNIST example, to try the HParams tab.',
};

const TRIALS = [
  { learning_rate: 0.001, dropout: 0.1, optimizer: 'adam' },
  { learning_rate: 0.001, dropout: 0.3, optimizer: 'sgd' },
  { learning_rate: 0.01, dropout: 0.1, optimizer: 'adam' },
  { learning_rate: 0.01, dropout: 0.5, optimizer: 'sgd' },
] as const;

const STEPS = 200;
const EVERY = 20;

/** How well a trial ends up, from its hparams (and a little luck). */
function finalAccuracy(t: (typeof TRIALS)[number], rng: SeededRandom): number {
  const base = t.optimizer === 'adam' ? 0.975 : 0.93;
  return base - (t.learning_rate === 0.01 ? 0.02 : 0) - 0.04 * (t.dropout - 0.1) + rng.normal(0, 0.003);
}

/** Writes the experiment and its trials under `dir/hparams`; returns the files written. */
export function writeHparamsRuns(dir: string, startTime: number, rng: SeededRandom): string[] {
  const root = new RunWriter('hparams', startTime);
  root.writer.hparamsConfig(CONFIG);
  const files = [saveRun(dir, root, 10)];
  TRIALS.forEach((t, k) => {
    const w = new RunWriter(`hparams/trial-${k}`, startTime + 60 * (k + 1));
    w.writer.hparams(t, { trialId: `trial-${k}` });
    const best = finalAccuracy(t, rng);
    for (let step = 0; step <= STEPS; step += EVERY) {
      w.now = w.startTime + step * 0.05;
      const p = 1 - Math.exp(-step / 40);
      w.writer.scalar('accuracy', 0.1 + (best - 0.1) * p + rng.normal(0, 0.004), step);
      w.writer.scalar('loss', 0.05 + 2.2 * (1 - p) + (1 - best) * 2 + Math.abs(rng.normal(0, 0.01)), step);
    }
    w.writer.hparamsEnd({ status: 'success' });
    files.push(saveRun(dir, w, 11 + k));
  });
  return files;
}
