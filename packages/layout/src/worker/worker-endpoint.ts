import type { WorkerRequest, WorkerResponse } from './protocol.js';

/**
 * The client's view of one worker, whatever its kind (Node worker_threads, browser Web Worker,
 * or the calling thread). Typed by its protocol: ELK workers by default, view workers too.
 */
export interface WorkerEndpoint<Req = WorkerRequest, Res = WorkerResponse> {
  /** Sends a request; `transfer` buffers are moved, not copied. May throw (e.g. detached buffers). */
  postMessage(request: Req, transfer: ArrayBuffer[]): void;
  onMessage(listener: (response: Res) => void): void;
  /** The worker died or lost a message (uncaught error, exit, undeliverable message). */
  onError(listener: (error: Error) => void): void;
  terminate(): void | Promise<unknown>;
  /** Optional: whether the worker may keep the process alive (busy) or not (idle). Node only. */
  keepAlive?(alive: boolean): void;
}

/** Terminates an endpoint and never throws or rejects: used on workers already given up. */
export async function terminateQuietly(endpoint: WorkerEndpoint<never, unknown>): Promise<void> {
  try {
    await endpoint.terminate();
  } catch {
    // Nothing left to do with a worker that cannot even be terminated.
  }
}
