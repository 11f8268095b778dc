import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { WorkerOptions } from 'node:worker_threads';

/** The arguments of `new Worker(filename, options)` that start the ELK worker. */
export interface NodeWorkerScript {
  filename: string | URL;
  options: WorkerOptions;
}

// Where the built worker may be, relative to the bundle this code ended up in: dist/index.js
// or a dist/chunk-*.js (./worker/), dist/cli/*.js or dist/bench/*.js (../worker/), or an
// unbundled build next to this file (./).
const BUILT = ['./worker/elk-worker.js', '../worker/elk-worker.js', './elk-worker.js'];

/**
 * How to start the ELK worker with worker_threads, found from the URL of the module running
 * this code (`from`, this module's own URL by default).
 * - From a build: the first of BUILT that exists.
 * - From TS sources (vitest, tsx): the sibling `elk-worker.ts` through tsx. Node 20 does not
 *   apply loader hooks from `execArgv: ['--import', 'tsx']` to a worker's entry module, so a
 *   small eval'd entry registers tsx in the worker, then imports the real entry. tsx is
 *   resolved from this file, so the working directory does not matter.
 */
export function nodeWorkerScript(from: string = import.meta.url): NodeWorkerScript {
  if (from.endsWith('.ts')) {
    const tsxApi = import.meta.resolve('tsx/esm/api');
    const entry = new URL('./elk-worker.ts', from).href;
    const code = `import(${JSON.stringify(tsxApi)}).then((tsx) => { tsx.register(); return import(${JSON.stringify(entry)}); });`;
    return { filename: code, options: { eval: true } };
  }
  for (const candidate of BUILT) {
    const url = new URL(candidate, from);
    if (existsSync(fileURLToPath(url))) return { filename: url, options: {} };
  }
  throw new Error(`ELK worker script not found from ${from} (looked for ${BUILT.join(', ')})`);
}
