/**
 * The ELK content cache: task keys (elk/task-key.ts), the LRU map (elk-cache.ts), and that a
 * split layout whose one section changed only runs ELK for that section (and the level of
 * sections above it) — through layoutCompound and through a LayoutSession.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { needShared } from '@tbg/testkit';
import { elkOptions } from '../elk/options.js';
import { taskKey } from '../elk/task-key.js';
import { TaskNodeKindCode, type ElkResult, type ElkTask, copyTask } from '../elk/task.js';
import { DEFAULT_LAYOUT_PARAMS as P } from '../params.js';
import { LayoutSession } from '../session/layout-session.js';
import { fixtureModel } from '../test-support/models.js';
import { createInlineRunner } from '../worker/inline-runner.js';
import type { ElkRunner } from '../worker/runner.js';
import { tappedRunner } from '../worker/tapped-runner.js';
import { LruElkCache } from './elk-cache.js';
import { layoutCompound, type CompoundContext } from './layout-compound.js';
import type { LayoutGraph, LgNode } from './layout-graph.js';
import { partition } from './sections.js';
import { toElkTask } from './to-task.js';

const inline = createInlineRunner();
afterAll(() => inline.close());

/** The inline runner, recording a copy of every task it is given (the key, sizes). */
function recordingRunner(): { runner: ElkRunner; calls: Array<{ key: string; task: ElkTask }> } {
  const calls: Array<{ key: string; task: ElkTask }> = [];
  const runner = tappedRunner(inline, (task) => {
    const copy = copyTask(task);
    calls.push({ key: taskKey(copy), task: copy });
  });
  return { runner, calls };
}

/** A small graph with every kind of content: plain nodes, fixed ports, stubs, edges through ports. */
function sample(): LayoutGraph {
  return {
    direction: 'UP',
    nodes: [
      { width: 40, height: 20, kind: 'plain', ports: [] },
      {
        width: 60,
        height: 30,
        kind: 'plain',
        ports: [
          { x: 20, y: 30, side: 'in' },
          { x: 30, y: 0, side: 'out' },
        ],
      },
      { width: 15, height: 6, kind: 'plain', ports: [] },
      { width: 2, height: 2, kind: 'stubIn', ports: [] },
      { width: 2, height: 2, kind: 'stubOut', ports: [] },
    ],
    edges: [
      { v: 3, vPort: -1, w: 0, wPort: -1 },
      { v: 0, vPort: -1, w: 1, wPort: 0 },
      { v: 1, vPort: 1, w: 2, wPort: -1 },
      { v: 2, vPort: -1, w: 4, wPort: -1 },
    ],
  };
}

const options = () => elkOptions(P, 5, 4);
const keyOf = (g: LayoutGraph, o: Record<string, string> = options()) => taskKey(toElkTask(g, o));

describe('taskKey', () => {
  it('is the same for the same content, built twice', () => {
    expect(keyOf(sample())).toBe(keyOf(sample()));
    expect(taskKey(toElkTask(sample(), options()))).toBe(taskKey(toElkTask(sample(), options())));
  });

  it('does not depend on the order options were written in', () => {
    const o = options();
    const reversed = Object.fromEntries(Object.entries(o).reverse());
    expect(Object.keys(reversed)).not.toEqual(Object.keys(o));
    expect(keyOf(sample(), reversed)).toBe(keyOf(sample(), o));
  });

  it('reads typed arrays through their views (subarrays of bigger buffers key like copies)', () => {
    const t = toElkTask(sample(), options());
    const inBigger = <A extends Float64Array | Uint8Array | Uint32Array | Int32Array>(a: A, make: (n: number) => A): A => {
      const big = make(a.length + 7);
      big.fill(99);
      big.set(a, 3);
      return big.subarray(3, 3 + a.length) as A;
    };
    const moved: ElkTask = {
      ...t,
      nodeSize: inBigger(t.nodeSize, (n) => new Float64Array(n)),
      nodeKind: inBigger(t.nodeKind, (n) => new Uint8Array(n)),
      portStart: inBigger(t.portStart, (n) => new Uint32Array(n)),
      portXY: inBigger(t.portXY, (n) => new Float64Array(n)),
      portSide: inBigger(t.portSide, (n) => new Uint8Array(n)),
      edges: inBigger(t.edges, (n) => new Int32Array(n)),
    };
    expect(taskKey(moved)).toBe(taskKey(t));
  });

  it('changes with any change of nodes, sizes, ports, edges, direction or options', () => {
    const base = keyOf(sample());
    const changes: Array<[string, (g: LayoutGraph) => void, ((o: Record<string, string>) => void)?]> = [
      ['a node width', (g) => (g.nodes[0]!.width += 0.5)],
      ['a node height', (g) => (g.nodes[2]!.height = 6.000001)],
      ['a node kind', (g) => (g.nodes[4]!.kind = 'stubIn')],
      ['a port x', (g) => (g.nodes[1]!.ports[0]!.x = 21)],
      ['a port y', (g) => (g.nodes[1]!.ports[1]!.y = 0.25)],
      ['a port side', (g) => (g.nodes[1]!.ports[1]!.side = 'in')],
      ['a port more', (g) => g.nodes[1]!.ports.push({ x: 40, y: 30, side: 'in' })],
      ['ports moved to another node', (g) => ((g.nodes[0]!.ports = g.nodes[1]!.ports), (g.nodes[1]!.ports = []), (g.edges[1]!.wPort = -1), (g.edges[2]!.vPort = -1))],
      ['an edge source', (g) => (g.edges[3]!.v = 0)],
      ['an edge target', (g) => (g.edges[0]!.w = 2)],
      ['an edge port', (g) => (g.edges[1]!.wPort = -1)],
      ['an edge more', (g) => g.edges.push({ v: 0, vPort: -1, w: 2, wPort: -1 })],
      ['an edge fewer', (g) => g.edges.pop()],
      ['two edges swapped', (g) => g.edges.reverse()],
      ['a node more', (g) => g.nodes.push({ width: 40, height: 20, kind: 'plain', ports: [] })],
      ['two nodes swapped', (g) => ([g.nodes[0], g.nodes[2]] = [g.nodes[2]!, g.nodes[0]!])],
      ['the direction', (g) => (g.direction = 'RIGHT')],
      ['an option value', () => {}, (o) => (o['elk.layered.thoroughness'] = '3')],
      ['an option more', () => {}, (o) => (o['elk.separateConnectedComponents'] = 'false')],
      ['an option fewer', () => {}, (o) => delete o['elk.edgeRouting']],
    ];
    const seen = new Map<string, string>([[base, 'the sample']]);
    for (const [what, change, changeOptions] of changes) {
      const g = sample();
      const o = options();
      change(g);
      changeOptions?.(o);
      const k = keyOf(g, o);
      expect(seen.get(k), `${what}: same key as ${seen.get(k)}`).toBeUndefined();
      seen.set(k, what);
    }
  });
});

