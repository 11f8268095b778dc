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
    entry: { 'cli/tbg-events': 'src/cli/tbg-events.ts', 'bench/bench': 'bench/bench.ts' },
    format: ['esm'],
    sourcemap: true,
    target: 'es2022',
    banner: { js: '#!/usr/bin/env node' },
  },
]);
