import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { needShared } from '@tbg/testkit';
import { GROUP_META, RenderModel } from '@tbg/hierarchy';
import { NodeFlag, NodeKind } from '../geometry/types.js';
import { checkInvariants } from '../invariants/check.js';
import { fixtureModel, generatedModel, geometryDifference, LAYOUT_FIXTURES, expandSome } from '../test-support/models.js';
import { createInlineRunner } from '../worker/inline-runner.js';
import { createNodeWorkerPool } from '../worker/node-pool.js';
import type { ElkRunner } from '../worker/runner.js';
import { applyExpandMode, collapseAll } from './expansion.js';
import { LayoutSession } from './layout-session.js';

let pool: ElkRunner;
let inline: ElkRunner;
// Two workers started from TS sources (through tsx) and warmed up: slow on a busy machine.
beforeAll(async () => {
  pool = createNodeWorkerPool({ size: 2 });
  inline = createInlineRunner();
  await pool.warmup();
}, 60_000);
afterAll(async () => {
  await pool.close();
  await inline.close();
});

function expectValid(session: LayoutSession, view: Awaited<ReturnType<LayoutSession['layout']>>, what: string) {
  const report = checkInvariants(view.geometry);
  expect(report.violations, what).toEqual([]);
  // Calls count stubs too, which the budget does not limit: at most 8 over it in these views.
  expect(view.maxElkNodes, what).toBeLessThanOrEqual(session.params.maxElkNodes + 8);
}

describe.skipIf(!needShared('layout of every real fixture'))('layout of every real fixture', () => {
  for (const [dir, file] of LAYOUT_FIXTURES) {
    it(`${file}: collapsed, depth 1, a random mix and fully expanded views hold every invariant`, async () => {
      const model = fixtureModel(dir, file);
      const session = new LayoutSession(model, { runner: pool });
      const root = await session.layout();
      expectValid(session, root, `${file} root`);
      expect(root.geometry.nodes.count).toBeGreaterThan(model.hierarchy.n > 0 ? 1 : 0);
      applyExpandMode(model, { kind: 'depth', depth: 1 });
      expectValid(session, await session.layout(), `${file} depth 1`);
      collapseAll(model);
      expandSome(model, 7);
      expectValid(session, await session.layout(), `${file} mix`);
      applyExpandMode(model, { kind: 'all' });
      const all = await session.layout();
      expectValid(session, all, `${file} all`);
      // Everything visible: every op and group of the hierarchy has a node (sections come on top).
      const refs = new Set(Array.from(all.geometry.nodes.ref).filter((r) => r >= 0));
      expect(refs.size).toBe(model.hierarchy.n + model.hierarchy.groups.length);
    });
  }
});

describe('layout of generated training graphs', () => {
  it('a 3k-node graph, fully expanded, with splitting forced into nested sections', async () => {
    const model = generatedModel(3000, 5);
    applyExpandMode(model, { kind: 'all' });
    const session = new LayoutSession(model, { runner: pool, params: { maxElkNodes: 5, maxElkEdges: 12 } });
    const view = await session.layout();
    expectValid(session, view, 'generated 3k, all, split');
    const sections = Array.from(view.geometry.nodes.kind).filter((k) => k === NodeKind.section).length;
    expect(sections).toBeGreaterThan(20);
    // Nested sections: some section's parent is a section.
    const g = view.geometry.nodes;
    expect(Array.from(g.parent).some((p, i) => g.kind[i] === NodeKind.section && p >= 0 && g.kind[p] === NodeKind.section)).toBe(true);
  });

  it('a 10k-node graph at the default thresholds: the root, then every top-level group', async () => {
    const model = generatedModel(10_000, 1);
    const session = new LayoutSession(model, { runner: pool });
    expectValid(session, await session.layout(), 'generated 10k root');
    applyExpandMode(model, { kind: 'depth', depth: 1 });
    expectValid(session, await session.layout(), 'generated 10k depth 1');
  });

  it('left-to-right orientation holds the invariants too', async () => {
    const model = generatedModel(1500, 3);
    applyExpandMode(model, { kind: 'all' });
    const session = new LayoutSession(model, { runner: pool, params: { direction: 'RIGHT', maxElkNodes: 20 } });
    expectValid(session, await session.layout(), 'generated 1.5k RIGHT');
  });
});

