/**
 * How many points each time series keeps (reservoir capacity), by plugin name.
 *
 * Defaults are Python TensorBoard's (`data_ingester.py` `DEFAULT_TENSOR_SIZE_GUIDANCE`, plus
 * `size_guidance[TENSORS] = 10` for every other plugin): scalars 1000, histograms 500,
 * images 10, audio 10, pr_curves 100, everything else (tensors, text, hparams, graphs, run
 * metadata and other blobs) 10.
 *
 * Overrides (`samplesPerPlugin`, or TensorBoard's CLI syntax `"scalars=500,images=all"`) are
 * per plugin name. **Both `0` and `'all'` mean keep everything.** That is Python TensorBoard's
 * meaning of 0 (`STORE_EVERYTHING_SIZE_GUIDANCE` uses 0; "Note that 0 means keep all samples").
 * RustBoard's trap: there `0` is `Bounded(0)`, i.e. keep *nothing*, and only `all` is
 * unbounded (TensorBoard issue #5550: `--samples_per_plugin images=0` shows no images at all
 * under `--load_fast`). We never keep nothing: a series always has at least its newest point.
 *
 * Extension: the key `'*'` sets the count for every plugin that has no explicit entry (it
 * replaces the built-in defaults too), e.g. `{ '*': 'all' }` keeps every value of every series.
 */
import { EventsUsageError } from '../errors.js';

/** A sample count: a non-negative integer, where 0 means all, or `'all'`. */
export type SampleLimit = number | 'all';
export type SamplesPerPlugin = Readonly<Record<string, SampleLimit>>;

/** Python TensorBoard's per-plugin defaults. */
export const DEFAULT_SAMPLES_PER_PLUGIN: Readonly<Record<string, number>> = Object.freeze({
  scalars: 1000,
  histograms: 500,
  images: 10,
  audio: 10,
  pr_curves: 100,
});

/** The default for every plugin not listed above. */
export const DEFAULT_SAMPLES = 10;

/** The wildcard key: the count for plugins without their own entry. */
export const ALL_PLUGINS = '*';

/** A sample limit as a reservoir capacity: `Infinity` for `0`/`'all'`, else the integer. */
export function sampleCapacity(limit: number | string): number {
  if (limit === 'all') return Infinity;
  const n = typeof limit === 'number' ? limit : /^\s*\d+\s*$/.test(limit) ? Number(limit) : NaN;
  if (n === Infinity) return Infinity;
  if (!Number.isSafeInteger(n) || n < 0) throw new EventsUsageError(`invalid sample count ${JSON.stringify(limit)}: use a non-negative integer (0 = all) or "all"`);
  return n === 0 ? Infinity : n;
}

/**
 * Parses TensorBoard's `--samples_per_plugin` syntax: comma-separated `plugin=count` pairs,
 * count a non-negative integer or `all`. Empty tokens are ignored, like TensorBoard does.
 */
export function parseSamplesPerPlugin(spec: string): Record<string, SampleLimit> {
  const out = Object.create(null) as Record<string, SampleLimit>;
  for (const raw of spec.split(',')) {
    const token = raw.trim();
    if (!token) continue;
    const eq = token.indexOf('=');
    if (eq <= 0 || token.indexOf('=', eq + 1) !== -1) throw new EventsUsageError(`invalid samples_per_plugin entry ${JSON.stringify(token)}: expected plugin=count`);
    const plugin = token.slice(0, eq).trim();
    const value = token.slice(eq + 1).trim();
    if (!plugin) throw new EventsUsageError(`invalid samples_per_plugin entry ${JSON.stringify(token)}: empty plugin name`);
    if (value.toLowerCase() === 'all') out[plugin] = 'all';
    else {
      sampleCapacity(value); // validates
      out[plugin] = Number(value);
    }
  }
  return out;
}

/** Resolves plugin names to reservoir capacities (`Infinity` = keep all). */
export class Sampling {
  private readonly overrides = new Map<string, number>();

  constructor(samplesPerPlugin?: SamplesPerPlugin | string) {
    const spec = typeof samplesPerPlugin === 'string' ? parseSamplesPerPlugin(samplesPerPlugin) : (samplesPerPlugin ?? {});
    for (const [plugin, limit] of Object.entries(spec)) this.overrides.set(plugin, sampleCapacity(limit));
  }

  /** The reservoir capacity for a series of `plugin`. */
  capacity(plugin: string): number {
    return (
      this.overrides.get(plugin) ??
      this.overrides.get(ALL_PLUGINS) ??
      (Object.hasOwn(DEFAULT_SAMPLES_PER_PLUGIN, plugin) ? DEFAULT_SAMPLES_PER_PLUGIN[plugin] : undefined) ??
      DEFAULT_SAMPLES
    );
  }

  /** The overrides in effect, as given (`'all'` for unbounded). */
  toJSON(): Record<string, SampleLimit> {
    const out: Record<string, SampleLimit> = {};
    for (const [k, v] of this.overrides) out[k] = v === Infinity ? 'all' : v;
    return out;
  }
}

/** The capacity for one plugin, with optional overrides. */
export function samplesFor(plugin: string, samplesPerPlugin?: SamplesPerPlugin | string): number {
  return new Sampling(samplesPerPlugin).capacity(plugin);
}
