/** Node-only entry (`@tbg/layout/node`): the worker_threads pool. Browsers use `createWorkerPool` with Web Workers. */
export { createNodeWorkerPool, defaultPoolSize, spawnNodeElkWorker } from './worker/node-pool.js';
export { createNodeViewWorker } from './view/node-view-worker.js';
