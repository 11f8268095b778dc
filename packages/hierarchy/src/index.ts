/**
 * @tbg/hierarchy: TensorBoard's graph semantics on typed arrays — the graph model, the
 * name-scope hierarchy with series and metaedges, the render model of an expansion state,
 * structural templates, run-metadata stats and search. No DOM: runs in Node and workers.
 */
export {
  buildSlimGraph,
  slotDims,
  isPyTorchGraph,
  DEFAULT_BUILD_PARAMS,
  CONSTANT_OPS,
  PYTORCH_OP_NAMESPACES,
  NODE_KIND,
  NODE_OP,
  NODE_MISSING,
  NODE_INPUT_ARG,
  NODE_FUNCTION,
  EMBEDDING_SIDE,
  EDGE_CONTROL,
  EDGE_REF,
  FUNCTION_LIBRARY_PREFIX,
  type BuildParams,
  type DroppedInput,
  type EmbeddingSideCode,
  type Embeddings,
  type GraphFramework,
  type MissingInputMode,
  type NodeKindCode,
  type SlimGraph,
} from './graph/slim-graph.js';
export { opCompatible } from './graph/tpu.js';
export {
  DEFAULT_HIERARCHY_PARAMS,
  GROUP_META,
  GROUP_SERIES,
  type Group,
  type GroupKind,
  type Hierarchy,
  type HierarchyParams,
  type LibraryFunction,
  type Metaedges,
  type NodeRef,
  type SeriesInfo,
  type UngroupedSeries,
} from './hierarchy/types.js';
export type { GroupNameLookup } from './hierarchy/name-index.js';
export { buildHierarchy, parentOf, nameOf, ancestors, ROOT_NAME } from './hierarchy/build.js';
export { seriesName } from './hierarchy/series.js';
export { HierarchyError } from './errors.js';
export { histograms, type GroupHistograms } from './hierarchy/histograms.js';
export type {
  Annotation,
  AnnotationType,
  BridgeEdge,
  CoreEdge,
  ExtractSides,
  Inclusion,
  NodeAnnotations,
  RenderGroup,
  RenderOptions,
} from './render/types.js';
export { RenderModel, ExpansionState } from './render/render-model.js';
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
export { nodeInfo, embeddingInfo } from './info/node-info.js';
export { findNode, findEmbedding } from './info/find-node.js';
export type {
  GroupSummary,
  HistogramEntry,
  NodeAttribute,
  NodeFunction,
  NodeInfo,
  NodeInfoKind,
  NodeInfoOptions,
  NodeLink,
  NodeLinkKind,
  NodeSeries,
} from './info/types.js';
