/**
 * The worker side of the view protocol: owns one graph (hierarchy, render model, layout
 * session) and answers ViewRequests. Requests are handled as they arrive, not queued: a new
 * `layout` cancels the one still running, which answers `cancelled`. That needs the ELK runner
 * to yield to the event loop between calls (see `yieldingRunner`).
 */
import { buildHierarchy, buildSlimGraph, GraphSearch, RenderModel, type Hierarchy, type NodeRef } from '@tbg/hierarchy';
import { loadColumnarGraph, type EventGraphReader } from '@tbg/proto';
import { warmUpTask, WARM_UP_CALLS } from '../elk/warm-up.js';
import { geometryTransferables } from '../geometry/types.js';
import { applyExpandMode, collapseAll } from '../session/expansion.js';
import { LayoutSession } from '../session/layout-session.js';
import { describe, idOf } from '../worker/protocol-helpers.js';
import type { RequestChannel } from '../worker/serve-elk.js';
import type { ElkRunner } from '../worker/runner.js';
import { nextMacrotask } from '../worker/yielding-runner.js';
import type {
  ExpansionChange,
  ViewAnswer,
  ViewCloseRequest,
  ViewFailedResponse,
  ViewLayoutRequest,
  ViewOpenOptions,
  ViewOpenRequest,
  ViewRequest,
  ViewResponse,
  ViewSearchRequest,
  ViewSummary,
} from './protocol.js';

export interface ViewHostOptions {
  /** Runs the ELK calls of every layout; closed by a `close` request. */
  runner: ElkRunner;
  /** Reads event files (e.g. `eventGraphReader` of @tbg/events); without it they are refused. */
  eventReader?: EventGraphReader;
  /**
   * Warm ELK's JIT up with small layouts while idle (default true): one at a time, stopping at
   * the first request, so that it never delays real work by more than one small layout.
   */
  warmUp?: boolean;
}

interface OpenGraph {
  hierarchy: Hierarchy;
  model: RenderModel;
  session: LayoutSession;
  summary: ViewSummary;
  search: GraphSearch;
  /** Whether the attribute index is built or scheduled. */
  prepared: boolean;
}

/** The host's state: the open graph, and whether it was closed or asked anything yet. */
interface HostState {
  channel: RequestChannel<ViewResponse>;
  options: ViewHostOptions;
  graph: OpenGraph | null;
  closed: boolean;
  requested: boolean;
}

/** Serves view requests on `channel` until it is closed. */
export function serveView(channel: RequestChannel<ViewResponse>, options: ViewHostOptions): void {
  const host: HostState = { channel, options, graph: null, closed: false, requested: false };
  if (options.warmUp !== false) void warmUp(host);
  channel.listen((message) => {
    host.requested = true;
    const id = idOf(message);
    let request: ViewRequest;
    try {
      request = asRequest(message);
      if (host.closed) throw new Error('the view host is closed');
    } catch (error) {
      reply(host, failed(id, error));
      return;
    }
    if (request.kind === 'open') reply(host, open(host, request));
    else if (request.kind === 'layout') void layout(host, request);
    else if (request.kind === 'search') reply(host, search(host, request));
    else void close(host, request).then((response) => reply(host, response));
  });
}

/** Small layouts while idle, one at a time, until the first request. */
async function warmUp(host: HostState): Promise<void> {
  for (let i = 0; i < WARM_UP_CALLS && !host.requested; i++) {
    await host.options.runner.run(warmUpTask(i)).catch(() => undefined);
  }
}

/** Posts a response; one that cannot be sent (e.g. not cloneable) becomes a `failed` one. */
function reply(host: HostState, response: ViewResponse, transfer: ArrayBuffer[] = []): void {
  try {
    host.channel.post(response, transfer);
  } catch (error) {
    host.channel.post(failed(response.id, error), []);
  }
}

function open(host: HostState, request: ViewOpenRequest): ViewAnswer<'open'> {
  try {
    host.graph = openGraph(request.bytes, request.options, host.options);
    return { kind: 'opened', id: request.id, summary: host.graph.summary };
  } catch (error) {
    return failed(request.id, error);
  }
}

function search(host: HostState, request: ViewSearchRequest): ViewAnswer<'search'> {
  if (!host.graph) return noGraph(request.id);
  try {
    return { kind: 'found', id: request.id, result: host.graph.search.search(request.query, request.options) };
  } catch (error) {
    return failed(request.id, error);
  }
}

