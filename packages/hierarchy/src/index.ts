/**
 * @tbg/hierarchy: TensorBoard's graph semantics on typed arrays — the graph model, the
 * name-scope hierarchy with series and metaedges, the render model of an expansion state,
 * structural templates, run-metadata stats and search. No DOM: runs in Node and workers.
 */
export * from './graph/slim-graph.js';
export { opCompatible } from './graph/tpu.js';
export * from './hierarchy/types.js';
export { buildHierarchy, parentOf, nameOf, ancestors, ROOT_NAME } from './hierarchy/build.js';
export { seriesName } from './hierarchy/series.js';
export { HierarchyError } from './errors.js';
export { histograms, type GroupHistograms } from './hierarchy/histograms.js';
export * from './render/types.js';
export { RenderModel, ExpansionState } from './render/render-model.js';
export { pushAnnotation } from './render/annotations.js';
export { computeTemplates, templateColorIndex, TB_TEMPLATE_PALETTE_SIZE, type Templates, type TemplateCluster } from './templates/templates.js';
export {
  joinStepStats,
  aggregateStats,
  statsDomains,
  hasDisplayableStats,
  displayableStatsMask,
  computeMicros,
  memoryBytes,
  runMetadataDevices,
  defaultStatsDevices,
  strictName,
  STATS_DEVICE_INCLUDE,
  type NodeStatsTable,
  type GroupStats,
  type StatsDomains,
  type JoinOptions,
} from './stats/stats.js';
export { GraphSearch, type SearchField, type SearchKind, type SearchMatch, type SearchOptions, type SearchResult } from './search/search.js';
export { buildAttrIndex, type AttrIndex } from './search/attr-index.js';
export { attrBytesText, attrValueText } from './search/attr-display.js';
export { dumpHierarchy, type HierarchyDump, type DumpOptions } from './dump/dump.js';
