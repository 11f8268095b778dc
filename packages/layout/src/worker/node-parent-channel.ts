import type { MessagePort } from 'node:worker_threads';
import type { RequestChannel } from './serve-elk.js';

/** The channel to the thread that started this worker_threads worker (its `parentPort`). */
export function nodeParentChannel<Res>(port: MessagePort): RequestChannel<Res> {
  return {
    post: (response, transfer) => port.postMessage(response, transfer),
    listen: (handler) => {
      port.on('message', handler);
    },
  };
}
