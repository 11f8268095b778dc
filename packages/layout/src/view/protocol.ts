/**
 * The messages between a page (or any client) and a view worker, which owns a graph: it
 * decodes it, builds its hierarchy and render model, and lays out the visible part. The client
 * only sends expansion changes and receives transferable geometry, so no graph or layout work
 * happens on its thread. One request, one response, by id: request `id` is answered by the
 * response its kind maps to (`ViewResponseFor`), or by an error response (`ViewErrorResponse`).
 */
import type { NodeInfo, NodeInfoOptions, NodeRef, SearchOptions, SearchResult } from '@tbg/hierarchy';
import type { EventGraphTag, GraphSourceKind, MetaGraphInfo } from '@tbg/proto';
import type { Geometry } from '../geometry/types.js';
import type { LayoutParams } from '../params.js';
import type { ExpandMode } from '../session/expansion.js';
import type { ViewLayout } from '../session/layout-session.js';
import type { ResponseMap } from '../worker/protocol-helpers.js';

export interface ViewOpenOptions {
  /** File name: used in errors and to break ties when sniffing the format. */
  name?: string;
  /** Which meta graph of a SavedModel (index or tag). */
  metaGraph?: number | string;
  /** Which graph tag of an event file (needs a host with an event reader). */
  tag?: string;
  params?: Partial<LayoutParams>;
  /** Series grouping (default on, as in TensorBoard) and the generalized scope/digit series. */
  groupSeries?: boolean;
  generalizedSeries?: boolean;
  /** TensorBoard's "auto-extract high-degree nodes" (default on). */
  autoExtract?: boolean;
}

/**
 * A graph-bearing tag of an event file, once per tag: what a source selector lists. Opening with
 * `{ tag }` loads the tag's last entry (the step and kind given here).
 */
export interface ViewEventTag {
  /** `__run_graph__` for Event.graph_def, `__run_meta_graph__` for Event.meta_graph_def; else the summary or run-metadata tag. */
  tag: string;
  /** Kind of the tag's last entry: graph_def, meta_graph_def, run_metadata, run_metadata_graph, tagged_run_metadata or keras_model. */
  kind: EventGraphTag['kind'];
  /** Step of the tag's last entry. */
  step: number;
  /** Entries with this tag in the file (the last one is opened). */
  entries: number;
}

/** What the client learns about a graph once it is open. */
export interface ViewSummary {
  /** Source format, as `loadGraph` reports it. */
  kind: GraphSourceKind;
  /** NodeDefs in the graph. */
  ops: number;
  /** Leaves of the hierarchy: ops, less those shown as embeddings (Const, *Summary), plus missing inputs. */
  nodes: number;
  /** Groups: the root, metanodes and series. */
  groups: number;
  /** The root's NodeRef (refs below it are ops, refs from it on are groups). */
  root: NodeRef;
  warnings: string[];
  /** Time the worker took to decode the file, and to build the graph model, hierarchy and render model, ms. */
  timings: { decodeMs: number; hierarchyMs: number };
  /**
   * SavedModel and MetaGraphDef sources (and event files whose graph came from a meta_graph_def):
   * every meta graph (index, tags, signatures), and the index of the one opened (reopen with
   * `{ metaGraph: index }` to show another).
   */
  metaGraphs?: MetaGraphInfo[];
  metaGraph?: number;
  /** Event files: every graph-bearing tag in file order, and the tag opened (reopen with `{ tag }`). */
  eventTags?: ViewEventTag[];
  eventTag?: string;
}

/** An expansion change, applied in this order: reset, mode, collapse, expand. */
export interface ExpansionChange {
  /** Collapse everything first. */
  reset?: boolean;
  /** Expand what a mode asks for (all, or down to a depth). */
  mode?: ExpandMode;
  collapse?: readonly NodeRef[];
  expand?: readonly NodeRef[];
}

/** A layout's figures (see ViewLayout): time, groups laid out and visible, the largest ELK call. */
export type ViewLayoutStats = Pick<ViewLayout, 'ms' | 'groupsLaidOut' | 'groupsVisible' | 'maxElkNodes' | 'maxElkMs' | 'elkCalls' | 'provisional'>;

/** Open a graph (any format loadGraph reads). The bytes are transferred. Replaces any open graph. */
export interface ViewOpenRequest {
  kind: 'open';
  id: number;
  bytes: Uint8Array;
  options: ViewOpenOptions;
}

