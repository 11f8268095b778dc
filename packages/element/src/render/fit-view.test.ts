import { describe, expect, it } from 'vitest';
import { fitCamera, rectOnScreen, type Camera } from '@tbg/render-pixi/camera';
import { fitClear, freeAreas, inFreeView, NO_COVERS, revealArea } from './fit-view.js';

const VIEW = { width: 800, height: 600 };
const onScreen = (c: Camera, g: { width: number; height: number }) => rectOnScreen(c, { x: 0, y: 0, ...g });

describe('fitClear', () => {
  it('fits below the toolbar band: the graph starts under it, the rest of the fit unchanged', () => {
    const g = { width: 400, height: 1000 };
    const c = fitClear(g, VIEW, { top: 44, legend: null });
    // The graph's top edge lies below the band (with the fit's own margin).
    expect(c.y).toBeGreaterThanOrEqual(44);
    expect(c.y + g.height * c.scale).toBeLessThanOrEqual(600);
    const below = fitCamera({ x: 0, y: 0, ...g }, { width: 800, height: 556 });
    expect(c).toEqual({ ...below, y: below.y + 44 });
  });

  it('gives up at most a third of the height to the band', () => {
    const c = fitClear({ width: 100, height: 100 }, { width: 300, height: 90 }, { top: 80, legend: null });
    expect(c.y).toBeGreaterThanOrEqual(30);
    expect(c.y + 100 * c.scale).toBeLessThanOrEqual(90);
  });

  it('keeps a wide graph clear of the legend, above it (the larger of the fits beside and above it)', () => {
    const g = { width: 2000, height: 400 };
    const legend = { width: 260, height: 250 };
    const plain = fitClear(g, VIEW, { top: 44, legend: null });
    const s = onScreen(plain, g);
    // Without the legend's box, the fit runs under it.
    expect(s.x).toBeLessThan(legend.width);
    expect(s.y + s.height).toBeGreaterThan(VIEW.height - legend.height);
    const c = fitClear(g, VIEW, { top: 44, legend });
    const r = onScreen(c, g);
    const clearOfLegend = r.x >= legend.width - 1e-9 || r.y + r.height <= VIEW.height - legend.height + 1e-9;
    expect(clearOfLegend).toBe(true);
    expect(r.y).toBeGreaterThanOrEqual(44);
    // Above the legend (306 px high) the graph keeps its scale; beside it (540 px wide) it would shrink.
    expect(c.scale).toBe(plain.scale);
    expect(r.y + r.height).toBeLessThanOrEqual(VIEW.height - legend.height + 1e-9);
  });

  it('keeps a tall graph beside the legend', () => {
    const g = { width: 300, height: 1000 };
    const c = fitClear(g, VIEW, { top: 0, legend: { width: 200, height: 300 } });
    const r = onScreen(c, g);
    // Centred in the whole view it would reach x = 400 − 75 = 325 > 200 anyway: the legend is not in the way.
    expect(c).toEqual(fitClear(g, VIEW, NO_COVERS));
    const wide = fitClear({ width: 600, height: 1000 }, VIEW, { top: 0, legend: { width: 200, height: 300 } });
    expect(onScreen(wide, { width: 600, height: 1000 }).x).toBeGreaterThanOrEqual(200 - 1e-9);
    expect(r.y).toBeGreaterThanOrEqual(0);
  });

  it('does not avoid a legend that leaves less than a third of the view free beside and above it', () => {
    const g = { width: 1000, height: 1000 };
    const covers = { top: 0, legend: { width: 700, height: 500 } };
    expect(freeAreas(VIEW, covers)).toHaveLength(1);
    expect(fitClear(g, VIEW, covers)).toEqual(fitClear(g, VIEW, NO_COVERS));
  });
});

describe('reveal areas', () => {
  it('reveals in the largest area clear of the toolbar and the legend', () => {
    expect(revealArea(VIEW, { top: 40, legend: null })).toEqual({ x: 0, y: 40, width: 800, height: 560 });
    // Beside a tall legend (600 × 560 > 800 × 260).
    expect(revealArea(VIEW, { top: 40, legend: { width: 200, height: 300 } })).toEqual({ x: 200, y: 40, width: 600, height: 560 });
  });

  it('counts a node in view only below the toolbar, inside the margin and off the legend', () => {
    const covers = { top: 40, legend: { width: 200, height: 300 } };
    expect(inFreeView({ x: 400, y: 100, width: 50, height: 20 }, VIEW, covers, 24)).toBe(true);
    // Under the toolbar, near the edge, or under the legend.
    expect(inFreeView({ x: 400, y: 30, width: 50, height: 20 }, VIEW, covers, 24)).toBe(false);
    expect(inFreeView({ x: 760, y: 100, width: 50, height: 20 }, VIEW, covers, 24)).toBe(false);
    expect(inFreeView({ x: 100, y: 400, width: 50, height: 20 }, VIEW, covers, 24)).toBe(false);
    expect(inFreeView({ x: 100, y: 400, width: 50, height: 20 }, VIEW, { top: 40, legend: null }, 24)).toBe(true);
  });
});
