/**
 * Metaedges (tensorboard-graph.md §5.3): every base edge is added to the metaedge between the
 * two children of its endpoints' lowest common ancestor. Counts by kind and the total tensor
 * size aggregate there. Stored as column arrays, with CSR lists per metaedge and per group.
 */
import { EDGE_CONTROL, EDGE_REF, type SlimGraph } from '../graph/slim-graph.js';
import { liftToLcaChildren } from './lca.js';
import type { Group, Metaedges } from './types.js';

export function buildMetaedges(graph: SlimGraph, n: number, parent: Int32Array, groups: Group[], level: Int32Array): { metaedges: Metaedges; maxSize: number } {
  const m = graph.edgeCount;
  const up = (ref: number) => (ref < n ? parent[ref]! : groups[ref - n]!.parent);
  const key = new Map<number, number>();
  const span = n + groups.length;
  const owner: number[] = [];
  const mv: number[] = [];
  const mw: number[] = [];
  const ofEdge = new Int32Array(m);
  const pair = new Int32Array(2);
  for (let e = 0; e < m; e++) {
    liftToLcaChildren(graph.edgeV[e]!, graph.edgeW[e]!, level, up, pair);
    const a = pair[0]!;
    const b = pair[1]!;
    const lca = up(a) - n;
    const k = a * span + b;
    let id = key.get(k);
    if (id === undefined) {
      id = owner.length;
      key.set(k, id);
      owner.push(lca);
      mv.push(a);
      mw.push(b);
    }
    ofEdge[e] = id;
  }
  const count = owner.length;
  const numRegular = new Uint32Array(count);
  const numControl = new Uint32Array(count);
  const numRef = new Uint32Array(count);
  const totalSize = new Float64Array(count);
  const baseStart = new Uint32Array(count + 1);
  for (let e = 0; e < m; e++) {
    const id = ofEdge[e]!;
    baseStart[id + 1]!++;
    const f = graph.edgeFlags[e]!;
    if (f & EDGE_CONTROL) numControl[id]!++;
    else {
      numRegular[id]!++;
      const g = groups[owner[id]!]!;
      g.hasNonControlEdges = true;
    }
    if (f & EDGE_REF) numRef[id]!++;
    totalSize[id]! += graph.edgeSize[e]!;
  }
  for (let i = 0; i < count; i++) baseStart[i + 1]! += baseStart[i]!;
  const baseList = new Int32Array(m);
  const fill = baseStart.slice(0, count);
  for (let e = 0; e < m; e++) baseList[fill[ofEdge[e]!]!++] = e;

  const groupMetaStart = new Uint32Array(groups.length + 1);
  for (let i = 0; i < count; i++) groupMetaStart[owner[i]! + 1]!++;
  for (let g = 0; g < groups.length; g++) groupMetaStart[g + 1]! += groupMetaStart[g]!;
  const groupMetaList = new Int32Array(count);
  const gfill = groupMetaStart.slice(0, groups.length);
  for (let i = 0; i < count; i++) groupMetaList[gfill[owner[i]!]!++] = i;

  let maxSize = 1;
  for (let i = 0; i < count; i++) if (totalSize[i]! > maxSize) maxSize = totalSize[i]!;
  return {
    metaedges: {
      count,
      group: Int32Array.from(owner),
      v: Int32Array.from(mv),
      w: Int32Array.from(mw),
      numRegular,
      numControl,
      numRef,
      totalSize,
      baseStart,
      baseList,
      groupMetaStart,
      groupMetaList,
      ofEdge,
    },
    maxSize,
  };
}
