/**
 * Entry of the ELK worker, for Node worker_threads and for browser module Web Workers alike:
 * answers WorkerRequests (see protocol.ts) until terminated.
 */
import { createElk } from '../elk/run-elk.js';
import { nodeParentChannel } from './node-parent-channel.js';
import { serveElk } from './serve-elk.js';
import { webParentChannel, type WorkerScopeLike } from './web-parent-channel.js';

// Created before the channel: in a browser worker, the first `new ELK()` sets self.onmessage
// (elkjs' own worker protocol), which the channel then clears.
const elk = createElk();

const isNode = typeof (globalThis as { process?: { versions?: { node?: unknown } } }).process?.versions?.node === 'string';

if (isNode) {
  // Imported only here, at run time, so that browser bundles never need node:worker_threads.
  // Node queues messages on parentPort until a listener is attached, so none is lost meanwhile.
  void import('node:worker_threads').then(({ parentPort }) => {
    if (!parentPort) throw new Error('elk-worker must run as a worker thread');
    serveElk(nodeParentChannel(parentPort), elk);
  });
} else {
  serveElk(webParentChannel(globalThis as unknown as WorkerScopeLike), elk);
}
