/**
 * tf2onnx_regression_saved_model.pb (SavedModel, 148 NodeDefs in meta_graphs[0]): the same
 * regression as tf2onnx_regression_model.meta plus a sharded Saver `save_1`. Partial: derived from
 * tensorboard-graph.md §4–§7 and the NodeDefs (decoded with @tbg/proto loadGraph), not from our code.
 */
import { type PartialFixtureExpectation } from './types.js';

export const expected: PartialFixtureExpectation = {
  dir: 'graphs',
  file: 'tf2onnx_regression_saved_model.pb',
  // 33 Consts embedded → 115 ops; reference edges: the 6 Assigns' input 0 (W, b, save, save_1).
  graph: { rawNodes: 148, opNodes: 115, baseEdges: 173, controlBaseEdges: 34, refBaseEdges: 6, missingNodes: 0 },
  root: { depth: 4, cardinality: 115, children: 18 },
  topMetanodes: {
    GradientDescent: { cardinality: 3, depth: 2 },
    W: { cardinality: 3, depth: 1 },
    b: { cardinality: 3, depth: 1 },
    gradients: { cardinality: 76, depth: 3 },
    save: { cardinality: 6, depth: 1 },
    // StringJoin, ShardedFilename, SaveV2, control_dependency, MergeV2Checkpoints/checkpoint_prefixes,
    // MergeV2Checkpoints (→ MergeV2Checkpoints/(MergeV2Checkpoints), a second level), Identity,
    // RestoreV2, Assign, Assign_1, restore_shard, restore_all.
    save_1: { cardinality: 12, depth: 2 },
  },
  seriesCount: 0,
  someSeries: [],
  ungroupedRuns: [{ name: 'gradients/Pow_grad/mul_[1-3]', parent: 'gradients/Pow_grad', members: ['gradients/Pow_grad/mul_1', 'gradients/Pow_grad/mul_2', 'gradients/Pow_grad/mul_3'] }],
  opParent: {
    'save_1/MergeV2Checkpoints/(MergeV2Checkpoints)': 'save_1/MergeV2Checkpoints',
    'save_1/MergeV2Checkpoints/checkpoint_prefixes': 'save_1/MergeV2Checkpoints',
    'save_1/restore_shard': 'save_1',
    'W/(W)': 'W',
  },
  // As in the .meta: GradientDescent and init are NoOp sinks; 16 left, in-degrees q1 → 1, q3 → 2,
  // bound 4 → gradients (9); out-degrees bound 6, max 4 (W) → none. gradients → out-extract by role.
  rootRender: {
    inExtract: [],
    outExtract: ['GradientDescent', 'gradients', 'init'],
    library: [],
    coreSize: 15,
    someCore: ['save', 'save_1', 'W', 'b', 'X'],
  },
};
