/**
 * One graph in the view worker, seen from the element: open it, lay it out, expand and collapse,
 * look nodes up. Keeps the expansion state the worker reported and the timings of each phase.
 */
import type { ExpansionChange, ViewOpenOptions, ViewSummary } from '@tbg/layout';
import { createViewClient, webWorkerEndpoint, type ViewClient } from '@tbg/layout/view';
import { GraphReadError, type ReadProgress } from '../load/read-source.js';
import type { DeferredWorker } from '../workers/deferred-worker.js';
import { FETCHED_OPTION, isFetchReply, type FetchAbort, type FetchReply, type FetchRequest } from '../workers/fetch-protocol.js';
import type { GraphPaints } from '../workers/graph-paints.js';
import { isShippedLayout, type ShippedLayout } from '../workers/layout-port.js';

export interface SessionLayout {
  /** The layout as the page holds it: the renderer got its geometry and paints directly. */
  layout: ShippedLayout;
  legend: GraphPaints['legend'];
  /** Expanded groups (NodeRefs). */
  expanded: number[];
  ms: number;
  /** Laid out (in part) by the quick layout while ELK was starting: ask again with `settled`. */
  provisional: boolean;
}

/** Bytes a view worker fetched and keeps for the next open (fetch-protocol.ts). */
export interface FetchedBytes {
  fetchId: number;
  loaded: number;
}

interface PendingFetch {
  url: string;
  onProgress: (p: ReadProgress) => void;
  resolve: (f: FetchedBytes) => void;
  reject: (e: Error) => void;
}

export class GraphSession {
  private readonly client: ViewClient<GraphPaints>;
  summary: ViewSummary | null = null;
  expanded = new Set<number>();
  private nextFetch = 1;
  private readonly fetches = new Map<number, PendingFetch>();

  constructor(
    private readonly worker: Worker | DeferredWorker,
    /** Workers this session's view worker depends on (its ELK worker): ended with it. */
    private readonly helpers: Array<Worker | DeferredWorker> = [],
    /** The view worker started from the boot script, which fetches URLs (worker-scripts.ts). */
    readonly fetchesUrls = false,
  ) {
    this.client = createViewClient<GraphPaints>(webWorkerEndpoint(worker, 'view worker'));
    if (fetchesUrls) {
      worker.addEventListener('message', (e: MessageEvent) => this.onFetchReply(e.data));
      // A worker that died (or never started: a CSP without blob: scripts) answers no download.
      worker.addEventListener('error', (e: ErrorEvent) => this.failFetches(`the view worker failed: ${e.message || 'unknown error'}`));
    }
  }

  /**
   * Has the view worker fetch `url` (absolute); resolves when the bytes wait there, for `open`.
   * Failures are GraphReadErrors, as the page's own reads give; `signal` aborts the download.
   */
  fetch(url: string, onProgress: (p: ReadProgress) => void, signal?: AbortSignal): Promise<FetchedBytes> {
    const fetchId = this.nextFetch++;
    return new Promise<FetchedBytes>((resolve, reject) => {
      this.fetches.set(fetchId, { url, onProgress, resolve, reject });
      const request: FetchRequest = { kind: 'tbg-fetch', fetchId, url };
      this.worker.postMessage(request, []);
      signal?.addEventListener('abort', () => {
        const abort: FetchAbort = { kind: 'tbg-fetch-abort', fetchId };
        this.worker.postMessage(abort, []);
        this.fetches.delete(fetchId);
        reject(new DOMException('superseded', 'AbortError'));
      });
    });
  }

  private failFetches(message: string): void {
    for (const p of this.fetches.values()) p.reject(new GraphReadError(`could not fetch ${p.url}: ${message}`, p.url));
    this.fetches.clear();
  }

  private onFetchReply(data: unknown): void {
    if (!isFetchReply(data)) return;
    const r: FetchReply = data;
    const p = this.fetches.get(r.fetchId);
    if (!p) return;
    if (r.kind === 'tbg-fetch-progress') return p.onProgress({ loaded: r.loaded, total: r.total });
    this.fetches.delete(r.fetchId);
    if (r.kind === 'tbg-fetched') p.resolve({ fetchId: r.fetchId, loaded: r.loaded });
    else p.reject(new GraphReadError(r.message, p.url));
  }

  get view(): ViewClient<GraphPaints> {
    return this.client;
  }

  /** Opens bytes, or the bytes the view worker fetched (`fetch`). */
  async open(source: Uint8Array | FetchedBytes, options: ViewOpenOptions): Promise<ViewSummary> {
    this.summary =
      source instanceof Uint8Array
        ? await this.client.open(source, options)
        : await this.client.open(new Uint8Array(0), { ...options, [FETCHED_OPTION]: source.fetchId } as ViewOpenOptions);
    this.expanded.clear();
    return this.summary;
  }

  async layout(change: ExpansionChange, settled = false): Promise<SessionLayout> {
    const t0 = performance.now();
    const r = await this.client.layout(change, { settled });
    // The view worker ships geometry and paints to the renderer (layout-port.ts) and sends this number in their place.
    const layout: unknown = r.geometry;
    if (!r.decoration || !isShippedLayout(layout)) throw new Error('the view worker sent a layout without its number and colours');
    this.expanded = new Set(r.expanded);
    return { layout, legend: r.decoration.legend, expanded: r.expanded, ms: performance.now() - t0, provisional: r.stats.provisional };
  }

  isExpanded(ref: number): boolean {
    return this.expanded.has(ref);
  }

  async close(): Promise<void> {
    await this.client.close();
    for (const w of this.helpers) w.terminate();
  }
}
