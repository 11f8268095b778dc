/**
 * The page's end of the preview (workers/preview-protocol.ts): a canvas over the scene's, handed
 * to the view worker with the first request, shown while a request is out, hidden once the
 * WebGL scene's frame is on screen (then the worker lets its pixels go).
 */
import type { PreviewEnd, PreviewRequest } from '../workers/preview-protocol.js';

interface Poster {
  postMessage(message: unknown, transfer?: Transferable[]): void;
}

export class PreviewCanvas {
  private transferred = false;
  private shown = false;

  private constructor(
    private readonly canvas: HTMLCanvasElement,
    private readonly viewWorker: Poster,
  ) {}

  /** A preview canvas in `slot`, or null where a canvas cannot be handed to a worker. */
  static create(slot: HTMLElement, viewWorker: Poster): PreviewCanvas | null {
    if (typeof OffscreenCanvas === 'undefined' || !('transferControlToOffscreen' in HTMLCanvasElement.prototype)) return null;
    const canvas = document.createElement('canvas');
    canvas.className = 'preview';
    canvas.style.display = 'none';
    slot.append(canvas);
    return new PreviewCanvas(canvas, viewWorker);
  }

  /** Asks the view worker to paint the next layout it ships. */
  request(r: Omit<PreviewRequest, 'kind' | 'canvas'>): void {
    const message: PreviewRequest = { kind: 'tbg-preview', ...r };
    const transfer: Transferable[] = [];
    if (!this.transferred) {
      message.canvas = this.canvas.transferControlToOffscreen();
      transfer.push(message.canvas);
      this.transferred = true;
    }
    this.viewWorker.postMessage(message, transfer);
    this.canvas.style.display = '';
    this.shown = true;
  }

  hide(): void {
    if (!this.shown) return;
    this.shown = false;
    this.canvas.style.display = 'none';
    const end: PreviewEnd = { kind: 'tbg-preview-end' };
    this.viewWorker.postMessage(end);
  }

  remove(): void {
    this.canvas.remove();
  }
}
