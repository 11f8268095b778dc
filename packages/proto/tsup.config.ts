import { defineConfig } from 'tsup';

export default defineConfig([
  {
    // `cli-shell` is Node-only (process, fs): a separate entry keeps it out of the browser build.
    entry: { index: 'src/index.ts', 'cli-shell': 'src/cli/run-cli.ts' },
    format: ['esm'],
    dts: true,
    sourcemap: true,
    clean: true,
    target: 'es2022',
  },
  {
    entry: { 'cli/tbg-graph': 'src/cli/tbg-graph.ts', 'bench/bench': 'bench/bench.ts' },
    format: ['esm'],
    sourcemap: true,
    target: 'es2022',
    banner: { js: '#!/usr/bin/env node' },
  },
]);
