/**
 * The Graphs tab on `../shared/fixtures/graphs/logdir` (real TF1 event files that hold a run
 * graph): each run's graph loads in `<tf-graph>` with as many ops as the file's graph, and the
 * run selector switches between them.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadGraphFromEvents } from '@tbg/events';
import { fixturePath, needChromium } from '@tbg/testkit';
import { BoardBrowser, shot } from './test-support/board-browser.js';
import { startBoardServer, type BoardServer } from './test-support/board-server.js';

const SUITE = 'board Graphs tab on the graph logdir fixtures in headless Chromium';
const run = needChromium(SUITE);
const RUNS = { criteo_tf_tile: 'events.out.tfevents.1560536407.C02TJ0GKGTDY' } as const;

let server: BoardServer | undefined;
let board: BoardBrowser | undefined;
beforeAll(async () => {
  if (!run) return;
  server = await startBoardServer(fixturePath('graphs', 'logdir'), ['--reload-interval', '0']);
  board = await BoardBrowser.start();
});
afterAll(async () => {
  await board?.close();
  await server?.close();
});

type Recorded = { loaded: Array<{ nodeCount: number }>; errors: string[] };

describe.skipIf(!run)(SUITE, () => {
  it("each run's graph loads with the file's ops, and the run selector switches", async () => {
    const { page, errors } = await board!.open(server!.origin, '/#graphs', { live: false });
    try {
      await page.waitForFunction(() => (window as unknown as { __tbg: Recorded }).__tbg.loaded.length >= 1, undefined, { timeout: 120_000 });
      const runs = await page.$$eval('select.graph-run option', (os) => os.map((o) => (o as HTMLOptionElement).value));
      expect(runs).toEqual(['criteo_tf_tile', 'zhacmsra_fc_quant']);
      const first = await page.evaluate<Recorded>('window.__tbg');
      const file = join(fixturePath('graphs', 'logdir', 'criteo_tf_tile'), RUNS.criteo_tf_tile);
      expect(first.loaded[0]!.nodeCount).toBe(loadGraphFromEvents(readFileSync(file)).graph.node.length);
      await shot(page, 'graphs-criteo');
      await page.selectOption('select.graph-run', 'zhacmsra_fc_quant');
      await page.waitForFunction(() => (window as unknown as { __tbg: Recorded }).__tbg.loaded.length >= 2, undefined, { timeout: 120_000 });
      const both = await page.evaluate<Recorded>('window.__tbg');
      expect(both.loaded[1]!.nodeCount).toBeGreaterThan(100);
      expect(both.loaded[1]!.nodeCount).not.toBe(both.loaded[0]!.nodeCount);
      expect(both.errors).toEqual([]);
      expect(errors).toEqual([]);
    } finally {
      await page.close();
    }
  });
});
