/**
 * Edge labels and themes in headless Chromium: tensor shapes drawn beside their edges when
 * zoomed in and hidden below 4 screen px; the dark theme recolours background, edges, labels and
 * node fills through uniforms alone (no vertex buffer re-uploaded).
 */
import { join } from 'node:path';
import { NodeFlag, NodeKind, roboto, type Geometry } from '@tbg/layout';
import { beforeAll, describe, expect, it } from 'vitest';
import { needChromium } from '@tbg/testkit';
import { edgeLabels } from '../scene/edge-labels.js';
import { DARK_THEME } from '../style/theme.js';
import { TEST_OUTPUT, rgb, near, type Rgb } from '../test-support/chromium-harness.js';
import { useHarness } from '../test-support/use-harness.js';
import { exampleGeometry } from '../test-support/example-geometry.js';
import { pack } from '../test-support/packed-json.js';

const OUT = TEST_OUTPUT;
const SUITE = 'GraphRenderer edge labels and themes in headless Chromium';
const run = needChromium(SUITE);

const harness = useHarness(run);
let g: Geometry;

beforeAll(async () => {
  if (!run) return;
  g = await exampleGeometry('none');
}, 120_000);


describe.skipIf(!run)(SUITE, () => {
  it('tensor shapes beside their edges, readable zoomed in, gone below 4 screen px', async () => {
    const edges = [...Array(g.edges.count).keys()].filter((e) => g.edges.label[e]!.length >= 3);
    expect(edges.length).toBeGreaterThan(2);
    const { page, errors } = await harness().open();
    try {
      await page.evaluate(`tbgRender.show(${JSON.stringify(pack(g))}, 900, 700)`);
      for (const e of edges.slice(0, 3)) {
        const l = edgeLabels(g, [e])[0]!;
        const w = roboto.width(l.text, l.px);
        const [c, s] = [Math.cos(l.angle!), Math.sin(l.angle!)];
        // A grid over the turned label's box.
        const grid: Array<[number, number]> = [];
        for (let k = 0; k <= 24; k++) {
          for (const d of [-0.2, -0.1, 0, 0.1, 0.2]) {
            const [u, v] = [-w / 2 + (w * k) / 24, d * l.px];
            grid.push([l.x + u * c - v * s, l.y + u * s + v * c]);
          }
        }
        const inkAt = async (scale: number) => {
          await page.evaluate(`tbgRender.focus(${l.x}, ${l.y}, ${scale})`);
          const colours = await page.evaluate<Rgb[]>(`tbgRender.probe(${JSON.stringify(grid)})`);
          return colours.filter(([r]) => r < 160).length;
        };
        expect(await inkAt(24 / l.px), `label ${l.text} at 24 px`).toBeGreaterThan(6);
        expect(await inkAt(3 / l.px), `label ${l.text} at 3 px`).toBe(0);
      }
      const l = edgeLabels(g, [edges[0]!])[0]!;
      await page.evaluate(`tbgRender.focus(${l.x}, ${l.y}, ${24 / l.px})`);
      await page.screenshot({ path: join(OUT, 'edge-label.png') });
      expect(errors).toEqual([]);
    } finally {
      await page.evaluate('tbgRender.destroy()');
      await page.close();
    }
  });

  it('glyphs first used by a later layout reach the screen (only the new rows of the atlas are uploaded)', async () => {
    // A label of characters the first layout did not have: their glyphs are added to the atlas
    // after it was uploaded, and drawn the same as by a renderer that starts with them.
    const i = [...Array(g.nodes.count).keys()].find((k) => g.nodes.label[k]!.length >= 6 && (g.nodes.labelAlign[k] ?? 0) === 0)!;
    const renamed = { ...g, nodes: { ...g.nodes, label: g.nodes.label.map((l, k) => (k === i ? 'Жук变量ü' : l)) } };
    const [lx, ly] = [g.nodes.labelXY[2 * i]!, g.nodes.labelXY[2 * i + 1]!];
    const scale = 24 / g.nodes.labelPx[i]!;
    const grid: Array<[number, number]> = [];
    for (let u = -60; u <= 60; u += 2) for (let v = -10; v <= 10; v += 2) grid.push([450 + u, 350 + v]);
    const draw = async (steps: string[]) => {
      const { page, errors } = await harness().open();
      try {
        for (const step of steps) await page.evaluate(step);
        await page.evaluate(`tbgRender.focus(${lx}, ${ly}, ${scale})`);
        const colours = await page.evaluate<Rgb[]>(`tbgRender.probeScreen(${JSON.stringify(grid)})`);
        expect(errors).toEqual([]);
        return colours;
      } finally {
        await page.evaluate('tbgRender.destroy()');
        await page.close();
      }
    };
    const later = await draw([`tbgRender.show(${JSON.stringify(pack(g))}, 900, 700)`, `tbgRender.replace(${JSON.stringify(pack(renamed))})`]);
    const fresh = await draw([`tbgRender.show(${JSON.stringify(pack(renamed))}, 900, 700)`]);
    expect(later.filter(([r]) => r < 160).length).toBeGreaterThan(20);
    const off = later.filter((c, k) => !near(c, fresh[k]!, 3)).length;
    expect(off).toBe(0);
  });

  it('the dark theme recolours the scene without touching a vertex buffer', async () => {
    const s = g.nodes.shape;
    // The leftmost metanode.
    const metas = [...Array(g.nodes.count).keys()].filter((i) => g.nodes.kind[i] === NodeKind.meta && !(g.nodes.flags[i]! & NodeFlag.root));
    const meta = metas.sort((a, b) => s[4 * a]! - s[4 * b]!)[0]!;
    const [cx, cy] = [s[4 * meta]! + s[4 * meta + 2]! / 2, s[4 * meta + 1]! + s[4 * meta + 3]! * 0.85];
    const { page, errors } = await harness().open();
    try {
      await page.evaluate(`tbgRender.show(${JSON.stringify(pack(g))}, 900, 700)`);
      // The metanode's fill, and empty space left of the graph, both on screen.
      await page.evaluate(`tbgRender.focus(${cx - 100}, ${cy}, 2)`);
      const points: Array<[number, number]> = [[cx, cy], [cx - s[4 * meta + 2]! / 2 - 150, cy]];
      expect(s[4 * meta]!).toBeLessThan(150);
      const [fill, bg] = await page.evaluate<Rgb[]>(`tbgRender.probe(${JSON.stringify(points)})`);
      expect(near(fill!, rgb(0xeeeeee), 6)).toBe(true);
      expect(bg).toEqual([255, 255, 255]);
      const versions = await page.evaluate<number>('tbgRender.bufferVersions()');
      await page.evaluate(`tbgRender.theme(${JSON.stringify(DARK_THEME)})`);
      const [darkFill, darkBg] = await page.evaluate<Rgb[]>(`tbgRender.probe(${JSON.stringify(points)})`);
      expect(near(darkBg!, rgb(DARK_THEME.background), 2), `background ${String(darkBg)}`).toBe(true);
      // #eee with its lightness inverted: #111.
      expect(near(darkFill!, [0x11, 0x11, 0x11], 6), `metanode fill ${String(darkFill)}`).toBe(true);
      await page.screenshot({ path: join(OUT, 'dark-theme.png') });
      expect(await page.evaluate<number>('tbgRender.bufferVersions()')).toBe(versions);
      // A partial theme changes only what it names.
      await page.evaluate('tbgRender.theme({ background: 0x102030 })');
      const [, custom] = await page.evaluate<Rgb[]>(`tbgRender.probe(${JSON.stringify(points)})`);
      expect(custom).toEqual([0x10, 0x20, 0x30]);
      expect(errors).toEqual([]);
    } finally {
      await page.evaluate('tbgRender.destroy()');
      await page.close();
    }
  });
});
