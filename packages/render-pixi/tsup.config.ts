import { defineConfig } from 'tsup';

export default defineConfig([
  {
    entry: { index: 'src/index.ts', 'camera-entry': 'src/camera-entry.ts', 'style-entry': 'src/style-entry.ts', 'canvas2d-entry': 'src/canvas2d-entry.ts' },
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
    // Dev tools stay imports: esbuild bundles the browser page at run time, playwright drives Chromium.
    external: ['esbuild', 'playwright-core'],
    format: ['esm'],
    sourcemap: true,
    clean: true,
    target: 'es2022',
  },
]);
