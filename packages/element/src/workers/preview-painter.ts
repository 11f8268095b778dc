/**
 * The view worker's end of the preview (preview-protocol.ts): keeps the canvas and the pending
 * request, and paints a shipped layout with Canvas 2D, fitted as the page fits it.
 */
import type { Geometry } from '@tbg/layout';
import { fitClear } from '../render/fit-view.js';
import { drawScene2D, loadRoboto } from '@tbg/render-pixi/canvas2d';
import { DARK_THEME, DEFAULT_THEME, mergeTheme } from '@tbg/render-pixi/style';
import type { Covers } from '../render/fit-view.js';
import { legendCover, pageTextWidth, type MeasureText } from '../render/legend-box.js';
import type { ColorBy, PaintSet } from '../render/render-types.js';
import type { LegendEntry } from './graph-paints.js';
import type { PreviewMessage, PreviewRequest } from './preview-protocol.js';

export class PreviewPainter {
  private canvas: OffscreenCanvas | null = null;
  private pending: PreviewRequest | null = null;
  /** The graph opened last offers a choice of graphs: the toolbar will hold a picker (toolbar-box.ts). */
  picker = false;

  /** Labels are drawn in the Roboto layout measured; it loads while the graph decodes. */
  readonly fontsReady: Promise<void> = loadRoboto().catch(() => undefined);

  /** A preview is asked for: the next layout must wait for the fonts. */
  get wanted(): boolean {
    return this.pending !== null;
  }

  receive(m: PreviewMessage): void {
    if (m.kind === 'tbg-preview-end') {
      this.pending = null;
      // A 0×0 canvas gives its pixels back.
      if (this.canvas) [this.canvas.width, this.canvas.height] = [0, 0];
      return;
    }
    if (m.canvas) this.canvas = m.canvas;
    this.pending = m;
  }

  /**
   * Paints `g` if a preview was asked for since the last one, fitted clear of the toolbar and of
   * the legend that `legends` will give; returns what the fit kept clear of (null: not painted).
   */
  paint(g: Geometry, paints: PaintSet, legends: Record<ColorBy, LegendEntry[]>): Covers | null {
    const r = this.pending;
    const canvas = this.canvas;
    this.pending = null;
    if (!r || !canvas) return null;
    try {
      return this.draw(canvas, r, g, paints, legends);
    } catch {
      // A preview that cannot be drawn is only a later first picture: the WebGL scene comes anyway.
      return null;
    }
  }

  private draw(canvas: OffscreenCanvas, r: PreviewRequest, g: Geometry, paints: PaintSet, legends: Record<ColorBy, LegendEntry[]>): Covers | null {
    const ctx = canvas.getContext('2d');
    if (!ctx) return null;
    canvas.width = Math.max(1, Math.round(r.width * r.resolution));
    canvas.height = Math.max(1, Math.round(r.height * r.resolution));
    const viewport = { width: r.width, height: r.height };
    const top = this.picker && r.topWithPicker !== null ? Math.max(r.covers.top, r.topWithPicker) : r.covers.top;
    const legend = r.covers.legend || !r.legendStyle ? r.covers.legend : legendCover(r.colorBy, legends[r.colorBy] ?? [], r.legendOpen, viewport, r.legendStyle, pageTextWidth(measureWith(ctx), r.legendStyle));
    const covers = { top, legend };
    const theme = mergeTheme(r.theme.dark ? DARK_THEME : DEFAULT_THEME, r.theme.overrides);
    drawScene2D(ctx, g, { camera: fitClear(g, viewport, covers), viewport, resolution: r.resolution, paint: paints[r.colorBy], theme });
    return covers;
  }
}

/** Text widths with a canvas context of this worker. */
function measureWith(ctx: OffscreenCanvasRenderingContext2D): MeasureText {
  return (font, text) => {
    ctx.font = font;
    return ctx.measureText(text).width;
  };
}
