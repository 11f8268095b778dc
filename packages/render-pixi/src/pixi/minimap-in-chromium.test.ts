/**
 * The minimap in headless Chromium: drawn in the same canvas at the bottom-right, the graph's
 * shapes at its own fit inside a frame, the view's extent as an orange box; hidden while the
 * whole graph is in view; `minimapToWorld` maps its points back; picks there return null.
 */
import { join } from 'node:path';
import { NodeFlag, NodeKind, type Geometry } from '@tbg/layout';
import { beforeAll, describe, expect, it } from 'vitest';
import { needChromium } from '@tbg/testkit';
import type { Rect } from '../scene/camera.js';
import { DEFAULT_MINIMAP, minimapLayout } from '../scene/minimap-layout.js';
import { DEFAULT_THEME } from '../style/theme.js';
import { TEST_OUTPUT, rgb, near, type Rgb } from '../test-support/chromium-harness.js';
import { useHarness } from '../test-support/use-harness.js';
import { exampleGeometry } from '../test-support/example-geometry.js';
import { pack } from '../test-support/packed-json.js';

const OUT = TEST_OUTPUT;
const SUITE = 'GraphRenderer minimap in headless Chromium';
const run = needChromium(SUITE);

const harness = useHarness(run);
let g: Geometry;

beforeAll(async () => {
  if (!run) return;
  g = await exampleGeometry('all');
}, 120_000);


describe.skipIf(!run)(SUITE, () => {
  it('bottom-right, the whole graph inside a frame, the view as a box; hidden at fit; maps back to the world', async () => {
    const { page, errors } = await harness().open();
    try {
      await page.evaluate(`tbgRender.show(${JSON.stringify(pack(g))}, 900, 700)`);
      await page.evaluate('tbgRender.minimap({ enabled: true })');
      // The whole graph is in view: TensorBoard hides the minimap.
      expect(await page.evaluate('tbgRender.minimapRect()')).toBeNull();
      // Zoom in on the big 'gradients' group.
      const group = [...Array(g.nodes.count).keys()].find((i) => g.nodes.label[i] === 'gradients' && g.nodes.flags[i]! & NodeFlag.expanded)!;
      const s = g.nodes.shape;
      const [gx, gy] = [s[4 * group]! + s[4 * group + 2]! / 2, s[4 * group + 1]! + s[4 * group + 3]! / 2];
      await page.evaluate(`tbgRender.focus(${gx}, ${gy - 600}, 3)`);
      const rect = (await page.evaluate<Rect>('tbgRender.minimapRect()'));
      const expected = minimapLayout({ x: 0, y: 0, width: g.width, height: g.height }, { width: 900, height: 700 }, { ...DEFAULT_MINIMAP, enabled: true });
      expect(rect.x).toBeCloseTo(expected.rect.x, 4);
      expect(rect.y + rect.height).toBeCloseTo(700 - 20, 4);
      await page.screenshot({ path: join(OUT, 'minimap.png') });
      const m = expected.camera;
      const onMap = (wx: number, wy: number): [number, number] => [wx * m.scale + m.x, wy * m.scale + m.y];
      const [frame, groupFill, empty] = await page.evaluate<Rgb[]>(
        `tbgRender.probeScreen(${JSON.stringify([[rect.x + 0.5, rect.y + rect.height / 2], onMap(gx, gy + 300), onMap(g.width * 0.02, g.height * 0.98)])})`,
      );
      expect(near(frame!, rgb(DEFAULT_THEME.minimapFrame), 24), `frame ${String(frame)}`).toBe(true);
      // The group on the minimap's white: at that scale its children are aggregates (grey boxes).
      expect(groupFill![0], `group on the minimap ${String(groupFill)}`).toBeLessThan(245);
      expect(near(empty!, [255, 255, 255], 4), `empty part ${String(empty)}`).toBe(true);
      // The viewport box: its outline in the theme's colour around the view's extent.
      const cam = await page.evaluate<{ x: number; y: number; scale: number }>('tbgRender.camera()');
      const [vx] = [-cam.x / cam.scale];
      const boxLeft = onMap(vx, gy - 600);
      const [outline] = await page.evaluate<Rgb[]>(`tbgRender.probeScreen(${JSON.stringify([[boxLeft[0] + 1, boxLeft[1]]])})`);
      // Orange (#f57c00), blended at a fractional edge.
      expect(outline![0] - outline![2], `viewport box ${String(outline)}`).toBeGreaterThan(120);
      // Dragging: the minimap's centre is the graph's centre; picks there are the host's, not the scene's.
      const [wx, wy] = (await page.evaluate<[number, number]>(`tbgRender.minimapToWorld(${rect.x + rect.width / 2}, ${rect.y + rect.height / 2})`));
      expect(wx).toBeCloseTo(g.width / 2, 0);
      expect(wy).toBeCloseTo(g.height / 2, 0);
      expect(await page.evaluate(`tbgRender.pick(${rect.x + rect.width / 2}, ${rect.y + rect.height / 2})`)).toBeNull();
      // A collapsed node far from the view is still drawn on the minimap after the theme changes it (texture redrawn).
      await page.evaluate(`tbgRender.theme({ minimapBackground: 0x223344 })`);
      const [bg] = await page.evaluate<Rgb[]>(`tbgRender.probeScreen(${JSON.stringify([onMap(g.width * 0.02, g.height * 0.98)])})`);
      expect(near(bg!, [0x22, 0x33, 0x44], 4), `redrawn background ${String(bg)}`).toBe(true);
      expect([...Array(g.nodes.count).keys()].some((i) => g.nodes.kind[i] === NodeKind.meta)).toBe(true);
      expect(errors).toEqual([]);
    } finally {
      await page.evaluate('tbgRender.destroy()');
      await page.close();
    }
  });
});
