/**
 * tf2onnx_regression_model.meta (MetaGraphDef, 128 NodeDefs): linear regression `pred = X·W + b`
 * with a squared loss, GradientDescent, a Saver and `init`. Partial: derived from
 * tensorboard-graph.md §4–§7 and the NodeDefs (decoded with @tbg/proto loadGraph), not from our code.
 */
import { type PartialFixtureExpectation } from './types.js';

export const expected: PartialFixtureExpectation = {
  dir: 'graphs',
  file: 'tf2onnx_regression_model.meta',
  // 25 Const NodeDefs are in-embeddings (W/initial_value, Pow/y, range/start, save/Const, ...) and no
  // Summary → 103 ops. 4 reference edges: input 0 of W/Assign, b/Assign, save/Assign, save/Assign_1 (§4.6).
  graph: { rawNodes: 128, opNodes: 103, baseEdges: 155, controlBaseEdges: 27, refBaseEdges: 4, missingNodes: 0 },
  // Root: 12 ops (X, Y, Mul, Add, pred, sub, Pow, Rank, range, Sum, truediv, init) + 5 metanodes.
  // Pow/y, range/start, range/delta, truediv/y are Consts, so Pow, range, truediv are no scopes.
  // Deepest: gradients/<op>_grad/tuple/control_dependency → root depth 4.
  root: { depth: 4, cardinality: 103, children: 17 },
  topMetanodes: {
    // GradientDescent/(GradientDescent) (NoOp, strict rename §4.5) + update_W/ and update_b/ApplyGradientDescent.
    GradientDescent: { cardinality: 3, depth: 2 },
    // W/(W) (VariableV2), W/Assign, W/read; W/initial_value is a Const.
    W: { cardinality: 3, depth: 1 },
    b: { cardinality: 3, depth: 1 },
    // 103 − 12 root ops − 3 − 3 − 3 − 6.
    gradients: { cardinality: 76, depth: 3 },
    // SaveV2, control_dependency, RestoreV2, Assign, Assign_1, restore_all.
    save: { cardinality: 6, depth: 1 },
  },
  // No run of 5 consecutive same-op siblings anywhere.
  seriesCount: 0,
  someSeries: [],
  ungroupedRuns: [
    // mul (implicit 0, prefix 'mul') does not join mul_1..3 (prefix 'mul_'), §5.2.
    { name: 'gradients/Pow_grad/mul_[1-3]', parent: 'gradients/Pow_grad', members: ['gradients/Pow_grad/mul_1', 'gradients/Pow_grad/mul_2', 'gradients/Pow_grad/mul_3'] },
    { name: 'gradients/truediv_grad/RealDiv_[1-2]', parent: 'gradients/truediv_grad', members: ['gradients/truediv_grad/RealDiv_1', 'gradients/truediv_grad/RealDiv_2'] },
  ],
  opParent: {
    'W/(W)': 'W',
    'b/(b)': 'b',
    'GradientDescent/(GradientDescent)': 'GradientDescent',
    'GradientDescent/update_W/ApplyGradientDescent': 'GradientDescent/update_W',
    Pow: '__root__',
    'save/restore_all': 'save',
    'gradients/Pow_grad/mul_1': 'gradients/Pow_grad',
  },
  // §7.5 at the root (17 children): step 2 sinks GradientDescent (root op NoOp) and init (NoOp).
  // Step 4 over the 15 left: in-degrees 4×0, 5×1, 5×2 and gradients 9 (X, Y, W, Mul, pred, sub, Pow,
  // range, Sum feed it); q1 = round(3.75) = 4 → 1, q3 = round(11.25) = 11 → 2, bound max(2 + 1, 4) = 4
  // → gradients. Out-degrees: q1 → 1, q3 → 2, bound max(2 + 4, 4) = 6; the largest is W's 3 → none.
  // TensorBoard puts gradients in the in-extract; by role (README quirk 12) it is a sink → out-extract.
  // No node is left isolated, so 14 stay in the core.
  rootRender: {
    inExtract: [],
    outExtract: ['GradientDescent', 'gradients', 'init'],
    library: [],
    coreSize: 14,
    someCore: ['W', 'b', 'save', 'X', 'Y', 'Pow', 'truediv'],
  },
};
