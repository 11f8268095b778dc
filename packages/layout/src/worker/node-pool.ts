import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import { nodeWorkerEndpoint } from './node-endpoint.js';
import { nodeWorkerScript } from './node-worker-script.js';
import { createWorkerPool } from './pool.js';
import type { ElkRunner } from './runner.js';
import type { WorkerEndpoint } from './worker-endpoint.js';

/**
 * Default pool size: one core less than the machine has (the calling thread — a UI, or the
 * session's own work — keeps a core), at least 1 and at most 4 (more rarely pays for their
 * start-up). On the 2-core dev machine one worker beat two on every fixture's expand p95.
 */
export function defaultPoolSize(): number {
  return Math.max(1, Math.min(4, availableParallelism() - 1));
}

/** Starts one ELK worker thread. */
export function spawnNodeElkWorker(): WorkerEndpoint {
  const script = nodeWorkerScript();
  return nodeWorkerEndpoint(new Worker(script.filename, script.options));
}

/** An ElkRunner on worker_threads, `size` workers (default: defaultPoolSize()). */
export function createNodeWorkerPool(options: { size?: number } = {}): ElkRunner {
  return createWorkerPool(spawnNodeElkWorker, options.size ?? defaultPoolSize());
}
