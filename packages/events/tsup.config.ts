import { defineConfig } from 'tsup';

export default defineConfig([
  {
    // `index` is the universal build (browsers, workers); `node` adds files, logdirs and native CRC.
    entry: { index: 'src/index.ts', node: 'src/node.ts' },
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
