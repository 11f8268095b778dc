/**
 * Starts the element's workers (their scripts: worker-scripts.ts). The view worker and its ELK
 * worker are returned at once, as DeferredWorkers (the ELK worker starts when asked to).
 */
import { DeferredWorker } from './deferred-worker.js';
import type { ElkPortMessage } from './elk-port.js';
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
 * worker's end of its channel to the renderer (layout-port.ts). The ELK worker starts when
 * `elkAfter` resolves: compiling ELK takes a core for 1–2 s, and until then the view worker
 * gives quick layouts, so ELK waits until the first picture is up (2 cores here).
 */
export function startViewWorkers(workerUrl: string | null | undefined, elkAfter: Promise<unknown>, layoutPort: MessagePort): { view: DeferredWorker; elk: DeferredWorker } {
  const view = new DeferredWorker(Promise.resolve(workerScript('view', workerUrl)), options('view'));
  const toRenderer: LayoutPortMessage = { kind: 'tbg-layout-port', port: layoutPort };
  view.postMessage(toRenderer, [layoutPort]);
  const elk = new DeferredWorker(elkAfter.then(() => workerScript('elk', workerUrl)), options('elk'));
  const channel = new MessageChannel();
  const message = (port: MessagePort): ElkPortMessage => ({ kind: 'tbg-elk-port', port });
  elk.postMessage(message(channel.port1), [channel.port1]);
  view.postMessage(message(channel.port2), [channel.port2]);
  return { view, elk };
}
