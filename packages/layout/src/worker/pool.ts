import { nodeCount, taskTransferables, type ElkResult, type ElkTask } from '../elk/task.js';
import { abortError, onAbort } from './abort.js';
import type { WorkerRequest, WorkerResponse } from './protocol.js';
import { emptyStats, recordElkCall, type ElkRunner } from './runner.js';
import { transferList } from './transfer-list.js';
import { terminateQuietly, type WorkerEndpoint } from './worker-endpoint.js';

export type { ElkRunner, ElkRunnerStats } from './runner.js';
export type { WorkerEndpoint } from './worker-endpoint.js';

interface JobBase {
  id: number;
  /** Slot index this job must run on (warm-ups warm one given worker), or −1 for any. */
  pin: number;
  settled: boolean;
  reject(error: Error): void;
  /** Stops listening to the job's AbortSignal. */
  release(): void;
}
interface LayoutJob extends JobBase {
  kind: 'layout';
  task: ElkTask;
  /** Read at submission: transferring the task empties its arrays. */
  nodes: number;
  resolve(result: ElkResult): void;
}
interface WarmupJob extends JobBase {
  kind: 'warmup';
  resolve(ms: number): void;
}
type Job = LayoutJob | WarmupJob;

interface Slot {
  index: number;
  /** null once the worker died or was closed; a new one is spawned when a job needs it. */
  endpoint: WorkerEndpoint | null;
  /** The job the worker is running, kept after an abort until the worker answers. */
  job: Job | null;
}

/**
 * A pool of `size` ELK workers made by `spawn`: FIFO queue, one task per worker at a time.
 * Workers are spawned up front. A worker that dies rejects the job it was running and is
 * replaced when the next job needs it, so a worker that cannot even start costs one job per
 * attempt instead of respawning in a loop. A replacement starts cold (no warm-up).
 */
