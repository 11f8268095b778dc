/**
 * logdir/criteo_tf_tile/events.out.tfevents.1560536407.C02TJ0GKGTDY: a tf.estimator event file with
 * two graph_def and two meta_graph_def events. §2.1: graph_def wins and the last one wins → the
 * second graph_def (1474 NodeDefs, 3 tf.data library functions). Partial: derived from
 * tensorboard-graph.md §2.1, §4–§7 and the NodeDefs, not from our code.
 */
import { seq, type PartialFixtureExpectation } from './types.js';

const FILTER = '__function_library__Dataset_filter_in_training_set_21';
const MAP = '__function_library__Dataset_map_split_label_51';
const MAKE = '__function_library___make_dataset_WKkbAa2xZHY';

export const expected: PartialFixtureExpectation = {
  dir: 'graphs',
  file: 'logdir/criteo_tf_tile/events.out.tfevents.1560536407.C02TJ0GKGTDY',
  events: true,
  // Top level: 1474 − 495 Const − ScalarSummary − MergeSummary = 977 ops. Functions (§4.4), each its
  // own op node + input_arg nodes + non-Const body nodes: _make_dataset 1 + 0 + 9, filter 1 + 12 + 15
  // (AsString ×12, StringJoin, StringToHashBucketFast, Less), map 1 + 12 + 0 → 1028.
  graph: { rawNodes: 1474, opNodes: 1028, baseEdges: 1435, controlBaseEdges: 141, refBaseEdges: 11, missingNodes: 0 },
  // 32 root children: 12 metanodes, 5 series, Bucketize, Reshape, Add, Cast, concat, the 7 NoOps and
  // OneShotIterator, IteratorToStringHandle, IteratorGetNext.
  root: { depth: 7, cardinality: 1028, children: 32 },
  topMetanodes: {
    // Adagrad/(Adagrad) is the AssignAdd `Adagrad`; update (NoOp) and 2 ApplyAdagrad under update_dense/.
    Adagrad: { cardinality: 4, depth: 3 },
    [FILTER]: { cardinality: 28, depth: 1 },
    [MAP]: { cardinality: 13, depth: 1 },
    [MAKE]: { cardinality: 10, depth: 1 },
    dense: { cardinality: 19, depth: 4 },
    global_step: { cardinality: 13, depth: 3 },
    gradients: { cardinality: 44, depth: 4 },
    input_layer: { cardinality: 463, depth: 6 },
    report_uninitialized_variables: { cardinality: 18, depth: 3 },
    report_uninitialized_variables_1: { cardinality: 18, depth: 3 },
    save: { cardinality: 17, depth: 2 },
    sparse_softmax_cross_entropy_loss: { cardinality: 17, depth: 5 },
  },
  // Root: 110 each of Bucketize, Reshape, Add → `X` alone + `X_[1-109]`; Cast + Cast_[1-10]; concat +
  // concat_[1-12] (ConcatV2). In the filter function: AsString_[1-11] and its input args arg0..arg11
  // (op input_arg; 'arg0' matches ^(\D*)(\d+)$ with prefix 'arg' → arg[0-11]). The map function's
  // args arg0_0 … have a digit in the prefix → no series.
  seriesCount: 7,
  someSeries: [
    { name: 'Cast_[1-10]', parent: '__root__', op: 'Cast', count: 10, connected: false, members: seq('Cast_', 1, 10) },
    { name: 'concat_[1-12]', parent: '__root__', op: 'ConcatV2', count: 12, connected: false, members: seq('concat_', 1, 12) },
    { name: 'Bucketize_[1-109]', parent: '__root__', op: 'Bucketize', count: 109, connected: false, members: seq('Bucketize_', 1, 109) },
    { name: `${FILTER}/arg[0-11]`, parent: FILTER, op: 'input_arg', count: 12, connected: false, members: seq(`${FILTER}/arg`, 0, 11) },
    { name: `${FILTER}/AsString_[1-11]`, parent: FILTER, op: 'AsString', count: 11, connected: false, members: seq(`${FILTER}/AsString_`, 1, 11) },
  ],
  ungroupedRuns: [
    { name: 'init_[1-3]', parent: '__root__', members: seq('init_', 1, 3) },
    { name: 'save/Assign_[1-4]', parent: 'save', members: seq('save/Assign_', 1, 4) },
  ],
  opParent: {
    'global_step/(global_step)': 'global_step',
    'Adagrad/(Adagrad)': 'Adagrad',
    [`${MAKE}/ModelDataset`]: MAKE,
    [`${MAP}/arg3_0`]: MAP,
    // The function's own op node collides with its namespace (§4.5).
    [`${MAP}/(${MAP})`]: MAP,
    Cast: '__root__',
    Cast_4: 'Cast_[1-10]',
    [`${FILTER}/arg5`]: `${FILTER}/arg[0-11]`,
  },
  // §7.5 at the root: step 2 sinks the 7 NoOps (init, init_1..3, init_all_tables, group_deps,
  // group_deps_1); Adagrad's root op is an AssignAdd, so it stays. Step 4 over 25 (the 3 library
  // metanodes included, §7.3 step 6 moves them afterwards): in q1 → 1, q3 → 2, bound 4, max 3;
  // out bound 6, max 6 (dense) → none. The library metanodes have no edges and no annotations, so
  // step 6 leaves them, and they go to the library area.
  rootRender: {
    inExtract: [],
    outExtract: ['group_deps', 'group_deps_1', 'init', 'init_1', 'init_2', 'init_3', 'init_all_tables'],
    library: [FILTER, MAP, MAKE],
    coreSize: 22,
    someCore: ['input_layer', 'dense', 'gradients', 'Adagrad', 'global_step', 'IteratorGetNext', 'Bucketize_[1-109]'],
  },
};
