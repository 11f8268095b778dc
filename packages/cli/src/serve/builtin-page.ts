/**
 * The page served at `/` when the board is not built (no `--assets`, no `apps/board/dist`):
 * it says so and lists the JSON API, so the server is usable with curl or scripts anyway.
 */
import { escapeHtml } from './markdown.js';
import type { Reply } from './reply.js';
import { etagOf } from './static-assets.js';

export const API_ROUTES: ReadonlyArray<readonly [string, string]> = [
  ['/data/runs', 'run names, by start time'],
  ['/data/environment', 'version, data location'],
  ['/data/logdir', 'the logdir'],
  ['/data/plugins_listing', 'dashboards, enabled where data exists'],
  ['/data/plugin/scalars/tags', 'scalar tags per run'],
  ['/data/plugin/scalars/scalars?run=RUN&tag=TAG', '[[wall_time, step, value], …] (&format=csv)'],
  ['/data/plugin/histograms/tags', 'histogram tags per run'],
  ['/data/plugin/histograms/histograms?run=RUN&tag=TAG', '[[wall_time, step, [[left, right, count], …]], …]'],
  ['/data/plugin/distributions/distributions?run=RUN&tag=TAG', '[[wall_time, step, [[basis_point, value] × 9]], …]'],
  ['/data/plugin/images/tags', 'image tags per run'],
  ['/data/plugin/images/images?run=RUN&tag=TAG&sample=0', '[{wall_time, step, query}] → individualImage?blob_key=…'],
  ['/data/plugin/audio/tags', 'audio tags per run'],
  ['/data/plugin/audio/audio?run=RUN&tag=TAG&sample=0', '[{wall_time, step, contentType, query}] → individualAudio?…'],
  ['/data/plugin/text/tags', 'text tags per run'],
  ['/data/plugin/text/text?run=RUN&tag=TAG', '[{wall_time, step, text: sanitised HTML}]'],
  ['/data/plugin/graphs/info', 'graphs per run and tag'],
  ['/data/plugin/graphs/graph?run=RUN', 'GraphDef as protobuf text (&tag=, &conceptual=true; &format=binary)'],
  ['/data/plugin/graphs/run_metadata?run=RUN&tag=TAG', 'RunMetadata as protobuf text (&format=binary)'],
  ['/data/plugin/hparams/experiment', 'the hparams experiment'],
  ['/data/plugin/hparams/session_groups', 'session groups (POST a ListSessionGroupsRequest)'],
  ['/data/tbg/data_loss', 'damaged, non-event and half-written files'],
  ['/data/tbg/status', 'loading progress'],
];

function page(): string {
  const rows = API_ROUTES.map(([path, what]) => `<li><a href="${escapeHtml(path.replace(/[?&]\w+=[A-Z]+/g, '').replace(/\?.*$/, ''))}"><code>${escapeHtml(path)}</code></a> ${escapeHtml(what)}</li>`).join('\n');
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>tbg serve</title></head>
<body>
<h1>tbg serve</h1>
<p>The board is not built. Build it (<code>pnpm build</code>) or pass <code>--assets DIR</code>. The JSON API works meanwhile:</p>
<ul>
${rows}
</ul>
</body></html>
`;
}

let cached: { body: string; etag: string } | null = null;

export function builtinPage(): Reply {
  cached ??= { body: page(), etag: etagOf(Buffer.from(page())) };
  return { status: 200, type: 'text/html', body: cached.body, headers: { ETag: cached.etag, 'Cache-Control': 'no-cache', Expires: '' } };
}