describe('LruElkCache', () => {
  const result = (tag: number): ElkResult => ({ nodeXY: Float64Array.of(tag), edgePointStart: new Uint32Array(1), edgePoints: new Float64Array(0), width: tag, height: tag, elkMs: 0 });

  it('returns what was stored, and counts hits and misses', () => {
    const c = new LruElkCache(4);
    expect(c.get('a')).toBeUndefined();
    c.set('a', result(1));
    expect(c.get('a')!.width).toBe(1);
    expect(c.get('b')).toBeUndefined();
    expect([c.hits, c.misses, c.size]).toEqual([1, 2, 1]);
    // Setting a key again replaces its value.
    c.set('a', result(2));
    expect(c.get('a')!.width).toBe(2);
    expect(c.size).toBe(1);
  });

  it('evicts the least recently used entry beyond its capacity', () => {
    const c = new LruElkCache(3);
    for (const k of ['a', 'b', 'c']) c.set(k, result(k.charCodeAt(0)));
    c.set('d', result(4)); // evicts a
    expect(c.size).toBe(3);
    expect(c.get('a')).toBeUndefined();
    expect(c.get('b')).toBeDefined(); // b is now the most recent: c is the oldest
    c.set('e', result(5)); // evicts c
    expect(c.get('c')).toBeUndefined();
    expect(['b', 'd', 'e'].map((k) => c.get(k) !== undefined)).toEqual([true, true, true]);
    // set refreshes too: b, d, e → set d → evict b on the next insert.
    c.get('e');
    c.set('d', result(6));
    c.set('f', result(7));
    expect(c.get('b')).toBeUndefined();
    expect(c.get('d')!.width).toBe(6);
  });

  it('holds nothing with capacity 0, one entry with capacity 1', () => {
    const zero = new LruElkCache(0);
    zero.set('a', result(1));
    expect(zero.size).toBe(0);
    expect(zero.get('a')).toBeUndefined();
    const one = new LruElkCache(1);
    one.set('a', result(1));
    one.set('b', result(2));
    expect(one.get('a')).toBeUndefined();
    expect(one.get('b')!.width).toBe(2);
  });
});

/** A chain-like DAG of n plain nodes (each with 1–2 inputs from the previous few), for splitting. */
function chain(n: number): LayoutGraph {
  const nodes: LgNode[] = Array.from({ length: n }, (_, i) => ({ width: 20 + ((i * 7) % 30), height: 10 + ((i * 3) % 12), kind: 'plain', ports: [] }));
  const edges = [];
  for (let i = 1; i < n; i++) {
    edges.push({ v: i - 1, vPort: -1, w: i, wPort: -1 });
    if (i >= 3 && i % 2 === 0) edges.push({ v: i - 3, vPort: -1, w: i, wPort: -1 });
  }
  return { direction: 'UP', nodes, edges };
}

function context(runner: ElkRunner, cache: LruElkCache, maxElkNodes: number): CompoundContext {
  return { runner, maxElkNodes, maxElkEdges: P.maxElkEdges, sectionPadding: P.sectionPadding, gridGap: P.gridGap, elkOptions: (n, m) => elkOptions(P, n, m), cache };
}

