import { expect, it } from 'vitest';
import type { WorkerResponse } from './protocol.js';
import { webWorkerEndpoint, type WebWorkerLike } from './web-endpoint.js';

it('adapts a Web Worker: messages, errors, transfer lists, terminate', () => {
  type Listener = (event: { data?: unknown; message?: unknown }) => void;
  const listeners = new Map<string, Listener>();
  const sent: [unknown, ArrayBuffer[]][] = [];
  let terminated = false;
  const worker: WebWorkerLike = {
    postMessage: (message, transfer) => void sent.push([message, transfer]),
    // One implementation for both overloads, as in a real Worker.
    addEventListener: ((type: string, listener: Listener) => void listeners.set(type, listener)) as WebWorkerLike['addEventListener'],
    terminate: () => void (terminated = true),
  };
  const endpoint = webWorkerEndpoint(worker);
  const responses: WorkerResponse[] = [];
  const errors: string[] = [];
  endpoint.onMessage((r) => responses.push(r));
  endpoint.onError((e) => errors.push(e.message));

  const buffer = new ArrayBuffer(4);
  endpoint.postMessage({ kind: 'warmup', id: 1 }, [buffer]);
  expect(sent).toEqual([[{ kind: 'warmup', id: 1 }, [buffer]]]);
  listeners.get('message')!({ data: { kind: 'warm', id: 1, ms: 3 } });
  expect(responses).toEqual([{ kind: 'warm', id: 1, ms: 3 }]);
  listeners.get('error')!({ message: 'Uncaught RangeError: too much recursion' });
  listeners.get('messageerror')!({});
  expect(errors).toEqual(['ELK worker error: Uncaught RangeError: too much recursion', 'undeliverable message from ELK worker']);
  void endpoint.terminate();
  expect(terminated).toBe(true);
});
