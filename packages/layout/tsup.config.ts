import { defineConfig } from 'tsup';

export default defineConfig([
  {
    // The ELK worker is its own entry: pools load it by URL (worker_threads or Web Workers).
    entry: { index: 'src/index.ts', node: 'src/node.ts', 'view-entry': 'src/view-entry.ts', 'elk-entry': 'src/elk-entry.ts', 'worker/elk-worker': 'src/worker/elk-worker.ts', 'worker/view-worker': 'src/worker/view-worker.ts' },
    format: ['esm'],
    dts: { entry: { index: 'src/index.ts', node: 'src/node.ts', 'view-entry': 'src/view-entry.ts', 'elk-entry': 'src/elk-entry.ts' } },
    sourcemap: true,
    clean: true,
    target: 'es2022',
  },
  {
    // Self-contained worker scripts for pages without a bundler: every dependency inlined.
    entry: { 'browser/elk-worker': 'src/worker/elk-worker.ts', 'browser/view-worker': 'src/worker/view-worker.ts' },
    format: ['esm'],
    platform: 'browser',
    noExternal: [/.*/],
    splitting: false,
    minify: true,
    // Reached only under Node (see the entries); never loaded in a browser.
    external: ['node:worker_threads'],
    target: 'es2022',
  },
  {
    // Not published: the benchmark is built apart from dist.
    entry: { bench: 'bench/bench.ts' },
    outDir: 'bench-dist',
    format: ['esm'],
    sourcemap: true,
    clean: true,
    target: 'es2022',
  },
]);
