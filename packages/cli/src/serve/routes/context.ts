/** What every route reads: the data, the sampling hints, the flags shown by /data/environment. */
import type { SampleLimit, TimePoint, TimeSeries } from '@tbg/events';
import type { DataSource } from '../data-source.js';
import { invalidArgument } from '../reply.js';
import type { ApiRequest } from '../router.js';

export interface RouteContext {
  source: DataSource;
  /** `--samples-per-plugin`, as parsed. */
  samplesPerPlugin: Readonly<Record<string, SampleLimit>>;
  /** `--logdir` or `--logdir_spec` as given. */
  dataLocation: string;
  version: string;
  flags: Record<string, unknown>;
}

/** The query-time sample count for a plugin: its `--samples-per-plugin` value (0/all = all), else `fallback`. */
export function queryHint(ctx: RouteContext, plugin: string, fallback: number): number {
  const v = ctx.samplesPerPlugin[plugin];
  if (v === undefined) return fallback;
  return v === 'all' || v === 0 ? Infinity : v;
}

/** The `run` and `tag` query parameters (null when absent). */
export function runTag(req: ApiRequest): { run: string | null; tag: string | null } {
  return { run: req.query.get('run'), tag: req.query.get('tag') };
}

/** A non-negative integer query parameter, or `fallback` when absent (400 when malformed). */
export function intParam(req: ApiRequest, name: string, fallback: number): number {
  const raw = req.query.get(name);
  if (raw === null || raw === '') return fallback;
  if (!/^\d+$/.test(raw)) throw invalidArgument(`${name} must be a non-negative integer, got ${JSON.stringify(raw)}`);
  return Number(raw);
}

/** The series of (run, tag) if its plugin is one of `plugins`. */
export function seriesFor(ctx: RouteContext, run: string | null, tag: string | null, plugins: readonly string[]): TimeSeries | undefined {
  if (run === null || tag === null) return undefined;
  const s = ctx.source.series(run, tag);
  return s && plugins.includes(s.metadata.plugin) ? s : undefined;
}

/** Kept points, one per step (the first seen), sorted by step: TensorBoard's blob sequences. */
export function onePerStep(series: TimeSeries): TimePoint[] {
  const byStep = new Map<number, TimePoint>();
  for (const p of series.points) if (!byStep.has(p.step)) byStep.set(p.step, p);
  return [...byStep.values()].sort((a, b) => a.step - b.step);
}
