/** The host's `info` request: a NodeRef, full name or embedding index resolved to its info card. */
import { embeddingInfo, findEmbedding, findNode, nodeInfo, type Hierarchy, type NodeInfo, type NodeInfoOptions } from '@tbg/hierarchy';
import { nodeNotFound } from './view-errors.js';
import type { ViewInfoTarget } from './protocol.js';

/** Whether a message field is a ViewInfoTarget (checked before the request is served). */
export function isInfoTarget(t: unknown): t is ViewInfoTarget {
  return typeof t === 'number' || typeof t === 'string' || (typeof t === 'object' && t !== null && typeof (t as { embedding?: unknown }).embedding === 'number');
}

/** The info card of `target`; a NodeNotFoundError (code `node-not-found`) when the graph has no such node. */
export function infoOf(h: Hierarchy, target: ViewInfoTarget, options: NodeInfoOptions): NodeInfo {
  if (typeof target === 'string') {
    const ref = findNode(h, target);
    if (ref >= 0) return nodeInfo(h, ref, options);
    const e = findEmbedding(h, target);
    if (e >= 0) return embeddingInfo(h, e, options);
    throw nodeNotFound(`no node is named "${target}" in this graph`);
  }
  if (typeof target === 'number') {
    const refs = h.n + h.groups.length;
    if (!Number.isInteger(target) || target < 0 || target >= refs) throw nodeNotFound(`${target} is not a NodeRef of this graph (0…${refs - 1})`);
    return nodeInfo(h, target, options);
  }
  const e = target.embedding;
  const count = h.graph.embeddings.count;
  if (!Number.isInteger(e) || e < 0 || e >= count) throw nodeNotFound(`${e} is not an embedding of this graph (it has ${count})`);
  return embeddingInfo(h, e, options);
}
