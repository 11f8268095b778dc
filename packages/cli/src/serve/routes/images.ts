/**
 * The images plugin (`images_plugin.py`): `/tags` with `samples` (most images at one step),
 * `/images?run=&tag=&sample=N` → `[{wall_time, step, query: "blob_key=…"}]` (one point per
 * step, downsampled to 10 or `--samples-per-plugin images=N`), `/individualImage?blob_key=`
 * → the image bytes with a sniffed type.
 */
import type { TimePoint } from '@tbg/events';
import { encodeBlobKey } from '../blob-key.js';
import { jsonReply } from '../json-body.js';
import { notFound, type Reply } from '../reply.js';
import type { ApiRequest, Handler } from '../router.js';
import { sniffImageType } from '../sniff-image.js';
import type { RouteContext } from './context.js';
import { blobPoint, maxSamples, pointsWithSample } from './media-points.js';
import { tagListing } from './tag-listing.js';

const PLUGINS = ['images'];

function imagesOf(p: TimePoint): Uint8Array[] {
  return p.data.kind === 'image' ? p.data.images : [];
}

function images(ctx: RouteContext, req: ApiRequest): Reply {
  const { run, tag, sample, points } = pointsWithSample(ctx, req, 'images', imagesOf, 'image');
  return jsonReply(
    points.map((p) => ({
      wall_time: p.wallTime,
      step: p.step,
      query: `blob_key=${encodeBlobKey({ experimentId: req.experimentId, plugin: 'images', run, tag, step: p.step, index: sample + 2 })}`,
    })),
  );
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
