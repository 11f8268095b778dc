import { defineConfig } from 'tsup';

export default defineConfig([
  {
    // The ELK worker is its own entry: pools load it by URL (worker_threads or Web Workers).
    entry: { index: 'src/index.ts', node: 'src/node.ts', 'worker/elk-worker': 'src/worker/elk-worker.ts' },
    format: ['esm'],
    dts: { entry: { index: 'src/index.ts', node: 'src/node.ts' } },
    sourcemap: true,
    clean: true,
    target: 'es2022',
  },
  {
    entry: { 'cli/tbg-layout': 'src/cli/tbg-layout.ts', 'bench/bench': 'bench/bench.ts' },
    format: ['esm'],
    sourcemap: true,
    target: 'es2022',
    banner: { js: '#!/usr/bin/env node' },
  },
]);
