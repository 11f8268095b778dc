import { defineConfig } from 'tsup';

export default defineConfig([
  {
    entry: { index: 'src/index.ts' },
    format: ['esm'],
    dts: true,
    sourcemap: true,
    clean: true,
    target: 'es2022',
  },
  {
    // Separate config so only the CLI gets the shebang banner.
    entry: { 'gen-graph-cli': 'src/gen-graph-cli.ts', 'report-skips': 'src/report-skips.ts', 'run-benches': 'src/run-benches.ts' },
    format: ['esm'],
    dts: true,
    sourcemap: true,
    target: 'es2022',
    banner: { js: '#!/usr/bin/env node' },
  },
  {
    // Not a published package, but kept apart from dist like every benchmark.
    entry: { bench: 'bench/bench.ts' },
    outDir: 'bench-dist',
    format: ['esm'],
    sourcemap: true,
    clean: true,
    target: 'es2022',
  },
]);
