import type { RequestChannel } from './serve-elk.js';

/** What a dedicated Web Worker's global scope (`self`) offers that we use. */
export interface WorkerScopeLike {
  postMessage(message: unknown, transfer: ArrayBuffer[]): void;
  addEventListener(type: 'message', listener: (event: { data: unknown }) => void): void;
  /** Only ever cleared (see webParentChannel). */
  onmessage: unknown;
}

/**
 * The channel to the page that started this browser worker. In a Web Worker, the first
 * `new ELK()` of elkjs' bundled build installs ELK's own message dispatcher as `self.onmessage`
 * (for elkjs' own worker protocol; it ignores our requests today, as they lack its `cmd`
 * field): call this after creating ELK, so that the dispatcher is removed and only we see and
 * answer requests. Synchronous on purpose: messages must find a listener once the module has
 * evaluated.
 */
export function webParentChannel<Res>(scope: WorkerScopeLike): RequestChannel<Res> {
  return {
    post: (response, transfer) => scope.postMessage(response, transfer),
    listen: (handler) => {
      scope.onmessage = null;
      scope.addEventListener('message', (event) => handler(event.data));
    },
  };
}
