/** The example's audio clips (sine tones) and Markdown notes. */
import { learningRate } from './training-curves.js';

export const SAMPLE_RATE = 8000;

/** A tone of `seconds` at `freqs` (Hz, summed), with a short fade in and out so it does not click. */
export function tone(freqs: readonly number[], seconds: number): Float32Array {
  const n = Math.round(SAMPLE_RATE * seconds);
  const fade = Math.round(SAMPLE_RATE * 0.02);
  const out = new Float32Array(n);
  for (let i = 0; i < n; i++) {
    let s = 0;
    for (const f of freqs) s += Math.sin((2 * Math.PI * f * i) / SAMPLE_RATE);
    const env = Math.min(1, i / fade, (n - 1 - i) / fade);
    out[i] = (0.5 * env * s) / freqs.length;
  }
  return out;
}

/** The note on the train run: what this logdir is, with a Markdown table of its settings. */
export function readmeNote(seed: number, steps: number): string {
  return [
    '# MNIST example',
    '',
    `Written by \`tbg example-logdir\` (seed ${seed}). The numbers are **simulated**, not trained:`,
    'they look like a two-layer network learning MNIST, so that every dashboard has data.',
    '',
    '| setting | value |',
    '|---|---|',
    '| layers | 784 → 500 (ReLU) → dropout → 10 |',
    '| optimizer | Adam |',
    `| learning rate | ${learningRate(steps - 1)} at the end (${learningRate(100)} at step 100) |`,
    '| batch size | 100 |',
    `| steps | ${steps} |`,
  ].join('\n');
}

/** A table of the run's metrics so far: text summaries may be 2-D string tensors. */
export function progressTable(rows: ReadonlyArray<{ step: number; loss: number; accuracy: number }>): string[][] {
  return [['step', 'loss', 'accuracy'], ...rows.map((r) => [String(r.step), r.loss.toFixed(4), r.accuracy.toFixed(4)])];
}
