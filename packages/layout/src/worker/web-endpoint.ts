import type { WorkerRequest, WorkerResponse } from './protocol.js';
import type { WorkerEndpoint } from './worker-endpoint.js';

/** The part of a browser Worker we use (declared here: the package has no DOM lib). */
export interface WebWorkerLike {
  postMessage(message: unknown, transfer: ArrayBuffer[]): void;
  addEventListener(type: 'message', listener: (event: { data: unknown }) => void): void;
  addEventListener(type: 'error' | 'messageerror', listener: (event: { message?: string }) => void): void;
  terminate(): void;
}

/**
 * A browser Web Worker running elk-worker as a WorkerEndpoint, e.g.
 * `createWorkerPool(() => webWorkerEndpoint(new Worker(url, { type: 'module' })), n)`.
 */
export function webWorkerEndpoint<Req = WorkerRequest, Res = WorkerResponse>(worker: WebWorkerLike, what = 'ELK worker'): WorkerEndpoint<Req, Res> {
  return {
    postMessage: (request, transfer) => worker.postMessage(request, transfer),
    onMessage: (listener) => {
      worker.addEventListener('message', (event) => listener(event.data as Res));
    },
    onError: (listener) => {
      worker.addEventListener('error', (event) => listener(new Error(`${what} error: ${event.message ?? 'unknown'}`)));
      worker.addEventListener('messageerror', () => listener(new Error(`undeliverable message from ${what}`)));
    },
    terminate: () => worker.terminate(),
  };
}
