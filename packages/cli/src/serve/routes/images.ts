/**
 * The images plugin (`images_plugin.py`): `/tags` with `samples` (most images at one step),
 * `/images?run=&tag=&sample=N` → `[{wall_time, step, query: "blob_key=…"}]` (one point per
 * step, downsampled to 10 or `--samples-per-plugin images=N`), `/individualImage?blob_key=`
 * → the image bytes with a sniffed type.
 */
import type { TimePoint } from '@tbg/events';
import { decodeBlobKey, encodeBlobKey } from '../blob-key.js';
import { downsample } from '../downsample.js';
import { jsonReply } from '../json-body.js';
import { invalidArgument, notFound, pyRepr, type Reply } from '../reply.js';
import type { ApiRequest, Handler } from '../router.js';
import { sniffImageType } from '../sniff-image.js';
import { intParam, onePerStep, queryHint, runTag, seriesFor, type RouteContext } from './context.js';
import { maxSamples, tagListing } from './tag-listing.js';

const PLUGINS = ['images'];

function imagesOf(p: TimePoint): Uint8Array[] {
  return p.data.kind === 'image' ? p.data.images : [];
}

function images(ctx: RouteContext, req: ApiRequest): Reply {
  const { run, tag } = runTag(req);
  const sample = intParam(req, 'sample', 0);
  const s = seriesFor(ctx, run, tag, PLUGINS);
  if (!s || run === null || tag === null) throw notFound(`No image data for run=${pyRepr(run)}, tag=${pyRepr(tag)}`);
  const points = downsample(onePerStep(s), queryHint(ctx, 'images', 10)).filter((p) => imagesOf(p).length > sample);
  return jsonReply(
    points.map((p) => ({
      wall_time: p.wallTime,
      step: p.step,
      query: `blob_key=${encodeBlobKey({ experimentId: req.experimentId, plugin: 'images', run, tag, step: p.step, index: sample + 2 })}`,
    })),
  );
}

/** The bytes a blob key names, looked up in the kept data (never read from a path). */
export function blobPoint(ctx: RouteContext, key: string | null, plugins: readonly string[], missing: string): { point: TimePoint; index: number } {
  if (!key) throw invalidArgument(missing);
  const k = decodeBlobKey(key);
  const s = seriesFor(ctx, k.run, k.tag, plugins);
  const point = s && onePerStep(s).find((p) => p.step === k.step);
  if (!point) throw notFound(`No blob for run=${pyRepr(k.run)}, tag=${pyRepr(k.tag)}, step=${k.step}`);
  return { point, index: k.index };
}

function individualImage(ctx: RouteContext, req: ApiRequest): Reply {
  const { point, index } = blobPoint(ctx, req.query.get('blob_key'), PLUGINS, 'Invalid run, tag, index, or sample');
  const bytes = imagesOf(point)[index - 2];
  if (!bytes) throw notFound(`No image at index ${index}`);
  return { status: 200, type: sniffImageType(bytes), body: bytes };
}

export function imageRoutes(ctx: RouteContext): Record<string, Handler> {
  return {
    tags: () => jsonReply(tagListing(ctx, PLUGINS, (s) => ({ samples: maxSamples(s, imagesOf) }))),
    images: (req) => images(ctx, req),
    individualImage: (req) => individualImage(ctx, req),
  };
}
