/**
 * Writes the demo's generated graphs (binary GraphDefs) into public/generated/ before a build.
 * They are too big to commit (the 100k graph is ~30 MB) and fully determined by the generator
 * and its options, so a stamp file lets later builds skip the work when nothing changed.
 *
 *   node --import tsx scripts/gen-graphs.ts [--force]
 */
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { encodeGraphDef, generateTrainingGraph, type TrainingGraphOptions } from '@tbg/testkit';
import { GENERATED_GRAPHS } from '../src/generated-graphs.js';

const APP = join(dirname(fileURLToPath(import.meta.url)), '..');
const OUT = join(APP, 'public', 'generated');
// Stamps stay out of public/ so that they are not shipped with the build.
const STAMPS = join(APP, 'node_modules', '.cache', 'gen-graphs');

/** A hash of the generator's built code: a new generator means new graphs. */
function generatorHash(): string {
  const dist = dirname(fileURLToPath(import.meta.resolve('@tbg/testkit')));
  const h = createHash('sha256');
  for (const f of readdirSync(dist).filter((n) => n.endsWith('.js')).sort()) h.update(f).update(readFileSync(join(dist, f)));
  return h.digest('hex').slice(0, 16);
}

function stampOf(options: TrainingGraphOptions, generator: string): string {
  return JSON.stringify({ options, generator });
}

function main(force: boolean): void {
  mkdirSync(OUT, { recursive: true });
  mkdirSync(STAMPS, { recursive: true });
  const generator = generatorHash();
  for (const g of GENERATED_GRAPHS) {
    const file = join(OUT, g.file);
    const stampFile = join(STAMPS, `${g.file}.json`);
    const stamp = stampOf(g.options, generator);
    if (!force && existsSync(file) && existsSync(stampFile) && readFileSync(stampFile, 'utf8') === stamp) {
      process.stdout.write(`gen-graphs: ${g.file} is up to date\n`);
      continue;
    }
    const t0 = performance.now();
    const bytes = encodeGraphDef(generateTrainingGraph(g.options));
    writeFileSync(file, bytes);
    writeFileSync(stampFile, stamp);
    const ms = Math.round(performance.now() - t0);
    process.stdout.write(`gen-graphs: ${g.file}: ${g.options.nodes} nodes, ${(bytes.length / 2 ** 20).toFixed(1)} MiB in ${ms} ms\n`);
  }
}

main(process.argv.includes('--force'));
