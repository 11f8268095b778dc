/**
 * The client side of the view protocol: a typed, promise-based handle on a view worker. Each
 * `layout` supersedes the previous one: the older promise rejects with an AbortError, as the
 * worker answers it `cancelled`.
 */
import type { SearchOptions, SearchResult } from '@tbg/hierarchy';
import type { Geometry } from '../geometry/types.js';
import type { WorkerEndpoint } from '../worker/worker-endpoint.js';
import type { ExpansionChange, ViewLayoutStats, ViewOpenOptions, ViewRequest, ViewResponse, ViewSummary } from './protocol.js';

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
  resolve(response: ViewResponse): void;
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

  function send(request: ViewRequest, transfer: ArrayBuffer[] = []): Promise<ViewResponse> {
    if (dead) return Promise.reject(dead);
    return new Promise<ViewResponse>((resolve, reject) => {
      pending.set(request.id, { resolve, reject });
      busy();
      try {
        endpoint.postMessage(request, transfer);
      } catch (error) {
        pending.delete(request.id);
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
      const r = await send({ kind: 'open', id: nextId++, bytes: owned, options: rest }, [owned.buffer as ArrayBuffer]);
      if (r.kind !== 'opened') throw new Error(`unexpected ${r.kind} answer to open`);
      return r.summary;
    },
    async layout(change = {}) {
      const r = await send({ kind: 'layout', id: nextId++, change });
      if (r.kind !== 'laidOut') throw new Error(`unexpected ${r.kind} answer to layout`);
      return { geometry: r.geometry, stats: r.stats, expanded: r.expanded };
    },
    async search(query, options = {}) {
      const r = await send({ kind: 'search', id: nextId++, query, options: { ...options } });
      if (r.kind !== 'found') throw new Error(`unexpected ${r.kind} answer to search`);
      return r.result;
    },
    close() {
      closing ??= (async () => {
        try {
          if (!dead) await send({ kind: 'close', id: nextId++ });
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
