/**
 * tbg example-logdir OUT_DIR [--seed N] [--steps N]
 * Writes the bundled MNIST-like example logdir (see write-example-logdir.ts).
 */
import { writeExampleLogdir } from './write-example-logdir.js';
import { usageError, type CliSpec } from '../shell/run-cli.js';

const USAGE = `usage: tbg example-logdir OUT_DIR [--seed N] [--steps N]

Writes an MNIST-like example logdir into OUT_DIR: runs train and test with scalars, histograms,
images, audio, text, the training graph, a Keras model config and run metadata every 100 steps,
and hparams/ with an hparams experiment of four short trials. The same options give the same bytes.
  --seed N    seed of the simulated training (default 42)
  --steps N   training steps (default 1000)`;

function intOption(name: string, v: string | undefined, min: number): number {
  if (v === undefined) usageError(`${name} needs a value`);
  const n = Number(v);
  if (!Number.isSafeInteger(n) || n < min) usageError(`${name} needs an integer >= ${min}, got ${v}`);
  return n;
}

function main(args: string[]): number {
  let out: string | undefined;
  let seed: number | undefined;
  let steps: number | undefined;
  for (let i = 0; i < args.length; i++) {
    const a = args[i]!;
    if (a === '--seed') seed = intOption(a, args[++i], 0);
    else if (a === '--steps') steps = intOption(a, args[++i], 1);
    else if (a.startsWith('-')) usageError(`unknown option ${a}`);
    else if (out === undefined) out = a;
    else usageError('only one OUT_DIR');
  }
  if (out === undefined) usageError('missing OUT_DIR');
  const r = writeExampleLogdir(out, { ...(seed === undefined ? {} : { seed }), ...(steps === undefined ? {} : { steps }) });
  process.stdout.write(JSON.stringify({ logdir: out, files: r.files, bytes: r.bytes }) + '\n');
  return 0;
}

export const exampleLogdirCommand: CliSpec = { name: 'tbg example-logdir', usage: USAGE, run: main };
