import { Worker } from 'node:worker_threads';
import { nodeWorkerEndpoint } from '../worker/node-endpoint.js';
import { nodeWorkerScript } from '../worker/node-worker-script.js';
import type { ViewRequest, ViewResponse } from './protocol.js';
import { createViewClient, type ViewClient } from './view-client.js';

/** Starts a view worker on worker_threads and returns its client (Node; browsers use `webWorkerEndpoint`). */
export function createNodeViewWorker(): ViewClient {
  const script = nodeWorkerScript(undefined, 'view-worker');
  const worker = new Worker(script.filename, script.options);
  const endpoint = nodeWorkerEndpoint<ViewRequest, ViewResponse>(worker, 'view worker');
  return createViewClient(endpoint);
}
