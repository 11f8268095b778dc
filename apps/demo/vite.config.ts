import { defineConfig } from 'vite';
import { tfGraphAsset } from './scripts/tf-graph-asset.js';

export default defineConfig({
  // Relative URLs: dist/ works from any path (a sub-folder, a static host, file servers).
  base: './',
  plugins: [tfGraphAsset()],
  build: {
    outDir: 'dist',
    target: 'es2022',
    // The element bundles pixi, ELK and workers: big by nature, so no size warning.
    chunkSizeWarningLimit: 4096,
  },
  // Only the app is scanned for dependencies: public/embed.html loads the prebuilt tf-graph.js.
  optimizeDeps: { entries: ['index.html'] },
  server: { host: '127.0.0.1' },
  preview: { host: '127.0.0.1', port: 4173 },
});