describe('incremental layout', () => {
  it('an expand lays out only the expanded group and its ancestors; a collapse back lays out nothing', async () => {
    const model = generatedModel(2000, 2);
    const h = model.hierarchy;
    const session = new LayoutSession(model, { runner: inline });
    const first = await session.layout();
    expect(first.groupsLaidOut).toBe(1);
    // A metanode two levels down.
    const target = Array.from(h.groupOrder).find((g) => h.groups[g]!.kind === GROUP_META && h.level[h.n + g] === 2)!;
    const parent = h.groups[target]!.parent;
    model.expand(parent);
    const mid = await session.layout();
    expect(mid.groupsLaidOut).toBe(2); // the parent and the root
    model.expand(h.n + target);
    const deep = await session.layout();
    expect(deep.groupsLaidOut).toBe(3); // the target, its parent, the root
    model.collapse(h.n + target);
    const back = await session.layout();
    expect(back.groupsLaidOut).toBe(0);
    expect(geometryDifference(back.geometry, mid.geometry)).toBeNull();
    expect(deep.geometry.nodes.flags[Array.from(deep.geometry.nodes.ref).indexOf(h.n + target)]! & NodeFlag.expanded).toBeTruthy();
  });

  it('a newer request cancels an older one, which rejects with AbortError; the newer one is complete', async () => {
    const model = generatedModel(3000, 4);
    const session = new LayoutSession(model, { runner: pool });
    applyExpandMode(model, { kind: 'all' });
    const older = session.layout();
    collapseAll(model);
    applyExpandMode(model, { kind: 'depth', depth: 1 });
    const newer = session.layout();
    await expect(older).rejects.toMatchObject({ name: 'AbortError' });
    const view = await newer;
    expect(checkInvariants(view.geometry).ok).toBe(true);
    // And the session still works for a third request that needs groups the first one left unfinished.
    applyExpandMode(model, { kind: 'all' });
    expect(checkInvariants((await session.layout()).geometry).ok).toBe(true);
  });

  it('keeps working after the render model is rebuilt (auto-extract off), with the same expansion', async () => {
    const model = generatedModel(1500, 6);
    applyExpandMode(model, { kind: 'depth', depth: 2 });
    const session = new LayoutSession(model, { runner: inline });
    const before = await session.layout();
    const rebuilt = model.rebuild(model.hierarchy, { autoExtract: false });
    session.setModel(rebuilt);
    const after = await session.layout();
    expect(after.groupsVisible).toBe(before.groupsVisible);
    expect(checkInvariants(after.geometry).ok).toBe(true);
    expect(rebuilt).not.toBe(model);
    expect(rebuilt).toBeInstanceOf(RenderModel);
  });
});

describe('determinism', () => {
  it('the same view twice, and in a worker pool vs the calling thread, gives identical geometry', async () => {
    const a = generatedModel(2500, 9);
    const b = generatedModel(2500, 9);
    for (const m of [a, b]) expandSome(m, 3);
    const viaPool = await new LayoutSession(a, { runner: pool, params: { maxElkNodes: 25 } }).layout();
    const again = await new LayoutSession(a, { runner: pool, params: { maxElkNodes: 25 } }).layout();
    const inThread = await new LayoutSession(b, { runner: inline, params: { maxElkNodes: 25 } }).layout();
    expect(geometryDifference(viaPool.geometry, again.geometry)).toBeNull();
    expect(geometryDifference(viaPool.geometry, inThread.geometry)).toBeNull();
    expect(viaPool.geometry.nodes.count).toBeGreaterThan(100);
  });
});
