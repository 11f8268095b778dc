/**
 * What the images and audio plugins share: a tag's `samples` (the most images or clips at one
 * step), the points that hold sample N (one per step, downsampled), and the point a blob key
 * names (looked up in the kept data, never read from a path).
 */
import type { TimePoint, TimeSeries } from '@tbg/events';
import { decodeBlobKey } from '../blob-key.js';
import { downsample } from '../downsample.js';
import { invalidArgument, notFound, pyRepr } from '../reply.js';
import type { ApiRequest } from '../router.js';
import { intParam, onePerStep, queryHint, runTag, seriesFor, type RouteContext } from './context.js';

/** A point's images or clips. */
export type SamplesOf = (p: TimePoint) => readonly unknown[];

/** The most samples any step of a series holds. */
export function maxSamples(s: TimeSeries, samplesOf: SamplesOf): number {
  let n = 0;
  for (const p of s.points) n = Math.max(n, samplesOf(p).length);
  return n;
}

/** The request's (run, tag, sample) and its points: one per step, downsampled, each holding that sample; 404 (`No <what> data …`) without such a series. */
export function pointsWithSample(ctx: RouteContext, req: ApiRequest, plugin: 'images' | 'audio', samplesOf: SamplesOf, what: string): { run: string; tag: string; sample: number; points: TimePoint[] } {
  const { run, tag } = runTag(req);
  const sample = intParam(req, 'sample', 0);
  const s = seriesFor(ctx, run, tag, [plugin]);
  if (!s || run === null || tag === null) throw notFound(`No ${what} data for run=${pyRepr(run)}, tag=${pyRepr(tag)}`);
  const points = downsample(onePerStep(s), queryHint(ctx, plugin, 10)).filter((p) => samplesOf(p).length > sample);
  return { run, tag, sample, points };
}

/** The point a blob key names, and the sample index it carries. */
export function blobPoint(ctx: RouteContext, key: string | null, plugins: readonly string[], missing: string): { point: TimePoint; index: number } {
  if (!key) throw invalidArgument(missing);
  const k = decodeBlobKey(key);
  const s = seriesFor(ctx, k.run, k.tag, plugins);
  const point = s && onePerStep(s).find((p) => p.step === k.step);
  if (!point) throw notFound(`No blob for run=${pyRepr(k.run)}, tag=${pyRepr(k.tag)}, step=${k.step}`);
  return { point, index: k.index };
}
