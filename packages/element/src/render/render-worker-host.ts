/**
 * The render worker, seen from the page: the canvas is transferred to it as an OffscreenCanvas,
 * geometry and paint are transferred with each layout, and input only moves the camera.
 */
import type { RenderHost } from './render-host.js';
import type { RenderCommand, RenderQuery, RenderRequest, RenderResponse, RenderResponseFor } from './render-protocol.js';
import type { FrameInfo } from './render-types.js';

/** A query of kind K, before it gets its id. */
type QueryOf<K extends RenderQuery['kind']> = Omit<Extract<RenderQuery, { kind: K }>, 'id'>;

/** Whether this browser can draw WebGL from a worker on a transferred canvas. */
export function canRenderInWorker(): boolean {
  return typeof OffscreenCanvas === 'function' && typeof HTMLCanvasElement.prototype.transferControlToOffscreen === 'function' && typeof Worker === 'function';
}


/** Starts drawing `canvas` in `worker`; rejects when the worker cannot create a WebGL context. */
export async function createRenderWorkerHost(worker: Worker, canvas: HTMLCanvasElement, width: number, height: number, resolution: number, layoutPort: MessagePort): Promise<RenderHost> {
  const pending = new Map<number, { resolve(r: RenderResponse): void; reject(e: Error): void }>();
  const frameListeners: Array<(f: FrameInfo) => void> = [];
  let nextId = 1;
  worker.addEventListener('message', (e: MessageEvent<RenderResponse>) => {
    const m = e.data;
    if (m.kind === 'frame') {
      for (const l of frameListeners) l(m.frame);
      return;
    }
    const p = pending.get(m.id);
    pending.delete(m.id);
    if (m.kind === 'failed') p?.reject(Object.assign(new Error(m.error.message), { name: m.error.name }));
    else p?.resolve(m);
  });
  worker.addEventListener('error', (e) => {
    for (const p of pending.values()) p.reject(new Error(`render worker failed: ${e.message}`));
    pending.clear();
  });
  function query<K extends RenderQuery['kind']>(q: QueryOf<K>, transfer: Transferable[] = []): Promise<RenderResponseFor<K>> {
    const id = nextId++;
    return new Promise((resolve, reject) => {
      // The worker answers query `id` with the response its kind maps to (RenderResponseMap).
      pending.set(id, { resolve: (r) => resolve(r as RenderResponseFor<K>), reject });
      const message: RenderRequest = { ...q, id } as Extract<RenderQuery, { kind: K }>;
      worker.postMessage(message, transfer);
    });
  }
  const send = (c: RenderCommand, transfer: Transferable[] = []) => worker.postMessage(c, transfer);

  const offscreen = canvas.transferControlToOffscreen();
  offscreen.width = Math.round(width * resolution);
  offscreen.height = Math.round(height * resolution);
  await query<'init'>({ kind: 'init', canvas: offscreen, width, height, resolution }, [offscreen]);
  // Only now: a worker that cannot draw leaves the port to the main-thread fallback.
  send({ kind: 'layoutPort', port: layoutPort }, [layoutPort]);
  return {
    mode: 'worker',
    async show(layout, options) {
      const { frame } = await query<'show'>({ kind: 'show', shipped: layout.shipped, options });
      return frame;
    },
    setColorBy: (mode) => send({ kind: 'colorBy', mode }),
    setCamera: (camera) => send({ kind: 'camera', camera }),
    resize: (w, h, r) => send({ kind: 'resize', width: w, height: h, resolution: r }),
    setHighlight: (state) => send({ kind: 'highlight', state }),
    setTheme: (theme) => send({ kind: 'theme', theme }),
    minimapPoint: async (x, y) => (await query<'minimap'>({ kind: 'minimap', x, y })).point,
    pick: async (x, y) => (await query<'pick'>({ kind: 'pick', x, y })).picked,
    shapeOf: async (ref) => (await query<'shape'>({ kind: 'shape', ref })).rect,
    onFrame: (l) => frameListeners.push(l),
    destroy() {
      send({ kind: 'destroy' });
      // Let the worker free the context before it goes.
      setTimeout(() => worker.terminate(), 100);
    },
  };
}
