/** The messages between a layout client and an ELK worker. One request, one response, by id. */
import type { ElkResult, ElkTask } from '../elk/task.js';

export type WorkerRequest =
  /** Run one task. */
  | { kind: 'layout'; id: number; task: ElkTask }
  /** Run a few small layouts so that the first real one does not pay for ELK's JIT warm-up. */
  | { kind: 'warmup'; id: number };

export type WorkerResponse =
  | { kind: 'done'; id: number; result: ElkResult }
  | { kind: 'warm'; id: number; ms: number }
  | { kind: 'failed'; id: number; message: string };
