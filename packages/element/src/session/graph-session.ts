/**
 * One graph in the view worker, seen from the element: open it, lay it out, expand and collapse,
 * look nodes up. Keeps the expansion state the worker reported and the timings of each phase.
 */
import type { ExpansionChange, ViewOpenOptions, ViewSummary } from '@tbg/layout';
import { createViewClient, webWorkerEndpoint, type ViewClient } from '@tbg/layout/view';
import type { DeferredWorker } from '../workers/deferred-worker.js';
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

export class GraphSession {
  private readonly client: ViewClient<GraphPaints>;
  summary: ViewSummary | null = null;
  expanded = new Set<number>();

  constructor(
    worker: Worker | DeferredWorker,
    /** Workers this session's view worker depends on (its ELK worker): ended with it. */
    private readonly helpers: Array<Worker | DeferredWorker> = [],
  ) {
    this.client = createViewClient<GraphPaints>(webWorkerEndpoint(worker, 'view worker'));
  }

  get view(): ViewClient<GraphPaints> {
    return this.client;
  }

  async open(bytes: Uint8Array, options: ViewOpenOptions): Promise<ViewSummary> {
    this.summary = await this.client.open(bytes, options);
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
