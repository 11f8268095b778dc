/**
 * @tbg/layout: TensorBoard-style layout of the visible part of a tf graph. ELK layered runs per
 * expanded group, in a worker pool, in bounded calls (big groups are split into sections);
 * sizes come from a bundled font's metrics, so layout needs no DOM; the result is a flat,
 * transferable geometry that renderers draw and `toSVG` exports.
 */

// Laying out what a render model shows, and its parameters.
export { LayoutSession, type LayoutSessionOptions, type ViewLayout } from './session/layout-session.js';
export { DEFAULT_LAYOUT_PARAMS, type LayoutParams } from './params.js';
export type { Direction } from './elk/task.js';
export { applyExpandMode, collapseAll, parseExpandMode, percentile, timeExpansions, type ExpandMode, type ExpandTimings } from './session/expansion.js';

// The flat geometry renderers draw: typed-array columns, their codes, and the edges' curves.
export {
  AnnotationSide,
  AnnotationType,
  EdgeFlag,
  geometryTransferables,
  LabelAlign,
  NodeFlag,
  NodeKind,
  ShapeKind,
  type EdgeFlags,
  type Geometry,
  type GeometryAnnotations,
  type GeometryEdges,
  type GeometryNodes,
  type NodeFlags,
} from './geometry/types.js';
export { arrowAtEnd, basisPath, basisSegments } from './geometry/curves.js';
export { EXPAND_BUTTON_INSET, EXPAND_BUTTON_RADIUS, expandButtonCentre, hasExpandButton } from './geometry/expand-button.js';
export { displayName } from './group/display-name.js';

// Per-group layouts (ViewLayout.root): each expanded group's children, edges and border ports.
export type { AnnotationBox, AuxColumn, BorderPort, GroupLayout, NodeBox, PlacedChild, PlacedEdge, PlacedSection } from './group/types.js';

// Text metrics (the bundled Roboto), SVG export and the geometry's invariants.
export type { TextMeasurer } from './text/measurer.js';
export { createMeasurer, roboto } from './text/roboto.js';
export { robotoFontFaceCss } from './text/font-face.js';
export { DEFAULT_SVG_STYLE, toSVG, type SvgStyle } from './svg/to-svg.js';
export { checkInvariants, type InvariantOptions, type InvariantReport, type Violation } from './invariants/check.js';
export { annotationCrossings, type AnnotationCrossing, type CrossingOptions } from './invariants/annotation-crossings.js';

// Running ELK: worker pools (Web Workers here, worker_threads in @tbg/layout/node), in-thread runners, the ELK worker protocol.
export type { ElkResult, ElkTask } from './elk/task.js';
export type { ElkRunner, ElkRunnerStats, RunOptions } from './worker/runner.js';
export type { WorkerEndpoint } from './worker/worker-endpoint.js';
export { createWorkerPool } from './worker/pool.js';
export { createQuickStartRunner, type QuickStartRunner } from './quick/quick-start-runner.js';
export { quickLayered } from './quick/quick-layered.js';
export { createInlineRunner } from './worker/inline-runner.js';
export { yieldingRunner } from './worker/yielding-runner.js';
export { webWorkerEndpoint, type WebWorkerLike } from './worker/web-endpoint.js';
export { webParentChannel, type WorkerScopeLike } from './worker/web-parent-channel.js';
export type { RequestChannel } from './worker/serve-elk.js';
export type {
  ElkDoneResponse,
  ElkFailedResponse,
  ElkLayoutRequest,
  ElkWarmResponse,
  ElkWarmupRequest,
  WorkerRequest,
  WorkerRequestKind,
  WorkerResponse,
  WorkerResponseFor,
  WorkerResponseMap,
} from './worker/protocol.js';

// Any graph of boxes, ports and edges in bounded ELK calls (what each group's core goes through).
export type { LayoutGraph, LgEdge, LgLayout, LgNode, LgPort, LgSection } from './compound/layout-graph.js';
export type { PortSide, TaskNodeKind } from './elk/task.js';
export { layoutCompound, type CompoundContext, type ElkResultCache } from './compound/layout-compound.js';
export { LruElkCache } from './compound/elk-cache.js';

// The view worker: a graph opened, laid out and searched off the client's thread, and its typed client.
export { createViewClient, ViewWorkerError, type ViewClient, type ViewEndpoint, type ViewLayoutResult } from './view/view-client.js';
export { serveView, type ViewHostOptions } from './view/view-host.js';
export type { ViewDecorate, ViewDecoration, ViewDecorationContext } from './view/view-decoration.js';
export type {
  ExpansionChange,
  ViewAnswer,
  ViewCancelledResponse,
  ViewCloseRequest,
  ViewClosedResponse,
  ViewErrorCode,
  ViewErrorResponse,
  ViewEventTag,
  ViewFailedResponse,
  ViewFoundResponse,
  ViewInfoRequest,
  ViewInfoTarget,
  ViewLaidOutResponse,
  ViewLayoutRequest,
  ViewLayoutStats,
  ViewNodeInfoResponse,
  ViewOpenedResponse,
  ViewOpenOptions,
  ViewOpenRequest,
  ViewRequest,
  ViewRequestKind,
  ViewResponse,
  ViewResponseFor,
  ViewResponseMap,
  ViewSearchRequest,
  ViewSummary,
} from './view/protocol.js';
