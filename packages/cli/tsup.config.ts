import { cpSync, existsSync } from 'node:fs';
import { defineConfig } from 'tsup';

/**
 * The board's static files go into the package (`dist/board/`), so that `npx @tbg/cli serve`
 * shows it: only files, no import of the app (turbo.json builds the board first).
 */
const BOARD = '../../apps/board/dist';
function copyBoard(): void {
  if (!existsSync(`${BOARD}/index.html`)) {
    console.warn(`@tbg/cli: ${BOARD} is not built; tbg serve will show its built-in page`);
    return;
  }
  cpSync(BOARD, 'dist/board', { recursive: true });
}

export default defineConfig([
  {
    entry: { tbg: 'src/tbg.ts' },
    format: ['esm'],
    sourcemap: true,
    clean: true,
    target: 'es2022',
    banner: { js: '#!/usr/bin/env node' },
    onSuccess: () => Promise.resolve(copyBoard()),
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