/** Apply an expansion change and lay the view out. A newer layout or open cancels it. */
export interface ViewLayoutRequest {
  kind: 'layout';
  id: number;
  change: ExpansionChange;
  /**
   * Wait until the host's runner lays out with ELK (a QuickStartRunner's `ready`) so that the
   * answer is not provisional: what a client asks after it showed a provisional layout.
   */
  settled?: boolean;
}

/** Search names, ops, devices and attribute values (a regex; see @tbg/hierarchy's GraphSearch). */
export interface ViewSearchRequest {
  kind: 'search';
  id: number;
  query: string;
  options: SearchOptions;
}

/**
 * Which node `info` describes: a NodeRef, a full name (an op, group, or a Const/Summary shown
 * as an annotation), or an annotation's embedding index (`GeometryAnnotations.target`).
 */
export type ViewInfoTarget = NodeRef | string | { embedding: number };

/** The info card of one node (see @tbg/hierarchy's `nodeInfo`). */
export interface ViewInfoRequest {
  kind: 'info';
  id: number;
  target: ViewInfoTarget;
  options: NodeInfoOptions;
}

/** Forget the graph and stop the host's ELK runner. */
export interface ViewCloseRequest {
  kind: 'close';
  id: number;
}

export type ViewRequest = ViewOpenRequest | ViewLayoutRequest | ViewSearchRequest | ViewInfoRequest | ViewCloseRequest;
export type ViewRequestKind = ViewRequest['kind'];

/** The answer to `open`. */
export interface ViewOpenedResponse {
  kind: 'opened';
  id: number;
  summary: ViewSummary;
}

/**
 * The answer to `layout`: the geometry's typed arrays are transferred; `expanded` lists the
 * expanded groups. `decoration` is what the host's `decorate` made of this layout (its buffers
 * transferred too); absent when the host has none.
 */
export interface ViewLaidOutResponse<D = undefined> {
  kind: 'laidOut';
  id: number;
  geometry: Geometry;
  stats: ViewLayoutStats;
  expanded: NodeRef[];
  decoration?: D;
}

/** The answer to `search`. */
export interface ViewFoundResponse {
  kind: 'found';
  id: number;
  result: SearchResult;
}

/** The answer to `info`. */
export interface ViewNodeInfoResponse {
  kind: 'nodeInfo';
  id: number;
  info: NodeInfo;
}

/** The answer to `close`, once the host's ELK runner has stopped. */
export interface ViewClosedResponse {
  kind: 'closed';
  id: number;
}

/** The answer to a request superseded by a newer one before it finished. */
export interface ViewCancelledResponse {
  kind: 'cancelled';
  id: number;
}

/**
 * Failures a client may act on without reading messages: no graph open yet, `info` about a
 * node the graph does not have, a host already closed, a message that is not a request.
 */
export type ViewErrorCode = 'no-graph' | 'node-not-found' | 'closed' | 'bad-request';

/**
 * The answer to a request that failed (or that was not a request: id −1), with the error's name
 * as the host saw it (`NodeNotFoundError`, `GraphFormatError`, `RangeError`, …) and, for the
 * failures listed in ViewErrorCode, its code.
 */
export interface ViewFailedResponse {
  kind: 'failed';
  id: number;
  error: { name: string; message: string; code?: ViewErrorCode };
}

/** The response that answers each kind of request when it succeeds; `D` is the host's decoration type. */
export type ViewResponseMap<D = undefined> = ResponseMap<
  ViewRequest,
  {
    open: ViewOpenedResponse;
    layout: ViewLaidOutResponse<D>;
    search: ViewFoundResponse;
    info: ViewNodeInfoResponse;
    close: ViewClosedResponse;
  }
>;
export type ViewResponseFor<K extends ViewRequestKind, D = undefined> = ViewResponseMap<D>[K];
/** What may answer any request instead of its own response. */
export type ViewErrorResponse = ViewCancelledResponse | ViewFailedResponse;
/** Everything request `K` may be answered with. */
export type ViewAnswer<K extends ViewRequestKind, D = undefined> = ViewResponseFor<K, D> | ViewErrorResponse;
export type ViewResponse<D = undefined> = ViewAnswer<ViewRequestKind, D>;
