/**
 * The element's view worker: @tbg/layout's view host (decode, hierarchy, layout) plus what only
 * the element's layer may add: event files through @tbg/events, and the fills of every colour
 * mode with each layout. ELK runs in a worker of its own that the page starts beside this one
 * and joins to it by a MessagePort (the first message), so that ELK's 1.5 MB compiles while
 * this worker decodes the graph.
 */
import { eventGraphReader } from '@tbg/events';
import { createQuickStartRunner, createWorkerPool, serveView, webParentChannel, webWorkerEndpoint, type WebWorkerLike, type WorkerScopeLike } from '@tbg/layout/view';
import type { Geometry, ViewSummary } from '@tbg/layout';
import { isElkPortMessage } from './elk-port.js';
import { FETCHED_GLOBAL, FETCHED_OPTION } from './fetch-protocol.js';
import { graphPaints, type GraphPaints } from './graph-paints.js';
import { isLayoutPortMessage, type LayoutDelivery, type ShippedLayout } from './layout-port.js';
import { hasSourcePicker } from '../render/toolbar-box.js';
import { PreviewPainter } from './preview-painter.js';
import { isPreviewMessage } from './preview-protocol.js';

interface Scope {
  postMessage(message: unknown, transfer: ArrayBuffer[]): void;
  addEventListener(type: 'message', listener: (e: MessageEvent) => void): void;
}
const self_ = globalThis as unknown as Scope;

/** The ELK worker's end of the channel, as the pool's worker (a port has no `error` event). */
function portWorker(port: MessagePort): WebWorkerLike {
  port.start();
  const on = (type: 'message' | 'error' | 'messageerror', listener: (event: { data: unknown; message?: string }) => void) => {
    if (type !== 'error') port.addEventListener(type, (e) => listener(e));
  };
  return { postMessage: (message, transfer) => port.postMessage(message, transfer), addEventListener: on, terminate: () => port.close() };
}

/** Where layouts go (the renderer), once the page has sent that end of the channel. */
let layoutPort: MessagePort | null = null;
let shipped = 0;
const preview = new PreviewPainter();

interface LaidOut {
  kind: 'laidOut';
  geometry: Geometry;
  decoration?: GraphPaints;
}

/**
 * A layout's geometry and paints go to the renderer, transferred; the page gets the layout's
 * number and size in their place (layout-port.ts), and the legends.
 */
function ship(message: unknown, transfer: ArrayBuffer[]): [unknown, ArrayBuffer[]] {
  const m = message as LaidOut;
  if (!layoutPort || m.kind !== 'laidOut' || !m.decoration) return [message, transfer];
  const n = ++shipped;
  // Painted before the geometry is transferred away, and before the page hears of the layout.
  const previewCovers = preview.paint(m.geometry, m.decoration.paint, m.decoration.legend);
  const delivery: LayoutDelivery = { kind: 'layout', shipped: n, geometry: m.geometry, paints: m.decoration.paint };
  layoutPort.postMessage(delivery, transfer);
  const stub: ShippedLayout = { shipped: n, width: m.geometry.width, height: m.geometry.height, nodes: m.geometry.nodes.count, previewed: previewCovers !== null, ...(previewCovers ? { previewCovers } : {}) };
  return [{ ...m, geometry: stub, decoration: { legend: m.decoration.legend } }, []];
}

/** This worker's channel to the page, without the port messages (which are not view requests). */
let outbox: Promise<void> = Promise.resolve();
/** Sends in order; a layout to preview first waits for the preview's fonts (loading since start-up). */
function send(message: unknown, transfer: ArrayBuffer[]): void {
  const opened = message as { kind?: unknown; summary?: ViewSummary };
  // The graph just opened: whether the toolbar will offer a choice of graphs (the preview's fit).
  if (opened.kind === 'opened' && opened.summary) preview.picker = hasSourcePicker(opened.summary);
  outbox = outbox.then(async () => {
    if (preview.wanted) await preview.fontsReady;
    try {
      self_.postMessage(...ship(message, transfer));
    } catch (error) {
      // What the view host does when a reply cannot be sent at once: that request fails, the session lives on.
      const id = (message as { id?: unknown }).id;
      const e = error instanceof Error ? error : new Error(String(error));
      self_.postMessage({ kind: 'failed', id, error: { name: e.name, message: `could not send the response: ${e.message}` } }, []);
    }
  });
}

/**
 * An open request that names bytes the boot script fetched (fetch-protocol.ts) gets them in place
 * of its own, empty ones; a missing entry is left empty, which the host reports as an empty file.
 */
function withFetchedBytes(data: unknown): unknown {
  const m = data as { kind?: unknown; options?: Record<string, unknown> } | null;
  const fetchId = m?.kind === 'open' ? m.options?.[FETCHED_OPTION] : undefined;
  if (typeof fetchId !== 'number') return data;
  const store = (globalThis as unknown as Record<string, Map<number, Uint8Array> | undefined>)[FETCHED_GLOBAL];
  const bytes = store?.get(fetchId) ?? new Uint8Array(0);
  store?.delete(fetchId);
  const { [FETCHED_OPTION]: _, ...options } = m!.options!;
  return { ...m, bytes, options };
}

const scope: WorkerScopeLike = {
  postMessage: send,
  addEventListener: (type, listener) =>
    self_.addEventListener(type, (e) => {
      if (isElkPortMessage(e.data) || isLayoutPortMessage(e.data) || isPreviewMessage(e.data)) return;
      const data = withFetchedBytes(e.data);
      listener(data === e.data ? e : ({ data }));
    }),
  onmessage: null,
};

self_.addEventListener('message', (e) => {
  if (isLayoutPortMessage(e.data)) layoutPort = e.data.port;
  if (isPreviewMessage(e.data)) preview.receive(e.data);
  if (!isElkPortMessage(e.data)) return;
  const port = e.data.port;
  const elk = createWorkerPool(() => webWorkerEndpoint(portWorker(port), 'ELK worker'), 1);
  // Quick layouts until ELK has compiled (1–2 s here): the first picture does not wait for it.
  const runner = createQuickStartRunner(elk);
  serveView<GraphPaints>(webParentChannel(scope), { runner, eventReader: eventGraphReader, decorate: graphPaints, warmUp: false });
});
