import { describe, expect, it } from 'vitest';
import type { TaskNodeKind } from '../elk/task.js';
import type { LayoutGraph, LgEdge, LgNode } from './layout-graph.js';
import { partition, topologicalOrder } from './sections.js';
import { rng } from '../test-support/rng.js';

const plainNode = (): LgNode => ({ width: 10, height: 10, kind: 'plain', ports: [] });
const edge = (v: number, w: number): LgEdge => ({ v, vPort: -1, w, wPort: -1 });
const graph = (n: number, edges: Array<[number, number]>, kinds: TaskNodeKind[] = []): LayoutGraph => ({
  direction: 'UP',
  nodes: Array.from({ length: n }, (_, i) => ({ ...plainNode(), kind: kinds[i] ?? 'plain' })),
  edges: edges.map(([v, w]) => edge(v, w)),
});


/**
 * A random DAG of `n` plain nodes under shuffled indices (so index order is not a topological
 * order), some isolated, plus stubs: in-stubs with edges into the DAG, out-stubs with edges out.
 * `maxIn` predecessors per node, picked among recent ones (layered-looking graphs).
 */
function randomDag(n: number, seed: number, opts: { isolated?: number; stubs?: number; maxIn?: number } = {}): { g: LayoutGraph } {
  const r = rng(seed);
  const isolated = opts.isolated ?? 0;
  const stubs = opts.stubs ?? 0;
  const total = n + isolated + 2 * stubs;
  const perm = Array.from({ length: total }, (_, i) => i);
  for (let i = total - 1; i > 0; i--) {
    const j = Math.floor(r() * (i + 1));
    [perm[i], perm[j]] = [perm[j]!, perm[i]!];
  }
  // perm[k] is the node index of the k-th DAG node in creation (= topological) order.
  const kinds = new Array<TaskNodeKind>(total).fill('plain');
  const edges: Array<[number, number]> = [];
  for (let k = 1; k < n; k++) {
    const preds = 1 + Math.floor(r() * (opts.maxIn ?? 2));
    for (let p = 0; p < preds; p++) {
      const j = Math.max(0, k - 1 - Math.floor(r() * Math.min(k, 15)));
      edges.push([perm[j]!, perm[k]!]);
    }
  }
  for (let s = 0; s < stubs; s++) {
    const sin = perm[n + isolated + 2 * s]!;
    const sout = perm[n + isolated + 2 * s + 1]!;
    kinds[sin] = 'stubIn';
    kinds[sout] = 'stubOut';
    edges.push([sin, perm[Math.floor(r() * n)]!]);
    edges.push([perm[Math.floor(r() * n)]!, sout]);
  }
  return { g: graph(total, edges, kinds) };
}

const plainNodes = (g: LayoutGraph) => g.nodes.flatMap((node, i) => (node.kind === 'plain' ? [i] : []));

function expectTopological(g: LayoutGraph, order: number[]): void {
  const pos = new Map(order.map((v, i) => [v, i]));
  for (const e of g.edges) {
    if (!pos.has(e.v) || !pos.has(e.w) || e.v === e.w) continue;
    expect(pos.get(e.v)!, `edge ${e.v} → ${e.w}`).toBeLessThan(pos.get(e.w)!);
  }
}

/** Edges the ELK call of a section gets: every edge with an end in it, once. */
function sectionEdges(g: LayoutGraph, members: number[]): number {
  const set = new Set(members);
  return g.edges.filter((e) => set.has(e.v) || set.has(e.w)).length;
}