describe('layoutCompound with an ELK cache', () => {
  it('lays out a split graph again without ELK; one changed section costs that section and the level', async () => {
    const max = 10;
    const g = chain(45);
    const sections = partition(g, max, P.maxElkEdges).sections;
    expect(sections.length).toBe(5);
    const cache = new LruElkCache();
    const { runner, calls } = recordingRunner();
    const first = await layoutCompound(g, context(runner, cache, max));
    // Every section, and the level of 5 boxes.
    expect(calls.length).toBe(6);
    expect(first.elkCalls).toBe(6);

    // The same content again: all hits, the same layout.
    calls.length = 0;
    const again = await layoutCompound(chain(45), context(runner, cache, max));
    expect(calls.length).toBe(0);
    expect(again.elkCalls).toBe(0);
    expect(again.maxElkNodes).toBe(0);
    expect(Array.from(again.nodeXY)).toEqual(Array.from(first.nodeXY));
    expect(Array.from(again.points)).toEqual(Array.from(first.points));

    // One node of the third section grows (as an expanded child would).
    const changed = chain(45);
    const v = sections[2]![3]!;
    changed.nodes[v] = { ...changed.nodes[v]!, width: 123.5, height: 77.25 };
    calls.length = 0;
    const third = await layoutCompound(changed, context(runner, cache, max));
    expect(third.elkCalls).toBe(calls.length);
    const sizes = calls.map((c) => Array.from(c.task.nodeSize));
    const sectionCalls = calls.filter((c) => Array.from(c.task.nodeKind).filter((k) => k === TaskNodeKindCode.plain).length === sections[2]!.length && c.task.nodeKind.length > 5);
    // That section (with the new size in it) …
    expect(sizes.filter((s) => s.includes(123.5) && s.includes(77.25)).length).toBe(1);
    expect(sectionCalls.length).toBe(1);
    // … and the level above it (5 boxes and no stubs), nothing else.
    expect(calls.length).toBe(2);
    const level = calls.find((c) => !Array.from(c.task.nodeSize).includes(123.5))!;
    expect(Array.from(level.task.nodeKind)).toEqual(new Array(5).fill(TaskNodeKindCode.plain));
    // The unchanged sections kept their layouts: their members moved as a block, if at all.
    for (const k of [0, 1, 3, 4]) {
      const [a, b] = [sections[k]![0]!, sections[k]![1]!];
      expect(third.nodeXY[2 * b]! - third.nodeXY[2 * a]!).toBeCloseTo(first.nodeXY[2 * b]! - first.nodeXY[2 * a]!, 9);
      expect(third.nodeXY[2 * b + 1]! - third.nodeXY[2 * a + 1]!).toBeCloseTo(first.nodeXY[2 * b + 1]! - first.nodeXY[2 * a + 1]!, 9);
    }
  });

  it('shares results between graphs: a section equal to an earlier call is not laid out again', async () => {
    const cache = new LruElkCache();
    const { runner, calls } = recordingRunner();
    await layoutCompound(chain(9), context(runner, cache, 10));
    expect(calls.length).toBe(1);
    expect(cache.size).toBe(1);
    // Stub kinds matter: the same boxes with a stub are another task.
    const withStub = chain(9);
    withStub.nodes.push({ width: 2, height: 2, kind: 'stubOut', ports: [] });
    withStub.edges.push({ v: 8, vPort: -1, w: 9, wPort: -1 });
    await layoutCompound(withStub, context(runner, cache, 10));
    expect(calls.length).toBe(2);
    await layoutCompound(chain(9), context(runner, cache, 10));
    expect(calls.length).toBe(2);
    expect(cache.hits).toBe(1);
  });
});

describe.skipIf(!needShared('LayoutSession with a split group'))('LayoutSession with a split group', () => {
  it('expanding a child of a split root lays out the child, its section and the level only', async () => {
    const model = fixtureModel('graphs', 'tb_demo_xla_118.pbtxt');
    const h = model.hierarchy;
    const { runner, calls } = recordingRunner();
    const max = 8;
    const session = new LayoutSession(model, { runner, params: { maxElkNodes: max } });
    const before = await session.layout();
    const rootCalls = before.root.elkCalls;
    const sections = before.root.sections.length;
    // The root is split into top-level sections only (so its level is one call).
    expect(sections).toBeGreaterThanOrEqual(3);
    expect(before.root.sections.every((s) => s.parent < 0)).toBe(true);
    expect(rootCalls).toBe(sections + 1);
    expect(calls.length).toBe(rootCalls);

    const child = before.root.children.find((c) => c.ref === h.n + h.groupByName.get('hidden_weights')!)!;
    expect(child.section).toBeGreaterThanOrEqual(0);
    calls.length = 0;
    model.expand(child.ref);
    const after = await session.layout();
    const expanded = after.root.children.find((c) => c.ref === child.ref)!.expanded!;
    expect(after.groupsLaidOut).toBe(2);
    expect(after.root.elkCalls).toBe(2); // the child's section and the level
    expect(expanded.elkCalls).toBeGreaterThan(0);
    expect(calls.length).toBe(expanded.elkCalls + 2);
    expect(after.elkCalls).toBe(calls.length);
  });
});
