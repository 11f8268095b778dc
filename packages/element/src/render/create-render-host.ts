/**
 * Picks where the renderer runs: a render worker on an OffscreenCanvas when the browser can
 * (the page's thread stays free while WebGL starts and meshes are built), else this thread.
 */
import { startWorker } from '../workers/start-workers.js';
import { createMainThreadHost } from './main-thread-host.js';
import type { RenderHost } from './render-host.js';
import { canRenderInWorker, createRenderWorkerHost } from './render-worker-host.js';

export type RenderModeSetting = 'auto' | 'worker' | 'main-thread';

export interface HostRequest {
  /** Returns a fresh canvas in the element (a transferred canvas cannot be drawn on here). */
  freshCanvas(): HTMLCanvasElement;
  width: number;
  height: number;
  resolution: number;
  mode: RenderModeSetting;
  workerUrl: string | null;
  /** The renderer's end of the view worker's layout channel (layout-port.ts). */
  layoutPort: MessagePort;
}

export async function createRenderHost(r: HostRequest): Promise<RenderHost> {
  if (r.mode !== 'main-thread' && canRenderInWorker()) {
    const worker = startWorker('render', r.workerUrl);
    try {
      return await createRenderWorkerHost(worker, r.freshCanvas(), r.width, r.height, r.resolution, r.layoutPort);
    } catch (error) {
      worker.terminate();
      if (r.mode === 'worker') throw error;
    }
  }
  return createMainThreadHost(r.freshCanvas(), r.width, r.height, r.resolution, r.workerUrl, r.layoutPort);
}
