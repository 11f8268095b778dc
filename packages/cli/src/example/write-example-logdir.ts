/**
 * `writeExampleLogdir(dir)`: an MNIST-like logdir written with our own `SummaryWriter`, the same
 * bytes for the same options (seeded randomness, a simulated clock, fixed file names), small
 * enough (about 1 MB) to generate at build time or on demand.
 *
 *   dir/train/events.out.tfevents.…  graph, Keras config, scalars, histograms, images, audio,
 *                                    text, run metadata (`step100`, `step200`, …)
 *   dir/test/events.out.tfevents.…   scalars, histograms, images
 *   dir/hparams/…                    an hparams experiment and four trials (runs hparams/trial-N)
 */
import { statSync } from 'node:fs';
import { drawDigit } from './digits.js';
import { mnistKerasModel } from './keras-model.js';
import { progressTable, readmeNote, SAMPLE_RATE, tone } from './media.js';
import { buildMnistGraph, type MnistGraph } from './mnist-graph.js';
import { SeededRandom } from './random.js';
import { writeHparamsRuns } from './hparams-runs.js';
import { RunWriter, saveRun } from './run-writer.js';
import { stepRunMetadata } from './step-stats.js';
import { layerHistograms, learningRate, metrics, seriesStats } from './training-curves.js';

export interface ExampleLogdirOptions {
  /** Seed of every random choice (default 42). */
  seed?: number;
  /** Training steps (default 1000). */
  steps?: number;
  /** Wall time of step 0, in seconds since the epoch (default 2023-11-14, 1700000000). */
  startTime?: number;
  /** Also write `hparams/`: an experiment of four short trials for the HParams tab (default true). */
  hparams?: boolean;
}

export interface ExampleLogdir {
  /** The event files written, absolute or as joined with `dir`. */
  files: string[];
  bytes: number;
}

/** Seconds per training step on the simulated clock. */
const STEP_SECONDS = 0.05;

interface Context {
  seed: number;
  steps: number;
  graph: MnistGraph;
  rng: SeededRandom;
}

/** The graph, the Keras config and the readme note, at step 0 of the train run. */
function writeTrainHeader(w: RunWriter, ctx: Context): void {
  w.writer.graph(ctx.graph.graphDef);
  w.writer.kerasModel('keras', mnistKerasModel(), 0);
  w.writer.text('notes/readme', readmeNote(ctx.seed, ctx.steps), 0);
}

function writeHistograms(w: RunWriter, step: number, ctx: Context, withStats: boolean): void {
  for (const h of layerHistograms(step / Math.max(1, ctx.steps - 1), ctx.rng)) {
    w.writer.histogram(h.tag, h.values, step);
    if (!withStats || !h.tag.endsWith('/summaries/histogram')) continue;
    const scope = h.tag.slice(0, -'/histogram'.length);
    const s = seriesStats(h.values);
    w.writer.scalar(`${scope}/mean`, s.mean, step);
    w.writer.scalar(`${scope}/stddev_1`, s.stddev, step);
    w.writer.scalar(`${scope}/max`, s.max, step);
    w.writer.scalar(`${scope}/min`, s.min, step);
  }
}

function writeDigits(w: RunWriter, step: number, ctx: Context): void {
  const digits = Array.from({ length: 10 }, () => drawDigit(ctx.rng.int(10), ctx.rng));
  w.writer.image('input_reshape/input', digits, step, { maxOutputs: 10 });
}

function writeTones(w: RunWriter, step: number): void {
  const clips = [tone([440], 0.5), tone([261.63, 329.63, 392], 0.5)];
  w.writer.audio('audio/tones', clips, SAMPLE_RATE, step, { labels: ['*A4*, 440 Hz', '*C major* chord'], description: 'Sine tones, to try the Audio tab.' });
}

/** Everything the train run writes at one step. */
function trainStep(w: RunWriter, step: number, ctx: Context, history: Array<{ step: number; loss: number; accuracy: number }>): void {
  const last = step === ctx.steps - 1;
  const m = metrics('train', step, ctx.rng);
  w.writer.scalar('loss', m.loss, step, { description: 'Cross entropy of the minibatch.' });
  w.writer.scalar('accuracy', m.accuracy, step, { description: 'Fraction of the minibatch classified right.' });
  w.writer.scalar('learning_rate', learningRate(step), step);
  if (step % 50 === 0 || last) history.push({ step, ...m });
  if (step % 20 === 0 || last) writeHistograms(w, step, ctx, true);
  if (step % 200 === 0 || last) writeDigits(w, step, ctx);
  if (step === 0 || last) writeTones(w, step);
  if (step > 0 && step % 100 === 0) w.writer.runMetadata(`step${step}`, stepRunMetadata(ctx.graph, w.now, ctx.rng), step, { kind: 'tagged' });
  if (step === Math.floor(ctx.steps / 2) || last) w.writer.text('notes/progress', progressTable(history.slice(-10)), step);
}

/** The test run: the test set evaluated every 10 steps, as the tutorial does. */
function testStep(w: RunWriter, step: number, ctx: Context): void {
  const m = metrics('test', step, ctx.rng);
  w.writer.scalar('loss', m.loss, step);
  w.writer.scalar('accuracy', m.accuracy, step);
  if (step % 50 === 0) writeHistograms(w, step, ctx, false);
  if (step % 200 === 0) writeDigits(w, step, ctx);
}

/** Writes the example logdir into `dir` (created if needed; existing files of the same name are replaced). */
export function writeExampleLogdir(dir: string, options: ExampleLogdirOptions = {}): ExampleLogdir {
  const { seed = 42, steps = 1000, startTime = 1_700_000_000, hparams = true } = options;
  if (!Number.isInteger(steps) || steps < 1) throw new RangeError(`steps must be a positive integer, got ${steps}`);
  if (!Number.isFinite(startTime) || startTime < 0) throw new RangeError(`startTime must be seconds since the epoch, got ${startTime}`);
  const ctx: Context = { seed, steps, graph: buildMnistGraph(), rng: new SeededRandom(seed) };
  const train = new RunWriter('train', startTime);
  const test = new RunWriter('test', startTime);
  writeTrainHeader(train, ctx);
  const history: Array<{ step: number; loss: number; accuracy: number }> = [];
  for (let step = 0; step < steps; step++) {
    train.now = startTime + step * STEP_SECONDS + ctx.rng.uniform(0, 0.01);
    trainStep(train, step, ctx, history);
    if (step % 10 === 0) {
      test.now = train.now + 0.02;
      testStep(test, step, ctx);
    }
  }
  const files = [saveRun(dir, train, 0), saveRun(dir, test, 1)];
  if (hparams) files.push(...writeHparamsRuns(dir, startTime, new SeededRandom(seed + 1)));
  return { files, bytes: files.reduce((n, f) => n + statSync(f).size, 0) };
}
