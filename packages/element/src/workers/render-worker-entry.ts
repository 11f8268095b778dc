/**
 * The element's render worker: pixi.js on an OffscreenCanvas that the page transferred, so that
 * creating the WebGL context, building meshes and drawing never block the page. Answers
 * RenderQuery messages by id; applies RenderCommands; announces each drawn frame.
 *
 * The same module is the renderer of the main-thread fallback: imported as a module there, it
 * only exports SceneDriver (so pixi.js ships once, in this script).
 */
import { DOMAdapter, WebWorkerAdapter } from 'pixi.js';
import 'pixi.js/unsafe-eval';
import { SceneDriver } from '../render/scene-driver.js';
import type { RenderFailed, RenderRequest, RenderResponse } from '../render/render-protocol.js';
import { LayoutInbox } from './layout-port.js';

export { SceneDriver, LayoutInbox };

const inWorker = typeof (globalThis as { WorkerGlobalScope?: unknown }).WorkerGlobalScope === 'function' && typeof (globalThis as { document?: unknown }).document === 'undefined';

interface Scope {
  postMessage(message: RenderResponse, transfer?: Transferable[]): void;
  addEventListener(type: 'message', listener: (e: MessageEvent<RenderRequest>) => void): void;
}
const scope = globalThis as unknown as Scope;
let driver: SceneDriver | null = null;
let inbox: LayoutInbox | null = null;

function failed(id: number, error: unknown): RenderFailed {
  const e = error instanceof Error ? error : new Error(String(error));
  return { kind: 'failed', id, error: { name: e.name, message: e.message } };
}

async function handle(m: RenderRequest): Promise<void> {
  switch (m.kind) {
    case 'init':
      driver = await SceneDriver.create(m);
      driver.onFrame((frame) => scope.postMessage({ kind: 'frame', frame }));
      scope.postMessage({ kind: 'ready', id: m.id });
      // Shaders compile here while the page reads and lays the graph out, not in its first frame.
      setTimeout(() => driver?.warmUp(), 0);
      return;
    case 'show': {
      if (!inbox) throw new Error('the render worker has no layout port');
      const { geometry, paints } = await inbox.take(m.shipped);
      // Posted from inside the animation frame that finds the first frame on screen (see SceneDriver.show).
      void need().show(geometry, paints, m.options, (frame) => scope.postMessage({ kind: 'shown', id: m.id, frame }));
      return;
    }
    case 'pick':
      scope.postMessage({ kind: 'picked', id: m.id, picked: need().pick(m.x, m.y) });
      return;
    case 'minimap':
      scope.postMessage({ kind: 'minimapPoint', id: m.id, point: need().minimapPoint(m.x, m.y) });
      return;
    case 'shape':
      scope.postMessage({ kind: 'shaped', id: m.id, rect: need().shapeOf(m.ref) });
      return;
    default:
      command(m);
  }
}

function command(m: Exclude<RenderRequest, { id: number }>): void {
  if (m.kind === 'layoutPort') inbox = new LayoutInbox(m.port);
  if (!driver) return;
  if (m.kind === 'colorBy') driver.setColorBy(m.mode);
  else if (m.kind === 'camera') driver.setCamera(m.camera);
  else if (m.kind === 'resize') driver.resize(m.width, m.height);
  else if (m.kind === 'highlight') driver.setHighlight(m.state);
  else if (m.kind === 'theme') driver.setTheme(m.theme);
  else if (m.kind === 'destroy') {
    driver.destroy();
    driver = null;
  }
}

function need(): SceneDriver {
  if (!driver) throw new Error('the render worker has no canvas yet');
  return driver;
}

if (inWorker) {
  DOMAdapter.set(WebWorkerAdapter);
  scope.addEventListener('message', (e) => {
    const m = e.data;
    handle(m).catch((error: unknown) => {
      if ('id' in m) scope.postMessage(failed(m.id, error));
    });
  });
}

