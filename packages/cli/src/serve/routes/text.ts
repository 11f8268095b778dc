/**
 * The text plugin (`text_plugin.py`): `/tags` → `{run: [tag, …]}`, `/text?run=&tag=[&markdown=false]`
 * → `[{wall_time, step, text: "<html>"}]` (downsampled to 100; an unknown run or tag gives `[]`).
 * A scalar string is rendered from Markdown; a 1-D or 2-D string tensor becomes a table of
 * rendered cells (at most MAX_TABLE_ROWS × MAX_TABLE_COLUMNS, with a note); more dimensions show a
 * warning and the first 2-D slice. All HTML comes from
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

/**
 * At most this many rows and columns of a table are rendered: a 107-byte event can hold a
 * [4096, 4096] tensor of one repeated string, 16 M cells of HTML (TensorBoard renders them all).
 */
export const MAX_TABLE_ROWS = 500;
export const MAX_TABLE_COLUMNS = 50;

/** The cells of the first 2-D slice (`arr[0, …, 0, :, :]`; one column for 1-D), within the limits, rendered. */
/** Rows and columns of the table a 1-D or N-D tensor shows (its last two dimensions). */
const tableSize = (shape: readonly number[]): [number, number] => (shape.length === 1 ? [shape[0]!, 1] : [shape[shape.length - 2]!, shape[shape.length - 1]!]);

function rowsOf(shape: readonly number[], strings: readonly string[], render: (s: string) => string): string[][] {
  const [rows, cols] = tableSize(shape);
  const shown = Math.min(rows, MAX_TABLE_ROWS);
  const width = Math.min(cols, MAX_TABLE_COLUMNS);
  return Array.from({ length: shown }, (_, r) => Array.from({ length: width }, (_, c) => render(strings[r * cols + c] ?? '')));
}

function notes(shape: readonly number[]): string {
  const out: string[] = [];
  if (shape.length > 2) out.push(`**Warning:** This text summary contained data of dimensionality ${shape.length}, but only 2d tables are supported. Showing a 2d slice of the data instead.`);
  const [rows, cols] = tableSize(shape);
  if (rows > MAX_TABLE_ROWS || cols > MAX_TABLE_COLUMNS) out.push(`Showing the first ${Math.min(rows, MAX_TABLE_ROWS)} of ${rows} rows and ${Math.min(cols, MAX_TABLE_COLUMNS)} of ${cols} columns.`);
  return out.map((n) => markdownToSafeHtml(n)).join('');
}

export function textToHtml(shape: readonly number[], strings: readonly string[], markdown: boolean): string {
  const render = markdown ? markdownToSafeHtml : textToSafeHtml;
  if (shape.length === 0) return render(strings[0] ?? '');
  return notes(shape) + table(rowsOf(shape, strings, render));
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
