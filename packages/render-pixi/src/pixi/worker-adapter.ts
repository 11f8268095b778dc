/**
 * Rendering in a Web Worker: pixi must be told it has no DOM before anything is created, so a
 * render worker calls `useWorkerAdapter()` first, then `GraphRenderer.create({ canvas })` with
 * the OffscreenCanvas from `canvas.transferControlToOffscreen()`. Fonts (`self.fonts`), the glyph
 * atlas (an OffscreenCanvas 2D context) and `requestAnimationFrame` all exist in workers.
 */
import { DOMAdapter, WebWorkerAdapter } from 'pixi.js';

/** Whether this code runs in a worker (no `document`). */
export function inWorker(): boolean {
  return typeof document === 'undefined' && typeof OffscreenCanvas !== 'undefined';
}

/** Points pixi at the worker's APIs (OffscreenCanvas, `self.fonts`); call once, before `GraphRenderer.create`. */
export function useWorkerAdapter(): void {
  DOMAdapter.set(WebWorkerAdapter);
}
