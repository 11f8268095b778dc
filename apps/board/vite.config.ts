import { defineConfig } from 'vite';

/**
 * `vite` (dev) forwards the data API to a running `tbg serve` (TBG_SERVER, default
 * http://127.0.0.1:6006): the board itself only ever asks for relative `data/...` URLs.
 */
const server = process.env.TBG_SERVER ?? 'http://127.0.0.1:6006';

export default defineConfig({
  // Relative URLs: dist/ works under any path prefix `tbg serve` is mounted at.
  base: './',
  build: {
    outDir: 'dist',
    target: 'es2022',
    // The Graphs tab loads <tf-graph> (pixi, ELK and workers, inlined) as its own chunk.
    chunkSizeWarningLimit: 4096,
  },
  server: { host: '127.0.0.1', proxy: { '/data': server } },
  preview: { host: '127.0.0.1', port: 4174, proxy: { '/data': server } },
});
