/**
 * Lays out what a RenderModel shows: the root and every expanded group, bottom-up, each group
 * once per (group, expansion signature, options) — so an expand or collapse re-lays-out only
 * the group that changed and its ancestors. Groups at the same depth run in parallel on the
 * runner's workers. A newer request cancels what an older one still has queued.
 */
import type { Hierarchy, NodeRef, RenderModel } from '@tbg/hierarchy';
import { LruElkCache } from '../compound/elk-cache.js';
import type { CompoundContext } from '../compound/layout-compound.js';
import { elkOptions } from '../elk/options.js';
import { buildGeometry } from '../geometry/build-geometry.js';
import type { Geometry } from '../geometry/types.js';
import { layoutGroup } from '../group/layout-group.js';
import type { GroupLayout } from '../group/types.js';
import { DEFAULT_LAYOUT_PARAMS, type LayoutParams } from '../params.js';
import { roboto } from '../text/roboto.js';
import type { TextMeasurer } from '../text/measurer.js';
import type { ElkRunner } from '../worker/runner.js';
import { tappedRunner } from '../worker/tapped-runner.js';

export interface LayoutSessionOptions {
  runner: ElkRunner;
  params?: Partial<LayoutParams>;
  measurer?: TextMeasurer;
}

export interface ViewLayout {
  root: GroupLayout;
  geometry: Geometry;
  /** Wall time of this request, and how many groups it had to lay out (the rest were cached). */
  ms: number;
  groupsLaidOut: number;
  groupsVisible: number;
  /** The largest single ELK call in this request. */
  maxElkNodes: number;
  maxElkMs: number;
  elkCalls: number;
  /** Some group was laid out by the quick layout while ELK was not ready: lay out again to get ELK's. */
  provisional: boolean;
}

interface Entry {
  promise: Promise<GroupLayout>;
  value: GroupLayout | null;
}

export class LayoutSession {
  readonly params: LayoutParams;
  readonly measurer: TextMeasurer;
  private model: RenderModel;
  private readonly runner: ElkRunner;
  private readonly cache = new Map<string, Entry>();
  /** ELK results by task content, across requests: unchanged sections and groups are not laid out again. */
  private readonly elkCache = new LruElkCache();
  private epoch = 0;
  private current: AbortController | null = null;

  constructor(model: RenderModel, options: LayoutSessionOptions) {
    this.model = model;
    this.runner = options.runner;
    this.params = { ...DEFAULT_LAYOUT_PARAMS, ...options.params };
    this.measurer = options.measurer ?? roboto;
  }

  get hierarchy(): Hierarchy {
    return this.model.hierarchy;
  }

  /** After the render model is rebuilt (auto-extract, include/exclude, series toggles): every group may differ. */
  setModel(model: RenderModel): void {
    this.model = model;
    this.epoch++;
    this.cache.clear();
    // The ELK cache stays: it is keyed by content, so it is still right after a rebuild.
  }

  /** Lays out the model's current expansion state. Rejects with an AbortError if a newer call supersedes it. */
  async layout(): Promise<ViewLayout> {
    const t0 = performance.now();
    this.current?.abort();
    // Entries still running belong to the cancelled request: forget them so this one redoes them.
    for (const [k, v] of this.cache) if (!v.value) this.cache.delete(k);
    const controller = new AbortController();
    this.current = controller;
    const h = this.model.hierarchy;
    const visible = this.model.visibleGroups();
    const keys = new Map<NodeRef, string>();
    const entries = new Map<NodeRef, Entry>();
    let laidOut = 0;
    let maxElkNodes = 0;
    let maxElkMs = 0;
    let elkCalls = 0;
    const request = { provisional: false, created: [] as string[] };
    const compound: CompoundContext = {
      // Results of the quick layout (quick/quick-start-runner.ts) make this view provisional;
      // a deadline counts from this layout's start.
      runner: tappedRunner(this.runner, () => undefined, (r) => (request.provisional ||= r.provisional === true), { since: t0 }),
      maxElkNodes: this.params.maxElkNodes,
      maxElkEdges: this.params.maxElkEdges,
      sectionPadding: this.params.sectionPadding,
      gridGap: this.params.gridGap,
      elkOptions: (nodes, edges) => elkOptions(this.params, nodes, edges),
      signal: controller.signal,
      cache: this.elkCache,
    };
    // Children come after their parents in `visible`: walk it backwards.
    for (let i = visible.length - 1; i >= 0; i--) {
      const ref = visible[i]!;
      const rg = this.model.group(ref);
      const kids = [...rg.core, ...rg.inExtract, ...rg.outExtract, ...rg.library].filter((c) => keys.has(c));
      const key = `${this.epoch}:${ref}${kids.length ? `(${kids.map((c) => keys.get(c)).join(',')})` : ''}`;
      keys.set(ref, key);
      let entry = this.cache.get(key);
      if (!entry) {
        const childEntries = kids.map((c) => [c, entries.get(c)!] as const);
        const e: Entry = { value: null, promise: null as unknown as Promise<GroupLayout> };
        e.promise = (async () => {
          const done = new Map<NodeRef, GroupLayout>();
          for (const [c, ce] of childEntries) done.set(c, await ce.promise);
          const gl = await layoutGroup(rg, {
            hierarchy: h,
            params: this.params,
            measurer: this.measurer,
            compound,
            childLayout: (c) => done.get(c) ?? null,
          });
          e.value = gl;
          laidOut++;
          maxElkNodes = Math.max(maxElkNodes, gl.maxElkNodes);
          maxElkMs = Math.max(maxElkMs, gl.maxElkMs);
          elkCalls += gl.elkCalls;
          return gl;
        })();
        // A failed or cancelled group must be redone next time.
        e.promise.catch(() => {
          if (this.cache.get(key) === e) this.cache.delete(key);
        });
        this.cache.set(key, e);
        request.created.push(key);
        entry = e;
      }
      entries.set(ref, entry);
    }
    const root = await entries.get(h.n)!.promise;
    if (controller.signal.aborted) throw abortError();
    const geometry = buildGeometry(h, this.model, root);
    this.pruneCache(new Set(keys.values()));
    // Groups with a quick layout in them are not kept: the next request lays them out with ELK.
    if (request.provisional) for (const k of request.created) this.cache.delete(k);
    return { root, geometry, ms: performance.now() - t0, groupsLaidOut: laidOut, groupsVisible: visible.length, maxElkNodes, maxElkMs, elkCalls, provisional: request.provisional };
  }

  /** Keeps the layouts of the current view and a bounded number of others (recently collapsed groups). */
  private pruneCache(live: Set<string>): void {
    const spare = 4096;
    let extra = this.cache.size - live.size;
    if (extra <= spare) return;
    for (const k of this.cache.keys()) {
      if (extra <= spare) break;
      if (live.has(k)) continue;
      this.cache.delete(k);
      extra--;
    }
  }
}

function abortError(): Error {
  const e = new Error('layout superseded by a newer request');
  e.name = 'AbortError';
  return e;
}
