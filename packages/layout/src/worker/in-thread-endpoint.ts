import { createElk, type ElkLayouter } from '../elk/run-elk.js';
import type { WorkerResponse } from './protocol.js';
import { serveElk } from './serve-elk.js';
import type { WorkerEndpoint } from './worker-endpoint.js';

/**
 * A "worker" that is the calling thread: the same serveElk loop and runElkTask code path as a
 * real worker, with messages passed by reference (nothing is copied or detached).
 */
export function inThreadEndpoint(elk: ElkLayouter = createElk()): WorkerEndpoint {
  let toServer: ((message: unknown) => void) | null = null;
  let toPool: ((response: WorkerResponse) => void) | null = null;
  let terminated = false;
  serveElk(
    {
      post: (response) => {
        if (!terminated) toPool?.(response);
      },
      listen: (handler) => {
        toServer = handler;
      },
    },
    elk,
  );
  return {
    postMessage: (request) => {
      if (!terminated) toServer?.(request);
    },
    onMessage: (listener) => {
      toPool = listener;
    },
    onError: () => {
      // The calling thread cannot crash without taking the pool with it.
    },
    terminate: () => {
      terminated = true;
    },
  };
}
