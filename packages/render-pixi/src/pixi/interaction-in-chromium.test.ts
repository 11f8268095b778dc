/**
 * Picking, expand buttons, selection and hover in headless Chromium, checked by pixels: what
 * `pick` returns at screen points, TensorBoard's expand button (shown on expanded groups and on
 * the hovered node), the red selection outline, the hovered node's edges darker and the others
 * faded — and that none of it re-uploads a vertex buffer.
 */
import { join } from 'node:path';
import { EdgeFlag, expandButtonCentre, NodeFlag, NodeKind, type Geometry } from '@tbg/layout';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { needChromium } from '@tbg/testkit';
import { flattenBasis } from '../scene/edge-strokes.js';
import { insideShape } from '../scene/spatial-index.js';
import { DEFAULT_THEME } from '../style/theme.js';
import { TEST_OUTPUT, rgb, near, type Rgb } from '../test-support/chromium-harness.js';
import { useHarness } from '../test-support/use-harness.js';
import { exampleGeometry } from '../test-support/example-geometry.js';
import { pack } from '../test-support/packed-json.js';

const OUT = TEST_OUTPUT;
const SUITE = 'GraphRenderer interaction in headless Chromium';
const run = needChromium(SUITE);

const harness = useHarness(run);
let all: Geometry;
let collapsed: Geometry;

beforeAll(async () => {
  if (!run) return;
  all = await exampleGeometry('all');
  collapsed = await exampleGeometry('none');
}, 120_000);

const nodes = (g: Geometry) => [...Array(g.nodes.count).keys()];
const centre = (g: Geometry, i: number): [number, number] => {
  const s = g.nodes.shape;
  return [s[4 * i]! + s[4 * i + 2]! / 2, s[4 * i + 1]! + s[4 * i + 3]! / 2];
};

async function withPage(g: Geometry, body: (page: Page) => Promise<void>): Promise<void> {
  const { page, errors } = await harness().open();
  try {
    await page.evaluate(`tbgRender.show(${JSON.stringify(pack(g))}, 900, 700)`);
    await body(page);
    expect(errors).toEqual([]);
  } finally {
    await page.evaluate('tbgRender.destroy()');
    await page.close();
  }
}

const probe = (page: Page, points: Array<[number, number]>) => page.evaluate<Rgb[]>(`tbgRender.probe(${JSON.stringify(points)})`);
const screenOf = (page: Page, [x, y]: [number, number]) => page.evaluate<[number, number]>(`tbgRender.screenOf(${x}, ${y})`);
const pickAt = (page: Page, [sx, sy]: [number, number]) => page.evaluate<unknown>(`tbgRender.pick(${sx}, ${sy})`);

const nearTol = (a: readonly number[], b: readonly number[], tol = 8) => near(a, b, tol);

