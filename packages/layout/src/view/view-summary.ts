/** What the client learns about a graph once open: sizes, warnings, and the source's other graphs (for a source selector). */
import type { Hierarchy, SlimGraph } from '@tbg/hierarchy';
import type { EventGraphTag, LoadedColumnarGraph } from '@tbg/proto';
import type { ViewEventTag, ViewSummary } from './protocol.js';

export function viewSummary(loaded: LoadedColumnarGraph, slim: SlimGraph, h: Hierarchy, timings: ViewSummary['timings']): ViewSummary {
  return {
    timings,
    kind: loaded.kind,
    ops: loaded.columnar.nodes.count,
    nodes: h.n,
    groups: h.groups.length,
    root: h.n,
    warnings: [...loaded.warnings, ...slim.warnings],
    ...(loaded.metaGraphInfo ? { metaGraphs: loaded.metaGraphInfo, metaGraph: loaded.metaGraphIndex ?? 0 } : {}),
    ...(loaded.eventTags ? { eventTags: eventTagChoices(loaded.eventTags), eventTag: loaded.eventTag ?? '' } : {}),
  };
}

/** An event file's entries once per tag, in order of first appearance, each as its last entry (the one `{ tag }` opens). */
export function eventTagChoices(entries: readonly EventGraphTag[]): ViewEventTag[] {
  const byTag = new Map<string, ViewEventTag>();
  for (const e of entries) {
    const seen = byTag.get(e.tag);
    if (seen) Object.assign(seen, { kind: e.kind, step: e.step, entries: seen.entries + 1 });
    else byTag.set(e.tag, { tag: e.tag, kind: e.kind, step: e.step, entries: 1 });
  }
  return [...byTag.values()];
}
