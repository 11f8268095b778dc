import { afterAll, describe, expect, it, vi } from 'vitest';
import { checkInvariants } from '../invariants/check.js';
import { LayoutSession } from '../session/layout-session.js';
import { generatedModel, geometryDifference } from '../test-support/models.js';
import { createInlineRunner } from '../worker/inline-runner.js';
import type { ElkRunner } from '../worker/runner.js';
import { createQuickStartRunner } from './quick-start-runner.js';

const inline = createInlineRunner();
afterAll(() => inline.close());

/** ELK that answers nothing until `open()`: a worker still compiling it. */
function gatedElk(): { runner: ElkRunner; open: () => void } {
  let open = () => {};
  const gate = new Promise<void>((r) => (open = r));
  return {
    open,
    runner: { ...inline, size: 1, stats: inline.stats, run: async (task, signal) => (await gate, inline.run(task, signal)), warmup: () => inline.warmup(), close: () => Promise.resolve() },
  };
}

describe('createQuickStartRunner', () => {
  it('answers with provisional quick layouts until ELK is ready, then with ELK; nothing quick is cached', async () => {
    const elk = gatedElk();
    const quick = createQuickStartRunner(elk.runner);
    const session = new LayoutSession(generatedModel(400, 2), { runner: quick });
    const first = await session.layout();
    expect(first.provisional).toBe(true);
    expect(quick.elkReady).toBe(false);
    expect(checkInvariants(first.geometry).violations).toEqual([]);
    expect(first.geometry.nodes.count).toBeGreaterThan(5);
    elk.open();
    await quick.ready;
    const settled = await session.layout();
    expect(settled.provisional).toBe(false);
    expect(settled.groupsLaidOut).toBeGreaterThan(0);
    // Exactly what ELK alone gives.
    const reference = await new LayoutSession(generatedModel(400, 2), { runner: inline }).layout();
    expect(geometryDifference(settled.geometry, reference.geometry)).toBeNull();
  });

  it('after ELK is ready, answers a task ELK has not finished within the deadline quickly, and the next run of it with ELK', async () => {
    let delayMs = 0;
    const calls: number[] = [];
    const slow: ElkRunner = { ...inline, size: 1, stats: inline.stats, run: async (task, signal) => (calls.push(task.nodeSize.length), await new Promise((r) => setTimeout(r, delayMs)), inline.run(task, signal)), warmup: () => inline.warmup(), close: () => Promise.resolve() };
    const quick = createQuickStartRunner(slow, { deadlineMs: 20 });
    await quick.ready;
    const session = new LayoutSession(generatedModel(400, 2), { runner: quick });
    delayMs = 150;
    const first = await session.layout();
    expect(first.provisional).toBe(true);
    expect(checkInvariants(first.geometry).violations).toEqual([]);
    const asked = calls.length;
    const settled = await session.layout();
    expect(settled.provisional).toBe(false);
    // The settling run took the results of the calls already made instead of asking ELK again.
    const reference = await new LayoutSession(generatedModel(400, 2), { runner: inline }).layout();
    expect(geometryDifference(settled.geometry, reference.geometry)).toBeNull();
    expect(calls.length - asked).toBeLessThan(asked);
    // A settling layout waits for ELK however slow it is.
    const other = new LayoutSession(generatedModel(300, 3), { runner: quick });
    expect((await quick.withoutDeadline(() => other.layout())).provisional).toBe(false);
  });

  it('gives a layout of several levels one deadline, counted from its start, not one per level', async () => {
    let hang = false;
    const calls: number[] = [];
    const stalled: ElkRunner = {
      ...inline,
      size: 1,
      stats: inline.stats,
      // Once ready, ELK answers nothing (busy with a long layout).
      run: (task, signal) => (hang ? (calls.push(task.nodeSize.length), new Promise(() => {})) : inline.run(task, signal)),
      warmup: () => inline.warmup(),
      close: () => Promise.resolve(),
    };
    const quick = createQuickStartRunner(stalled, { deadlineMs: 40 });
    await quick.ready;
    hang = true;
    const model = generatedModel(400, 2);
    // Three levels: the root, its groups, and a group inside each.
    for (const g of model.group(model.root).core.filter((c) => model.isGroup(c)).slice(0, 3)) {
      model.expand(g);
      const inner = model.group(g).core.find((c) => model.isGroup(c));
      if (inner !== undefined) model.expand(inner);
    }
    expect(model.visibleGroups().length).toBeGreaterThanOrEqual(5);
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'performance'] });
    // Only this layout's calls (not an idle warm-up's).
    calls.length = 0;
    try {
      let done = false;
      const view = new LayoutSession(model, { runner: quick }).layout().finally(() => (done = true));
      await vi.advanceTimersByTimeAsync(39);
      expect(done).toBe(false);
      // Every level is answered quickly once the first deadline has passed: the parents' tasks,
      // asked after their children's quick answers, have no time left to wait.
      await vi.advanceTimersByTimeAsync(5);
      expect(done).toBe(true);
      expect((await view).provisional).toBe(true);
      expect(calls.length).toBeGreaterThanOrEqual(3);
    } finally {
      vi.useRealTimers();
    }
  });

  it('waits for ELK as before with no deadline', async () => {
    const quick = createQuickStartRunner({ ...inline, size: 1, stats: inline.stats, run: async (task, signal) => (await new Promise((r) => setTimeout(r, 30)), inline.run(task, signal)), warmup: () => inline.warmup(), close: () => Promise.resolve() }, { deadlineMs: Infinity });
    await quick.ready;
    const view = await new LayoutSession(generatedModel(400, 2), { runner: quick }).layout();
    expect(view.provisional).toBe(false);
  });
});
