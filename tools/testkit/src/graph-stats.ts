/** Structural statistics of a generated graph (used by the CLI and tests). */
import { type GenGraph, parseInput } from './graph-model.js';

export interface GraphStats {
  nodes: number;
  /** Data (non-control) input references. */
  edges: number;
  controlEdges: number;
  /** Largest number of `/`-separated name components. */
  maxDepth: number;
  /** Number of distinct op types. */
  ops: number;
  opCounts: Record<string, number>;
  /** depthHistogram[d] = nodes whose name has d components. */
  depthHistogram: number[];
  /** Direct children (nodes and sub-scopes) of each top-level scope. */
  topLevel: Record<string, number>;
  functions: number;
}

export function graphStats(g: GenGraph): GraphStats {
  let edges = 0;
  let controlEdges = 0;
  let maxDepth = 0;
  const opCounts: Record<string, number> = {};
  const depthHistogram: number[] = [];
  const children = new Map<string, Set<string>>();
  for (const n of g.nodes) {
    for (const i of n.inputs) {
      if (parseInput(i).control) controlEdges++;
      else edges++;
    }
    opCounts[n.op] = (opCounts[n.op] ?? 0) + 1;
    const parts = n.name.split('/');
    const depth = parts.length;
    maxDepth = Math.max(maxDepth, depth);
    depthHistogram[depth] = (depthHistogram[depth] ?? 0) + 1;
    const top = parts[0] as string;
    let set = children.get(top);
    if (!set) children.set(top, (set = new Set()));
    if (parts.length > 1) set.add(parts[1] as string);
  }
  const topLevel: Record<string, number> = {};
  for (const [k, v] of children) topLevel[k] = v.size;
  for (let i = 0; i < depthHistogram.length; i++) depthHistogram[i] ??= 0;
  return {
    nodes: g.nodes.length,
    edges,
    controlEdges,
    maxDepth,
    ops: Object.keys(opCounts).length,
    opCounts,
    depthHistogram,
    topLevel,
    functions: g.library?.length ?? 0,
  };
}
