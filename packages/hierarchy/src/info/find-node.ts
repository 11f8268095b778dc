/**
 * Lookup by full name. Groups have a name index; ops do not (a Map of 100k names costs more than
 * it saves), so an op is found among the children of the scope its name ends in — and of that
 * scope's series, which hold their members.
 */
import { GROUP_SERIES, type Hierarchy, type NodeRef } from '../hierarchy/types.js';

/** The NodeRef of the op, metanode or series with this full name (as the hierarchy shows it), or −1. */
export function findNode(h: Hierarchy, name: string): NodeRef {
  const g = h.groupByName.get(name);
  if (g !== undefined) return h.n + g;
  const k = name.lastIndexOf('/');
  const scope = k < 0 ? 0 : h.groupByName.get(name.slice(0, k));
  if (scope === undefined) return -1;
  // Depth-first through the scope's children, entering series only.
  const stack: number[] = [scope];
  while (stack.length) {
    for (const c of h.groups[stack.pop()!]!.children) {
      if (c < h.n) {
        if (h.names[c] === name) return c;
      } else if (h.groups[c - h.n]!.kind === GROUP_SERIES) stack.push(c - h.n);
    }
  }
  return -1;
}

/** The index (in `graph.embeddings`) of the Const or Summary shown as an annotation with this full name, or −1. */
export function findEmbedding(h: Hierarchy, name: string): number {
  return h.embeddingNames.indexOf(name);
}
