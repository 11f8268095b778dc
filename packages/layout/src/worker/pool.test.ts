import { describe, expect, it } from 'vitest';
import { syntheticTask } from '../elk/synthetic-task.js';
import type { ElkResult } from '../elk/task.js';
import { createWorkerPool } from './pool.js';
import type { WorkerRequest, WorkerResponse } from './protocol.js';
import type { WorkerEndpoint } from './worker-endpoint.js';

/** A worker the test drives by hand: it records requests and answers when told to. */
class FakeWorker implements WorkerEndpoint {
  readonly requests: WorkerRequest[] = [];
  readonly transfers: ArrayBuffer[][] = [];
  readonly keptAlive: boolean[] = [];
  terminated = false;
  /** When set, postMessage throws it (as for a task whose buffers are detached). */
  refuse: Error | null = null;
  private toPool: ((response: WorkerResponse) => void) | undefined;
  private toPoolError: ((error: Error) => void) | undefined;

  postMessage(request: WorkerRequest, transfer: ArrayBuffer[]): void {
    if (this.refuse) throw this.refuse;
    this.requests.push(request);
    this.transfers.push(transfer);
  }
  onMessage(listener: (response: WorkerResponse) => void): void {
    this.toPool = listener;
  }
  onError(listener: (error: Error) => void): void {
    this.toPoolError = listener;
  }
  terminate(): void {
    this.terminated = true;
  }
  keepAlive(alive: boolean): void {
    this.keptAlive.push(alive);
  }
  /** Answers the last request: `done` for a layout (width = its node count), `warm` for a warm-up. */
  finish(elkMs = 1): void {
    const request = this.requests.at(-1)!;
    if (request.kind === 'warmup') this.toPool!({ kind: 'warm', id: request.id, ms: 5 });
    else this.toPool!({ kind: 'done', id: request.id, result: fakeResult(request.task.nodeKind.length, elkMs) });
  }
  send(response: WorkerResponse): void {
    this.toPool!(response);
  }
  crash(message = 'boom'): void {
    this.toPoolError!(new Error(message));
  }
}

function fakeResult(nodes: number, elkMs: number): ElkResult {
  return { nodeXY: new Float64Array(2 * nodes), edgePointStart: new Uint32Array(1), edgePoints: new Float64Array(0), width: nodes, height: 0, elkMs };
}

function fakePool(size: number) {
  const workers: FakeWorker[] = [];
  const pool = createWorkerPool(() => {
    const w = new FakeWorker();
    workers.push(w);
    return w;
  }, size);
  return { pool, workers };
}

const task = (nodes: number) => syntheticTask({ nodes, seed: nodes });
const settled = () => new Promise((resolve) => setTimeout(resolve, 0));

/** Records how a promise settles, without letting it reject unhandled. */
function track<T>(promise: Promise<T>) {
  const state: { value?: T; error?: Error; done: boolean } = { done: false };
  promise.then(
    (value) => Object.assign(state, { value, done: true }),
    (error: Error) => Object.assign(state, { error, done: true }),
  );
  return state;
}

