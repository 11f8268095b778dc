/**
 * Text metrics without a DOM: the renderer draws with the same font, so sizes computed in
 * Node, in a worker and in the browser agree to the pixel.
 */
export interface TextMeasurer {
  /** CSS font family the metrics belong to (the renderer must draw with it). */
  readonly fontFamily: string;
  /**
   * Advance width of `text` at `fontPx`, in px, with the font's kerning and ligatures applied as a
   * browser canvas's measureText applies them (see the header of roboto-metrics.ts for why).
   */
  width(text: string, fontPx: number): number;
  /** `text` if it fits in `maxWidth`, else its longest prefix that fits with `…` appended. */
  truncate(text: string, fontPx: number, maxWidth: number): string;
  /** Height of one line (ascent + descent) at `fontPx`. */
  lineHeight(fontPx: number): number;
}
