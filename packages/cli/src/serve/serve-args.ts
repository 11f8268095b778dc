/** The options of `tbg serve`, parsed and checked (bad ones are usage errors, exit 2). */
import { parseSamplesPerPlugin, type SampleLimit } from '@tbg/events';
import { usageError } from '../shell/run-cli.js';
import type { LogdirSpec } from './data-source.js';

export interface ServeArgs {
  logdirs: LogdirSpec[];
  /** As the user wrote it, for /data/environment. */
  dataLocation: string;
  host: string;
  port: number;
  reloadIntervalS: number;
  samplesPerPlugin: Record<string, SampleLimit>;
  open: boolean;
  assetsDir: string | undefined;
}

const VALUED = ['--logdir', '--logdir_spec', '--port', '--host', '--reload-interval', '--samples-per-plugin', '--assets'] as const;
/** TensorBoard's spellings. */
const ALIASES: Record<string, string> = { '--logdir-spec': '--logdir_spec', '--reload_interval': '--reload-interval', '--samples_per_plugin': '--samples-per-plugin' };

function collect(args: readonly string[]): { values: Map<string, string>; open: boolean } {
  const values = new Map<string, string>();
  let open = false;
  for (let i = 0; i < args.length; i++) {
    const arg = args[i]!;
    const eq = arg.indexOf('=');
    const raw = eq > 0 ? arg.slice(0, eq) : arg;
    const name = ALIASES[raw] ?? raw;
    if (name === '--open') {
      open = true;
      continue;
    }
    if (!(VALUED as readonly string[]).includes(name)) usageError(`unknown option ${arg}`);
    const value = eq > 0 ? arg.slice(eq + 1) : args[++i];
    if (value === undefined) usageError(`${name} needs a value`);
    values.set(name, value);
  }
  return { values, open };
}

/** `name:path,name:path` (an entry without `name:` is a plain logdir). */
export function parseLogdirSpec(spec: string): LogdirSpec[] {
  const out: LogdirSpec[] = [];
  for (const entry of spec.split(',').map((e) => e.trim()).filter(Boolean)) {
    const colon = entry.indexOf(':');
    // `C:\…` or `/…` is a path, not a name.
    if (colon <= 0 || entry.slice(0, colon).includes('/') || /^[A-Za-z]:[\\/]/.test(entry)) out.push({ name: null, path: entry });
    else out.push({ name: entry.slice(0, colon), path: entry.slice(colon + 1) });
  }
  if (!out.length) usageError('--logdir_spec is empty');
  if (new Set(out.map((s) => s.name ?? s.path)).size !== out.length) usageError('--logdir_spec names must differ');
  return out;
}

function number(name: string, raw: string | undefined, fallback: number, ok: (n: number) => boolean): number {
  if (raw === undefined) return fallback;
  const n = Number(raw);
  if (raw.trim() === '' || !ok(n)) usageError(`bad ${name} ${raw}`);
  return n;
}

export function parseServeArgs(args: readonly string[]): ServeArgs {
  const { values, open } = collect(args);
  const logdir = values.get('--logdir');
  const spec = values.get('--logdir_spec');
  if (logdir === undefined && spec === undefined) usageError('missing --logdir DIR (or --logdir_spec name:dir,…)');
  if (logdir !== undefined && spec !== undefined) usageError('give --logdir or --logdir_spec, not both');
  let samplesPerPlugin: Record<string, SampleLimit> = {};
  try {
    samplesPerPlugin = parseSamplesPerPlugin(values.get('--samples-per-plugin') ?? '');
  } catch (err) {
    usageError(`--samples-per-plugin: ${(err as Error).message}`);
  }
  return {
    logdirs: logdir !== undefined ? [{ name: null, path: logdir }] : parseLogdirSpec(spec!),
    dataLocation: logdir ?? spec!,
    host: values.get('--host') ?? '127.0.0.1',
    port: number('--port', values.get('--port'), 6006, (n) => Number.isInteger(n) && n >= 0 && n <= 65535),
    reloadIntervalS: number('--reload-interval', values.get('--reload-interval'), 5, (n) => Number.isFinite(n) && n >= 0),
    samplesPerPlugin,
    open,
    assetsDir: values.get('--assets'),
  };
}
