/**
 * The fallback: the renderer on the page's own thread, for browsers without WebGL on an
 * OffscreenCanvas. It imports the render worker's own script as a module (so pixi.js ships
 * once) and drives it directly, behind the same interface as the worker.
 */
import { moduleUrl } from '../workers/worker-scripts.js';
import type { RenderHost } from './render-host.js';
import type { LayoutInbox } from '../workers/layout-port.js';
import type { SceneDriver } from './scene-driver.js';

interface RenderModule {
  SceneDriver: typeof SceneDriver;
  LayoutInbox: typeof LayoutInbox;
}

export async function createMainThreadHost(canvas: HTMLCanvasElement, width: number, height: number, resolution: number, workerUrl: string | null, layoutPort: MessagePort): Promise<RenderHost> {
  canvas.width = Math.round(width * resolution);
  canvas.height = Math.round(height * resolution);
  // eslint-disable-next-line tbg/layers -- our own render worker script (a Blob URL or worker-url), not a package
  const mod = (await import(/* @vite-ignore */ await moduleUrl('render', workerUrl))) as RenderModule;
  const d = await mod.SceneDriver.create({ canvas, width, height, resolution });
  const inbox = new mod.LayoutInbox(layoutPort);
  return {
    mode: 'main-thread',
    show: async (layout, o) => {
      const { geometry, paints } = await inbox.take(layout.shipped);
      return d.show(geometry, paints, o);
    },
    setColorBy: (m) => d.setColorBy(m),
    setCamera: (c) => d.setCamera(c),
    resize: (w, h) => d.resize(w, h),
    setHighlight: (s) => d.setHighlight(s),
    setTheme: (t) => d.setTheme(t),
    minimapPoint: (x, y) => Promise.resolve(d.minimapPoint(x, y)),
    pick: (x, y) => Promise.resolve(d.pick(x, y)),
    shapeOf: (ref) => Promise.resolve(d.shapeOf(ref)),
    onFrame: (l) => d.onFrame(l),
    destroy: () => d.destroy(),
  };
}
