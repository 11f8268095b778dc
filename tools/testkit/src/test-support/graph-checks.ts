/** Structural checks on generated graphs, shared by the tests. */
import { type GenGraph, parseInput } from '../graph-model.js';

/** Problems with names and inputs (empty when the graph is well formed). */
export function validate(g: GenGraph, allowMissing = 0): string[] {
  const errors: string[] = [];
  const names = new Set<string>();
  for (const n of g.nodes) {
    if (names.has(n.name)) errors.push(`duplicate name ${n.name}`);
    names.add(n.name);
  }
  let missing = 0;
  for (const n of g.nodes) {
    let seenControl = false;
    for (const i of n.inputs) {
      const p = parseInput(i);
      if (p.control) seenControl = true;
      else if (seenControl) errors.push(`${n.name}: data input ${i} after a control input`);
      if (!names.has(p.node)) {
        if (p.control) errors.push(`${n.name}: control input ${i} is missing`);
        else missing++;
      }
    }
  }
  if (missing !== allowMissing) errors.push(`${missing} missing data inputs (expected ${allowMissing})`);
  return errors;
}

/**
 * Whether data + control edges form a DAG once the loop back edges
 * (NextIteration -> Merge) are removed.
 */
export function isAcyclicWithoutBackEdges(g: GenGraph): boolean {
  const index = new Map(g.nodes.map((n, i) => [n.name, i]));
  const ops = g.nodes.map((n) => n.op);
  const indeg = new Array<number>(g.nodes.length).fill(0);
  const out: number[][] = g.nodes.map(() => []);
  g.nodes.forEach((n, i) => {
    for (const s of n.inputs) {
      const j = index.get(parseInput(s).node);
      if (j === undefined || ops[j] === 'NextIteration') continue;
      out[j]!.push(i);
      indeg[i]!++;
    }
  });
  const queue = indeg.flatMap((d, i) => (d === 0 ? [i] : []));
  let seen = 0;
  while (queue.length > 0) {
    const i = queue.pop()!;
    seen++;
    for (const k of out[i]!) if (--indeg[k]! === 0) queue.push(k);
  }
  return seen === g.nodes.length;
}

/** Share of input references that point to an earlier node in the array. */
export function forwardEdgeShare(g: GenGraph): number {
  const index = new Map(g.nodes.map((n, i) => [n.name, i]));
  let fwd = 0;
  let all = 0;
  g.nodes.forEach((n, i) => {
    for (const s of n.inputs) {
      const j = index.get(parseInput(s).node);
      if (j === undefined) continue;
      all++;
      if (j < i) fwd++;
    }
  });
  return all === 0 ? 1 : fwd / all;
}

/**
 * Longest run of TF-uniquified siblings per `scope/base`: `X`, `X_1`, `X_2`...
 * (counting from `X` or from `X_1`).
 */
export function seriesLengths(g: GenGraph): Map<string, number> {
  const names = new Set(g.nodes.map((n) => n.name));
  const result = new Map<string, number>();
  for (const name of names) {
    if (/_\d+$/.test(name)) continue;
    let k = 1;
    while (names.has(`${name}_${k}`)) k++;
    if (k > 1) result.set(name, k);
  }
  return result;
}

/** Number of direct children (nodes or sub-scopes) of each scope. */
export function scopeSizes(g: GenGraph): Map<string, number> {
  const children = new Map<string, Set<string>>();
  for (const n of g.nodes) {
    const parts = n.name.split('/');
    for (let d = 0; d < parts.length; d++) {
      const scope = parts.slice(0, d).join('/');
      let set = children.get(scope);
      if (!set) children.set(scope, (set = new Set()));
      set.add(parts[d]!);
    }
  }
  return new Map([...children].map(([k, v]) => [k, v.size]));
}
