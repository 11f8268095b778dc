/**
 * @tbg/render-pixi/style: the colour modes as plain data (no pixi.js, no DOM), for workers that
 * hold the hierarchy and compute the fills that the renderer draws, and the themes (with the CSS
 * colour parser) for hosts that read custom properties.
 */
export { darker, hslToRgb, STRUCTURE_COLORS, structureColor, TB_COLORS, TB_HUES } from './style/palette.js';
export { plainPaint, type NodeBands, type NodePaint } from './style/paint.js';
export { deviceColors, devicePaint, xlaClusterColors, xlaClusterPaint, type DeviceLegendEntry } from './style/device-paint.js';
export { COMPATIBILITY_COLORS, compatibilityPaint } from './style/compatibility-paint.js';
export type { HistogramsOf } from './style/histogram-paint.js';
export { structureLegend, structurePaint, structureRanks } from './style/structure-paint.js';
export { DARK_THEME, DEFAULT_THEME, mergeTheme, parseColor, type NodeFillMode, type Theme } from './style/theme.js';
export { darkStroke, invertLightness } from './canvas2d/colours-2d.js';
