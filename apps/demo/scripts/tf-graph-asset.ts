/**
 * A Vite plugin that ships @tbg/element's self-contained `tf-graph.js` at the site root, for the
 * "Embed in a page" story: its plain HTML page loads it with a `<script type="module">`, exactly
 * as a page outside any bundler would. The dev server serves the same file.
 */
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import type { Plugin } from 'vite';

export const TF_GRAPH_FILE = 'tf-graph.js';

/** Where the built element's single-file bundle is, seen from the app at `root`. */
function elementBundle(root: string): string {
  const file = createRequire(join(root, 'package.json')).resolve(`@tbg/element/${TF_GRAPH_FILE}`);
  if (!existsSync(file)) throw new Error(`${file} is missing: build @tbg/element first (pnpm build)`);
  return file;
}

export function tfGraphAsset(): Plugin {
  let root = process.cwd();
  return {
    name: 'tbg-tf-graph-asset',
    configResolved(config) {
      root = config.root;
    },
    configureServer(server) {
      server.middlewares.use(`/${TF_GRAPH_FILE}`, (_req, res) => {
        res.setHeader('content-type', 'text/javascript');
        res.end(readFileSync(elementBundle(root)));
      });
    },
    generateBundle() {
      this.emitFile({ type: 'asset', fileName: TF_GRAPH_FILE, source: readFileSync(elementBundle(root)) });
    },
  };
}
