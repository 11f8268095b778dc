/**
 * The client side of the view protocol: a typed, promise-based handle on a view worker. Each
 * `layout` supersedes the previous one: the older promise rejects with an AbortError, as the
 * worker answers it `cancelled`.
 */
import type { SearchOptions, SearchResult } from '@tbg/hierarchy';
import type { Geometry } from '../geometry/types.js';
import type { WorkerEndpoint } from '../worker/worker-endpoint.js';
import type { ExpansionChange, ViewLayoutStats, ViewOpenOptions, ViewRequest, ViewRequestKind, ViewResponse, ViewResponseFor, ViewSummary } from './protocol.js';

export type ViewEndpoint = WorkerEndpoint<ViewRequest, ViewResponse>;

export interface ViewLayoutResult {
  geometry: Geometry;
  stats: ViewLayoutStats;
  expanded: number[];
}

export interface ViewClient {
  /**
   * Opens a graph in the worker. The bytes are transferred (detached here) unless `copy`
   * is set. Rejects with the worker's error (e.g. a GraphFormatError's message).
   */
  open(bytes: Uint8Array, options?: ViewOpenOptions & { copy?: boolean }): Promise<ViewSummary>;
  /** Applies an expansion change and lays out the view. Rejects with an AbortError when superseded. */
  layout(change?: ExpansionChange): Promise<ViewLayoutResult>;
  /** Searches the open graph in the worker (a regex over names, ops, devices and attribute values). */
  search(query: string, options?: SearchOptions): Promise<SearchResult>;
  /** Closes the worker's graph and ELK runner, then terminates the worker. Idempotent. */
  close(): Promise<void>;
}

/** An error from the view worker, with the name it had there (GraphFormatError, RangeError, …). */
export class ViewWorkerError extends Error {
  constructor(
    readonly remoteName: string,
    message: string,
  ) {
    super(message);
    this.name = remoteName === 'AbortError' ? 'AbortError' : 'ViewWorkerError';
  }
}

interface Pending {
  /** Takes the request's own response; error responses go to `reject`. */
  resolve(response: ViewResponseFor<ViewRequestKind>): void;
  reject(error: Error): void;
}

export function createViewClient(endpoint: ViewEndpoint): ViewClient {
  const pending = new Map<number, Pending>();
  let nextId = 1;
  let dead: Error | null = null;
  let closing: Promise<void> | null = null;

  // An idle worker must not keep a Node process alive; a busy one must.
  const busy = () => endpoint.keepAlive?.(pending.size > 0);
  busy();
  endpoint.onMessage((response) => {
    const p = pending.get(response.id);
    if (!p) return;
    pending.delete(response.id);
    busy();
    if (response.kind === 'failed') p.reject(new ViewWorkerError(response.error.name, response.error.message));
    else if (response.kind === 'cancelled') p.reject(new ViewWorkerError('AbortError', 'layout superseded by a newer request'));
    else p.resolve(response);
  });
  endpoint.onError((error) => {
    dead ??= error;
    for (const p of pending.values()) p.reject(error);
    pending.clear();
    busy();
  });

  /** Sends a request; resolves with its own response kind, rejects on an error response. */
  function request<R extends ViewRequest>(message: R, transfer: ArrayBuffer[] = []): Promise<ViewResponseFor<R['kind']>> {
    if (dead) return Promise.reject(dead);
    return new Promise<ViewResponseFor<R['kind']>>((resolve, reject) => {
      // The host answers request `id` with the response of its kind (ViewResponseMap): the
      // correlation by id, which the types cannot see, is what makes this the right type.
      pending.set(message.id, { resolve: (response) => resolve(response as ViewResponseFor<R['kind']>), reject });
      busy();
      try {
        endpoint.postMessage(message, transfer);
      } catch (error) {
        pending.delete(message.id);
        busy();
        reject(error instanceof Error ? error : new Error(String(error)));
      }
    });
  }

  return {
    async open(bytes, options = {}) {
      const { copy, ...rest } = options;
      const data = copy ? bytes.slice() : bytes;
      // Only a buffer the view owns whole can be transferred; a view into a larger one is copied.
      const owned = data.byteOffset === 0 && data.byteLength === data.buffer.byteLength ? data : data.slice();
      const { summary } = await request({ kind: 'open', id: nextId++, bytes: owned, options: rest }, [owned.buffer as ArrayBuffer]);
      return summary;
    },
    async layout(change = {}) {
      const { geometry, stats, expanded } = await request({ kind: 'layout', id: nextId++, change });
      return { geometry, stats, expanded };
    },
    async search(query, options = {}) {
      const { result } = await request({ kind: 'search', id: nextId++, query, options: { ...options } });
      return result;
    },
    close() {
      closing ??= (async () => {
        try {
          if (!dead) await request({ kind: 'close', id: nextId++ });
        } catch {
          // A worker that cannot close politely is terminated all the same.
        } finally {
          dead ??= new Error('the view worker is closed');
          await endpoint.terminate();
        }
      })();
      return closing;
    },
  };
}
