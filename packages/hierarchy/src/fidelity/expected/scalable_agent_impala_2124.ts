/**
 * scalable_agent_impala_2124.pbtxt (2124 NodeDefs): an IMPALA learner — queues, a staging area,
 * the agent (conv net + unrolled LSTM), V-trace, RMSProp, a Saver and many init ops. Partial:
 * derived from tensorboard-graph.md §4–§7 and the NodeDefs, not from our code.
 */
import { seq, type PartialFixtureExpectation } from './types.js';

export const expected: PartialFixtureExpectation = {
  dir: 'graphs',
  file: 'scalable_agent_impala_2124.pbtxt',
  // Embedded: 555 Const (in), 2 ScalarSummary + 1 HistogramSummary + 1 MergeSummary (out) → 1565 ops.
  graph: { rawNodes: 2124, opNodes: 1565, baseEdges: 3138, controlBaseEdges: 655, refBaseEdges: 87, missingNodes: 0 },
  // 47 root children: 11 metanodes, 3 series (transpose_[1-8], strided_slice_[1-12], mul_[1-5]) and
  // 33 ops. Deepest: gradients/agent/unroll/... 8 levels below gradients → root depth 9.
  root: { depth: 9, cardinality: 1565, children: 47 },
  topMetanodes: {
    PolynomialDecay: { cardinality: 10, depth: 1 },
    // 14 ApplyRMSProp under update_agent/<module>/<var>/ + RMSProp/(RMSProp) (the NoOp RMSProp).
    RMSProp: { cardinality: 15, depth: 6 },
    SparseSoftmaxCrossEntropyWithLogits: { cardinality: 10, depth: 2 },
    StagingArea_root: { cardinality: 1, depth: 1 },
    agent: { cardinality: 277, depth: 7 },
    gradients: { cardinality: 905, depth: 8 },
    num_environment_frames: { cardinality: 13, depth: 3 },
    report_uninitialized_variables: { cardinality: 56, depth: 3 },
    report_uninitialized_variables_1: { cardinality: 56, depth: 3 },
    save: { cardinality: 55, depth: 2 },
    vtrace_from_logits: { cardinality: 109, depth: 6 },
  },
  // 33 grouped series: 21 `…LSTMBlockCell_N_grad/tuple/control_dependency_[1-7]`, stack_grad/tuple/
  // control_dependency_[1-20], the agent's
  // Select/Reshape/LSTMBlockCell runs, AddN_[1-23], zeros_like_[1-106], two IsVariableInitialized_[1-42],
  // save/Assign_[1-42] and the 3 at the root.
  seriesCount: 33,
  someSeries: [
    // mul_3 reads mul_2: a data edge between members → connected. `mul` (prefix 'mul') stays out.
    { name: 'mul_[1-5]', parent: '__root__', op: 'Mul', count: 5, connected: true, members: seq('mul_', 1, 5) },
    { name: 'strided_slice_[1-12]', parent: '__root__', op: 'StridedSlice', count: 12, connected: false, members: seq('strided_slice_', 1, 12) },
    { name: 'save/Assign_[1-42]', parent: 'save', op: 'Assign', count: 42, connected: false, members: seq('save/Assign_', 1, 42) },
    { name: 'gradients/zeros_like_[1-106]', parent: 'gradients', op: 'ZerosLike', count: 106, connected: false, members: seq('gradients/zeros_like_', 1, 106) },
    { name: 'agent/unroll/Select_[1-41]', parent: 'agent/unroll', op: 'Select', count: 41, connected: false, members: seq('agent/unroll/Select_', 1, 41) },
  ],
  ungroupedRuns: [
    { name: 'init_[1-3]', parent: '__root__', members: seq('init_', 1, 3) },
    { name: 'Sum_[1-3]', parent: '__root__', members: seq('Sum_', 1, 3) },
  ],
  opParent: {
    'RMSProp/(RMSProp)': 'RMSProp',
    mul: '__root__',
    mul_3: 'mul_[1-5]',
    'StagingArea_root/NoOp': 'StagingArea_root',
    'gradients/zeros_like_7': 'gradients/zeros_like_[1-106]',
    fifo_queue_DequeueMany: '__root__',
  },
  // §7.5 at the root: step 2 sinks the NoOps NoOp, group_deps, group_deps_1, init, init_1..3 and
  // init_all_tables, and RMSProp (root op RMSProp/(RMSProp) is a NoOp); StagingArea_root has no root
  // op, so it stays. Step 4 over 38: in-degrees q1 (index 10) → 1, q3 (29) → 2, bound max(2 + 1, 4)
  // = 4 → gradients (11) and mul_[1-5] (6); out-degrees q1 → 1, q3 → 2, bound 6, max 6 → none.
  // Both are sinks: out-extract by role (TensorBoard: in-extract, README quirk 12).
  rootRender: {
    inExtract: [],
    outExtract: ['NoOp', 'RMSProp', 'gradients', 'group_deps', 'group_deps_1', 'init', 'init_1', 'init_2', 'init_3', 'init_all_tables', 'mul_[1-5]'],
    library: [],
    coreSize: 36,
    someCore: ['agent', 'vtrace_from_logits', 'save', 'StagingArea_root', 'strided_slice_[1-12]', 'transpose_[1-8]', 'fifo_queue'],
  },
};
