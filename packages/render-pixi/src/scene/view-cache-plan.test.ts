import { describe, expect, it } from 'vitest';
import { worldToScreen } from './camera.js';
import { bandWorld, cacheMargin, cacheRunningOut, cacheServes, heldWorld, pictureBands, pictureTransform, type CachedView } from './view-cache-plan.js';

const viewport = { width: 1000, height: 600 };
const cached: CachedView = { camera: { x: -200, y: 100, scale: 0.5 }, viewport, margin: cacheMargin(viewport) };

describe('view cache plan', () => {
  it('holds the view and a margin of a quarter of the longer side on each side', () => {
    expect(cached.margin).toBe(256);
    expect(cacheMargin({ width: 900, height: 700 })).toBe(232);
    expect(heldWorld(cached)).toEqual({ x: 400 - 512, y: -200 - 512, width: 2000 + 1024, height: 1200 + 1024 });
  });

  it('serves pans within the margin at the same scale, and nothing beyond', () => {
    const pan = (dx: number, dy: number) => ({ ...cached.camera, x: cached.camera.x + dx, y: cached.camera.y + dy });
    expect(cacheServes(cached, pan(0, 0), viewport, false)).toBe(true);
    expect(cacheServes(cached, pan(256, -256), viewport, false)).toBe(true);
    expect(cacheServes(cached, pan(257, 0), viewport, false)).toBe(false);
    expect(cacheServes(cached, pan(0, 0), { width: 999, height: 600 }, false)).toBe(false);
  });

  it('serves a scaled picture only while the camera moves, and at most 2× either way', () => {
    const zoom = (k: number) => ({ scale: cached.camera.scale * k, x: 500 - (500 - cached.camera.x) * k, y: 300 - (300 - cached.camera.y) * k });
    expect(cacheServes(cached, zoom(1.25), viewport, false)).toBe(false);
    expect(cacheServes(cached, zoom(1.25), viewport, true)).toBe(true);
    expect(cacheServes(cached, zoom(1.95), viewport, true)).toBe(true);
    expect(cacheServes(cached, zoom(2.1), viewport, true)).toBe(false);
    // Zoomed out by 1.25 the view needs 12.5 % more each side: within the margin.
    expect(cacheServes(cached, zoom(0.8), viewport, true)).toBe(true);
    expect(cacheServes(cached, zoom(0.6), viewport, true)).toBe(false);
  });

  it('puts every world point where the camera shows it', () => {
    const cam = { scale: 0.8, x: -123, y: 45 };
    const t = pictureTransform(cached, cam);
    for (const [wx, wy] of [[0, 0], [700, -300], [1234, 987]] as const) {
      // The picture pixel of the world point, through the picture's transform.
      const [u, v] = worldToScreen(cached.camera, wx, wy).map((s) => s + cached.margin);
      const [sx, sy] = worldToScreen(cam, wx, wy);
      expect(t.x + u! * t.scale).toBeCloseTo(sx, 9);
      expect(t.y + v! * t.scale).toBeCloseTo(sy, 9);
    }
  });
});

describe('picture bands', () => {
  it('cover the picture, top to bottom, without gaps or overlaps', () => {
    const bands = pictureBands(cached, 192);
    const height = viewport.height + 2 * cached.margin;
    expect(bands[0]!.y).toBe(0);
    for (let k = 1; k < bands.length; k++) expect(bands[k]!.y).toBe(bands[k - 1]!.y + bands[k - 1]!.height);
    expect(bands.at(-1)!.y + bands.at(-1)!.height).toBe(height);
    expect(bands.slice(0, -1).every((b) => b.height === 192)).toBe(true);
    expect(bands).toHaveLength(Math.ceil(height / 192));
    // A picture drawn at once: one band.
    expect(pictureBands(cached, Infinity)).toEqual([{ y: 0, height }]);
  });

  it('hold the world rows they show, grown by what may reach into them from above and below', () => {
    const held = heldWorld(cached);
    const bands = pictureBands(cached, 192);
    const worlds = bands.map((b) => bandWorld(cached, b));
    const pad = 24 + 24 / cached.camera.scale;
    expect(worlds[0]!.y).toBeCloseTo(held.y - pad, 9);
    const last = worlds.at(-1)!;
    expect(last.y + last.height).toBeCloseTo(held.y + held.height + pad, 9);
    for (const w of worlds) expect([w.x, w.width]).toEqual([held.x, held.width]);
    const b = bands[2]!;
    expect(worlds[2]!.y).toBeCloseTo(held.y + b.y / cached.camera.scale - pad, 9);
    expect(worlds[2]!.height).toBeCloseTo(b.height / cached.camera.scale + 2 * pad, 9);
  });

  it('start and end on whole device rows, an even number apart, at any resolution', () => {
    for (const r of [1, 1.1, 1.25, 1.5, 2, 2.625]) {
      const bands = pictureBands(cached, 192, r);
      const total = Math.floor((viewport.height + 2 * cached.margin) * r + 1e-6);
      let next = 0;
      for (const b of bands) {
        expect(b.y * r).toBeCloseTo(next, 6);
        expect(Math.abs(b.y * r - Math.round(b.y * r))).toBeLessThan(1e-6);
        next = Math.round((b.y + b.height) * r);
        expect(Math.abs((b.y + b.height) * r - next)).toBeLessThan(1e-6);
      }
      expect(next).toBe(total);
      expect(bands.slice(0, -1).every((b) => Math.round(b.height * r) % 2 === 0)).toBe(true);
    }
  });
});

describe('a picture running out', () => {
  const pan = (dx: number, dy: number) => ({ ...cached.camera, x: cached.camera.x + dx, y: cached.camera.y + dy });
  const zoom = (k: number) => ({ scale: cached.camera.scale * k, x: 500 - (500 - cached.camera.x) * k, y: 300 - (300 - cached.camera.y) * k });

  it('once the view comes within half the margin of its edge', () => {
    expect(cacheRunningOut(cached, pan(0, 0), viewport)).toBe(false);
    expect(cacheRunningOut(cached, pan(127, -127), viewport)).toBe(false);
    expect(cacheRunningOut(cached, pan(129, 0), viewport)).toBe(true);
    expect(cacheRunningOut(cached, pan(0, -129), viewport)).toBe(true);
  });

  it('once the scale has moved by more than √2 either way', () => {
    expect(cacheRunningOut(cached, zoom(1.3), viewport)).toBe(false);
    expect(cacheRunningOut(cached, zoom(1.5), viewport)).toBe(true);
    // Zoomed out, the view also nears the edge: 1/1.1 needs 5 % more each side, within half the margin.
    expect(cacheRunningOut(cached, zoom(1 / 1.1), viewport)).toBe(false);
    expect(cacheRunningOut(cached, zoom(1 / 1.5), viewport)).toBe(true);
  });
});
