/**
 * The histograms and distributions plugins (`histograms_plugin.py`, `distributions_plugin.py`):
 * both read histogram series. `/histograms` gives `[[wall_time, step, [[left, right, count], …]], …]`
 * downsampled to 51; `/distributions` gives `[[wall_time, step, [[bp, value] × 9]], …]`
 * downsampled to 501.
 */
import type { TimeSeries } from '@tbg/events';
import { compressHistogram } from '../compress-histogram.js';
import { downsample } from '../downsample.js';
import { jsonReply } from '../json-body.js';
import { notFound, pyRepr, type Reply } from '../reply.js';
import type { ApiRequest, Handler } from '../router.js';
import { runTag, seriesFor, type RouteContext } from './context.js';
import { tagListing } from './tag-listing.js';

const PLUGINS = ['histograms'];

function bucketRows(buckets: Float64Array): Array<[number, number, number]> {
  const out: Array<[number, number, number]> = [];
  for (let i = 0; i + 2 < buckets.length; i += 3) out.push([buckets[i]!, buckets[i + 1]!, buckets[i + 2]!]);
  return out;
}

function histogramPoints(s: TimeSeries, k: number): Array<{ wallTime: number; step: number; buckets: Float64Array }> {
  const out: Array<{ wallTime: number; step: number; buckets: Float64Array }> = [];
  for (const p of s.points) if (p.data.kind === 'histogram') out.push({ wallTime: p.wallTime, step: p.step, buckets: p.data.buckets });
  return downsample(out, k);
}

function lookup(ctx: RouteContext, req: ApiRequest): TimeSeries {
  const { run, tag } = runTag(req);
  const s = seriesFor(ctx, run, tag, PLUGINS);
  if (!s) throw notFound(`No histogram tag ${pyRepr(tag)} for run ${pyRepr(run)}`);
  return s;
}

function histograms(ctx: RouteContext, req: ApiRequest): Reply {
  const s = lookup(ctx, req);
  return jsonReply(histogramPoints(s, 51).map((p) => [p.wallTime, p.step, bucketRows(p.buckets)]));
}

function distributions(ctx: RouteContext, req: ApiRequest): Reply {
  const s = lookup(ctx, req);
  return jsonReply(histogramPoints(s, 501).map((p) => [p.wallTime, p.step, compressHistogram(p.buckets)]));
}

export function histogramRoutes(ctx: RouteContext): Record<string, Handler> {
  return { tags: () => jsonReply(tagListing(ctx, PLUGINS)), histograms: (req) => histograms(ctx, req) };
}

export function distributionRoutes(ctx: RouteContext): Record<string, Handler> {
  return { tags: () => jsonReply(tagListing(ctx, PLUGINS)), distributions: (req) => distributions(ctx, req) };
}
