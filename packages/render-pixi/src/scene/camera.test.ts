import { describe, expect, it } from 'vitest';
import { centreOn, fitCamera, rectInView, rectOnScreen, lerpCamera, panBy, screenToWorld, visibleWorld, wheelFactor, worldToScreen, zoomAt } from './camera.js';

describe('camera', () => {
  it('fits a graph centred with a margin, never past 2×', () => {
    const c = fitCamera({ x: 0, y: 0, width: 1000, height: 500 }, { width: 540, height: 540 });
    expect(c.scale).toBeCloseTo(0.5);
    expect(worldToScreen(c, 500, 250)).toEqual([270, 270]);
    const tiny = fitCamera({ x: 10, y: 10, width: 10, height: 10 }, { width: 500, height: 500 });
    expect(tiny.scale).toBe(2);
    expect(worldToScreen(tiny, 15, 15)).toEqual([250, 250]);
  });

  it('zooms about the pointer: the world point under it stays put', () => {
    const c = { x: 30, y: -40, scale: 0.7 };
    const before = screenToWorld(c, 123, 77);
    const z = zoomAt(c, 123, 77, 1.9);
    expect(z.scale).toBeCloseTo(1.33);
    const after = screenToWorld(z, 123, 77);
    expect(after[0]).toBeCloseTo(before[0]);
    expect(after[1]).toBeCloseTo(before[1]);
    expect(zoomAt(c, 0, 0, 1e9).scale).toBe(8);
  });

  it('screen and world round-trip; pan; visible rectangle; centring', () => {
    const c = panBy({ x: 10, y: 20, scale: 2 }, 5, -5);
    const [wx, wy] = screenToWorld(c, 100, 50);
    expect(worldToScreen(c, wx, wy)).toEqual([100, 50]);
    expect(visibleWorld(c, { width: 200, height: 100 })).toEqual({ x: -7.5, y: -7.5, width: 100, height: 50 });
    expect(worldToScreen(centreOn(c, { width: 200, height: 100 }, 40, 60), 40, 60)).toEqual([100, 50]);
  });

  it('tells whether a rectangle lies wholly on screen, inside a margin', () => {
    const c = { x: 10, y: 0, scale: 2 };
    const view = { width: 200, height: 100 };
    expect(rectInView(c, view, { x: 0, y: 0, width: 95, height: 50 })).toBe(true);
    expect(rectInView(c, view, { x: 0, y: 0, width: 95, height: 50 }, 1)).toBe(false);
    expect(rectInView(c, view, { x: 10, y: 10, width: 20, height: 20 }, 8)).toBe(true);
    expect(rectInView(c, view, { x: -6, y: 10, width: 20, height: 20 })).toBe(false);
    expect(rectInView(c, view, { x: 10, y: 40, width: 20, height: 20 })).toBe(false);
    expect(rectOnScreen(c, { x: 10, y: 10, width: 20, height: 5 })).toEqual({ x: 30, y: 20, width: 40, height: 10 });
  });

  it('wheel: one notch up zooms in by 1.25, down out; lines and pages scale', () => {
    expect(wheelFactor(-100)).toBeCloseTo(1.25);
    expect(wheelFactor(100)).toBeCloseTo(0.8);
    expect(wheelFactor(-3, 1)).toBeCloseTo(Math.pow(1.25, 0.48));
  });

  it('interpolates between cameras, ending exactly on both', () => {
    const a = { x: 0, y: 0, scale: 1 };
    const b = { x: -400, y: -100, scale: 4 };
    const start = lerpCamera(a, b, 0);
    expect([start.x + 0, start.y + 0, start.scale]).toEqual([0, 0, 1]);
    const end = lerpCamera(a, b, 1);
    expect(end.scale).toBeCloseTo(4);
    expect(end.x).toBeCloseTo(-400);
    expect(lerpCamera(a, b, 0.5).scale).toBeCloseTo(2);
  });
});