async function close(host: HostState, request: ViewCloseRequest): Promise<ViewAnswer<'close'>> {
  host.closed = true;
  host.graph = null;
  await host.options.runner.close();
  return { kind: 'closed', id: request.id };
}

/** Lays the view out and replies: `laidOut` (the geometry transferred), `cancelled` or `failed`. */
async function layout(host: HostState, request: ViewLayoutRequest): Promise<void> {
  const g = host.graph;
  const answer = await layoutAnswer(host, request);
  reply(host, answer, answer.kind === 'laidOut' ? geometryTransferables(answer.geometry) : []);
  // The attribute index (100–250 ms at 100k ops) is built once the first view is shown,
  // while the user looks at it, so that no search pays for it.
  if (answer.kind === 'laidOut' && g && !g.prepared) {
    g.prepared = true;
    void nextMacrotask().then(() => {
      if (host.graph === g) g.search.prepare();
    });
  }
}

async function layoutAnswer(host: HostState, request: ViewLayoutRequest): Promise<ViewAnswer<'layout'>> {
  const { id } = request;
  const g = host.graph;
  if (!g) return noGraph(id);
  try {
    applyChange(g, request.change);
  } catch (error) {
    return failed(id, error);
  }
  try {
    const view = await g.session.layout();
    // The graph was replaced while this ran: the answer is about a graph the client left.
    if (host.graph !== g) return { kind: 'cancelled', id };
    const { geometry, ms, groupsLaidOut, groupsVisible, maxElkNodes, maxElkMs, elkCalls } = view;
    return { kind: 'laidOut', id, geometry, stats: { ms, groupsLaidOut, groupsVisible, maxElkNodes, maxElkMs, elkCalls }, expanded: expandedGroups(g) };
  } catch (error) {
    return isAbort(error) ? { kind: 'cancelled', id } : failed(id, error);
  }
}

function failed(id: number, error: unknown): ViewFailedResponse {
  return { kind: 'failed', id, error: errorOf(error) };
}

function noGraph(id: number): ViewFailedResponse {
  return { kind: 'failed', id, error: { name: 'Error', message: 'no graph is open' } };
}

function openGraph(bytes: Uint8Array, o: ViewOpenOptions, host: ViewHostOptions): OpenGraph {
  const loaded = loadColumnarGraph(bytes, {
    ...(o.name !== undefined ? { name: o.name } : {}),
    ...(o.metaGraph !== undefined ? { metaGraph: o.metaGraph } : {}),
    ...(o.tag !== undefined ? { tag: o.tag } : {}),
    ...(host.eventReader ? { eventReader: host.eventReader } : {}),
  });
  const slim = buildSlimGraph(loaded.columnar);
  const hierarchy = buildHierarchy(slim, {
    ...(o.groupSeries !== undefined ? { groupSeries: o.groupSeries } : {}),
    ...(o.generalizedSeries !== undefined ? { generalizedSeries: o.generalizedSeries } : {}),
  });
  const model = new RenderModel(hierarchy, o.autoExtract !== undefined ? { autoExtract: o.autoExtract } : {});
  const session = new LayoutSession(model, { runner: host.runner, ...(o.params ? { params: o.params } : {}) });
  const h = hierarchy;
  const summary: ViewSummary = { kind: loaded.kind, ops: loaded.columnar.nodes.count, nodes: h.n, groups: h.groups.length, root: h.n, warnings: [...loaded.warnings, ...slim.warnings] };
  return { hierarchy, model, session, summary, search: new GraphSearch(hierarchy), prepared: false };
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

function asRequest(message: unknown): ViewRequest {
  const m = message as { kind?: unknown; bytes?: unknown; options?: unknown; change?: unknown } | null;
  const ok =
    idOf(message) !== -1 &&
    ((m?.kind === 'open' && m.bytes instanceof Uint8Array && typeof m.options === 'object' && m.options !== null) ||
      (m?.kind === 'layout' && typeof m.change === 'object' && m.change !== null) ||
      (m?.kind === 'search' && typeof (m as { query?: unknown }).query === 'string' && typeof m.options === 'object' && m.options !== null) ||
      m?.kind === 'close');
  if (!ok) throw new TypeError(`not a view request: ${describe(message)}`);
  return message as ViewRequest;
}

function isAbort(error: unknown): boolean {
  return error instanceof Error && error.name === 'AbortError';
}

function errorOf(error: unknown): { name: string; message: string } {
  return error instanceof Error ? { name: error.name, message: error.message } : { name: 'Error', message: String(error) };
}
