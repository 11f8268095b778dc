/**
 * The worker side of the view protocol: owns one graph (hierarchy, render model, layout
 * session) and answers ViewRequests. Requests are handled as they arrive, not queued: a new
 * `layout` cancels the one still running, which answers `cancelled`. That needs the ELK runner
 * to yield to the event loop between calls (see `yieldingRunner`).
 */
import { buildHierarchy, buildSlimGraph, GraphSearch, RenderModel, type Hierarchy, type NodeRef } from '@tbg/hierarchy';
import { loadColumnarGraph, type EventGraphReader } from '@tbg/proto';
import { warmUpTask, WARM_UP_CALLS } from '../elk/warm-up-tasks.js';
import { geometryTransferables, type Geometry } from '../geometry/types.js';
import { applyExpandMode, collapseAll } from '../session/expansion.js';
import { LayoutSession } from '../session/layout-session.js';
import type { QuickStartRunner } from '../quick/quick-start-runner.js';
import { describe, idOf } from '../worker/protocol-helpers.js';
import type { RequestChannel } from '../worker/serve-elk.js';
import type { ElkRunner } from '../worker/runner.js';
import { nextMacrotask } from '../worker/yielding-runner.js';
import type {
  ExpansionChange,
  ViewAnswer,
  ViewCloseRequest,
  ViewInfoRequest,
  ViewLayoutRequest,
  ViewOpenOptions,
  ViewOpenRequest,
  ViewRequest,
  ViewRequestKind,
  ViewResponse,
  ViewSearchRequest,
  ViewSummary,
} from './protocol.js';
import { decorationContext, type ViewDecorate, type ViewDecorationContext } from './view-decoration.js';
import { failed, noGraph, ViewRequestError } from './view-errors.js';
import { infoOf, isInfoTarget } from './view-info.js';
import { viewSummary } from './view-summary.js';

/** `D`: what `decorate` makes of each layout (no decoration by default). */
export interface ViewHostOptions<D = undefined> {
  /**
   * Runs the ELK calls of every layout; closed by a `close` request. A QuickStartRunner
   * (`createQuickStartRunner`) gives provisional layouts until ELK is ready, and after that for
   * tasks ELK has not answered within its deadline; `settled` requests wait for ELK (set
   * `warmUp: false`: it warms ELK up itself).
   */
  runner: ElkRunner;
  /** Reads event files (e.g. `eventGraphReader` of @tbg/events); without it they are refused. */
  eventReader?: EventGraphReader;
  /**
   * Warm ELK's JIT up with small layouts while idle (default true): one at a time, stopping at
   * the first request, so that it never delays real work by more than one small layout.
   */
  warmUp?: boolean;
  /**
   * Runs after each layout, in the worker: its value goes with the `laidOut` response as
   * `decoration`, its buffers transferred. An exception fails that layout request.
   */
  decorate?: ViewDecorate<D>;
}

interface OpenGraph {
  hierarchy: Hierarchy;
  model: RenderModel;
  session: LayoutSession;
  summary: ViewSummary;
  search: GraphSearch;
  /** Whether the attribute index is built or scheduled. */
  prepared: boolean;
  decoration: ViewDecorationContext;
}

/** The host's state: the open graph, and whether it was closed or asked anything yet. */
interface HostState<D> {
  channel: RequestChannel<ViewResponse<D>>;
  options: ViewHostOptions<D>;
  graph: OpenGraph | null;
  closed: boolean;
  requested: boolean;
  /** Layout requests so far: a `settled` one that waited for ELK yields to any newer one. */
  layouts: number;
}

/**
 * Serves view requests on `channel` until it is closed. An `open` request's bytes become the
 * host's: it may rewrite them in place (`consumeInput`), as it may when they were transferred
 * to its worker, so a channel that passes requests without cloning them must not reuse them.
 */
export function serveView<D = undefined>(channel: RequestChannel<ViewResponse<D>>, options: ViewHostOptions<D>): void {
  const host: HostState<D> = { channel, options, graph: null, closed: false, requested: false, layouts: 0 };
  if (options.warmUp !== false) void warmUp(host);
  channel.listen((message) => {
    host.requested = true;
    const id = idOf(message);
    let request: ViewRequest;
    try {
      request = asRequest(message);
      if (host.closed) throw new ViewRequestError('closed', 'Error', 'the view host is closed');
    } catch (error) {
      reply(host, failed(id, error));
      return;
    }
    if (request.kind === 'open') reply(host, open(host, request));
    else if (request.kind === 'layout') void layout(host, request);
    else if (request.kind === 'search') reply(host, search(host, request));
    else if (request.kind === 'info') reply(host, info(host, request));
    else void close(host, request).then((response) => reply(host, response));
  });
}