describe('topologicalOrder', () => {
  it('orders a DAG: every edge points forward, every node once', () => {
    for (let seed = 1; seed <= 20; seed++) {
      const { g } = randomDag(10 + 17 * seed, seed, { stubs: 3, isolated: 2 });
      const nodes = plainNodes(g);
      const order = topologicalOrder(g, nodes);
      expect(order.slice().sort((a, b) => a - b)).toEqual(nodes);
      expectTopological(g, order);
    }
  });

  it('ignores edges to nodes outside the given set', () => {
    // 0 → 1 → 2 → 3, ordered over {3, 1, 0} only (2 is left out, so 1 and 3 are unconstrained).
    const g = graph(4, [
      [0, 1],
      [1, 2],
      [2, 3],
    ]);
    const order = topologicalOrder(g, [3, 1, 0]);
    expect(order.slice().sort()).toEqual([0, 1, 3]);
    expect(order.indexOf(0)).toBeLessThan(order.indexOf(1));
  });

  it('puts ready nodes in the order they are given', () => {
    const g = graph(5, [
      [4, 0],
      [2, 0],
    ]);
    expect(topologicalOrder(g, [0, 1, 2, 3, 4])).toEqual([1, 2, 3, 4, 0]);
    expect(topologicalOrder(g, [4, 3, 2, 1, 0])).toEqual([4, 3, 2, 1, 0]);
  });

  it('breaks cycles: every node exactly once, the first waiting node released first', () => {
    // 0 → 1 → 2 → 0, 2 → 3, and a self-loop on 3.
    const g = graph(4, [
      [0, 1],
      [1, 2],
      [2, 0],
      [2, 3],
      [3, 3],
    ]);
    expect(topologicalOrder(g, [0, 1, 2, 3])).toEqual([0, 1, 2, 3]);
    expect(topologicalOrder(g, [2, 0, 1, 3])).toEqual([2, 0, 3, 1]);
  });

  it('handles random graphs with cycles and duplicate edges', () => {
    for (let seed = 1; seed <= 20; seed++) {
      const r = rng(seed);
      const n = 5 + Math.floor(r() * 60);
      const edges: Array<[number, number]> = Array.from({ length: 3 * n }, () => [Math.floor(r() * n), Math.floor(r() * n)]);
      const g = graph(n, [...edges, ...edges.slice(0, n)]);
      const nodes = Array.from({ length: n }, (_, i) => i);
      const order = topologicalOrder(g, nodes);
      expect(order.slice().sort((a, b) => a - b)).toEqual(nodes);
    }
  });

  it('keeps the DAG part of a graph with a cycle in order', () => {
    // Chain 0 → 1 → … → 9 feeding the cycle 10 → 11 → 10, which feeds 12 → 13.
    const chain: Array<[number, number]> = Array.from({ length: 9 }, (_, i) => [i, i + 1]);
    const g = graph(14, [...chain, [9, 10], [10, 11], [11, 10], [11, 12], [12, 13]]);
    const order = topologicalOrder(g, Array.from({ length: 14 }, (_, i) => i));
    expect(order).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13]);
  });

  it('is iterative: a 200,000-node chain does not overflow the stack', () => {
    const n = 200_000;
    // Edges i+1 → i: the topological order is the reverse of the index order.
    const g = graph(n, Array.from({ length: n - 1 }, (_, i) => [i + 1, i]));
    const order = topologicalOrder(g, Array.from({ length: n }, (_, i) => i));
    expect(order.length).toBe(n);
    expect(order.every((v, i) => v === n - 1 - i)).toBe(true);
  });
});

