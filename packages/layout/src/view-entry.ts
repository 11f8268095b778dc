/**
 * @tbg/layout/view: what a view worker and its client need — the view host and client, ELK
 * worker pools and the Web Worker channels — without ELK itself, which then runs only in its
 * own worker. A view worker built from this entry starts without compiling ELK's 1.5 MB.
 */
export { serveView, type ViewHostOptions } from './view/view-host.js';
export { createViewClient, ViewWorkerError, type ViewClient, type ViewEndpoint, type ViewLayoutResult } from './view/view-client.js';
export { createWorkerPool } from './worker/pool.js';
export { createQuickStartRunner, type QuickStartRunner } from './quick/quick-start-runner.js';
export { webWorkerEndpoint, type WebWorkerLike } from './worker/web-endpoint.js';
export { webParentChannel, type WorkerScopeLike } from './worker/web-parent-channel.js';
