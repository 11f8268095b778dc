/**
 * What a node belongs to, for the info card's actions: the series it is or is in (grouped or
 * not: "Group / Ungroup this series"), and the library function it is or calls ("Usages of the
 * Function").
 */
import { NODE_FUNCTION } from '../graph/slim-graph.js';
import { GROUP_SERIES, type Hierarchy, type NodeRef } from '../hierarchy/types.js';
import type { NodeFunction, NodeSeries } from './types.js';

/** The series `ref` is (a series group), is grouped in (its parent), or was detected in but left ungrouped. */
export function seriesOf(h: Hierarchy, ref: NodeRef): NodeSeries | null {
  for (const s of [ref, ref < h.n ? h.parent[ref]! : h.groups[ref - h.n]!.parent]) {
    const grp = s >= h.n ? h.groups[s - h.n]! : null;
    if (grp?.kind === GROUP_SERIES) return { name: grp.name, grouped: true, members: grp.children.length };
  }
  const u = h.ungroupedSeries.find((us) => us.members.includes(ref));
  return u ? { name: u.name, grouped: false, members: u.members.length } : null;
}

/** The library function `ref` holds (its metanode), is (TensorBoard's op node for it), or calls. */
export function functionOf(h: Hierarchy, ref: NodeRef): NodeFunction | null {
  const g = h.graph;
  let index = -1;
  if (ref >= h.n) index = h.groups[ref - h.n]!.associatedFunction;
  // The function's own op node has no NodeDef: its row is the function's index.
  else if (g.kind[ref] === NODE_FUNCTION) index = g.row[ref]!;
  else index = g.callee.get(ref) ?? -1;
  if (index < 0) return null;
  const lf = h.libraryFunctions.find((f) => f.index === index);
  return { name: g.functionNames[index]!, group: lf ? h.n + lf.group : -1, usages: lf ? lf.usages.slice() : [] };
}
