import { LabelAlign, roboto } from '@tbg/layout';
import { describe, expect, it } from 'vitest';
import type { Glyph } from '../text/glyph-atlas.js';
import { ATLAS_FONT_PX } from '../text/glyph-atlas.js';
import { buildLabelGlyphs, CENTRAL_TO_BASELINE } from './label-glyphs.js';

/** A fake atlas: every glyph a 10×20 box at the atlas size, in a row. */
function fakeAtlas(): (ch: string) => Glyph {
  const seen = new Map<string, Glyph>();
  return (ch) => {
    if (!seen.has(ch)) seen.set(ch, ch === ' ' ? { x: 0, y: 0, w: 0, h: 0, left: 0, top: 0, advance: 8 } : { x: 12 * seen.size, y: 0, w: 10, h: 20, left: 1, top: 16, advance: 12 });
    return seen.get(ch)!;
  };
}

describe('label glyphs', () => {
  it('places glyphs at the measured advances, centred, on the baseline, scaled to the label size', () => {
    const px = 8;
    const text = 'Add_1 x';
    const l = buildLabelGlyphs([{ text, x: 100, y: 50, px, align: LabelAlign.middle, role: 'node', id: 3, hide: 0.25 }], fakeAtlas(), 1024, roboto);
    expect(l.glyphs).toBe(6); // the space has no ink
    const scale = px / ATLAS_FONT_PX;
    const start = 100 - roboto.width(text, px) / 2;
    const baseline = 50 + CENTRAL_TO_BASELINE * px;
    // Third glyph ('d'): pen at the measured width of 'Ad'.
    expect(l.position[8 * 2]).toBeCloseTo(start + roboto.width('Ad', px) + 1 * scale, 4);
    expect(l.position[8 * 2 + 1]).toBeCloseTo(baseline - 16 * scale, 4);
    expect(l.position[8 * 2 + 4]! - l.position[8 * 2]!).toBeCloseTo(10 * scale, 4);
    // The last glyph follows the space: its pen is the measured width of 'Add_1 '.
    expect(l.position[8 * 5]).toBeCloseTo(start + roboto.width('Add_1 ', px) + scale, 4);
    // Every vertex: the label's size, role (node), state slot and LOD threshold.
    expect([...l.style.subarray(0, 16)]).toEqual([0, 1, 2, 3].flatMap(() => [px, 0, 3, 0.25]));
  });

  it('start and end alignment; characters outside the BMP count as one glyph', () => {
    const atlas = fakeAtlas();
    const a = buildLabelGlyphs([{ text: 'ab', x: 10, y: 0, px: 32, align: LabelAlign.start, role: 'node', id: 0, hide: 0 }], atlas, 1024, roboto);
    expect(a.position[0]).toBeCloseTo(10 + 1, 4);
    const e = buildLabelGlyphs([{ text: 'ab', x: 10, y: 0, px: 32, align: LabelAlign.end, role: 'node', id: 0, hide: 0 }], atlas, 1024, roboto);
    expect(e.position[0]).toBeCloseTo(10 - roboto.width('ab', 32) + 1, 4);
    expect(buildLabelGlyphs([{ text: '𝑥名', x: 0, y: 0, px: 10, align: LabelAlign.start, role: 'node', id: 0, hide: 0 }], atlas, 1024, roboto).glyphs).toBe(2);
  });
});
