import { describe, expect, it } from 'vitest';
import { ShapeKind } from '../geometry/types.js';
import { clipToShape } from './clip.js';

/** Shape box used throughout: centre (25, 12), half-sizes 15 × 6. */
const X = 10;
const Y = 6;
const W = 30;
const H = 12;
const CX = X + W / 2;
const CY = Y + H / 2;

/** Outside points all around the shape: every 7.5°, at several distances (including on the axes and diagonals). */
function pointsAround(): Array<[number, number]> {
  const out: Array<[number, number]> = [];
  for (let deg = 0; deg < 360; deg += 7.5) {
    const a = (deg * Math.PI) / 180;
    for (const r of [16, 40, 1000]) out.push([CX + r * Math.cos(a), CY + r * Math.sin(a)]);
  }
  return out;
}

/** Cross product of (p − c) and (q − c): 0 when c, p, q are collinear. */
const cross = (p: [number, number], q: [number, number]) => (p[0] - CX) * (q[1] - CY) - (p[1] - CY) * (q[0] - CX);

function expectPoint(hit: [number, number] | null, x: number, y: number): void {
  expect(hit).not.toBeNull();
  expect(hit![0]).toBeCloseTo(x, 9);
  expect(hit![1]).toBeCloseTo(y, 9);
}

function expectOnRay(hit: [number, number], p: [number, number]): void {
  const scale = Math.hypot(p[0] - CX, p[1] - CY);
  expect(Math.abs(cross(hit, p)) / scale).toBeLessThan(1e-9);
  // Between the centre and the outside point, not beyond the centre.
  expect((hit[0] - CX) * (p[0] - CX) + (hit[1] - CY) * (p[1] - CY)).toBeGreaterThan(0);
  expect(Math.hypot(hit[0] - CX, hit[1] - CY)).toBeLessThan(scale);
}

describe('clipToShape on an ellipse', () => {
  it('lands on the ellipse, on the line from the centre to the point, from every direction', () => {
    for (const p of pointsAround()) {
      const hit = clipToShape(ShapeKind.ellipse, X, Y, W, H, p[0], p[1]);
      expect(hit, `from ${p.join(',')}`).not.toBeNull();
      const [x, y] = hit!;
      expect(((x - CX) / (W / 2)) ** 2 + ((y - CY) / (H / 2)) ** 2).toBeCloseTo(1, 9);
      expectOnRay(hit!, p);
    }
  });

  it('hits the axis ends exactly', () => {
    expectPoint(clipToShape(ShapeKind.ellipse, X, Y, W, H, CX + 100, CY), X + W, CY);
    expectPoint(clipToShape(ShapeKind.ellipse, X, Y, W, H, CX - 100, CY), X, CY);
    expectPoint(clipToShape(ShapeKind.ellipse, X, Y, W, H, CX, CY - 100), CX, Y);
    expectPoint(clipToShape(ShapeKind.ellipse, X, Y, W, H, CX, CY + 100), CX, Y + H);
  });

  it('returns null inside the ellipse and on it', () => {
    expect(clipToShape(ShapeKind.ellipse, X, Y, W, H, CX, CY)).toBeNull();
    expect(clipToShape(ShapeKind.ellipse, X, Y, W, H, CX + 10, CY + 2)).toBeNull();
    expect(clipToShape(ShapeKind.ellipse, X, Y, W, H, X + W, CY)).toBeNull();
  });

  it('treats the corners of the bounding box as outside', () => {
    // (X+1, Y+1) is inside the box but outside the ellipse.
    const hit = clipToShape(ShapeKind.ellipse, X, Y, W, H, X + 1, Y + 1);
    expect(hit).not.toBeNull();
    expectOnRay(hit!, [X + 1, Y + 1]);
  });
});

describe('clipToShape on a rectangle', () => {
  it('lands on the border, on the line from the centre to the point, from every direction', () => {
    for (const kind of [ShapeKind.rect, ShapeKind.seriesVertical]) {
      for (const p of pointsAround()) {
        const hit = clipToShape(kind, X, Y, W, H, p[0], p[1]);
        expect(hit, `from ${p.join(',')}`).not.toBeNull();
        const [x, y] = hit!;
        // On the border: inside the closed box, and on one of its sides.
        expect(x).toBeGreaterThanOrEqual(X - 1e-9);
        expect(x).toBeLessThanOrEqual(X + W + 1e-9);
        expect(y).toBeGreaterThanOrEqual(Y - 1e-9);
        expect(y).toBeLessThanOrEqual(Y + H + 1e-9);
        const side = Math.min(Math.abs(x - X), Math.abs(x - X - W), Math.abs(y - Y), Math.abs(y - Y - H));
        expect(side).toBeLessThan(1e-9);
        expectOnRay(hit!, p);
      }
    }
  });

  it('picks the side the ray meets first', () => {
    // Shallow ray to the right: right side; steep ray upward: top side.
    expectPoint(clipToShape(ShapeKind.rect, X, Y, W, H, CX + 60, CY + 6), X + W, CY + 1.5);
    expectPoint(clipToShape(ShapeKind.rect, X, Y, W, H, CX + 6, CY - 60), CX + 0.6, Y);
    // Exactly through the corner.
    expectPoint(clipToShape(ShapeKind.rect, X, Y, W, H, CX - 30, CY + 12), X, Y + H);
  });

  it('returns null inside the rectangle and on its border', () => {
    expect(clipToShape(ShapeKind.rect, X, Y, W, H, CX, CY)).toBeNull();
    expect(clipToShape(ShapeKind.rect, X, Y, W, H, X + 1, Y + 1)).toBeNull();
    expect(clipToShape(ShapeKind.rect, X, Y, W, H, X + W, Y + H)).toBeNull();
    expect(clipToShape(ShapeKind.rect, X, Y, W, H, X, CY)).toBeNull();
  });
});
