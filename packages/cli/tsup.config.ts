import { defineConfig } from 'tsup';

export default defineConfig([
  {
    entry: { tbg: 'src/tbg.ts' },
    format: ['esm'],
    sourcemap: true,
    clean: true,
    target: 'es2022',
    banner: { js: '#!/usr/bin/env node' },
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
