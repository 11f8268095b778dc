import { build, type Plugin } from 'esbuild';
import { basename, dirname, resolve } from 'node:path';
import { deflateRawSync } from 'node:zlib';
import { defineConfig, type Options } from 'tsup';

/** The worker scripts, each bundled whole (every dependency inlined) and minified. */
const WORKERS = {
  'view-worker': 'src/workers/view-worker-entry.ts',
  'render-worker': 'src/workers/render-worker-entry.ts',
  'elk-worker': 'src/workers/elk-worker-entry.ts',
};

/**
 * Workers take `@tbg/proto/lean`: the generated protobuf code without its JSON conversions, which
 * no worker uses (a third less script for the view worker to compile before its first picture).
 */
const leanProto: Plugin = {
  name: 'lean-proto',
  setup(b) {
    b.onResolve({ filter: /^@tbg\/proto$/ }, (args) => b.resolve('@tbg/proto/lean', { resolveDir: args.resolveDir, kind: args.kind }));
  },
};

async function bundleWorker(entry: string): Promise<string> {
  const out = await build({
    entryPoints: [entry],
    bundle: true,
    format: 'esm',
    platform: 'browser',
    target: 'es2022',
    minify: true,
    write: false,
    legalComments: 'none',
    logLevel: 'error',
    plugins: [inlineWorker, leanProto],
    // Reached only under Node in layout's worker scripts; never in a browser.
    external: ['node:worker_threads', 'worker_threads'],
  });
  return out.outputFiles[0]!.text;
}

/**
 * `import script from 'inline-worker:./x.ts'` (or a package path) gives that script bundled
 * whole, deflated and in base64, with how it can run and a file name for debuggers (a
 * PackedScript, worker-scripts.ts); a worker may inline the scripts of its own workers.
 * Compressed, the module is 1.2 MB instead of 3 MB, and the page turns 0.4 MB of base64 into
 * bytes instead of 3 MB of script text (~25 MB/s in the Chromium measured here, either way).
 */
const inlineWorker: Plugin = {
  name: 'inline-worker',
  setup(b) {
    // `inline-script:` gives the bundled script as plain text (the small boot script workers start from).
    for (const kind of ['inline-worker', 'inline-script']) {
      b.onResolve({ filter: new RegExp(`^${kind}:`) }, async (args) => {
        const spec = args.path.slice(kind.length + 1);
        const path = spec.startsWith('.') ? resolve(args.resolveDir, spec) : (await b.resolve(spec, { resolveDir: args.resolveDir, kind: 'import-statement' })).path;
        return { path, namespace: kind };
      });
    }
    b.onLoad({ filter: /.*/, namespace: 'inline-worker' }, async (args) => {
      const code = await bundleWorker(args.path);
      const packed = deflateRawSync(Buffer.from(code), { level: 9 }).toString('base64');
      const name = `tf-graph-${basename(args.path).replace(/-entry\.ts$/, '')}.js`;
      return { contents: JSON.stringify({ packed, runAs: runsAsScript(code) ? 'script' : 'module', name }), loader: 'json', resolveDir: dirname(args.path) };
    });
    b.onLoad({ filter: /.*/, namespace: 'inline-script' }, async (args) => ({ contents: await bundleWorker(args.path), loader: 'text', resolveDir: dirname(args.path) }));
  },
};

/** Async functions' constructor: the boot script runs a script as an async function's body, so that a top-level `await` means what it means in a module. */
const AsyncFunction = (Object.getPrototypeOf(async () => {}) as { constructor: FunctionConstructor }).constructor;

/** Whether a bundled module's code also parses as an async function's body (no import, export or import.meta). */
function runsAsScript(code: string): boolean {
  try {
    new AsyncFunction(`"use strict";${code}`);
    return true;
  } catch {
    return false;
  }
}

/** A browser script with every dependency inlined (for pages without a bundler, and workers). */
const selfContained: Options = { format: ['esm'], platform: 'browser', noExternal: [/.*/], splitting: false, minify: true, target: 'es2022', esbuildPlugins: [inlineWorker] };

export default defineConfig([
  {
    // For bundlers: dependencies stay imports; the workers are inlined.
    entry: { index: 'src/index.ts' },
    format: ['esm'],
    dts: true,
    clean: true,
    target: 'es2022',
    esbuildPlugins: [inlineWorker],
  },
  {
    // For any page: one self-contained module (element, lit, pixi, workers, fonts).
    entry: { 'tf-graph': 'src/index.ts' },
    ...selfContained,
  },
  {
    // The same workers as files, for pages whose CSP forbids blob: workers (`worker-url`).
    entry: Object.fromEntries(Object.entries(WORKERS).map(([k, v]) => [`workers/${k}`, v])),
    ...selfContained,
    esbuildPlugins: [inlineWorker, leanProto],
  },
]);
