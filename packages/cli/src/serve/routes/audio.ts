/**
 * The audio plugin (`audio_plugin.py`): `/tags` with `samples`, `/audio?run=&tag=&sample=N` →
 * `[{wall_time, label: "", step, contentType, query}]`, `/individualAudio?blob_key=&content_type=`
 * → the clip's bytes. Unlike TensorBoard, a step with exactly `sample` clips is skipped rather
 * than failing (its quirk).
 */
import type { TimePoint } from '@tbg/events';
import { encodeBlobKey } from '../blob-key.js';
import { jsonReply } from '../json-body.js';
import { invalidArgument, notFound, pyRepr, type Reply } from '../reply.js';
import type { ApiRequest, Handler } from '../router.js';
import type { RouteContext } from './context.js';
import { blobPoint, maxSamples, pointsWithSample } from './media-points.js';
import { tagListing } from './tag-listing.js';

const PLUGINS = ['audio'];
const MIME_TYPES = new Set(['audio/wav', 'application/octet-stream']);

function clipsOf(p: TimePoint): Uint8Array[] {
  return p.data.kind === 'audio' ? p.data.clips.map((c) => c.audio) : [];
}

function contentTypeOf(p: TimePoint): string {
  return p.data.kind === 'audio' && p.data.contentType === 'audio/wav' ? 'audio/wav' : 'application/octet-stream';
}

function audio(ctx: RouteContext, req: ApiRequest): Reply {
  const { run, tag, sample, points } = pointsWithSample(ctx, req, 'audio', clipsOf, 'audio');
  return jsonReply(
    points.map((p) => {
      const contentType = contentTypeOf(p);
      const key = encodeBlobKey({ experimentId: req.experimentId, plugin: 'audio', run, tag, step: p.step, index: sample });
      return { wall_time: p.wallTime, label: '', step: p.step, contentType, query: `blob_key=${key}&content_type=${encodeURIComponent(contentType)}` };
    }),
  );
}

function individualAudio(ctx: RouteContext, req: ApiRequest): Reply {
  const type = req.query.get('content_type') ?? 'application/octet-stream';
  if (!MIME_TYPES.has(type)) throw invalidArgument(`Illegal mime type ${pyRepr(type)}`);
  const { point, index } = blobPoint(ctx, req.query.get('blob_key'), PLUGINS, 'Invalid run, tag, index, or sample');
  const bytes = clipsOf(point)[index];
  if (!bytes) throw notFound(`No audio clip at index ${index}`);
  return { status: 200, type, body: bytes };
}

export function audioRoutes(ctx: RouteContext): Record<string, Handler> {
  return {
    tags: () => jsonReply(tagListing(ctx, PLUGINS, (s) => ({ samples: maxSamples(s, clipsOf) }))),
    audio: (req) => audio(ctx, req),
    individualAudio: (req) => individualAudio(ctx, req),
  };
}
