/**
 * The messages between a layout client and an ELK worker. One request, one response, by id:
 * request `id` is answered by the response its kind maps to (`WorkerResponseFor`), or by a
 * `failed` response.
 */
import type { ElkResult, ElkTask } from '../elk/task.js';
import type { ResponseMap } from './protocol-helpers.js';

/** Run one task. */
export interface ElkLayoutRequest {
  kind: 'layout';
  id: number;
  task: ElkTask;
}

/** Run a few small layouts so that the first real one does not pay for ELK's JIT warm-up. */
export interface ElkWarmupRequest {
  kind: 'warmup';
  id: number;
}

export type WorkerRequest = ElkLayoutRequest | ElkWarmupRequest;
export type WorkerRequestKind = WorkerRequest['kind'];

/** The answer to `layout`: the task's result (its buffers are transferred). */
export interface ElkDoneResponse {
  kind: 'done';
  id: number;
  result: ElkResult;
}

/** The answer to `warmup`: the time it took, in ms. */
export interface ElkWarmResponse {
  kind: 'warm';
  id: number;
  ms: number;
}

/** The answer to any request that failed (or that was not a request: id −1). */
export interface ElkFailedResponse {
  kind: 'failed';
  id: number;
  message: string;
}

/** The response that answers each kind of request when it succeeds. */
export type WorkerResponseMap = ResponseMap<WorkerRequest, { layout: ElkDoneResponse; warmup: ElkWarmResponse }>;
export type WorkerResponseFor<K extends WorkerRequestKind> = WorkerResponseMap[K];
export type WorkerResponse = WorkerResponseFor<WorkerRequestKind> | ElkFailedResponse;
