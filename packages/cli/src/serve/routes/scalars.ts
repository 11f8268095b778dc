/**
 * The scalars plugin (`scalars_plugin.py`): `/tags`, `/scalars?run=&tag=[&format=csv]` as
 * `[[wall_time, step, value], …]` downsampled to 1000 (or `--samples-per-plugin scalars=N`),
 * and `POST /scalars_multirun` (form fields `tag` once, `runs` repeated).
 */
import type { TimeSeries } from '@tbg/events';
import { jsonReply } from '../json-body.js';
import { pyFloat } from '../py-float.js';
import { invalidArgument, notFound, PublicError, pyRepr, type Reply } from '../reply.js';
import type { ApiRequest, Handler } from '../router.js';
import { queryHint, runTag, seriesFor, type RouteContext } from './context.js';
import { tagListing } from './tag-listing.js';
import { downsample } from '../downsample.js';

const PLUGINS = ['scalars'];

type Row = [number, number, number];

function rows(ctx: RouteContext, s: TimeSeries): Row[] {
  const out: Row[] = [];
  for (const p of s.points) if (p.data.kind === 'scalar') out.push([p.wallTime, p.step, p.data.value]);
  return downsample(out, queryHint(ctx, 'scalars', 1000));
}

function csv(data: Row[]): Reply {
  const lines = ['Wall time,Step,Value', ...data.map(([w, s, v]) => `${pyFloat(w)},${s},${pyFloat(v)}`)];
  return { status: 200, type: 'text/csv', body: lines.join('\r\n') + '\r\n' };
}

function scalars(ctx: RouteContext, req: ApiRequest): Reply {
  const { run, tag } = runTag(req);
  if (run === null || tag === null) throw invalidArgument(`Both run and tag must be specified: tag=${pyRepr(tag)}, run=${pyRepr(run)}`);
  const s = seriesFor(ctx, run, tag, PLUGINS);
  if (!s) throw notFound(`No scalar data for run=${pyRepr(run)}, tag=${pyRepr(tag)}`);
  const data = rows(ctx, s);
  return req.query.get('format') === 'csv' ? csv(data) : jsonReply(data);
}

function multirun(ctx: RouteContext, req: ApiRequest): Reply {
  if (req.method !== 'POST') throw new PublicError('Method not allowed');
  const form = new URLSearchParams(req.body);
  const tags = form.getAll('tag');
  if (tags.length !== 1) throw invalidArgument('tag must be specified exactly once');
  const out: Record<string, Row[]> = {};
  for (const run of form.getAll('runs')) {
    const s = seriesFor(ctx, run, tags[0]!, PLUGINS);
    if (s) out[run] = rows(ctx, s);
  }
  return jsonReply(out);
}

export function scalarRoutes(ctx: RouteContext): Record<string, Handler> {
  return {
    tags: () => jsonReply(tagListing(ctx, PLUGINS)),
    scalars: (req) => scalars(ctx, req),
    scalars_multirun: (req) => multirun(ctx, req),
  };
}
