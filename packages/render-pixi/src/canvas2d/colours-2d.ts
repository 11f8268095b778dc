/** Colours as Canvas 2D takes them, from the scene's packed forms. */
import { DARK_STROKE_LIFT } from '../style/theme.js';

/** 0xRRGGBB → `#rrggbb`. */
export function cssRgb(rgb: number): string {
  return `#${(rgb & 0xffffff).toString(16).padStart(6, '0')}`;
}

/** A quad colour (0xAABBGGRR, little-endian RGBA bytes: scene/node-quads.ts `rgbaBytes`) → 0xRRGGBB and alpha 0–1. */
export function unpackRgba(bytes: number): { rgb: number; alpha: number } {
  const r = bytes & 0xff;
  const g = (bytes >>> 8) & 0xff;
  const b = (bytes >>> 16) & 0xff;
  return { rgb: (r << 16) | (g << 8) | b, alpha: (bytes >>> 24) / 255 };
}

/** The node shader's dark-theme fill: lightness inverted, hue and saturation kept. */
export function invertLightness(rgb: number): number {
  const c = [(rgb >> 16) & 0xff, (rgb >> 8) & 0xff, rgb & 0xff];
  const shift = 255 - Math.max(...c) - Math.min(...c);
  const [r, g, b] = c.map((v) => Math.min(255, Math.max(0, v + shift))) as [number, number, number];
  return (r << 16) | (g << 8) | b;
}

/** The node shader's dark-theme stroke: lightness inverted, then lifted toward white (DARK_STROKE_LIFT). */
export function darkStroke(rgb: number): number {
  return mixRgb(invertLightness(rgb), 0xffffff, DARK_STROKE_LIFT);
}

/** Halfway between two colours (the shader's aggregate fill). */
export function mixRgb(a: number, b: number, t = 0.5): number {
  const ch = (s: number) => Math.round(((a >> s) & 0xff) * (1 - t) + ((b >> s) & 0xff) * t) << s;
  return ch(16) | ch(8) | ch(0);
}

/** `rgba(…)` for a colour and alpha. */
export function cssRgba(rgb: number, alpha: number): string {
  return alpha >= 1 ? cssRgb(rgb) : `rgba(${(rgb >> 16) & 0xff},${(rgb >> 8) & 0xff},${rgb & 0xff},${alpha.toFixed(3)})`;
}
