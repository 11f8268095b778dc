/**
 * Starts the element's workers (their scripts: worker-scripts.ts). The view worker and its ELK
 * worker are returned at once, as DeferredWorkers (the ELK worker starts when asked to).
 */
import { DeferredWorker } from './deferred-worker.js';
import type { ElkPortMessage } from './elk-port.js';
import { EARLY_FETCH_ID, isFetchReply, type EarlyFetch, type FetchRequest } from './fetch-protocol.js';
import type { LayoutPortMessage } from './layout-port.js';
import { workerScript, type WorkerRole } from './worker-scripts.js';

const options = (role: WorkerRole): WorkerOptions => ({ type: 'module', name: `tf-graph ${role}` });

export function startWorker(role: WorkerRole, workerUrl?: string | null): Worker {
  const script = workerScript(role, workerUrl);
  const worker = new Worker(script.url, options(role));
  if (script.boot) worker.postMessage(script.boot);
  return worker;
}

/**
 * The view worker and its ELK worker, joined by a MessageChannel; `layoutPort` is the view
 * worker's end of its channel to the renderer (layout-port.ts). The view worker is `started`
 * when given (an EarlyViewWorker's), else started now. The ELK worker starts when
 * `elkAfter` resolves: compiling ELK takes a core for 1–2 s, and until then the view worker
 * gives quick layouts, so ELK waits until the first picture is up (2 cores here).
 */
export function startViewWorkers(workerUrl: string | null | undefined, elkAfter: Promise<unknown>, layoutPort: MessagePort, started?: Worker | null): { view: DeferredWorker; elk: DeferredWorker } {
  const view = new DeferredWorker(started ?? Promise.resolve(workerScript('view', workerUrl)), options('view'));
  const toRenderer: LayoutPortMessage = { kind: 'tbg-layout-port', port: layoutPort };
  view.postMessage(toRenderer, [layoutPort]);
  const elk = new DeferredWorker(elkAfter.then(() => workerScript('elk', workerUrl)), options('elk'));
  const channel = new MessageChannel();
  const message = (port: MessagePort): ElkPortMessage => ({ kind: 'tbg-elk-port', port });
  elk.postMessage(message(channel.port1), [channel.port1]);
  view.postMessage(message(channel.port2), [channel.port2]);
  return { view, elk };
}

/**
 * A view worker started as soon as an element connects, before its first render and set-up: its
 * script is unpacked and compiled (70 ms here) meanwhile, and the graph at `src` downloaded,
 * which brings every first picture 30–40 ms closer. Taken by the set-up when the worker URL is
 * still the one it started with.
 */
export class EarlyViewWorker {
  private worker: Worker | null = null;
  private url: string | null = null;
  private fetch: EarlyFetch | null = null;
  /** Errors the worker raised before anyone listened (a script that failed to start). */
  private errors: ErrorEvent[] = [];
  private readonly keepError = (e: ErrorEvent) => this.errors.push(e);
  private readonly keepReply = (e: MessageEvent) => {
    if (isFetchReply(e.data)) this.fetch?.replies.push(e.data);
  };

  /**
   * Starts one, unless one is waiting; an inlined one (no `workerUrl`: its boot script downloads,
   * fetch-protocol.ts) also starts downloading `src`, an absolute URL.
   */
  start(workerUrl: string | null, src: string | null): void {
    if (this.worker) return;
    const worker = (this.worker = startWorker('view', workerUrl));
    worker.addEventListener('error', this.keepError);
    this.url = workerUrl;
    if (!src || workerUrl) return;
    this.fetch = { url: src, fetchId: EARLY_FETCH_ID, replies: [] };
    worker.addEventListener('message', this.keepReply);
    const request: FetchRequest = { kind: 'tbg-fetch', fetchId: EARLY_FETCH_ID, url: src };
    worker.postMessage(request);
  }

  /**
   * The waiting worker and its download, if it was started for `workerUrl` (any other is ended).
   * Errors it raised before are raised again in a later task, once the taker listens.
   */
  take(workerUrl: string | null): { worker: Worker; fetch: EarlyFetch | null } | null {
    const { worker, errors, fetch } = this.detach();
    if (!worker || this.url !== workerUrl) {
      worker?.terminate();
      return null;
    }
    if (errors.length) setTimeout(() => errors.forEach((e) => worker.dispatchEvent(new ErrorEvent('error', { message: e.message, filename: e.filename, lineno: e.lineno, colno: e.colno }))));
    return { worker, fetch };
  }

  /** Ends a worker no set-up took. */
  drop(): void {
    this.detach().worker?.terminate();
  }

  private detach(): { worker: Worker | null; errors: ErrorEvent[]; fetch: EarlyFetch | null } {
    const taken = { worker: this.worker, errors: this.errors, fetch: this.fetch };
    this.worker?.removeEventListener('error', this.keepError);
    this.worker?.removeEventListener('message', this.keepReply);
    this.worker = this.fetch = null;
    this.errors = [];
    return taken;
  }
}