/** Small layouts while idle, one at a time, until the first request. */
async function warmUp<D>(host: HostState<D>): Promise<void> {
  for (let i = 0; i < WARM_UP_CALLS && !host.requested; i++) {
    await host.options.runner.run(warmUpTask(i)).catch(() => undefined);
  }
}

/** Posts a response; one that cannot be sent (e.g. not cloneable) becomes a `failed` one. */
function reply<D>(host: HostState<D>, response: ViewResponse<D>, transfer: ArrayBuffer[] = []): void {
  try {
    host.channel.post(response, transfer);
  } catch (error) {
    host.channel.post(failed(response.id, error), []);
  }
}

function open<D>(host: HostState<D>, request: ViewOpenRequest): ViewAnswer<'open'> {
  try {
    host.graph = openGraph(request.bytes, request.options, host.options);
    return { kind: 'opened', id: request.id, summary: host.graph.summary };
  } catch (error) {
    return failed(request.id, error);
  }
}

function search<D>(host: HostState<D>, request: ViewSearchRequest): ViewAnswer<'search'> {
  if (!host.graph) return noGraph(request.id);
  try {
    return { kind: 'found', id: request.id, result: host.graph.search.search(request.query, request.options) };
  } catch (error) {
    return failed(request.id, error);
  }
}

function info<D>(host: HostState<D>, request: ViewInfoRequest): ViewAnswer<'info'> {
  if (!host.graph) return noGraph(request.id);
  try {
    return { kind: 'nodeInfo', id: request.id, info: infoOf(host.graph.hierarchy, request.target, request.options) };
  } catch (error) {
    return failed(request.id, error);
  }
}

async function close<D>(host: HostState<D>, request: ViewCloseRequest): Promise<ViewAnswer<'close'>> {
  host.closed = true;
  host.graph = null;
  await host.options.runner.close();
  return { kind: 'closed', id: request.id };
}

/** Lays the view out and replies: `laidOut` (the geometry and decoration transferred), `cancelled` or `failed`. */
async function layout<D>(host: HostState<D>, request: ViewLayoutRequest): Promise<void> {
  const g = host.graph;
  const { answer, transfer } = await layoutAnswer(host, request);
  reply(host, answer, transfer);
  // The attribute index (100–250 ms at 100k ops) is built once the first view is shown,
  // while the user looks at it, so that no search pays for it.
  if (answer.kind === 'laidOut' && g && !g.prepared) {
    g.prepared = true;
    void nextMacrotask().then(() => {
      if (host.graph === g) g.search.prepare();
    });
  }
}

/** A layout's answer and the buffers to transfer with it. */
interface LayoutReply<D> {
  answer: ViewAnswer<'layout', D>;
  transfer: ArrayBuffer[];
}

async function layoutAnswer<D>(host: HostState<D>, request: ViewLayoutRequest): Promise<LayoutReply<D>> {
  const { id } = request;
  const g = host.graph;
  const only = (answer: ViewAnswer<'layout', D>): LayoutReply<D> => ({ answer, transfer: [] });
  if (!g) return only(noGraph(id));
  try {
    applyChange(g, request.change);
  } catch (error) {
    return only(failed(id, error));
  }
  try {
    const runner = host.options.runner as Partial<QuickStartRunner>;
    const seq = ++host.layouts;
    if (request.settled && runner.ready) await runner.ready;
    if (seq !== host.layouts) return only({ kind: 'cancelled', id });
    // A settling request is there to replace quick layouts: it waits for ELK's.
    const view = request.settled && runner.withoutDeadline ? await runner.withoutDeadline(() => g.session.layout()) : await g.session.layout();
    // The graph was replaced while this ran: the answer is about a graph the client left.
    if (host.graph !== g) return only({ kind: 'cancelled', id });
    const { geometry, ms, groupsLaidOut, groupsVisible, maxElkNodes, maxElkMs, elkCalls, provisional } = view;
    const stats = { ms, groupsLaidOut, groupsVisible, maxElkNodes, maxElkMs, elkCalls, provisional };
    const decorated = decorate(host.options.decorate, g, geometry);
    return {
      answer: { kind: 'laidOut', id, geometry, stats, expanded: expandedGroups(g), ...(decorated ? { decoration: decorated.value } : {}) },
      transfer: uniqueBuffers([...geometryTransferables(geometry), ...(decorated?.transfer ?? [])]),
    };
  } catch (error) {
    return only(isAbort(error) ? { kind: 'cancelled', id } : failed(id, error));
  }
}

