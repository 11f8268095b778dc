import { afterEach, expect, it } from 'vitest';
import type { WorkerResponse } from './protocol.js';

// Modules are imported after `self` is set, as in a real worker (elkjs looks for a Web Worker
// scope when the first ELK instance is created).

type Listener = (event: { data: unknown }) => void;

afterEach(() => {
  delete (globalThis as { self?: unknown }).self;
});

it('serves requests on a browser worker scope, in place of the dispatcher elkjs installs there', async () => {
  const posted: WorkerResponse[] = [];
  const listeners: Listener[] = [];
  const scope = {
    onmessage: null as unknown,
    postMessage: (message: unknown) => void posted.push(message as WorkerResponse),
    addEventListener: (_type: 'message', listener: Listener) => void listeners.push(listener),
  };
  (globalThis as { self?: unknown }).self = scope;
  const { createElk } = await import('../elk/run-elk.js');
  const { serveElk } = await import('./serve-elk.js');
  const { webParentChannel } = await import('./web-parent-channel.js');
  const { syntheticTask } = await import('../elk/synthetic-task.js');
  const elk = createElk();
  expect(typeof scope.onmessage).toBe('function'); // elkjs claimed the scope

  serveElk(webParentChannel(scope), elk);
  expect(scope.onmessage).toBeNull();
  expect(listeners).toHaveLength(1);

  // What a browser does with a message: listeners, then onmessage if any.
  const deliver = (data: unknown) => {
    for (const l of listeners) l({ data });
    if (typeof scope.onmessage === 'function') (scope.onmessage as Listener)({ data });
  };
  deliver({ kind: 'layout', id: 1, task: syntheticTask({ nodes: 8, seed: 1, ports: true }) });
  deliver({ cmd: 'algorithms', id: 2 }); // elkjs' own protocol: ours answers, as for any stranger
  while (posted.length < 2) await new Promise((resolve) => setTimeout(resolve, 5));
  await new Promise((resolve) => setTimeout(resolve, 20));
  expect(posted.map((r) => [r.kind, r.id])).toEqual([
    ['done', 1],
    ['failed', 2],
  ]);
});
