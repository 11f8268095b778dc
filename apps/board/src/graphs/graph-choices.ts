/**
 * What the Graphs tab offers for a run, from `data/plugin/graphs/info` (as TensorBoard's graph
 * dashboard builds it): the op graph's tags ("Default" for the run graph, then the tags with an
 * op graph), the conceptual graph's tags (Keras models), and the URL of each choice.
 */
import { dataUrl } from '../core/api.js';
import { compareNames } from '../core/card.js';
import type { GraphInfo } from '../core/types.js';

export type GraphType = 'op' | 'conceptual';

export interface TagChoice {
  /** null: the run-level graph. */
  tag: string | null;
  label: string;
}

export function graphRuns(info: GraphInfo): string[] {
  return Object.keys(info).sort(compareNames);
}

export function tagChoices(info: GraphInfo, run: string, type: GraphType): TagChoice[] {
  const entry = info[run];
  if (!entry) return [];
  const tags = Object.values(entry.tags).sort((a, b) => compareNames(a.tag, b.tag));
  if (type === 'conceptual') return tags.filter((t) => t.conceptual_graph).map((t) => ({ tag: t.tag, label: t.tag }));
  const op = tags.filter((t) => t.op_graph).map((t) => ({ tag: t.tag, label: t.tag }));
  return entry.run_graph ? [{ tag: null, label: 'Default' }, ...op] : op;
}

export function hasConceptual(info: GraphInfo, run: string): boolean {
  return tagChoices(info, run, 'conceptual').length > 0;
}

/** The graph's URL; binary (`format=binary`): smaller than the protobuf text the route gives by default, and faster to decode. */
export function graphUrl(run: string, choice: TagChoice, type: GraphType): string {
  return dataUrl('plugin/graphs/graph', { run, tag: choice.tag ?? undefined, conceptual: type === 'conceptual' ? 'true' : undefined, format: 'binary' });
}

/** What the tab shows: a run, the index of one of its tag choices, a graph type. */
export interface Selection {
  run: string;
  tag: number;
  type: GraphType;
}

/**
 * `patch` over `current`, made valid for `runs` (the shown runs with a graph): an unknown run
 * falls back to the first, a conceptual graph only where the run has one, a tag index within
 * the run's choices. Null when there is no run to show.
 */
export function validSelection(info: GraphInfo, runs: readonly string[], current: Selection | undefined, patch: Partial<Selection>): Selection | null {
  if (!runs.length) return null;
  let sel: Selection = { run: runs[0]!, tag: 0, type: 'op', ...current, ...patch };
  if (!runs.includes(sel.run)) sel = { run: runs[0]!, tag: 0, type: 'op' };
  if (sel.type === 'conceptual' && !hasConceptual(info, sel.run)) sel.type = 'op';
  if (sel.tag >= tagChoices(info, sel.run, sel.type).length) sel.tag = 0;
  return sel;
}
