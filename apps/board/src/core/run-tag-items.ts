/** The cards of a per-run tab (histograms, images, text…): one per (tag, run), grouped by tag prefix. */
import { compareNames, tagGroup } from './card.js';

export interface RunTagItem {
  key: string;
  group: string;
  run: string;
  tag: string;
}

/** `tags` maps run → its tags; runs in the given (shown) order, tags in natural order. */
export function runTagItems(tags: Readonly<Record<string, readonly string[]>>, runs: readonly string[], keepTags: (tags: string[]) => string[]): RunTagItem[] {
  const all = new Set<string>();
  for (const run of runs) for (const tag of tags[run] ?? []) all.add(tag);
  const items: RunTagItem[] = [];
  for (const tag of keepTags([...all].sort(compareNames))) {
    const group = tagGroup(tag);
    for (const run of runs) if (tags[run]?.includes(tag)) items.push({ key: `${run}\u0000${tag}`, group, run, tag });
  }
  return items;
}

/** `{run: {tag: info}}` (most `/tags` routes) or `{run: [tag]}` (text) → run → tags. */
export function tagLists(raw: Readonly<Record<string, Record<string, unknown> | string[]>>): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const [run, tags] of Object.entries(raw)) out[run] = Array.isArray(tags) ? tags : Object.keys(tags);
  return out;
}
