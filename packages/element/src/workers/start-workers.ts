/**
 * Starts the element's two workers. Their code is inlined in this module and started from Blob
 * URLs, so that a page needs to serve nothing else; a page whose Content-Security-Policy
 * forbids `worker-src blob:` sets `worker-url` to where `view-worker.js`, `elk-worker.js` and
 * `render-worker.js` (shipped in `dist/workers/`) are served instead.
 */
import viewWorkerSource from 'inline-worker:./view-worker-entry.ts';
import renderWorkerSource from 'inline-worker:./render-worker-entry.ts';
import elkWorkerSource from 'inline-worker:./elk-worker-entry.ts';
import type { ElkPortMessage } from './elk-port.js';

export type WorkerRole = 'view' | 'elk' | 'render';

const SOURCES: Record<WorkerRole, string> = { view: viewWorkerSource, elk: elkWorkerSource, render: renderWorkerSource };
/** One Blob URL per script for the page's lifetime: every element shares it. */
const blobUrls = new Map<WorkerRole, string>();

function blobUrl(role: WorkerRole): string {
  let url = blobUrls.get(role);
  if (!url) {
    url = URL.createObjectURL(new Blob([SOURCES[role]], { type: 'text/javascript' }));
    blobUrls.set(role, url);
  }
  return url;
}

/** The script URL of a worker: inlined by default, or under `workerUrl` (a directory URL). */
export function workerScriptUrl(role: WorkerRole, workerUrl?: string | null): string {
  if (!workerUrl) return blobUrl(role);
  return new URL(`${role}-worker.js`, new URL(workerUrl.endsWith('/') ? workerUrl : `${workerUrl}/`, document.baseURI)).href;
}

export function startWorker(role: WorkerRole, workerUrl?: string | null): Worker {
  return new Worker(workerScriptUrl(role, workerUrl), { type: 'module', name: `tf-graph ${role}` });
}

/** The view worker and its ELK worker, started side by side and joined by a MessageChannel. */
export function startViewWorkers(workerUrl?: string | null): { view: Worker; elk: Worker } {
  const view = startWorker('view', workerUrl);
  const elk = startWorker('elk', workerUrl);
  const channel = new MessageChannel();
  const message = (port: MessagePort): ElkPortMessage => ({ kind: 'tbg-elk-port', port });
  elk.postMessage(message(channel.port1), [channel.port1]);
  view.postMessage(message(channel.port2), [channel.port2]);
  return { view, elk };
}
