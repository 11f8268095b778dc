/**
 * The text plugin (`text_plugin.py`): `/tags` → `{run: [tag, …]}`, `/text?run=&tag=[&markdown=false]`
 * → `[{wall_time, step, text: "<html>"}]` (downsampled to 100; an unknown run or tag gives `[]`).
 * A scalar string is rendered from Markdown; a 1-D or 2-D string tensor becomes a table of
 * rendered cells; more dimensions show a warning and the first 2-D slice. All HTML comes from
 * markdown.ts: no script from an event file can run.
 */
import type { TimePoint } from '@tbg/events';
import { downsample } from '../downsample.js';
import { jsonReply } from '../json-body.js';
import { markdownToSafeHtml, textToSafeHtml } from '../markdown.js';
import type { Reply } from '../reply.js';
import type { ApiRequest, Handler } from '../router.js';
import { queryHint, runTag, seriesFor, type RouteContext } from './context.js';

const PLUGINS = ['text'];

function table(rows: string[][]): string {
  const body = rows.map((r) => `<tr>\n${r.map((c) => `<td>${c}</td>\n`).join('')}</tr>\n`).join('');
  return `<table>\n<tbody>\n${body}</tbody>\n</table>`;
}

/** The rows of the first 2-D slice (`arr[0, …, 0, :, :]`), or one column for 1-D. */
function rowsOf(shape: readonly number[], cells: string[]): string[][] {
  if (shape.length === 1) return cells.map((c) => [c]);
  const rows = shape[shape.length - 2]!;
  const cols = shape[shape.length - 1]!;
  return Array.from({ length: rows }, (_, r) => cells.slice(r * cols, r * cols + cols));
}

export function textToHtml(shape: readonly number[], strings: readonly string[], markdown: boolean): string {
  const render = markdown ? markdownToSafeHtml : textToSafeHtml;
  if (shape.length === 0) return render(strings[0] ?? '');
  const warning =
    shape.length > 2 ? markdownToSafeHtml(`**Warning:** This text summary contained data of dimensionality ${shape.length}, but only 2d tables are supported. Showing a 2d slice of the data instead.`) : '';
  return warning + table(rowsOf(shape, strings.map((s) => render(s))));
}

function html(p: TimePoint, markdown: boolean): string {
  return p.data.kind === 'text' ? textToHtml(p.data.shape, p.data.strings, markdown) : '';
}

function text(ctx: RouteContext, req: ApiRequest): Reply {
  const { run, tag } = runTag(req);
  const s = seriesFor(ctx, run, tag, PLUGINS);
  if (!s) return jsonReply([]);
  const markdown = req.query.get('markdown') !== 'false';
  const points = downsample(s.points.items(), queryHint(ctx, 'text', 100));
  return jsonReply(points.map((p) => ({ wall_time: p.wallTime, step: p.step, text: html(p, markdown) })));
}

function tags(ctx: RouteContext): Reply {
  const out: Record<string, string[]> = {};
  for (const { run, series } of ctx.source.seriesOf(PLUGINS)) out[run] = series.map((s) => s.tag);
  return jsonReply(out);
}

export function textRoutes(ctx: RouteContext): Record<string, Handler> {
  return { tags: () => tags(ctx), text: (req) => text(ctx, req) };
}
