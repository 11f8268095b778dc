/**
 * TensorBoard's colours (tensorboard-graph.md §9.3), as 0xRRGGBB integers so that they go
 * straight into vertex buffers.
 */

export const TB_COLORS = {
  defaultFill: 0xd9d9d9,
  defaultStroke: 0xa6a6a6,
  expanded: 0xf0f0f0,
  unknown: 0xeeeeee,
  gradientOutline: 0x888888,
  opFill: 0xffffff,
  opStroke: 0xcccccc,
  functionInput: 0x795548,
  functionOutput: 0x009688,
  seriesStroke: 0xb3b3b3,
  edge: 0xbbbbbb,
  referenceEdge: 0xffb74d,
  annotationEdge: 0xaaaaaa,
  annotationStroke: 0x848484,
  label: 0x444444,
  edgeLabel: 0x666666,
  selected: 0xff0000,
  expandButton: 0xe7811d,
} as const;

/** The hues TensorBoard cycles through for templates, devices and XLA clusters. */
export const TB_HUES: readonly number[] = [220, 100, 180, 40, 20, 340, 260, 300, 140, 60];

/** HSL (h in degrees, s and l in [0, 1]) to 0xRRGGBB. */
export function hslToRgb(h: number, s: number, l: number): number {
  const a = s * Math.min(l, 1 - l);
  const f = (n: number) => {
    const k = (n + h / 30) % 12;
    return Math.round(255 * (l - a * Math.max(-1, Math.min(k - 3, 9 - k, 1))));
  };
  return (f(0) << 16) | (f(8) << 8) | f(4);
}

/**
 * Lightness of the rounds of the palette: TensorBoard's 80 % for its ten hues, then the same hues
 * darker and lighter (TensorBoard repeats its ten colours: templates ten apart looked the same).
 */
const ROUND_LIGHTNESS = [80, 66, 90] as const;

/** How many distinct colours structureColor gives before it repeats. */
export const STRUCTURE_COLORS = TB_HUES.length * ROUND_LIGHTNESS.length;

/**
 * TensorBoard's STRUCTURE_PALETTE(id, lightened): the colour of template (or device) `id`; ids 0–9
 * are TensorBoard's, 10–29 its hues again in a darker and a lighter round (lightened, all of them
 * are TensorBoard's expanded tint).
 */
export function structureColor(id: number, lightened = false): number {
  const k = ((id % STRUCTURE_COLORS) + STRUCTURE_COLORS) % STRUCTURE_COLORS;
  const hue = TB_HUES[k % TB_HUES.length]!;
  const m = Math.sin((hue * Math.PI) / 360);
  const sat = lightened ? 30 : 90 - 60 * m;
  const light = lightened ? 95 : ROUND_LIGHTNESS[Math.floor(k / TB_HUES.length)]!;
  return hslToRgb(hue, sat / 100, light / 100);
}

/** d3's `rgb.darker()` (×0.7 per channel): the stroke of a solid fill. */
export function darker(rgb: number, k = 1): number {
  const f = Math.pow(0.7, k);
  const c = (shift: number) => Math.round(((rgb >> shift) & 255) * f);
  return (c(16) << 16) | (c(8) << 8) | c(0);
}

/** 0xRRGGBB as red, green and blue in 0–1 (for uniforms and clear colours). */
export function unitRgb(c: number): [number, number, number] {
  return [((c >> 16) & 255) / 255, ((c >> 8) & 255) / 255, (c & 255) / 255];
}
