import { describe, expect, it } from 'vitest';
import type { Camera } from '@tbg/render-pixi/camera';
import { keyAction, type KeyboardTarget } from './keyboard-input.js';

function target(): KeyboardTarget & { cam: Camera; calls: string[] } {
  const t = {
    cam: { x: 0, y: 0, scale: 1 },
    calls: [] as string[],
    camera: () => t.cam,
    setCamera: (c: Camera) => {
      t.cam = c;
    },
    zoomLimits: () => ({ min: 0.5, max: 2 }),
    size: () => ({ width: 800, height: 600 }),
    fit: () => t.calls.push('fit'),
    clearSelection: () => t.calls.push('clear'),
  };
  return t;
}

describe('keyboard', () => {
  it('arrows pan a tenth of the view, the view moving as the key points', () => {
    const t = target();
    keyAction('ArrowRight', t)!();
    expect(t.cam).toEqual({ x: -80, y: 0, scale: 1 });
    keyAction('ArrowUp', t)!();
    expect(t.cam).toEqual({ x: -80, y: 60, scale: 1 });
  });

  it('+ and − stop at the zoom limits', () => {
    const t = target();
    for (let k = 0; k < 20; k++) keyAction('-', t)!();
    expect(t.cam.scale).toBeCloseTo(0.5);
    for (let k = 0; k < 20; k++) keyAction('+', t)!();
    expect(t.cam.scale).toBeCloseTo(2);
  });

  it('+ and − zoom about the centre by a wheel notch; 0 fits; Escape clears the selection', () => {
    const t = target();
    keyAction('+', t)!();
    expect(t.cam.scale).toBeCloseTo(1.25);
    // The centre stays put.
    expect(400 * t.cam.scale + t.cam.x).toBeCloseTo(400);
    keyAction('-', t)!();
    expect(t.cam.scale).toBeCloseTo(1);
    keyAction('0', t)!();
    keyAction('Escape', t)!();
    expect(t.calls).toEqual(['fit', 'clear']);
  });

  it('leaves every other key to the page', () => {
    for (const k of ['a', 'Tab', 'Enter', ' ']) expect(keyAction(k, target())).toBeNull();
  });
});
