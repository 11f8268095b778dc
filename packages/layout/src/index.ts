/**
 * @tbg/layout: TensorBoard-style layout of the visible part of a tf graph. ELK layered runs per
 * expanded group, in a worker pool, in bounded calls (big groups are split into sections);
 * sizes come from a bundled font's metrics, so layout needs no DOM; the result is a flat,
 * transferable geometry that renderers draw and `toSVG` exports.
 */
export * from './elk/task.js';
export type { WorkerRequest, WorkerResponse } from './worker/protocol.js';
export type { ElkRunner, ElkRunnerStats } from './worker/runner.js';
export { elkOptions } from './elk/options.js';
export * from './params.js';
export * from './geometry/types.js';
export { basisPath, basisSegments, arrowAtEnd } from './geometry/curves.js';
export type { TextMeasurer } from './text/measurer.js';
export { roboto, createMeasurer } from './text/roboto.js';
export { robotoFontFaceCss } from './text/font-face.js';
export type { LayoutGraph, LgNode, LgEdge, LgPort, LgLayout, LgSection } from './compound/layout-graph.js';
export { layoutCompound, type CompoundContext, type ElkResultCache } from './compound/layout-compound.js';
export { LruElkCache } from './compound/elk-cache.js';
export { displayName } from './group/display-name.js';
export type { GroupLayout, NodeBox, AnnotationBox, BorderPort, PlacedChild, PlacedEdge, PlacedSection } from './group/types.js';
export { LayoutSession, type LayoutSessionOptions, type ViewLayout } from './session/layout-session.js';
export { buildGeometry } from './geometry/build-geometry.js';
export { toSVG, DEFAULT_SVG_STYLE, type SvgStyle } from './svg/to-svg.js';
export { checkInvariants, annotationCrossings, type InvariantReport, type Violation } from './invariants/check.js';
export { createWorkerPool, type WorkerEndpoint } from './worker/pool.js';
export { createInlineRunner } from './worker/inline-runner.js';
export { webWorkerEndpoint, type WebWorkerLike } from './worker/web-endpoint.js';
export { yieldingRunner } from './worker/yielding-runner.js';
export type { ViewRequest, ViewResponse, ViewOpenOptions, ViewSummary, ExpansionChange, ViewLayoutStats } from './view/protocol.js';
export { serveView, type ViewHostOptions } from './view/view-host.js';
export { createViewClient, ViewWorkerError, type ViewClient, type ViewEndpoint, type ViewLayoutResult } from './view/view-client.js';
export type { RequestChannel } from './worker/serve-elk.js';
export { parseExpandMode, applyExpandMode, collapseAll, timeExpansions, percentile, type ExpandMode, type ExpandTimings } from './session/expansion.js';
