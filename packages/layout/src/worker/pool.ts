import { nodeCount, type ElkResult } from '../elk/task.js';
import { abortError } from './abort.js';
import { connect, settle, submit, type Job, type PoolState } from './pool-jobs.js';
import { emptyStats, type ElkRunner } from './runner.js';
import { terminateQuietly, type WorkerEndpoint } from './worker-endpoint.js';

export type { ElkRunner, ElkRunnerStats } from './runner.js';
export type { WorkerEndpoint } from './worker-endpoint.js';

/**
 * A pool of `size` ELK workers made by `spawn`: FIFO queue, one task per worker at a time.
 * Workers are spawned up front. A worker that dies rejects the job it was running and is
 * replaced when the next job needs it, so a worker that cannot even start costs one job per
 * attempt instead of respawning in a loop. A replacement starts cold (no warm-up).
 */
export function createWorkerPool(spawn: () => WorkerEndpoint, size: number): ElkRunner {
  if (!Number.isInteger(size) || size < 1) throw new RangeError(`ELK worker pool size must be a positive integer, got ${size}`);
  const pool: PoolState = {
    spawn,
    slots: Array.from({ length: size }, (_, index) => ({ index, endpoint: null, job: null })),
    queue: new Set(),
    stats: emptyStats(),
    nextId: 1,
    closing: null,
  };
  try {
    for (const slot of pool.slots) connect(pool, slot);
  } catch (error) {
    for (const slot of pool.slots) if (slot.endpoint) void terminateQuietly(slot.endpoint);
    throw error;
  }
  return {
    size,
    get stats() {
      return { ...pool.stats };
    },
    run: (task, signal) => {
      if (pool.closing) return Promise.reject(closedError());
      if (signal?.aborted) return Promise.reject(abortError(signal));
      return new Promise<ElkResult>((resolve, reject) => {
        const job: Job<'layout'> = { request: { kind: 'layout', id: pool.nextId++, task }, nodes: nodeCount(task), pin: -1, settled: false, accept: (r) => resolve(r.result), reject, release: noop };
        submit(pool, job, signal);
      });
    },
    warmup: () => warmup(pool),
    close: () => close(pool),
  };
}

/** Warms every worker once (each job pinned to its slot); resolves with the wall-clock time, in ms. */
async function warmup(pool: PoolState): Promise<number> {
  const started = performance.now();
  await Promise.all(
    pool.slots.map(
      (slot) =>
        new Promise<number>((resolve, reject) => {
          if (pool.closing) return reject(closedError());
          const job: Job<'warmup'> = { request: { kind: 'warmup', id: pool.nextId++ }, nodes: 0, pin: slot.index, settled: false, accept: (r) => resolve(r.ms), reject, release: noop };
          submit(pool, job, undefined);
        }),
    ),
  );
  return performance.now() - started;
}

/** Terminates the workers and rejects every job not finished. Idempotent. */
function close(pool: PoolState): Promise<void> {
  if (pool.closing) return pool.closing;
  const pending = [...pool.queue, ...pool.slots.flatMap((slot) => (slot.job ? [slot.job] : []))];
  pool.queue.clear();
  const endpoints = pool.slots.flatMap((slot) => (slot.endpoint ? [slot.endpoint] : []));
  for (const slot of pool.slots) {
    slot.job = null;
    slot.endpoint = null; // so that the exit events of terminate() are not taken for crashes
  }
  pool.closing = Promise.all(endpoints.map(terminateQuietly)).then(() => undefined);
  for (const job of pending) settle(job, () => job.reject(closedError()));
  return pool.closing;
}

function closedError(): Error {
  return new Error('ELK worker pool is closed');
}

function noop(): void {}