export function createWorkerPool(spawn: () => WorkerEndpoint, size: number): ElkRunner {
  if (!Number.isInteger(size) || size < 1) throw new RangeError(`ELK worker pool size must be a positive integer, got ${size}`);
  const slots: Slot[] = Array.from({ length: size }, (_, index) => ({ index, endpoint: null, job: null }));
  // A Set keeps insertion order (FIFO) and removes aborted jobs in O(1).
  const queue = new Set<Job>();
  const stats = emptyStats();
  let nextId = 1;
  let closing: Promise<void> | null = null;

  function settle(job: Job, outcome: () => void): void {
    if (job.settled) return;
    job.settled = true;
    job.release();
    outcome();
  }

  function connect(slot: Slot): WorkerEndpoint {
    const endpoint = spawn();
    slot.endpoint = endpoint;
    endpoint.onMessage((response) => answered(slot, endpoint, response));
    endpoint.onError((error) => crashed(slot, endpoint, error));
    endpoint.keepAlive?.(false);
    return endpoint;
  }

  function takeFor(slot: Slot): Job | undefined {
    for (const job of queue) {
      if (job.pin === -1 || job.pin === slot.index) {
        queue.delete(job);
        return job;
      }
    }
    return undefined;
  }

  function pump(): void {
    if (closing) return;
    for (const slot of slots) {
      // Loop: starting a job can fail at once and leave the slot free for the next one.
      while (slot.job === null) {
        const job = takeFor(slot);
        if (!job) break;
        start(slot, job);
      }
    }
  }

  function start(slot: Slot, job: Job): void {
    let endpoint = slot.endpoint;
    try {
      endpoint ??= connect(slot);
    } catch (error) {
      settle(job, () => job.reject(new Error(`could not start an ELK worker: ${messageOf(error)}`, { cause: error })));
      return;
    }
    const request: WorkerRequest = job.kind === 'layout' ? { kind: 'layout', id: job.id, task: job.task } : { kind: 'warmup', id: job.id };
    try {
      endpoint.postMessage(request, job.kind === 'layout' ? transferList(taskTransferables(job.task)) : []);
    } catch (error) {
      // E.g. DataCloneError for a task whose arrays were already transferred.
      settle(job, () => job.reject(error instanceof Error ? error : new Error(String(error))));
      return;
    }
    slot.job = job;
    endpoint.keepAlive?.(true);
  }

  function answered(slot: Slot, endpoint: WorkerEndpoint, response: WorkerResponse): void {
    const job = slot.job;
    if (slot.endpoint !== endpoint || job === null || response.id !== job.id) return; // not for the running job
    slot.job = null;
    endpoint.keepAlive?.(false);
    if (response.kind === 'done' && job.kind === 'layout') {
      recordElkCall(stats, response.result.elkMs, job.nodes);
      settle(job, () => job.resolve(response.result));
    } else if (response.kind === 'warm' && job.kind === 'warmup') {
      settle(job, () => job.resolve(response.ms));
    } else if (response.kind === 'failed') {
      settle(job, () => job.reject(new Error(`ELK worker failed: ${response.message}`)));
    } else {
      settle(job, () => job.reject(new Error(`ELK worker answered '${String(response.kind)}' to a '${job.kind}' request`)));
    }
    pump();
  }

  function crashed(slot: Slot, endpoint: WorkerEndpoint, error: Error): void {
    if (slot.endpoint !== endpoint) return; // an old worker's late 'exit' after its 'error'
    slot.endpoint = null;
    void terminateQuietly(endpoint);
    const job = slot.job;
    slot.job = null;
    if (job) {
      const what = job.kind === 'layout' ? `a task of ${job.nodes} nodes` : 'its warm-up';
      settle(job, () => job.reject(new Error(`ELK worker crashed while running ${what}: ${error.message}`, { cause: error })));
    }
    pump();
  }

  function submit<J extends Job>(job: J, signal: AbortSignal | undefined): void {
    if (signal) {
      job.release = onAbort(signal, () => {
        queue.delete(job); // no-op if it already runs: then the worker's answer is dropped
        settle(job, () => job.reject(abortError(signal)));
      });
    }
    queue.add(job);
    pump();
  }

  function closedError(): Error {
    return new Error('ELK worker pool is closed');
  }

  try {
    for (const slot of slots) connect(slot);
  } catch (error) {
    for (const slot of slots) if (slot.endpoint) void terminateQuietly(slot.endpoint);
    throw error;
  }

  return {
    size,
    get stats() {
      return { ...stats };
    },

    run(task, signal) {
      if (closing) return Promise.reject(closedError());
      if (signal?.aborted) return Promise.reject(abortError(signal));
      return new Promise<ElkResult>((resolve, reject) => {
        const job: LayoutJob = { kind: 'layout', id: nextId++, pin: -1, settled: false, task, nodes: nodeCount(task), resolve, reject, release: noop };
        submit(job, signal);
      });
    },

    async warmup() {
      const started = performance.now();
      await Promise.all(
        slots.map(
          (slot) =>
            new Promise<number>((resolve, reject) => {
              if (closing) return reject(closedError());
              submit<WarmupJob>({ kind: 'warmup', id: nextId++, pin: slot.index, settled: false, resolve, reject, release: noop }, undefined);
            }),
        ),
      );
      return performance.now() - started;
    },

    close() {
      if (closing) return closing;
      const pending = [...queue, ...slots.flatMap((slot) => (slot.job ? [slot.job] : []))];
      queue.clear();
      const endpoints = slots.flatMap((slot) => (slot.endpoint ? [slot.endpoint] : []));
      for (const slot of slots) {
        slot.job = null;
        slot.endpoint = null; // so that the exit events of terminate() are not taken for crashes
      }
      closing = Promise.all(endpoints.map(terminateQuietly)).then(() => undefined);
      for (const job of pending) settle(job, () => job.reject(closedError()));
      return closing;
    },
  };
}

function noop(): void {}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
