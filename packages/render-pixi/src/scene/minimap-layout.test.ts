import { describe, expect, it } from 'vitest';
import { fitCamera, worldToScreen } from './camera.js';
import { DEFAULT_MINIMAP, MINIMAP_PADDING, minimapLayout, minimapShown, minimapToWorld, viewportBox, visibleFraction } from './minimap-layout.js';

const graph = { x: 0, y: 0, width: 1000, height: 2000 };
const viewport = { width: 900, height: 700 };
const on = { ...DEFAULT_MINIMAP, enabled: true };

describe('minimap layout', () => {
  it('at most 200 × 150 px, the graph’s aspect kept, 20 px from the chosen corner', () => {
    const l = minimapLayout(graph, viewport, on);
    // A tall graph: the height is the limit.
    expect(l.rect.height).toBeCloseTo(150, 6);
    expect(l.rect.width).toBeCloseTo((150 - 2 * MINIMAP_PADDING) / 2 + 2 * MINIMAP_PADDING, 6);
    expect(l.rect.x + l.rect.width).toBeCloseTo(900 - 20, 6);
    expect(l.rect.y + l.rect.height).toBeCloseTo(700 - 20, 6);
    const tl = minimapLayout(graph, viewport, { ...on, corner: 'top-left' });
    expect([tl.rect.x, tl.rect.y]).toEqual([20, 20]);
    // The whole graph fits inside, padded.
    const [x0, y0] = worldToScreen(l.camera, 0, 0);
    const [x1, y1] = worldToScreen(l.camera, graph.width, graph.height);
    expect(x0).toBeCloseTo(l.rect.x + MINIMAP_PADDING, 6);
    expect(y1).toBeCloseTo(l.rect.y + l.rect.height - MINIMAP_PADDING, 6);
    expect(x1).toBeLessThanOrEqual(l.rect.x + l.rect.width);
    expect(y0).toBeGreaterThanOrEqual(l.rect.y);
  });

  it('maps minimap points back to the world', () => {
    const l = minimapLayout(graph, viewport, on);
    const [sx, sy] = worldToScreen(l.camera, 250, 1500);
    const [wx, wy] = minimapToWorld(l, sx, sy);
    expect(wx).toBeCloseTo(250, 6);
    expect(wy).toBeCloseTo(1500, 6);
  });

  it('the viewport box is the view’s extent on the minimap, clipped to it; hidden while 80 % is in view', () => {
    const l = minimapLayout(graph, viewport, on);
    const fit = fitCamera(graph, viewport);
    expect(visibleFraction(graph, fit, viewport)).toBeCloseTo(1, 6);
    expect(minimapShown(graph, fit, viewport, on)).toBe(false);
    expect(minimapShown(graph, fit, viewport, { ...on, autoHide: 1 })).toBe(true);
    expect(minimapShown(graph, fit, viewport, { ...on, enabled: false, autoHide: 1 })).toBe(false);
    // An empty graph: nothing to map.
    expect(minimapShown({ x: 0, y: 0, width: 0, height: 0 }, fit, viewport, { ...on, autoHide: 1 })).toBe(false);
    // Zoomed in on the top-left quarter: a box there.
    const zoomed = { scale: 2, x: 0, y: 0 };
    expect(minimapShown(graph, zoomed, viewport, on)).toBe(true);
    const box = viewportBox(l, zoomed, viewport)!;
    const [bx, by] = worldToScreen(l.camera, 0, 0);
    expect(box.x).toBeCloseTo(bx, 6);
    expect(box.y).toBeCloseTo(by, 6);
    expect(box.width).toBeCloseTo((450 * l.camera.scale), 6);
    // Far off the graph: no box.
    expect(viewportBox(l, { scale: 1, x: 100000, y: 0 }, viewport)).toBeNull();
  });
});
