/**
 * Entry of the view worker, for Node worker_threads and browser module Web Workers alike: owns
 * a graph and answers ViewRequests (see view/protocol.ts). ELK runs in this same thread, off
 * the client's; it yields between calls so that a newer request can cancel an older layout.
 * ELK warms up while the client is still fetching the graph (see ViewHostOptions.warmUp).
 */
import { serveView } from '../view/view-host.js';
import type { ViewResponse } from '../view/protocol.js';
import { createInlineRunner } from './inline-runner.js';
import { nodeParentChannel } from './node-parent-channel.js';
import { webParentChannel, type WorkerScopeLike } from './web-parent-channel.js';
import { yieldingRunner } from './yielding-runner.js';

// Before the channel, as in elk-worker: elkjs' first instance claims self.onmessage in browsers.
const runner = yieldingRunner(createInlineRunner());

const isNode = typeof (globalThis as { process?: { versions?: { node?: unknown } } }).process?.versions?.node === 'string';

if (isNode) {
  void import('node:worker_threads').then(({ parentPort }) => {
    if (!parentPort) throw new Error('view-worker must run as a worker thread');
    serveView(nodeParentChannel<ViewResponse>(parentPort), { runner });
  });
} else {
  serveView(webParentChannel<ViewResponse>(globalThis as unknown as WorkerScopeLike), { runner });
}