describe('createWorkerPool', () => {
  it('spawns its workers up front and rejects a bad size', () => {
    const { pool, workers } = fakePool(3);
    expect(pool.size).toBe(3);
    expect(workers).toHaveLength(3);
    expect(workers.every((w) => w.keptAlive[0] === false)).toBe(true); // idle workers do not hold the process
    expect(() => createWorkerPool(() => new FakeWorker(), 0)).toThrow(RangeError);
    expect(() => createWorkerPool(() => new FakeWorker(), 1.5)).toThrow(RangeError);
  });

  it('runs one task per worker, FIFO, and transfers the task buffers', async () => {
    const { pool, workers } = fakePool(2);
    const runs = [3, 4, 5, 6].map((n) => track(pool.run(task(n))));
    expect(workers.map((w) => w.requests.length)).toEqual([1, 1]);
    expect(workers[0]!.transfers[0]).toHaveLength(6);
    expect(workers[0]!.keptAlive.at(-1)).toBe(true);
    workers[1]!.finish();
    await settled();
    expect(runs[1]!.value!.width).toBe(4);
    // The freed worker took the oldest waiting task.
    expect(workers[1]!.requests.map((r) => r.kind === 'layout' && r.task.nodeKind.length)).toEqual([4, 5]);
    workers[0]!.finish();
    workers[1]!.finish();
    await settled();
    expect(workers[0]!.requests).toHaveLength(2);
    workers[0]!.finish();
    await settled();
    expect(runs.map((r) => r.value?.width)).toEqual([3, 4, 5, 6]);
    expect(workers[0]!.keptAlive.at(-1)).toBe(false);
  });

  it('tracks the largest call', async () => {
    const { pool, workers } = fakePool(1);
    const a = pool.run(task(30));
    workers[0]!.finish(7);
    await a;
    const b = pool.run(task(10));
    workers[0]!.finish(12);
    await b;
    expect(pool.stats).toEqual({ tasks: 2, maxElkMs: 12, maxElkNodes: 30 });
  });

  it('aborting a queued task removes it untouched and rejects with AbortError', async () => {
    const { pool, workers } = fakePool(1);
    const first = track(pool.run(task(3)));
    const controller = new AbortController();
    const queued = task(4);
    const second = track(pool.run(queued, controller.signal));
    const third = track(pool.run(task(5)));
    controller.abort();
    await settled();
    expect(second.error?.name).toBe('AbortError');
    expect(queued.nodeKind.length).toBe(4);
    workers[0]!.finish();
    await settled();
    workers[0]!.finish();
    await settled();
    expect([first.value?.width, third.value?.width]).toEqual([3, 5]);
    expect(workers[0]!.requests).toHaveLength(2); // the aborted task was never sent
  });

  it('aborting a running task rejects at once and drops its late result', async () => {
    const { pool, workers } = fakePool(1);
    const controller = new AbortController();
    const running = track(pool.run(task(3), controller.signal));
    const next = track(pool.run(task(4)));
    controller.abort('changed my mind');
    await settled();
    expect(running.error?.name).toBe('AbortError');
    expect(running.error?.cause).toBe('changed my mind');
    expect(workers[0]!.requests).toHaveLength(1); // the worker is still busy with it
    workers[0]!.finish();
    await settled();
    expect(workers[0]!.requests).toHaveLength(2);
    workers[0]!.finish();
    await settled();
    expect(next.value?.width).toBe(4);
    expect(pool.stats.tasks).toBe(2); // the dropped call still counts as an ELK call
  });

  it('rejects at once for a signal that already fired', async () => {
    const { pool, workers } = fakePool(1);
    await expect(pool.run(task(3), AbortSignal.abort())).rejects.toMatchObject({ name: 'AbortError' });
    expect(workers[0]!.requests).toHaveLength(0);
  });

  it('passes worker failures on and keeps the worker', async () => {
    const { pool, workers } = fakePool(1);
    const failing = pool.run(task(3));
    workers[0]!.send({ kind: 'failed', id: 1, message: 'invalid ELK task: nope' });
    await expect(failing).rejects.toThrow('ELK worker failed: invalid ELK task: nope');
    const next = pool.run(task(4));
    workers[0]!.finish();
    expect((await next).width).toBe(4);
    expect(workers).toHaveLength(1);
  });

  it('ignores answers that are not for the running task', async () => {
    const { pool, workers } = fakePool(1);
    const run = track(pool.run(task(3)));
    workers[0]!.send({ kind: 'done', id: 999, result: fakeResult(1, 1) });
    await settled();
    expect(run.done).toBe(false);
    expect(pool.stats.tasks).toBe(0);
    workers[0]!.finish();
    await settled();
    expect(run.value?.width).toBe(3);
  });

  it('replaces a crashed worker, rejecting only its task', async () => {
    const { pool, workers } = fakePool(2);
    const a = track(pool.run(task(3)));
    const b = track(pool.run(task(4)));
    const c = track(pool.run(task(5)));
    workers[0]!.crash('out of memory');
    await settled();
    expect(a.error?.message).toBe('ELK worker crashed while running a task of 3 nodes: out of memory');
    expect(workers[0]!.terminated).toBe(true);
    expect(workers).toHaveLength(3); // replaced at once: a task was waiting
    expect(workers[2]!.requests).toHaveLength(1);
    workers[2]!.finish();
    workers[1]!.finish();
    await settled();
    expect([b.value?.width, c.value?.width]).toEqual([4, 5]);
    workers[0]!.crash('late exit event'); // from the old worker: ignored
    expect(workers).toHaveLength(3);
  });

  it('replaces an idle crashed worker only when a task needs it', async () => {
    const { pool, workers } = fakePool(1);
    workers[0]!.crash();
    expect(workers).toHaveLength(1);
    const run = pool.run(task(3));
    expect(workers).toHaveLength(2);
    workers[1]!.finish();
    expect((await run).width).toBe(3);
  });

  it('rejects the task when no worker can be started, and stays usable', async () => {
    let fail = false;
    const workers: FakeWorker[] = [];
    const pool = createWorkerPool(() => {
      if (fail) throw new Error('no threads left');
      workers.push(new FakeWorker());
      return workers.at(-1)!;
    }, 1);
    workers[0]!.crash();
    fail = true;
    await expect(pool.run(task(3))).rejects.toThrow('could not start an ELK worker: no threads left');
    fail = false;
    const run = pool.run(task(4));
    workers[1]!.finish();
    expect((await run).width).toBe(4);
  });

  it('rejects a task postMessage refuses, and stays usable', async () => {
    const { pool, workers } = fakePool(1);
    workers[0]!.refuse = new Error('DataCloneError: detached');
    await expect(pool.run(task(3))).rejects.toThrow('DataCloneError: detached');
    workers[0]!.refuse = null;
    const run = pool.run(task(4));
    workers[0]!.finish();
    expect((await run).width).toBe(4);
  });

  it('warms every worker once, even when busy', async () => {
    const { pool, workers } = fakePool(2);
    const busy = track(pool.run(task(3)));
    const warm = track(pool.warmup());
    expect(workers.map((w) => w.requests.map((r) => r.kind))).toEqual([['layout'], ['warmup']]);
    workers[1]!.finish();
    await settled();
    expect(warm.done).toBe(false); // waits for worker 0
    workers[0]!.finish();
    await settled();
    expect(workers[0]!.requests.map((r) => r.kind)).toEqual(['layout', 'warmup']);
    workers[0]!.finish();
    await settled();
    expect(busy.value?.width).toBe(3);
    expect(warm.value).toBeGreaterThanOrEqual(0);
  });

  it('close() rejects everything pending, terminates the workers, and refuses new work', async () => {
    const { pool, workers } = fakePool(1);
    const running = track(pool.run(task(3)));
    const queued = track(pool.run(task(4)));
    const closing = pool.close();
    expect(pool.close()).toBe(closing);
    await closing;
    expect(running.error?.message).toBe('ELK worker pool is closed');
    expect(queued.error?.message).toBe('ELK worker pool is closed');
    expect(workers[0]!.terminated).toBe(true);
    workers[0]!.crash('exit after terminate'); // not taken for a crash: nothing respawns
    expect(workers).toHaveLength(1);
    await expect(pool.run(task(5))).rejects.toThrow('ELK worker pool is closed');
    await expect(pool.warmup()).rejects.toThrow('ELK worker pool is closed');
  });
});
