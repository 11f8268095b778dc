/**
 * The host's own failures, with the code the client gets (ViewErrorCode): what a client may act
 * on (open a graph first, drop a stale selection) without parsing messages.
 */
import type { ViewErrorCode, ViewFailedResponse } from './protocol.js';

export class ViewRequestError extends Error {
  constructor(
    readonly code: ViewErrorCode,
    name: string,
    message: string,
  ) {
    super(message);
    this.name = name;
  }
}

/** `info` about a node the open graph does not have (by name, NodeRef or embedding index). */
export function nodeNotFound(message: string): ViewRequestError {
  return new ViewRequestError('node-not-found', 'NodeNotFoundError', message);
}

/** The wire form of any error: its name and message, and its code when the host raised it. */
export function errorOf(error: unknown): ViewFailedResponse['error'] {
  if (error instanceof ViewRequestError) return { name: error.name, message: error.message, code: error.code };
  return error instanceof Error ? { name: error.name, message: error.message } : { name: 'Error', message: String(error) };
}

export function failed(id: number, error: unknown): ViewFailedResponse {
  return { kind: 'failed', id, error: errorOf(error) };
}

export function noGraph(id: number): ViewFailedResponse {
  return failed(id, new ViewRequestError('no-graph', 'Error', 'no graph is open'));
}
