import { runElkTask, type ElkLayouter } from '../elk/run-elk.js';
import { resultTransferables } from '../elk/task.js';
import { warmUpElk } from '../elk/warm-up.js';
import type { ElkLayoutRequest, ElkWarmupRequest, WorkerRequest, WorkerResponse, WorkerResponseFor } from './protocol.js';
import { describe, idOf, messageOf } from './protocol-helpers.js';

/** The worker's side of the link to whoever sends it requests (ELK responses by default). */
export interface RequestChannel<Res = WorkerResponse> {
  post(response: Res, transfer: ArrayBuffer[]): void;
  listen(handler: (message: unknown) => void): void;
}

/**
 * Answers WorkerRequests on `channel`, one at a time, in arrival order (elk.layout yields
 * to the event loop, so requests are chained rather than run as they arrive). Every request
 * gets exactly one response; errors become `failed` responses and never end the worker.
 */
export function serveElk(channel: RequestChannel, elk: ElkLayouter): void {
  let previous: Promise<void> = Promise.resolve();
  channel.listen((message) => {
    previous = previous.then(() => answer(channel, elk, message)).catch(() => undefined);
  });
}

async function answer(channel: RequestChannel, elk: ElkLayouter, message: unknown): Promise<void> {
  const id = idOf(message);
  let response: WorkerResponse;
  let transfer: ArrayBuffer[] = [];
  try {
    const request = asRequest(message);
    if (request.kind === 'layout') {
      response = await layout(elk, request);
      transfer = resultTransferables(response.result);
    } else {
      response = await warmup(elk, request);
    }
  } catch (error) {
    response = { kind: 'failed', id, message: messageOf(error) };
  }
  try {
    channel.post(response, transfer);
  } catch (error) {
    channel.post({ kind: 'failed', id, message: `could not send the response: ${messageOf(error)}` }, []);
  }
}

async function layout(elk: ElkLayouter, request: ElkLayoutRequest): Promise<WorkerResponseFor<'layout'>> {
  return { kind: 'done', id: request.id, result: await runElkTask(elk, request.task) };
}

async function warmup(elk: ElkLayouter, request: ElkWarmupRequest): Promise<WorkerResponseFor<'warmup'>> {
  return { kind: 'warm', id: request.id, ms: await warmUpElk(elk) };
}

function asRequest(message: unknown): WorkerRequest {
  const kind = (message as { kind?: unknown } | null)?.kind;
  if (idOf(message) === -1 || (kind !== 'layout' && kind !== 'warmup')) throw new Error(`not an ELK worker request: ${describe(message)}`);
  return message as WorkerRequest;
}
