import { describe, expect, it } from 'vitest';
import { needShared } from '@tbg/testkit';
import { EDGE_CONTROL, EDGE_REF } from '../graph/slim-graph.js';
import { GROUP_META, type Hierarchy, type NodeRef } from '../hierarchy/types.js';
import { fixtureHierarchy, generatedHierarchy } from '../test-support/graphs.js';
import { bridgeContext, crossingEdges } from './bridges.js';

/** The obvious version: walk up from each endpoint, string keys, one comparison sort. */
function naiveCrossing(h: Hierarchy, groupRef: NodeRef) {
  const n = h.n;
  const up = (x: NodeRef) => (x < n ? h.parent[x]! : h.groups[x - n]!.parent);
  const isUnder = (op: number) => {
    for (let x: NodeRef = op; x >= 0; x = up(x)) if (x === groupRef) return true;
    return false;
  };
  const childOf = (op: number) => {
    let x: NodeRef = op;
    while (up(x) !== groupRef) x = up(x);
    return x;
  };
  const me = h.metaedges;
  const edges: number[] = [];
  for (let e = 0; e < h.graph.edgeCount; e++) if (isUnder(h.graph.edgeV[e]!) !== isUnder(h.graph.edgeW[e]!)) edges.push(e);
  const lca = (e: number) => h.level[n + me.group[me.ofEdge[e]!]!]!;
  edges.sort((a, b) => lca(b) - lca(a) || me.ofEdge[a]! - me.ofEdge[b]! || a - b);
  const byKey = new Map<string, { child: number; other: number; inbound: boolean; numRegular: number; numControl: number; numRef: number; baseEdges: number[] }>();
  for (const e of edges) {
    const inbound = isUnder(h.graph.edgeW[e]!);
    const child = childOf(inbound ? h.graph.edgeW[e]! : h.graph.edgeV[e]!);
    const m = me.ofEdge[e]!;
    const other = inbound ? me.v[m]! : me.w[m]!;
    const key = `${child}|${other}|${inbound}`;
    let b = byKey.get(key);
    if (!b) byKey.set(key, (b = { child, other, inbound, numRegular: 0, numControl: 0, numRef: 0, baseEdges: [] }));
    const f = h.graph.edgeFlags[e]!;
    if (f & EDGE_CONTROL) b.numControl++;
    else b.numRegular++;
    if (f & EDGE_REF) b.numRef++;
    b.baseEdges.push(e);
  }
  return [...byKey.values()];
}

function checkAll(h: Hierarchy) {
  const ctx = bridgeContext(h);
  let checked = 0;
  for (const g of h.groupOrder) {
    if (g === 0 || h.groups[g]!.kind !== GROUP_META) continue;
    const fast = crossingEdges(h, h.n + g, ctx).map(({ child, other, inbound, numRegular, numControl, numRef, baseEdges }) => ({ child, other, inbound, numRegular, numControl, numRef, baseEdges }));
    expect(fast, h.groups[g]!.name).toEqual(naiveCrossing(h, h.n + g));
    checked++;
  }
  // The scratch arrays are left clean for the next call.
  expect(ctx.edgeMark.every((x) => x === 0)).toBe(true);
  expect(ctx.metaCount.every((x) => x === 0)).toBe(true);
  return checked;
}

describe('crossingEdges', () => {
  it('matches the naive definition, in order, for every metanode of a generated graph', () => {
    expect(checkAll(generatedHierarchy(3000, 7))).toBeGreaterThan(300);
  });

  it.skipIf(!needShared('crossingEdges: real graphs with library functions'))('matches the naive definition on a real graph with library functions', () => {
    expect(checkAll(fixtureHierarchy('zhacmsra_fc_quant_defun_461.pbtxt'))).toBeGreaterThan(50);
    expect(checkAll(fixtureHierarchy('scalable_agent_impala_2124.pbtxt'))).toBeGreaterThan(300);
  });
});
