/**
 * The scheduling inside a worker pool: slots (one per worker), a FIFO queue of jobs, and the
 * life of a job — started on a free slot, answered by its worker or failed with it.
 */
import { taskTransferables } from '../elk/task.js';
import { abortError, onAbort } from './abort.js';
import type { ElkLayoutRequest, ElkWarmupRequest, WorkerRequestKind, WorkerResponse, WorkerResponseFor } from './protocol.js';
import { messageOf } from './protocol-helpers.js';
import { recordElkCall, type ElkRunnerStats } from './runner.js';
import { transferList } from './transfer-list.js';
import { terminateQuietly, type WorkerEndpoint } from './worker-endpoint.js';

interface JobRequests {
  layout: ElkLayoutRequest;
  warmup: ElkWarmupRequest;
}

/** One request to run on a worker, and what to do with its answer. */
export interface Job<K extends WorkerRequestKind = WorkerRequestKind> {
  request: JobRequests[K];
  /** Nodes of a layout task, read at submission (transferring the task empties its arrays); 0 for a warm-up. */
  nodes: number;
  /** Slot index this job must run on (warm-ups warm one given worker), or −1 for any. */
  pin: number;
  settled: boolean;
  /** Takes the answer to the request: a worker answers request `id` with the response of its kind (serve-elk.ts). */
  accept(response: WorkerResponseFor<K>): void;
  reject(error: Error): void;
  /** Stops listening to the job's AbortSignal. */
  release(): void;
}

export interface Slot {
  index: number;
  /** null once the worker died or was closed; a new one is spawned when a job needs it. */
  endpoint: WorkerEndpoint | null;
  /** The job the worker is running, kept after an abort until the worker answers. */
  job: Job | null;
}

export interface PoolState {
  spawn: () => WorkerEndpoint;
  slots: Slot[];
  /** A Set keeps insertion order (FIFO) and removes aborted jobs in O(1). */
  queue: Set<Job>;
  stats: ElkRunnerStats;
  nextId: number;
  closing: Promise<void> | null;
}

/** Settles a job once: later outcomes (a late answer after an abort) are dropped. */
export function settle(job: Job, outcome: () => void): void {
  if (job.settled) return;
  job.settled = true;
  job.release();
  outcome();
}

/** Spawns the worker of a slot and listens to it. */
export function connect(pool: PoolState, slot: Slot): WorkerEndpoint {
  const endpoint = pool.spawn();
  slot.endpoint = endpoint;
  endpoint.onMessage((response) => answered(pool, slot, endpoint, response));
  endpoint.onError((error) => crashed(pool, slot, endpoint, error));
  endpoint.keepAlive?.(false);
  return endpoint;
}

/** Starts queued jobs on free slots. */
function pump(pool: PoolState): void {
  if (pool.closing) return;
  for (const slot of pool.slots) {
    // Loop: starting a job can fail at once and leave the slot free for the next one.
    while (slot.job === null) {
      const job = takeFor(pool, slot);
      if (!job) break;
      start(pool, slot, job);
    }
  }
}

/** Queues a job (removed again if its signal fires first) and starts what can start. */
export function submit(pool: PoolState, job: Job, signal: AbortSignal | undefined): void {
  if (signal) {
    job.release = onAbort(signal, () => {
      pool.queue.delete(job); // no-op if it already runs: then the worker's answer is dropped
      settle(job, () => job.reject(abortError(signal)));
    });
  }
  pool.queue.add(job);
  pump(pool);
}

function takeFor(pool: PoolState, slot: Slot): Job | undefined {
  for (const job of pool.queue) {
    if (job.pin === -1 || job.pin === slot.index) {
      pool.queue.delete(job);
      return job;
    }
  }
  return undefined;
}

function start(pool: PoolState, slot: Slot, job: Job): void {
  let endpoint = slot.endpoint;
  try {
    endpoint ??= connect(pool, slot);
  } catch (error) {
    settle(job, () => job.reject(new Error(`could not start an ELK worker: ${messageOf(error)}`, { cause: error })));
    return;
  }
  const request = job.request;
  try {
    endpoint.postMessage(request, request.kind === 'layout' ? transferList(taskTransferables(request.task)) : []);
  } catch (error) {
    // E.g. DataCloneError for a task whose arrays were already transferred.
    settle(job, () => job.reject(error instanceof Error ? error : new Error(String(error))));
    return;
  }
  slot.job = job;
  endpoint.keepAlive?.(true);
}

function answered(pool: PoolState, slot: Slot, endpoint: WorkerEndpoint, response: WorkerResponse): void {
  const job = slot.job;
  if (slot.endpoint !== endpoint || job === null || response.id !== job.request.id) return; // not for the running job
  slot.job = null;
  endpoint.keepAlive?.(false);
  // An ELK call made for a job aborted meanwhile still counts.
  if (response.kind === 'done') recordElkCall(pool.stats, response.result.elkMs, job.nodes);
  if (response.kind === 'failed') settle(job, () => job.reject(new Error(`ELK worker failed: ${response.message}`)));
  else settle(job, () => job.accept(response));
  pump(pool);
}

function crashed(pool: PoolState, slot: Slot, endpoint: WorkerEndpoint, error: Error): void {
  if (slot.endpoint !== endpoint) return; // an old worker's late 'exit' after its 'error'
  slot.endpoint = null;
  void terminateQuietly(endpoint);
  const job = slot.job;
  slot.job = null;
  if (job) {
    const what = job.request.kind === 'layout' ? `a task of ${job.nodes} nodes` : 'its warm-up';
    settle(job, () => job.reject(new Error(`ELK worker crashed while running ${what}: ${error.message}`, { cause: error })));
  }
  pump(pool);
}
