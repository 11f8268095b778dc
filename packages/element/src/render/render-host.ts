/**
 * A drawn graph, as the element sees it: the same interface whether the renderer runs in a
 * render worker (render-worker-host.ts) or on this thread (main-thread-host.ts). Frames are
 * drawn on demand and coalesced, at most one per animation frame.
 */
import type { ShippedLayout } from '../workers/layout-port.js';
import type { Camera, ColorBy, FrameInfo, HighlightState, Picked, Rect, ShowOptions, ThemeRequest } from './render-types.js';

export type RenderMode = 'worker' | 'main-thread';

export interface RenderHost {
  readonly mode: RenderMode;
  /**
   * Shows a layout that the view worker sent the renderer directly (layout-port.ts); resolves
   * once its first frame is on screen, with that frame.
   */
  show(layout: ShippedLayout, options: ShowOptions): Promise<FrameInfo>;
  /** Refills nodes for another colour mode (same layout). */
  setColorBy(mode: ColorBy): void;
  /** Moves the camera; the next frame shows it. */
  setCamera(camera: Camera): void;
  /** The viewport in CSS px and the device pixel ratio. */
  resize(width: number, height: number, resolution: number): void;
  setHighlight(state: HighlightState): void;
  setTheme(theme: ThemeRequest): void;
  /** The world point under a point of the minimap, or null when the point is not on it. */
  minimapPoint(x: number, y: number): Promise<[number, number] | null>;
  /** The node under a point of the canvas (CSS px), or null. */
  pick(x: number, y: number): Promise<Picked | null>;
  /** The shape of a node by its NodeRef in the current layout, or null when it is not visible. */
  shapeOf(ref: number): Promise<Rect | null>;
  /** Called after every drawn frame. */
  onFrame(listener: (frame: FrameInfo) => void): void;
  destroy(): void;
}