/** The host's decoration of this layout, or null without a `decorate` option. */
function decorate<D>(fn: ViewDecorate<D> | undefined, g: OpenGraph, geometry: Geometry): { value: D; transfer: ArrayBuffer[] } | null {
  return fn ? fn(g.decoration, geometry) : null;
}

/** A transfer list names each buffer once (postMessage throws on a repeat). */
function uniqueBuffers(buffers: ArrayBuffer[]): ArrayBuffer[] {
  return [...new Set(buffers)];
}

function openGraph<D>(bytes: Uint8Array, o: ViewOpenOptions, host: ViewHostOptions<D>): OpenGraph {
  const t0 = performance.now();
  // The bytes came in the open request: they are the host's alone (see serveView; view-client.ts
  // transfers them, and the element's worker hands over fetched bytes once).
  const loaded = loadColumnarGraph(bytes, {
    consumeInput: true,
    ...(o.name !== undefined ? { name: o.name } : {}),
    ...(o.metaGraph !== undefined ? { metaGraph: o.metaGraph } : {}),
    ...(o.tag !== undefined ? { tag: o.tag } : {}),
    ...(host.eventReader ? { eventReader: host.eventReader } : {}),
  });
  const t1 = performance.now();
  const slim = buildSlimGraph(loaded.columnar);
  const hierarchy = buildHierarchy(slim, {
    ...(o.groupSeries !== undefined ? { groupSeries: o.groupSeries } : {}),
    ...(o.generalizedSeries !== undefined ? { generalizedSeries: o.generalizedSeries } : {}),
  });
  const model = new RenderModel(hierarchy, o.autoExtract !== undefined ? { autoExtract: o.autoExtract } : {});
  const session = new LayoutSession(model, { runner: host.runner, ...(o.params ? { params: o.params } : {}) });
  const summary = viewSummary(loaded, slim, hierarchy, { decodeMs: t1 - t0, hierarchyMs: performance.now() - t1 });
  return { hierarchy, model, session, summary, search: new GraphSearch(hierarchy), prepared: false, decoration: decorationContext(hierarchy, model) };
}

function applyChange(g: OpenGraph, change: ExpansionChange): void {
  const h = g.hierarchy;
  const check = (refs: readonly NodeRef[] | undefined, what: string): readonly NodeRef[] => {
    for (const r of refs ?? []) {
      if (!Number.isInteger(r) || r < h.n || r >= h.n + h.groups.length) throw new RangeError(`${what}: ${String(r)} is not a group of this graph (groups are ${h.n}…${h.n + h.groups.length - 1})`);
    }
    return refs ?? [];
  };
  const collapse = check(change.collapse, 'collapse');
  const expand = check(change.expand, 'expand');
  if (change.reset) collapseAll(g.model);
  if (change.mode) applyExpandMode(g.model, change.mode);
  for (const r of collapse) g.model.collapse(r);
  for (const r of expand) g.model.expand(r);
}

function expandedGroups(g: OpenGraph): NodeRef[] {
  const h = g.hierarchy;
  const out: NodeRef[] = [];
  for (let i = 1; i < h.groups.length; i++) if (g.model.isExpanded(h.n + i)) out.push(h.n + i);
  return out;
}

const isObject = (v: unknown): boolean => typeof v === 'object' && v !== null;

/** The fields each kind of request must have (every kind listed, so a new one cannot be forgotten). */
const REQUEST_FIELDS: Record<ViewRequestKind, (m: Record<string, unknown>) => boolean> = {
  open: (m) => m['bytes'] instanceof Uint8Array && isObject(m['options']),
  layout: (m) => isObject(m['change']),
  search: (m) => typeof m['query'] === 'string' && isObject(m['options']),
  info: (m) => isInfoTarget(m['target']) && isObject(m['options']),
  close: () => true,
};

function asRequest(message: unknown): ViewRequest {
  const m = message as Record<string, unknown> | null;
  const kind = m?.['kind'];
  const check = typeof kind === 'string' && Object.hasOwn(REQUEST_FIELDS, kind) ? REQUEST_FIELDS[kind as ViewRequestKind] : null;
  if (idOf(message) === -1 || !check?.(m!)) throw new ViewRequestError('bad-request', 'TypeError', `not a view request: ${describe(message)}`);
  return message as ViewRequest;
}

function isAbort(error: unknown): boolean {
  return error instanceof Error && error.name === 'AbortError';
}
