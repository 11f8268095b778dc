/**
 * The first picture, painted by the view worker with Canvas 2D (@tbg/render-pixi/canvas2d) on a
 * canvas the page hands it, while the renderer is still starting WebGL: the view worker has the
 * layout a second or more before a first WebGL frame can exist on a software GPU. The page asks
 * before a load's first layout; the worker paints the next layout it ships, once, and marks it
 * `previewed` (layout-port.ts); the page hides the canvas once the WebGL frame is on screen.
 */
import type { Covers } from '../render/fit-view.js';
import type { LegendStyle } from '../render/legend-box.js';
import type { ColorBy, ThemeRequest } from '../render/render-types.js';

/** page → view worker: paint the next layout shipped (the canvas comes with the first request only). */
export interface PreviewRequest {
  kind: 'tbg-preview';
  canvas?: OffscreenCanvas;
  /** The view in CSS px and device px per CSS px. */
  width: number;
  height: number;
  /**
   * What the toolbar and the legend cover (CSS px): the fit keeps clear of them, as the page's
   * does. A legend not drawn yet (null) is estimated from the layout's entries (legend-box.ts).
   */
  covers: Covers;
  /** Whether the legend will be open (else folded to its title), and how the page lays it out (null: not estimated). */
  legendOpen: boolean;
  legendStyle: LegendStyle | null;
  /** The toolbar's bottom once a graph picker joins it (toolbar-box.ts; null: not measured). */
  topWithPicker: number | null;
  resolution: number;
  theme: ThemeRequest;
  colorBy: ColorBy;
}

/** page → view worker: the preview is hidden; its pixels can go. */
export interface PreviewEnd {
  kind: 'tbg-preview-end';
}

export type PreviewMessage = PreviewRequest | PreviewEnd;

export function isPreviewMessage(data: unknown): data is PreviewMessage {
  const kind = typeof data === 'object' && data !== null ? (data as { kind?: unknown }).kind : undefined;
  return kind === 'tbg-preview' || kind === 'tbg-preview-end';
}

/** What the page says of its panels for a preview's fit: the legend and the toolbar as they will be. */
export type PanelHints = Pick<PreviewRequest, 'legendOpen' | 'legendStyle' | 'topWithPicker'>;
