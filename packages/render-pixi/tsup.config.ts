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
    // Not published: the benchmark is built apart from dist.
    entry: { bench: 'bench/bench.ts' },
    outDir: 'bench-dist',
    format: ['esm'],
    sourcemap: true,
    clean: true,
    target: 'es2022',
  },
]);
