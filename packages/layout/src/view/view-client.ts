/**
 * The client side of the view protocol: a typed, promise-based handle on a view worker. Each
 * `layout` supersedes the previous one: the older promise rejects with an AbortError, as the
 * worker answers it `cancelled`. `D` is the type of the host's decorations (see
 * ViewHostOptions.decorate); none by default.
 */
import type { NodeInfo, NodeInfoOptions, SearchOptions, SearchResult } from '@tbg/hierarchy';
import type { Geometry } from '../geometry/types.js';
import type { WorkerEndpoint } from '../worker/worker-endpoint.js';
import type {
  ExpansionChange,
  ViewErrorCode,
  ViewInfoTarget,
  ViewLayoutStats,
  ViewOpenOptions,
  ViewRequest,
  ViewRequestKind,
  ViewResponse,
  ViewResponseFor,
  ViewSummary,
} from './protocol.js';

export type ViewEndpoint<D = undefined> = WorkerEndpoint<ViewRequest, ViewResponse<D>>;

export interface ViewLayoutResult<D = undefined> {
  geometry: Geometry;
  stats: ViewLayoutStats;
  expanded: number[];
  /**
   * What the host's `decorate` made of this layout. The client trusts the host to decorate
   * when `D` says so, as it trusts it to answer each request with its own response kind.
   */
  decoration: D;
}

export interface ViewClient<D = undefined> {
  /**
   * Opens a graph in the worker. The bytes are transferred (detached here) unless `copy`
   * is set. Rejects with the worker's error (e.g. a GraphFormatError's message).
   */
  open(bytes: Uint8Array, options?: ViewOpenOptions & { copy?: boolean }): Promise<ViewSummary>;
  /** Applies an expansion change and lays out the view. Rejects with an AbortError when superseded. */
  /**
   * Applies `change` and lays the view out. `stats.provisional`: some group had the quick layout
   * while ELK was starting; ask again with `{ settled: true }` for ELK's.
   */
  layout(change?: ExpansionChange, options?: { settled?: boolean }): Promise<ViewLayoutResult<D>>;
  /** Searches the open graph in the worker (a regex over names, ops, devices and attribute values). */
  search(query: string, options?: SearchOptions): Promise<SearchResult>;
  /**
   * The info card of a node: by NodeRef, full name, or an annotation's embedding index. Rejects
   * with a ViewWorkerError of code `node-not-found` (name NodeNotFoundError) when the graph has
   * no such node, `no-graph` before a graph is open.
   */
  info(target: ViewInfoTarget, options?: NodeInfoOptions): Promise<NodeInfo>;
  /** Closes the worker's graph and ELK runner, then terminates the worker. Idempotent. */
  close(): Promise<void>;
}

/**
 * An error from the view worker, with the name it had there (GraphFormatError, RangeError,
 * NodeNotFoundError, …) and, for the host's own failures, its code.
 */
export class ViewWorkerError extends Error {
  constructor(
    readonly remoteName: string,
    message: string,
    readonly code?: ViewErrorCode,
  ) {
    super(message);
    this.name = remoteName === 'AbortError' ? 'AbortError' : 'ViewWorkerError';
  }
}

interface Pending<D> {
  /** Takes the request's own response; error responses go to `reject`. */
  resolve(response: ViewResponseFor<ViewRequestKind, D>): void;
  reject(error: Error): void;
}

export function createViewClient<D = undefined>(endpoint: ViewEndpoint<D>): ViewClient<D> {
  const pending = new Map<number, Pending<D>>();
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
    if (response.kind === 'failed') p.reject(new ViewWorkerError(response.error.name, response.error.message, response.error.code));
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
  function request<R extends ViewRequest>(message: R, transfer: ArrayBuffer[] = []): Promise<ViewResponseFor<R['kind'], D>> {
    if (dead) return Promise.reject(dead);
    return new Promise<ViewResponseFor<R['kind'], D>>((resolve, reject) => {
      // The host answers request `id` with the response of its kind (ViewResponseMap): the
      // correlation by id, which the types cannot see, is what makes this the right type.
      pending.set(message.id, { resolve: (response) => resolve(response as ViewResponseFor<R['kind'], D>), reject });
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
    async layout(change = {}, options = {}) {
      const { geometry, stats, expanded, decoration } = await request({ kind: 'layout', id: nextId++, change, ...(options.settled ? { settled: true } : {}) });
      // Absent only when the host has no `decorate`, i.e. when D is undefined.
      return { geometry, stats, expanded, decoration: decoration as D };
    },
    async search(query, options = {}) {
      const { result } = await request({ kind: 'search', id: nextId++, query, options: { ...options } });
      return result;
    },
    async info(target, options = {}) {
      const { info } = await request({ kind: 'info', id: nextId++, target, options: { ...options } });
      return info;
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
