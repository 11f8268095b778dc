/** The `/tags` response most plugins share: `{run: {tag: {displayName, description}}}`. */
import type { TimeSeries } from '@tbg/events';
import { markdownToSafeHtml } from '../markdown.js';
import type { RouteContext } from './context.js';

export function tagListing(
  ctx: RouteContext,
  plugins: readonly string[],
  extra?: (s: TimeSeries) => Record<string, unknown>,
): Record<string, Record<string, Record<string, unknown>>> {
  const out: Record<string, Record<string, Record<string, unknown>>> = {};
  for (const { run, series } of ctx.source.seriesOf(plugins)) {
    const tags: Record<string, Record<string, unknown>> = {};
    for (const s of series) tags[s.tag] = { displayName: s.metadata.displayName, description: markdownToSafeHtml(s.metadata.description), ...extra?.(s) };
    out[run] = tags;
  }
  return out;
}
