/** What is below a metanode or series, for its info card: counts and histograms, most frequent first. */
import { histograms } from '../hierarchy/histograms.js';
import type { Hierarchy, NodeRef } from '../hierarchy/types.js';
import type { GroupSummary, HistogramEntry } from './types.js';

/** Entries by count, descending; ties by key (code units), so the order is stable. */
export function sortedHistogram(counts: Record<string, number>): HistogramEntry[] {
  return Object.entries(counts)
    .map(([key, count]) => ({ key, count }))
    .sort((a, b) => b.count - a.count || (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
}

/** Groups strictly below group `ref`. */
function groupsBelow(h: Hierarchy, ref: NodeRef): number {
  let count = 0;
  const stack = [ref - h.n];
  while (stack.length) {
    for (const c of h.groups[stack.pop()!]!.children) {
      if (c < h.n) continue;
      count++;
      stack.push(c - h.n);
    }
  }
  return count;
}

export function groupSummary(h: Hierarchy, ref: NodeRef): GroupSummary {
  const grp = h.groups[ref - h.n]!;
  const hist = histograms(h, ref);
  return {
    cardinality: grp.cardinality,
    groups: groupsBelow(h, ref),
    children: grp.children.length,
    depth: grp.depth,
    opHistogram: sortedHistogram(hist.op),
    deviceHistogram: sortedHistogram(hist.device),
    xlaClusterHistogram: sortedHistogram(hist.xlaCluster),
    compatibility: hist.compatibility,
  };
}
