/**
 * GraphRenderer in a module worker on an OffscreenCanvas (headless Chromium): the page transfers
 * its canvas, the worker calls `useWorkerAdapter()`, loads Roboto into `self.fonts`, builds the
 * glyph atlas on an OffscreenCanvas and draws the example graph; the page's canvas shows it.
 */
import { join } from 'node:path';
import { NodeFlag, NodeKind, type Geometry } from '@tbg/layout';
import { beforeAll, describe, expect, it } from 'vitest';
import { needChromium } from '@tbg/testkit';
import { fitCamera, worldToScreen, type Camera } from '../scene/camera.js';
import { TB_COLORS } from '../style/palette.js';
import { TEST_OUTPUT, near, type Rgb } from '../test-support/chromium-harness.js';
import { useHarness } from '../test-support/use-harness.js';
import { exampleGeometry } from '../test-support/example-geometry.js';
import { pack } from '../test-support/packed-json.js';

const OUT = TEST_OUTPUT;
const SUITE = 'GraphRenderer in a worker in headless Chromium';
const run = needChromium(SUITE);

const harness = useHarness(run);
let g: Geometry;

beforeAll(async () => {
  if (!run) return;
  g = await exampleGeometry('none');
}, 120_000);


const nearTol = (a: readonly number[], b: readonly number[], tol = 8) => near(a, b, tol);

describe.skipIf(!run)(SUITE, () => {
  it('draws the example graph from a worker onto a transferred canvas', async () => {
    const { page, errors } = await harness().open();
    try {
      const reply = await page.evaluate<{ stats?: { tiles: number }; camera?: Camera; error?: string; fonts?: number }>(`tbgRender.showInWorker(${JSON.stringify(pack(g))}, 900, 700)`);
      expect(reply.error).toBeUndefined();
      expect(reply.stats!.tiles).toBeGreaterThan(0);
      // The worker fitted the graph as a page would.
      const camera = reply.camera!;
      const fit = fitCamera({ x: 0, y: 0, width: g.width, height: g.height }, { width: 900, height: 700 });
      expect(camera.scale).toBeCloseTo(fit.scale, 6);
      // Roboto went into the worker's font set.
      expect(reply.fonts).toBeGreaterThan(0);
      await page.screenshot({ path: join(OUT, 'worker.png') });
      const metas = [...Array(g.nodes.count).keys()].filter((i) => g.nodes.kind[i] === NodeKind.meta && !(g.nodes.flags[i]! & NodeFlag.root));
      const s = g.nodes.shape;
      // Low in each metanode, away from its centred label.
      const points = metas.map((i) => worldToScreen(camera, s[4 * i]! + s[4 * i + 2]! / 2, s[4 * i + 1]! + s[4 * i + 3]! * 0.85));
      points.push(worldToScreen(camera, -30, g.height / 2));
      const colours = await page.evaluate<Rgb[]>(`tbgRender.probeScreen(${JSON.stringify(points)}, false)`);
      const fill = [(TB_COLORS.unknown >> 16) & 255, (TB_COLORS.unknown >> 8) & 255, TB_COLORS.unknown & 255];
      metas.forEach((i, k) => expect(nearTol(colours[k]!, fill), `metanode ${g.nodes.label[i]}: ${String(colours[k])}`).toBe(true));
      expect(colours[metas.length], `background at ${String(points[metas.length])}`).toEqual([255, 255, 255]);
      expect(errors).toEqual([]);
    } finally {
      await page.close();
    }
  });
});
