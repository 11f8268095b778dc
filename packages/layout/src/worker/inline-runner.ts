import { inThreadEndpoint } from './in-thread-endpoint.js';
import { createWorkerPool } from './pool.js';
import type { ElkRunner } from './runner.js';

/**
 * An ElkRunner on the calling thread (tests, CLI, environments without workers): one task at
 * a time, with the queue, abort, close and stats behaviour of a worker pool. Unlike a pool of
 * real workers it does not detach the task's arrays, but callers should not rely on that.
 */
export function createInlineRunner(): ElkRunner {
  return createWorkerPool(() => inThreadEndpoint(), 1);
}