describe('partition', () => {
  const budgets: Array<[maxNodes: number, maxEdges: number]> = [
    [12, 40],
    [5, 12],
    [90, 240],
    [3, 1000],
    [1000, 7],
  ];

  it('puts every plain node in exactly one place, and never a stub', () => {
    for (let seed = 1; seed <= 12; seed++) {
      const { g } = randomDag(5 + 31 * seed, seed, { stubs: 4, isolated: seed % 5 });
      for (const [maxNodes, maxEdges] of budgets) {
        const { isolated, sections } = partition(g, maxNodes, maxEdges);
        const all = [...isolated, ...sections.flat()].sort((a, b) => a - b);
        expect(all).toEqual(plainNodes(g));
      }
    }
  });

  it('isolates exactly the plain nodes without edges', () => {
    for (let seed = 1; seed <= 8; seed++) {
      const { g } = randomDag(40, seed, { stubs: 3, isolated: 6 });
      const degree = new Int32Array(g.nodes.length);
      for (const e of g.edges) {
        degree[e.v]!++;
        degree[e.w]!++;
      }
      const want = plainNodes(g).filter((v) => degree[v] === 0);
      expect(want.length).toBe(6);
      expect(partition(g, 12, 40).isolated.slice().sort((a, b) => a - b)).toEqual(want);
    }
    // A node whose only edge goes to a stub is connected, not isolated.
    const g = graph(
      3,
      [
        [0, 1],
        [2, 1],
      ],
      ['plain', 'stubOut', 'plain'],
    );
    expect(partition(g, 1, 10)).toEqual({ isolated: [], sections: [[0], [2]] });
  });

  it('keeps sections within the node budget, never empty', () => {
    for (let seed = 1; seed <= 12; seed++) {
      const { g } = randomDag(5 + 31 * seed, seed, { stubs: 4 });
      for (const [maxNodes, maxEdges] of budgets) {
        for (const s of partition(g, maxNodes, maxEdges).sections) {
          expect(s.length).toBeGreaterThan(0);
          expect(s.length).toBeLessThanOrEqual(maxNodes);
        }
      }
    }
  });

  it('keeps the edges of each section within budget (except a single node)', () => {
    for (let seed = 1; seed <= 12; seed++) {
      const { g } = randomDag(5 + 31 * seed, seed, { stubs: 5, maxIn: 4 });
      for (const [maxNodes, maxEdges] of budgets) {
        for (const s of partition(g, maxNodes, maxEdges).sections) {
          if (s.length > 1) expect(sectionEdges(g, s), `section of ${s.length}`).toBeLessThanOrEqual(maxEdges);
        }
      }
    }
    // A hub with more edges than the budget gets a section of its own.
    const hub = graph(12, Array.from({ length: 11 }, (_, i) => [0, i + 1]));
    const { sections } = partition(hub, 10, 5);
    expect(sections[0]).toEqual([0]);
    for (const s of sections) if (s.length > 1) expect(sectionEdges(hub, s)).toBeLessThanOrEqual(5);
  });

  it('counts an edge inside a section once, not once per end', () => {
    // A chain of 6: 5 edges. With a budget of 5 edges it fits in one section.
    const chain = graph(6, Array.from({ length: 5 }, (_, i) => [i, i + 1]));
    expect(partition(chain, 10, 5).sections).toEqual([[0, 1, 2, 3, 4, 5]]);
    // One edge less and the last node does not fit: [0…4] has 4 inside + 1 leaving it = 5 > 4.
    expect(partition(chain, 10, 4).sections).toEqual([[0, 1, 2, 3], [4, 5]]);
  });

  it('cuts only when the next node does not fit (greedy, no early cuts)', () => {
    for (let seed = 1; seed <= 12; seed++) {
      const { g } = randomDag(5 + 31 * seed, seed, { stubs: 4, maxIn: 3 });
      for (const [maxNodes, maxEdges] of budgets) {
        const { sections } = partition(g, maxNodes, maxEdges);
        for (let k = 0; k + 1 < sections.length; k++) {
          const grown = [...sections[k]!, sections[k + 1]![0]!];
          expect(grown.length > maxNodes || sectionEdges(g, grown) > maxEdges, `sections ${k} and ${k + 1}`).toBe(true);
        }
      }
    }
  });

  it('never sends a DAG edge back to an earlier section', () => {
    for (let seed = 1; seed <= 12; seed++) {
      const { g } = randomDag(5 + 31 * seed, seed, { stubs: 4, isolated: 3 });
      for (const [maxNodes, maxEdges] of budgets) {
        const { sections } = partition(g, maxNodes, maxEdges);
        const sec = new Map<number, number>();
        sections.forEach((s, k) => s.forEach((v) => sec.set(v, k)));
        for (const e of g.edges) {
          if (sec.has(e.v) && sec.has(e.w)) expect(sec.get(e.v)!, `edge ${e.v} → ${e.w}`).toBeLessThanOrEqual(sec.get(e.w)!);
        }
        // Read in order, the sections form a topological order.
        expectTopological(g, sections.flat());
      }
    }
  });

  it('returns nothing for a graph of stubs only, and one section for a small graph', () => {
    expect(partition(graph(2, [[0, 1]], ['stubIn', 'stubOut']), 10, 10)).toEqual({ isolated: [], sections: [] });
    expect(partition(graph(0, []), 10, 10)).toEqual({ isolated: [], sections: [] });
    const small = graph(4, [
      [3, 2],
      [2, 1],
      [1, 0],
    ]);
    expect(partition(small, 10, 10)).toEqual({ isolated: [], sections: [[3, 2, 1, 0]] });
  });
});
