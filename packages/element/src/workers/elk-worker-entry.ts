/**
 * The element's ELK worker: compiles ELK while the view worker starts and decodes the graph,
 * then answers the view worker's ELK requests on the MessagePort the page hands it.
 */
import { createElk, serveElk, type RequestChannel } from '@tbg/layout/elk';
import { isElkPortMessage } from './elk-port.js';

// Before anything listens: elkjs' first instance claims self.onmessage, which is taken back below.
const elk = createElk();

interface Scope {
  onmessage: unknown;
  addEventListener(type: 'message', listener: (e: MessageEvent) => void): void;
}
const scope = globalThis as unknown as Scope;
scope.onmessage = null;

function portChannel(port: MessagePort): RequestChannel {
  return {
    post: (response, transfer) => port.postMessage(response, transfer),
    listen: (handler) => {
      port.onmessage = (e) => handler(e.data);
    },
  };
}

scope.addEventListener('message', (e) => {
  if (isElkPortMessage(e.data)) serveElk(portChannel(e.data.port), elk);
});
