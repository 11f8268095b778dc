import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { WorkerOptions } from 'node:worker_threads';

/** The arguments of `new Worker(filename, options)` that start one of our workers. */
export interface NodeWorkerScript {
  filename: string | URL;
  options: WorkerOptions;
}

// Where the built worker may be, relative to the bundle this code ended up in: dist/index.js
// or a dist/chunk-*.js (./worker/), a bundle one level down in dist (../worker/), the
// benchmark's bench-dist/bench.js (../dist/worker/), or an unbundled build next to this file (./).
const built = (name: string) => [`./worker/${name}.js`, `../worker/${name}.js`, `../dist/worker/${name}.js`, `./${name}.js`];

/** The worker entries this package builds (each in src/worker/, built to dist/worker/). */
export type WorkerEntryName = 'elk-worker' | 'view-worker';

/**
 * How to start a worker entry (`name`, the ELK worker by default) with worker_threads, found
 * from the URL of the module running this code (`from`, this module's own URL by default).
 * - From a build: the first of `built(name)` that exists.
 * - From TS sources (vitest, tsx): the sibling `<name>.ts` through tsx. Node 20 does not
 *   apply loader hooks from `execArgv: ['--import', 'tsx']` to a worker's entry module, so a
 *   small eval'd entry registers tsx in the worker, then imports the real entry. tsx is
 *   resolved from this file, so the working directory does not matter.
 */
export function nodeWorkerScript(from: string = import.meta.url, name: WorkerEntryName = 'elk-worker'): NodeWorkerScript {
  if (from.endsWith('.ts')) {
    const tsxApi = import.meta.resolve('tsx/esm/api');
    const entry = new URL(`./${name}.ts`, from).href;
    const code = `import(${JSON.stringify(tsxApi)}).then((tsx) => { tsx.register(); return import(${JSON.stringify(entry)}); });`;
    return { filename: code, options: { eval: true } };
  }
  const candidates = built(name);
  for (const candidate of candidates) {
    const url = new URL(candidate, from);
    if (existsSync(fileURLToPath(url))) return { filename: url, options: {} };
  }
  throw new Error(`${name} script not found from ${from} (looked for ${candidates.join(', ')})`);
}
