import { describe, expect, it } from 'vitest';
import { createElk, runElkTask, type ElkLayouter } from '../elk/run-elk.js';
import { sameLayout } from '../elk/same-layout.js';
import { syntheticTask } from '../elk/synthetic-task.js';
import type { ElkResult } from '../elk/task.js';
import type { WorkerResponse } from './protocol.js';
import { serveElk, type RequestChannel } from './serve-elk.js';

/** A channel the test talks through: `send` delivers a request, `answers` resolves after n responses. */
function testChannel() {
  const responses: { response: WorkerResponse; transfer: ArrayBuffer[] }[] = [];
  let handler: ((message: unknown) => void) | undefined;
  let failPosts = 0;
  const channel: RequestChannel = {
    post: (response, transfer) => {
      if (failPosts > 0) {
        failPosts--;
        throw new Error('DataCloneError');
      }
      responses.push({ response, transfer });
    },
    listen: (h) => {
      handler = h;
    },
  };
  return {
    channel,
    responses,
    send: (message: unknown) => handler!(message),
    failNextPost: () => void failPosts++,
    async answers(n: number) {
      while (responses.length < n) await new Promise((resolve) => setTimeout(resolve, 2));
      return responses.map((r) => r.response);
    },
  };
}

describe('serveElk', () => {
  const elk = createElk();

  it('answers a layout request with the result of runElkTask, transferring its buffers', async () => {
    const t = testChannel();
    serveElk(t.channel, elk);
    t.send({ kind: 'layout', id: 7, task: syntheticTask({ nodes: 12, seed: 4, ports: true, stubs: true }) });
    const [response] = await t.answers(1);
    expect(response).toMatchObject({ kind: 'done', id: 7 });
    const result = (response as { result: ElkResult }).result;
    expect(sameLayout(result, await runElkTask(elk, syntheticTask({ nodes: 12, seed: 4, ports: true, stubs: true })))).toBe(true);
    expect(t.responses[0]!.transfer).toEqual([result.nodeXY.buffer, result.edgePointStart.buffer, result.edgePoints.buffer]);
  });

  it('answers one request at a time, in arrival order', async () => {
    const t = testChannel();
    serveElk(t.channel, elk);
    t.send({ kind: 'layout', id: 1, task: syntheticTask({ nodes: 120, seed: 1 }) });
    t.send({ kind: 'layout', id: 2, task: syntheticTask({ nodes: 2, seed: 2 }) });
    t.send({ kind: 'bogus', id: 3 });
    expect((await t.answers(3)).map((r) => [r.kind, r.id])).toEqual([
      ['done', 1],
      ['done', 2],
      ['failed', 3],
    ]);
  });

  it('turns every error into a failed response and keeps serving', async () => {
    const t = testChannel();
    const throwing: ElkLayouter = {
      layout: () => Promise.reject(new Error('java.lang.IllegalStateException')),
    };
    serveElk(t.channel, throwing);
    t.send({ kind: 'layout', id: 1, task: syntheticTask({ nodes: 3, seed: 1 }) });
    t.send(null);
    t.send({ kind: 'layout', id: 2 }); // no task
    t.send('hello');
    expect(await t.answers(4)).toEqual([
      { kind: 'failed', id: 1, message: 'java.lang.IllegalStateException' },
      { kind: 'failed', id: -1, message: 'not an ELK worker request: null' },
      expect.objectContaining({ kind: 'failed', id: 2 }),
      { kind: 'failed', id: -1, message: 'not an ELK worker request: "hello"' },
    ]);
  });

  it('reports a response it could not send', async () => {
    const t = testChannel();
    serveElk(t.channel, elk);
    t.failNextPost();
    t.send({ kind: 'layout', id: 4, task: syntheticTask({ nodes: 3, seed: 1 }) });
    expect(await t.answers(1)).toEqual([{ kind: 'failed', id: 4, message: 'could not send the response: DataCloneError' }]);
  });

  it('answers a warm-up with its time', async () => {
    const t = testChannel();
    let calls = 0;
    const counting: ElkLayouter = { layout: (graph) => (calls++, elk.layout(graph)) };
    serveElk(t.channel, counting);
    t.send({ kind: 'warmup', id: 9 });
    const [response] = await t.answers(1);
    expect(response).toMatchObject({ kind: 'warm', id: 9 });
    expect((response as { ms: number }).ms).toBeGreaterThan(0);
    expect(calls).toBe(30);
  });
});
