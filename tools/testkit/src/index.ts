export { WireWriter, WireType } from './wire-writer.js';
export { Rng } from './random.js';
export {
  DataType,
  attr,
  parseInput,
  toShape,
  type DataTypeValue,
  type GenArg,
  type GenAttr,
  type GenFuncRef,
  type GenFunction,
  type GenGraph,
  type GenGraphMeta,
  type GenNode,
  type GenShape,
  type GenTensor,
  type ParsedInput,
} from './graph-model.js';
export { encodeGraphDef, writeNodeDef } from './encode-graphdef.js';
export {
  generateTrainingGraph,
  MAX_NODES,
  type DeviceStyle,
  type ModelKind,
  type OptimizerKind,
  type TrainingGraphOptions,
  type VariableStyle,
} from './training-graph.js';
export { graphStats, type GraphStats } from './graph-stats.js';
export { findRepoRoot, fixturePath, GRAPH_FIXTURES, hasShared, repoRoot, sharedDir } from './fixtures.js';
export { sourcesTable, type SourcesRow } from './sources-table.js';
export { CHROMIUM_FLAGS, CHROMIUM_PATH, chromiumLaunchOptions } from './chromium.js';
export { startTestServer, type TestServer, type TestResponse } from './test-server.js';
export {
  available,
  clearSkips,
  needChromium,
  needOptional,
  needShared,
  readSkips,
  recordSkip,
  skipLogPath,
  skipSummary,
  type SkipRecord,
} from './skips.js';
