import type { Worker } from 'node:worker_threads';
import type { WorkerRequest, WorkerResponse } from './protocol.js';
import type { WorkerEndpoint } from './worker-endpoint.js';

/** A worker_threads Worker as a WorkerEndpoint (of the ELK protocol unless told otherwise). */
export function nodeWorkerEndpoint<Req = WorkerRequest, Res = WorkerResponse>(worker: Worker, what = 'ELK worker'): WorkerEndpoint<Req, Res> {
  return {
    postMessage: (request, transfer) => worker.postMessage(request, transfer),
    onMessage: (listener) => {
      worker.on('message', listener);
    },
    onError: (listener) => {
      worker.on('error', (error: unknown) => listener(error instanceof Error ? error : new Error(String(error))));
      // A message that cannot be deserialized is lost: its job would never get an answer.
      worker.on('messageerror', (error: Error) => listener(new Error(`undeliverable message from ${what}: ${error.message}`)));
      worker.on('exit', (code: number) => listener(new Error(`${what} exited with code ${code}`)));
    },
    terminate: () => worker.terminate(),
    // An idle worker must not keep a CLI alive when the caller forgets close().
    keepAlive: (alive) => (alive ? worker.ref() : worker.unref()),
  };
}
