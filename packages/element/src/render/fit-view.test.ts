import { describe, expect, it } from 'vitest';
import { fitCamera } from '@tbg/render-pixi/camera';
import { fitBelow } from './fit-view.js';

describe('fitBelow', () => {
  it('fits below the toolbar band: the graph starts under it, the rest of the fit unchanged', () => {
    const g = { width: 400, height: 1000 };
    const c = fitBelow(g, { width: 800, height: 600 }, 44);
    // The graph's top edge lies below the band (with the fit's own margin).
    expect(c.y).toBeGreaterThanOrEqual(44);
    expect(c.y + g.height * c.scale).toBeLessThanOrEqual(600);
    expect(c).toEqual({ ...fitCamera({ x: 0, y: 0, ...g }, { width: 800, height: 556 }), y: fitCamera({ x: 0, y: 0, ...g }, { width: 800, height: 556 }).y + 44 });
  });

  it('gives up at most a third of the height to the band', () => {
    const c = fitBelow({ width: 100, height: 100 }, { width: 300, height: 90 }, 80);
    expect(c.y).toBeGreaterThanOrEqual(30);
    expect(c.y + 100 * c.scale).toBeLessThanOrEqual(90);
  });
});
