import { resolve } from 'node:path';
import { defineConfig, type Options } from 'tsup';

type Plugin = NonNullable<Options['esbuildPlugins']>[number];

/** The lean build: the generated code without JSON conversions (src/gen/tf-lean.js) in place of the full one. */
const leanGen: Plugin = {
  name: 'lean-gen',
  setup(b) {
    b.onResolve({ filter: /\/gen\/tf\.js$/ }, (args) => ({ path: resolve(args.resolveDir, args.path.replace(/tf\.js$/, 'tf-lean.js')) }));
  },
};

export default defineConfig([
  {
    entry: { index: 'src/index.ts' },
    format: ['esm'],
    dts: true,
    sourcemap: true,
    // Both builds run at once: this one's clean must not remove the other's output.
    clean: ['!lean.js', '!lean.js.map'],
    target: 'es2022',
  },
  {
    // `@tbg/proto/lean`: the same module for browser bundles (typed by index.d.ts, less the conversions).
    entry: { lean: 'src/index.ts' },
    format: ['esm'],
    sourcemap: true,
    target: 'es2022',
    esbuildPlugins: [leanGen],
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
