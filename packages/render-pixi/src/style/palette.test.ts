import { describe, expect, it } from 'vitest';
import { darker, hslToRgb, STRUCTURE_COLORS, structureColor } from './palette.js';

const hex = (n: number) => '#' + n.toString(16).padStart(6, '0');

describe('TensorBoard palette', () => {
  it('converts HSL like d3', () => {
    expect(hex(hslToRgb(0, 1, 0.5))).toBe('#ff0000');
    expect(hex(hslToRgb(120, 1, 0.25))).toBe('#008000');
    expect(hex(hslToRgb(220, 0, 0.8))).toBe('#cccccc');
  });

  it('STRUCTURE_PALETTE: hue 220 first, saturation 90 − 60·sin(h·π/360), lightness 80 (95 lightened)', () => {
    // hue 220: sin(220π/360) = 0.9397 → sat 33.6 %, light 80 %.
    expect(hex(structureColor(0))).toBe(hex(hslToRgb(220, (90 - 60 * Math.sin((220 * Math.PI) / 360)) / 100, 0.8)));
    // TensorBoard's ten, then its hues in a darker and a lighter round: 30 colours before a repeat.
    expect(hex(structureColor(STRUCTURE_COLORS))).toBe(hex(structureColor(0)));
    expect(new Set([...Array(STRUCTURE_COLORS).keys()].map((k) => structureColor(k))).size).toBe(STRUCTURE_COLORS);
    expect(hex(structureColor(10))).toBe(hex(hslToRgb(220, (90 - 60 * Math.sin((220 * Math.PI) / 360)) / 100, 0.66)));
    expect(hex(structureColor(1, true))).toBe(hex(hslToRgb(100, 0.3, 0.95)));
    expect(structureColor(1)).not.toBe(structureColor(2));
  });

  it('darker is d3 rgb.darker(): ×0.7', () => {
    expect(hex(darker(0xffffff))).toBe('#b3b3b3');
    expect(hex(darker(0x102030))).toBe('#0b1622');
  });
});