describe.skipIf(!run)(SUITE, () => {
  it('pick: shapes, expand buttons and labels at screen points; null on empty space', async () => {
    await withPage(collapsed, async (page) => {
      const meta = nodes(collapsed).find((i) => collapsed.nodes.kind[i] === NodeKind.meta && !(collapsed.nodes.flags[i]! & NodeFlag.root))!;
      await page.evaluate(`tbgRender.focus(${centre(collapsed, meta).join(', ')}, 4)`);
      // A point of the shape away from the centred label: a quarter of the way down.
      const s = collapsed.nodes.shape;
      const body: [number, number] = [s[4 * meta]! + 4, s[4 * meta + 1]! + s[4 * meta + 3]! - 2];
      expect(await pickAt(page, await screenOf(page, body))).toEqual({ node: meta, part: 'shape' });
      expect(await pickAt(page, await screenOf(page, expandButtonCentre(collapsed, meta)))).toEqual({ node: meta, part: 'expandButton' });
      expect(await pickAt(page, await screenOf(page, [collapsed.nodes.labelXY[2 * meta]!, collapsed.nodes.labelXY[2 * meta + 1]!]))).toEqual({ node: meta, part: 'label' });
      expect(await pickAt(page, await screenOf(page, [-500, -500]))).toBeNull();
    });
  });

  it("expand buttons: '−' drawn on expanded groups, '+' on a collapsed one only while it is hovered", async () => {
    await withPage(all, async (page) => {
      const group = nodes(all).find((i) => all.nodes.kind[i] === NodeKind.meta && all.nodes.flags[i]! & NodeFlag.expanded && all.nodes.parent[i]! >= 0)!;
      const [bx, by] = expandButtonCentre(all, group);
      await page.evaluate(`tbgRender.focus(${bx}, ${by}, 8)`);
      // On the disc off the sign, and on the sign's bar.
      const [disc, sign, above] = await probe(page, [[bx + 1.8, by + 1.8], [bx + 1.2, by], [bx, by - 1.2]]);
      expect(nearTol(disc!, rgb(DEFAULT_THEME.expandButton), 12), `disc ${String(disc)}`).toBe(true);
      expect(nearTol(sign!, [255, 255, 255], 40), `− bar ${String(sign)}`).toBe(true);
      // A minus has no vertical bar.
      expect(nearTol(above!, rgb(DEFAULT_THEME.expandButton), 24), `above the − ${String(above)}`).toBe(true);
      await page.screenshot({ path: join(OUT, 'expand-button-expanded.png') });
    });
    await withPage(collapsed, async (page) => {
      const meta = nodes(collapsed).find((i) => collapsed.nodes.kind[i] === NodeKind.meta && !(collapsed.nodes.flags[i]! & NodeFlag.root))!;
      const [bx, by] = expandButtonCentre(collapsed, meta);
      await page.evaluate(`tbgRender.focus(${bx}, ${by}, 8)`);
      const [idle] = await probe(page, [[bx + 1.8, by + 1.8]]);
      expect(nearTol(idle!, rgb(DEFAULT_THEME.expandButton), 40), `no button while not hovered: ${String(idle)}`).toBe(false);
      await page.evaluate(`tbgRender.highlight({ selected: [], hovered: ${meta} })`);
      const [disc, above] = await probe(page, [[bx + 1.8, by + 1.8], [bx, by - 1.2]]);
      expect(nearTol(disc!, rgb(DEFAULT_THEME.expandButton), 12), `disc ${String(disc)}`).toBe(true);
      // A plus has a vertical bar.
      expect(nearTol(above!, [255, 255, 255], 40), `+ bar ${String(above)}`).toBe(true);
      await page.screenshot({ path: join(OUT, 'expand-button-hovered.png') });
    });
  });

  it('selection: a red outline, at least 2 px, on the selected node only', async () => {
    await withPage(collapsed, async (page) => {
      const metas = nodes(collapsed).filter((i) => collapsed.nodes.kind[i] === NodeKind.meta && !(collapsed.nodes.flags[i]! & NodeFlag.root));
      const [a, b] = metas as [number, number];
      const s = collapsed.nodes.shape;
      // Half a world px inside the left edge, at mid height, at 4 screen px per world px.
      const edgeOf = (i: number): [number, number] => [s[4 * i]! + 0.5, s[4 * i + 1]! + s[4 * i + 3]! / 2];
      await page.evaluate(`tbgRender.focus(${centre(collapsed, a).join(', ')}, 4)`);
      const [before] = await probe(page, [edgeOf(a)]);
      expect(nearTol(before!, rgb(DEFAULT_THEME.selection), 60)).toBe(false);
      await page.evaluate(`tbgRender.highlight({ selected: [${a}], hovered: -1 })`);
      const [after, inside] = await probe(page, [edgeOf(a), centre(collapsed, a)]);
      expect(nearTol(after!, rgb(DEFAULT_THEME.selection), 30), `outline ${String(after)}`).toBe(true);
      expect(nearTol(inside!, rgb(DEFAULT_THEME.selection), 60)).toBe(false);
      await page.screenshot({ path: join(OUT, 'selected.png') });
      await page.evaluate(`tbgRender.focus(${centre(collapsed, b).join(', ')}, 4)`);
      const [other] = await probe(page, [edgeOf(b)]);
      expect(nearTol(other!, rgb(DEFAULT_THEME.selection), 60), `unselected ${String(other)}`).toBe(false);
    });
  });

  it("hover: the node's edges drawn darker, unrelated edges faded, no vertex buffer re-uploaded", async () => {
    const g = collapsed;
    // Solid data edges between two nodes, with a midpoint on no node.
    const midpoint = (e: number): [number, number] => {
      const line = flattenBasis(g.edges.points.subarray(2 * g.edges.pointStart[e]!, 2 * g.edges.pointStart[e + 1]!));
      const m = 2 * Math.floor((line.length / 2 - 1) / 2);
      return [(line[m]! + line[m + 2]!) / 2, (line[m + 1]! + line[m + 3]!) / 2];
    };
    const free = (p: [number, number]) => !nodes(g).some((i) => g.nodes.parent[i]! >= 0 && insideShape(g, i, ...p));
    const edges = [...Array(g.edges.count).keys()].filter((e) => g.edges.v[e]! >= 0 && g.edges.w[e]! >= 0 && !(g.edges.flags[e]! & (EdgeFlag.controlOnly | EdgeFlag.hasRef)) && free(midpoint(e)));
    expect(edges.length).toBeGreaterThan(2);
    const e = edges[0]!;
    const hovered = g.edges.v[e]!;
    // An edge that touches neither end of e.
    const other = edges.find((f) => ![g.edges.v[f], g.edges.w[f]].some((v) => v === hovered || v === g.edges.w[e]))!;
    await withPage(g, async (page) => {
      const edgeColour = async (f: number) => {
        await page.evaluate(`tbgRender.focus(${midpoint(f).join(', ')}, 6)`);
        return (await probe(page, [midpoint(f)]))[0]!;
      };
      const plain = await edgeColour(e);
      expect(nearTol(plain, rgb(DEFAULT_THEME.edge), 24), `edge ${String(plain)}`).toBe(true);
      const versions = await page.evaluate<number>('tbgRender.bufferVersions()');
      const ms = await page.evaluate<number>(`(() => { const t = performance.now(); tbgRender.highlight({ selected: [], hovered: ${hovered} }); return performance.now() - t; })()`);
      const lit = await edgeColour(e);
      expect(lit[0], `hovered node's edge ${String(lit)} vs ${String(plain)}`).toBeLessThan(plain[0] - 20);
      const faded = await edgeColour(other);
      expect(faded[0], `unrelated edge ${String(faded)}`).toBeGreaterThan(plain[0] + 15);
      await page.screenshot({ path: join(OUT, 'hovered.png') });
      expect(await page.evaluate<number>('tbgRender.bufferVersions()')).toBe(versions);
      // Hover off: back to the plain colours.
      await page.evaluate('tbgRender.highlight({ selected: [], hovered: -1 })');
      expect(nearTol(await edgeColour(other), plain, 6)).toBe(true);
      expect(ms).toBeLessThan(500);
    });
  });
});
