/**
 * tf2onnx_lstm_frozen.pb (binary GraphDef, 529 NodeDefs): a frozen, statically unrolled
 * basic_lstm_cell (28 steps: the first step is MatMul, BiasAdd, split, ..., the next 27 are _1.._27).
 * Derived from tensorboard-graph.md §4–§7 and the NodeDefs (decoded with @tbg/proto loadGraph).
 *
 * Checked: graph counts, every metanode, every series, the strict renames, templates, the render
 * of every metanode group, and for each series group its core plus the annotations of 3 members.
 */
import { seq, type FixtureExpectation } from './types.js';

export const expected: FixtureExpectation = {
  file: 'tf2onnx_lstm_frozen.pb',
  // §4.3: 106 Const nodes are in-embeddings → 529 − 106 = 423 op nodes. One BaseEdge per
  // non-Const input = 619; the 111 'name:N' inputs (split:1, split:2, unstack:k, ...) are normalised
  // to their node (§4.2) and none is adjacent to a duplicate. No ^control input, no Assign → 0 / 0.
  graph: { rawNodes: 529, opNodes: 423, baseEdges: 619, controlBaseEdges: 0, refBaseEdges: 0, missingNodes: 0 },
  // 43 NodeDef names are also scopes, but §4.5 only counts scopes holding a NON-embedding node:
  // e.g. model/rnn/basic_lstm_cell/concat_7 only has the Const concat_7/axis below it, so it stays an
  // op (and joins the concat_[1-27] series). The renamed ops are model/Reshape → model/Reshape/(Reshape)
  // (holds the Pack model/Reshape/shape) and model/dropout/random_uniform (Add) → .../(random_uniform).
  // The Consts model/w1, model/b1, rnn/basic_lstm_cell/kernel, rnn/basic_lstm_cell/bias are embeddings
  // renamed to .../(w1) etc. because they equal a namespace of a non-embedding node (their /read).
  // So model/w1 holds only model/w1/read (cardinality 1).
  allMetanodes: true,
  metanodes: [
    {
      name: '__root__',
      depth: 4,
      cardinality: 423,
      children: ['X', 'keep_prob', 'model', 'output', 'rnn'],
      opHistogram: {
        Add: 59,
        BiasAdd: 28,
        ConcatV2: 30,
        ExpandDims: 2,
        Fill: 2,
        Floor: 1,
        Identity: 5,
        MatMul: 29,
        Mul: 86,
        Pack: 1,
        Placeholder: 2,
        RandomUniform: 1,
        RealDiv: 1,
        Reshape: 1,
        Shape: 3,
        Sigmoid: 84,
        Split: 28,
        StridedSlice: 2,
        Sub: 1,
        Tanh: 56,
        Unpack: 1,
      },
    },
    {
      name: 'model',
      depth: 3,
      cardinality: 418,
      children: [
        'model/MatMul',
        'model/Reshape',
        'model/Shape',
        'model/b1',
        'model/dropout',
        'model/pred',
        'model/rnn',
        'model/strided_slice',
        'model/unstack',
        'model/w1',
      ],
      opHistogram: {
        Add: 59,
        BiasAdd: 28,
        ConcatV2: 30,
        ExpandDims: 2,
        Fill: 2,
        Floor: 1,
        Identity: 2,
        MatMul: 29,
        Mul: 86,
        Pack: 1,
        RandomUniform: 1,
        RealDiv: 1,
        Reshape: 1,
        Shape: 3,
        Sigmoid: 84,
        Split: 28,
        StridedSlice: 2,
        Sub: 1,
        Tanh: 56,
        Unpack: 1,
      },
    },
    {
      name: 'model/Reshape',
      depth: 1,
      cardinality: 2,
      children: ['model/Reshape/(Reshape)', 'model/Reshape/shape'],
      opHistogram: { Pack: 1, Reshape: 1 },
    },
    {
      name: 'model/b1',
      depth: 1,
      cardinality: 1,
      children: ['model/b1/read'],
      opHistogram: { Identity: 1 },
    },
    {
      name: 'model/dropout',
      depth: 2,
      cardinality: 9,
      children: [
        'model/dropout/Floor',
        'model/dropout/Shape',
        'model/dropout/add',
        'model/dropout/div',
        'model/dropout/mul',
        'model/dropout/random_uniform',
      ],
      opHistogram: { Add: 2, Floor: 1, Mul: 2, RandomUniform: 1, RealDiv: 1, Shape: 1, Sub: 1 },
    },
    {
      name: 'model/dropout/random_uniform',
      depth: 1,
      cardinality: 4,
      children: [
        'model/dropout/random_uniform/(random_uniform)',
        'model/dropout/random_uniform/RandomUniform',
        'model/dropout/random_uniform/mul',
        'model/dropout/random_uniform/sub',
      ],
      opHistogram: { Add: 1, Mul: 1, RandomUniform: 1, Sub: 1 },
    },
    {
      name: 'model/rnn',
      depth: 2,
      cardinality: 400,
      children: [
        'model/rnn/BasicLSTMCellZeroState',
        'model/rnn/Shape',
        'model/rnn/basic_lstm_cell',
        'model/rnn/strided_slice',
      ],
      opHistogram: {
        Add: 56,
        BiasAdd: 28,
        ConcatV2: 30,
        ExpandDims: 2,
        Fill: 2,
        MatMul: 28,
        Mul: 84,
        Shape: 1,
        Sigmoid: 84,
        Split: 28,
        StridedSlice: 1,
        Tanh: 56,
      },
    },
    {
      name: 'model/rnn/BasicLSTMCellZeroState',
      depth: 1,
      cardinality: 6,
      children: [
        'model/rnn/BasicLSTMCellZeroState/ExpandDims',
        'model/rnn/BasicLSTMCellZeroState/ExpandDims_2',
        'model/rnn/BasicLSTMCellZeroState/concat',
        'model/rnn/BasicLSTMCellZeroState/concat_1',
        'model/rnn/BasicLSTMCellZeroState/zeros',
        'model/rnn/BasicLSTMCellZeroState/zeros_1',
      ],
      opHistogram: { ConcatV2: 2, ExpandDims: 2, Fill: 2 },
    },
    // 392 ops: 8 singletons (step 0) + 8 grouped series (step 1..27), see series.
    {
      name: 'model/rnn/basic_lstm_cell',
      depth: 1,
      cardinality: 392,
      children: [
        'model/rnn/basic_lstm_cell/Add',
        'model/rnn/basic_lstm_cell/Add_[1-55]',
        'model/rnn/basic_lstm_cell/BiasAdd',
        'model/rnn/basic_lstm_cell/BiasAdd_[1-27]',
        'model/rnn/basic_lstm_cell/MatMul',
        'model/rnn/basic_lstm_cell/MatMul_[1-27]',
        'model/rnn/basic_lstm_cell/Mul',
        'model/rnn/basic_lstm_cell/Mul_[1-83]',
        'model/rnn/basic_lstm_cell/Sigmoid',
        'model/rnn/basic_lstm_cell/Sigmoid_[1-83]',
        'model/rnn/basic_lstm_cell/Tanh',
        'model/rnn/basic_lstm_cell/Tanh_[1-55]',
        'model/rnn/basic_lstm_cell/concat',
        'model/rnn/basic_lstm_cell/concat_[1-27]',
        'model/rnn/basic_lstm_cell/split',
        'model/rnn/basic_lstm_cell/split_[1-27]',
      ],
      opHistogram: { Add: 56, BiasAdd: 28, ConcatV2: 28, MatMul: 28, Mul: 84, Sigmoid: 84, Split: 28, Tanh: 56 },
    },
    {
      name: 'model/w1',
      depth: 1,
      cardinality: 1,
      children: ['model/w1/read'],
      opHistogram: { Identity: 1 },
    },
    {
      name: 'rnn',
      depth: 3,
      cardinality: 2,
      children: ['rnn/basic_lstm_cell'],
      opHistogram: { Identity: 2 },
    },
    {
      name: 'rnn/basic_lstm_cell',
      depth: 2,
      cardinality: 2,
      children: ['rnn/basic_lstm_cell/bias', 'rnn/basic_lstm_cell/kernel'],
      opHistogram: { Identity: 2 },
    },
    {
      name: 'rnn/basic_lstm_cell/bias',
      depth: 1,
      cardinality: 1,
      children: ['rnn/basic_lstm_cell/bias/read'],
      opHistogram: { Identity: 1 },
    },
    {
      name: 'rnn/basic_lstm_cell/kernel',
      depth: 1,
      cardinality: 1,
      children: ['rnn/basic_lstm_cell/kernel/read'],
      opHistogram: { Identity: 1 },
    },
  ],
  // §5.2 in model/rnn/basic_lstm_cell: leaves Add_1..Add_55 match ^(\D*)(\d+)$ with prefix 'Add_';
  // 'Add' has no digits → implicit id 0 with prefix 'Add' (a different candidate), so it stays alone.
  // Every run is consecutive and ≥ 5 → grouped. None is 'connected' (§5.2 step 6): no base edge joins
  // two members of the same series (e.g. Add_1 → Tanh_1 → Mul_3 → Add_3).
  series: [
    {
      name: 'model/rnn/basic_lstm_cell/Add_[1-55]',
      parent: 'model/rnn/basic_lstm_cell',
      op: 'Add',
      count: 55,
      connected: false,
      members: seq('model/rnn/basic_lstm_cell/Add_', 1, 55),
    },
    {
      name: 'model/rnn/basic_lstm_cell/BiasAdd_[1-27]',
      parent: 'model/rnn/basic_lstm_cell',
      op: 'BiasAdd',
      count: 27,
      connected: false,
      members: seq('model/rnn/basic_lstm_cell/BiasAdd_', 1, 27),
    },
    {
      name: 'model/rnn/basic_lstm_cell/MatMul_[1-27]',
      parent: 'model/rnn/basic_lstm_cell',
      op: 'MatMul',
      count: 27,
      connected: false,
      members: seq('model/rnn/basic_lstm_cell/MatMul_', 1, 27),
    },
    {
      name: 'model/rnn/basic_lstm_cell/Mul_[1-83]',
      parent: 'model/rnn/basic_lstm_cell',
      op: 'Mul',
      count: 83,
      connected: false,
      members: seq('model/rnn/basic_lstm_cell/Mul_', 1, 83),
    },
    {
      name: 'model/rnn/basic_lstm_cell/Sigmoid_[1-83]',
      parent: 'model/rnn/basic_lstm_cell',
      op: 'Sigmoid',
      count: 83,
      connected: false,
      members: seq('model/rnn/basic_lstm_cell/Sigmoid_', 1, 83),
    },
    {
      name: 'model/rnn/basic_lstm_cell/Tanh_[1-55]',
      parent: 'model/rnn/basic_lstm_cell',
      op: 'Tanh',
      count: 55,
      connected: false,
      members: seq('model/rnn/basic_lstm_cell/Tanh_', 1, 55),
    },
    {
      name: 'model/rnn/basic_lstm_cell/concat_[1-27]',
      parent: 'model/rnn/basic_lstm_cell',
      op: 'ConcatV2',
      count: 27,
      connected: false,
      members: seq('model/rnn/basic_lstm_cell/concat_', 1, 27),
    },
    {
      name: 'model/rnn/basic_lstm_cell/split_[1-27]',
      parent: 'model/rnn/basic_lstm_cell',
      op: 'Split',
      count: 27,
      connected: false,
      members: seq('model/rnn/basic_lstm_cell/split_', 1, 27),
    },
  ],
  ungroupedRuns: [],
  // Selection: strict-renamed ops, top-level ops, step-0 singletons and series members
  // (whose parent is the series node, §5.2 step 5).
  allOpParents: false,
  opParent: {
    X: '__root__',
    keep_prob: '__root__',
    'model/Reshape/(Reshape)': 'model/Reshape',
    'model/dropout/random_uniform/(random_uniform)': 'model/dropout/random_uniform',
    'model/rnn/basic_lstm_cell/Add': 'model/rnn/basic_lstm_cell',
    'model/rnn/basic_lstm_cell/Add_1': 'model/rnn/basic_lstm_cell/Add_[1-55]',
    'model/rnn/basic_lstm_cell/Add_55': 'model/rnn/basic_lstm_cell/Add_[1-55]',
    'model/rnn/basic_lstm_cell/Sigmoid': 'model/rnn/basic_lstm_cell',
    'model/rnn/basic_lstm_cell/Sigmoid_83': 'model/rnn/basic_lstm_cell/Sigmoid_[1-83]',
    'model/rnn/basic_lstm_cell/concat': 'model/rnn/basic_lstm_cell',
    'model/rnn/basic_lstm_cell/concat_27': 'model/rnn/basic_lstm_cell/concat_[1-27]',
    'model/rnn/basic_lstm_cell/split': 'model/rnn/basic_lstm_cell',
    'model/rnn/basic_lstm_cell/split_1': 'model/rnn/basic_lstm_cell/split_[1-27]',
    output: '__root__',
    'rnn/basic_lstm_cell/bias/read': 'rnn/basic_lstm_cell/bias',
    'rnn/basic_lstm_cell/kernel/read': 'rnn/basic_lstm_cell/kernel',
  },
  // Only one signature group is similar: the four variable groups, each holding one Identity
  // 'read' (their VariableV2-turned-Const is an embedding). Every other metanode is unique.
  allTemplateClusters: true,
  templateClusters: [
    ['model/b1', 'model/w1', 'rnn/basic_lstm_cell/bias', 'rnn/basic_lstm_cell/kernel'],
  ],
  allGroups: true,
  render: {
    // 5 children: X, keep_prob, rnn → model → output. < 15 nodes, no NoOp → all core, no annotations.
    '__root__': {
      core: ['X', 'keep_prob', 'model', 'output', 'rnn'],
      inExtract: [],
      outExtract: [],
      library: [],
      annotations: {},
    },
    'model': {
      core: [
        'model/MatMul',
        'model/Reshape',
        'model/Shape',
        'model/b1',
        'model/dropout',
        'model/pred',
        'model/rnn',
        'model/strided_slice',
        'model/unstack',
        'model/w1',
      ],
      inExtract: [],
      outExtract: [],
      library: [],
      annotations: {
        'model/strided_slice': { in: ['C:model/strided_slice/stack', 'C:model/strided_slice/stack_1', 'C:model/strided_slice/stack_2'], out: [] },
      },
    },
    'model/Reshape': {
      core: ['model/Reshape/(Reshape)', 'model/Reshape/shape'],
      inExtract: [],
      outExtract: [],
      library: [],
      annotations: {
        'model/Reshape/shape': { in: ['C:model/Reshape/shape/1', 'C:model/Reshape/shape/2'], out: [] },
      },
    },
    'model/b1': {
      core: [],
      inExtract: [],
      outExtract: ['model/b1/read'],
      library: [],
      annotations: {
        'model/b1/read': { in: ['C:model/b1/(b1)'], out: ['S:model/pred'] },
      },
    },
    'model/dropout': {
      core: [
        'model/dropout/Floor',
        'model/dropout/Shape',
        'model/dropout/add',
        'model/dropout/div',
        'model/dropout/mul',
        'model/dropout/random_uniform',
      ],
      inExtract: [],
      outExtract: [],
      library: [],
      annotations: {},
    },
    'model/dropout/random_uniform': {
      core: [
        'model/dropout/random_uniform/(random_uniform)',
        'model/dropout/random_uniform/RandomUniform',
        'model/dropout/random_uniform/mul',
        'model/dropout/random_uniform/sub',
      ],
      inExtract: [],
      outExtract: [],
      library: [],
      annotations: {
        'model/dropout/random_uniform/(random_uniform)': { in: ['C:model/dropout/random_uniform/min'], out: [] },
        'model/dropout/random_uniform/sub': { in: ['C:model/dropout/random_uniform/max', 'C:model/dropout/random_uniform/min'], out: [] },
      },
    },
    'model/rnn': {
      core: [
        'model/rnn/BasicLSTMCellZeroState',
        'model/rnn/Shape',
        'model/rnn/basic_lstm_cell',
        'model/rnn/strided_slice',
      ],
      inExtract: [],
      outExtract: [],
      library: [],
      annotations: {
        'model/rnn/strided_slice': { in: [
            'C:model/rnn/strided_slice/stack',
            'C:model/rnn/strided_slice/stack_1',
            'C:model/rnn/strided_slice/stack_2',
          ], out: [] },
      },
    },
    'model/rnn/BasicLSTMCellZeroState': {
      core: [
        'model/rnn/BasicLSTMCellZeroState/ExpandDims',
        'model/rnn/BasicLSTMCellZeroState/ExpandDims_2',
        'model/rnn/BasicLSTMCellZeroState/concat',
        'model/rnn/BasicLSTMCellZeroState/concat_1',
        'model/rnn/BasicLSTMCellZeroState/zeros',
        'model/rnn/BasicLSTMCellZeroState/zeros_1',
      ],
      inExtract: [],
      outExtract: [],
      library: [],
      annotations: {
        'model/rnn/BasicLSTMCellZeroState/ExpandDims': { in: ['C:model/rnn/BasicLSTMCellZeroState/ExpandDims/dim'], out: [] },
        'model/rnn/BasicLSTMCellZeroState/ExpandDims_2': { in: ['C:model/rnn/BasicLSTMCellZeroState/ExpandDims_2/dim'], out: [] },
        'model/rnn/BasicLSTMCellZeroState/concat': { in: ['C:model/rnn/BasicLSTMCellZeroState/Const', 'C:model/rnn/BasicLSTMCellZeroState/concat/axis'], out: [] },
        'model/rnn/BasicLSTMCellZeroState/concat_1': { in: ['C:model/rnn/BasicLSTMCellZeroState/Const_2', 'C:model/rnn/BasicLSTMCellZeroState/concat_1/axis'], out: [] },
        'model/rnn/BasicLSTMCellZeroState/zeros': { in: ['C:model/rnn/BasicLSTMCellZeroState/zeros/Const'], out: [] },
        'model/rnn/BasicLSTMCellZeroState/zeros_1': { in: ['C:model/rnn/BasicLSTMCellZeroState/zeros_1/Const'], out: [] },
      },
    },
    // 16 children (8 ops + 8 series) ≥ 15 → §7.5 step 4 runs on the core graph of metaedges:
    // in-degrees sorted: concat 0, eleven 1s, Tanh_[1-55] 2, Add_[1-55] 3, Sigmoid_[1-83] 3, Mul_[1-83] 4.
    // q1 = round(16·0.25) = 4 → 1, q3 = round(16·0.75) = 12 → 2; bound = max(2 + (2 − 1), 4) = 4.
    // Mul_[1-83] has in-degree 4 (Sigmoid_[1-83], Tanh, Tanh_[1-55], Add_[1-55]): 4 > 4 is false → kept.
    // out-degrees: twelve 1s, Mul_[1-83] 2, split/split_[1-27]/Add_[1-55] 3; q1 → 1, q3 → 2;
    // bound = max(2 + 4·(2 − 1), 4) = 6 → nothing extracted.
    // Bridges (§7.6): rnn (kernel/read, bias/read) feeds MatMul, MatMul_[1-27], BiasAdd, BiasAdd_[1-27]:
    // out[rnn] = 4 ≤ maxBridgePathDegree 4 and the chain of adjoining edges exists up to the root edge
    // rnn→model → drawn as paths, no annotation. Only the Const embeddings show.
    'model/rnn/basic_lstm_cell': {
      core: [
        'model/rnn/basic_lstm_cell/Add',
        'model/rnn/basic_lstm_cell/Add_[1-55]',
        'model/rnn/basic_lstm_cell/BiasAdd',
        'model/rnn/basic_lstm_cell/BiasAdd_[1-27]',
        'model/rnn/basic_lstm_cell/MatMul',
        'model/rnn/basic_lstm_cell/MatMul_[1-27]',
        'model/rnn/basic_lstm_cell/Mul',
        'model/rnn/basic_lstm_cell/Mul_[1-83]',
        'model/rnn/basic_lstm_cell/Sigmoid',
        'model/rnn/basic_lstm_cell/Sigmoid_[1-83]',
        'model/rnn/basic_lstm_cell/Tanh',
        'model/rnn/basic_lstm_cell/Tanh_[1-55]',
        'model/rnn/basic_lstm_cell/concat',
        'model/rnn/basic_lstm_cell/concat_[1-27]',
        'model/rnn/basic_lstm_cell/split',
        'model/rnn/basic_lstm_cell/split_[1-27]',
      ],
      inExtract: [],
      outExtract: [],
      library: [],
      annotations: {
        'model/rnn/basic_lstm_cell/Add': { in: ['C:model/rnn/basic_lstm_cell/Const_2'], out: [] },
        'model/rnn/basic_lstm_cell/concat': { in: ['C:model/rnn/basic_lstm_cell/concat/axis'], out: [] },
        'model/rnn/basic_lstm_cell/split': { in: ['C:model/rnn/basic_lstm_cell/Const'], out: [] },
      },
    },
    // Same pattern: model/w1/read isolated with only C:model/w1/(w1) → out-extract; its edge to
    // model/MatMul (a sibling of model/w1 inside model) becomes S:model/MatMul.
    'model/w1': {
      core: [],
      inExtract: [],
      outExtract: ['model/w1/read'],
      library: [],
      annotations: {
        'model/w1/read': { in: ['C:model/w1/(w1)'], out: ['S:model/MatMul'] },
      },
    },
    'rnn': {
      core: ['rnn/basic_lstm_cell'],
      inExtract: [],
      outExtract: [],
      library: [],
      annotations: {},
    },
    'rnn/basic_lstm_cell': {
      core: ['rnn/basic_lstm_cell/bias', 'rnn/basic_lstm_cell/kernel'],
      inExtract: [],
      outExtract: [],
      library: [],
      annotations: {},
    },
    'rnn/basic_lstm_cell/bias': {
      core: [],
      inExtract: [],
      outExtract: ['rnn/basic_lstm_cell/bias/read'],
      library: [],
      annotations: {
        'rnn/basic_lstm_cell/bias/read': { in: ['C:rnn/basic_lstm_cell/bias/(bias)'], out: ['S:model'] },
      },
    },
    // Single child read: no core edge, only the in-annotation of its Const → out-extract
    // (§7.5 step 6), then its bridge edge to model becomes S:model. The Const is named after its strict
    // rename (spec §4.5 step 4). NOTE: TensorBoard's actual mapStrictHierarchy loop stops one short
    // (i < nodeNames.length − 1) and never records the namespaces of the LAST sorted non-embedding name,
    // which here is rnn/basic_lstm_cell/kernel/read; so real TB would keep the Const's name
    // 'rnn/basic_lstm_cell/kernel' (C:rnn/basic_lstm_cell/kernel). We follow the spec text
    // (deliberate difference 3 in the README).
    'rnn/basic_lstm_cell/kernel': {
      core: [],
      inExtract: [],
      outExtract: ['rnn/basic_lstm_cell/kernel/read'],
      library: [],
      annotations: {
        'rnn/basic_lstm_cell/kernel/read': { in: ['C:rnn/basic_lstm_cell/kernel/(kernel)'], out: ['S:model'] },
      },
    },
  },
  partialRender: {
    // Series groups get no extraction (§7.3 step 4 is META only). Each member's edges to other
    // children of basic_lstm_cell are bridge edges; for other = Mul_[1-83] (or Tanh_[1-55], ...) more than
    // 4 members connect to the same outside node → isOtherHighDegree → shortcut annotations (§7.6).
    'model/rnn/basic_lstm_cell/Add_[1-55]': {
      core: seq('model/rnn/basic_lstm_cell/Add_', 1, 55),
      inExtract: [],
      outExtract: [],
      library: [],
      someAnnotations: {
        'model/rnn/basic_lstm_cell/Add_1': { in: ['S:model/rnn/basic_lstm_cell/Mul_[1-83]'], out: ['S:model/rnn/basic_lstm_cell/Mul_[1-83]', 'S:model/rnn/basic_lstm_cell/Tanh_[1-55]'] },
        'model/rnn/basic_lstm_cell/Add_2': { in: ['C:model/rnn/basic_lstm_cell/Const_5', 'S:model/rnn/basic_lstm_cell/split_[1-27]'], out: ['S:model/rnn/basic_lstm_cell/Sigmoid_[1-83]'] },
        'model/rnn/basic_lstm_cell/Add_55': { in: ['S:model/rnn/basic_lstm_cell/Mul_[1-83]'], out: ['S:model/rnn/basic_lstm_cell/Tanh_[1-55]'] },
      },
    },
    'model/rnn/basic_lstm_cell/BiasAdd_[1-27]': {
      core: seq('model/rnn/basic_lstm_cell/BiasAdd_', 1, 27),
      inExtract: [],
      outExtract: [],
      library: [],
      someAnnotations: {
        'model/rnn/basic_lstm_cell/BiasAdd_1': { in: ['S:model/rnn/basic_lstm_cell/MatMul_[1-27]', 'S:rnn'], out: ['S:model/rnn/basic_lstm_cell/split_[1-27]'] },
        'model/rnn/basic_lstm_cell/BiasAdd_2': { in: ['S:model/rnn/basic_lstm_cell/MatMul_[1-27]', 'S:rnn'], out: ['S:model/rnn/basic_lstm_cell/split_[1-27]'] },
        'model/rnn/basic_lstm_cell/BiasAdd_27': { in: ['S:model/rnn/basic_lstm_cell/MatMul_[1-27]', 'S:rnn'], out: ['S:model/rnn/basic_lstm_cell/split_[1-27]'] },
      },
    },
    'model/rnn/basic_lstm_cell/MatMul_[1-27]': {
      core: seq('model/rnn/basic_lstm_cell/MatMul_', 1, 27),
      inExtract: [],
      outExtract: [],
      library: [],
      someAnnotations: {
        'model/rnn/basic_lstm_cell/MatMul_1': { in: ['S:model/rnn/basic_lstm_cell/concat_[1-27]', 'S:rnn'], out: ['S:model/rnn/basic_lstm_cell/BiasAdd_[1-27]'] },
        'model/rnn/basic_lstm_cell/MatMul_2': { in: ['S:model/rnn/basic_lstm_cell/concat_[1-27]', 'S:rnn'], out: ['S:model/rnn/basic_lstm_cell/BiasAdd_[1-27]'] },
        'model/rnn/basic_lstm_cell/MatMul_27': { in: ['S:model/rnn/basic_lstm_cell/concat_[1-27]', 'S:rnn'], out: ['S:model/rnn/basic_lstm_cell/BiasAdd_[1-27]'] },
      },
    },
    // Mul_83 (the final h) → model/dropout: a single member → drawn through the border (no annotation).
    'model/rnn/basic_lstm_cell/Mul_[1-83]': {
      core: seq('model/rnn/basic_lstm_cell/Mul_', 1, 83),
      inExtract: [],
      outExtract: [],
      library: [],
      someAnnotations: {
        'model/rnn/basic_lstm_cell/Mul_1': { in: ['S:model/rnn/basic_lstm_cell/Sigmoid_[1-83]'], out: ['S:model/rnn/basic_lstm_cell/Add_[1-55]'] },
        'model/rnn/basic_lstm_cell/Mul_2': { in: ['S:model/rnn/basic_lstm_cell/Sigmoid_[1-83]', 'S:model/rnn/basic_lstm_cell/Tanh_[1-55]'], out: ['S:model/rnn/basic_lstm_cell/concat_[1-27]'] },
        'model/rnn/basic_lstm_cell/Mul_83': { in: ['S:model/rnn/basic_lstm_cell/Sigmoid_[1-83]', 'S:model/rnn/basic_lstm_cell/Tanh_[1-55]'], out: [] },
      },
    },
    // Sigmoid_1 and Sigmoid_2 read the step-0 split: out[split] = 2 ≤ 4 and basic_lstm_cell's core has the
    // edge split→Sigmoid_[1-83] → bridge paths, so Sigmoid_1 has no in-annotation.
    'model/rnn/basic_lstm_cell/Sigmoid_[1-83]': {
      core: seq('model/rnn/basic_lstm_cell/Sigmoid_', 1, 83),
      inExtract: [],
      outExtract: [],
      library: [],
      someAnnotations: {
        'model/rnn/basic_lstm_cell/Sigmoid_1': { in: [], out: ['S:model/rnn/basic_lstm_cell/Mul_[1-83]'] },
        'model/rnn/basic_lstm_cell/Sigmoid_2': { in: [], out: ['S:model/rnn/basic_lstm_cell/Mul_[1-83]'] },
        'model/rnn/basic_lstm_cell/Sigmoid_83': { in: ['S:model/rnn/basic_lstm_cell/split_[1-27]'], out: ['S:model/rnn/basic_lstm_cell/Mul_[1-83]'] },
      },
    },
    'model/rnn/basic_lstm_cell/Tanh_[1-55]': {
      core: seq('model/rnn/basic_lstm_cell/Tanh_', 1, 55),
      inExtract: [],
      outExtract: [],
      library: [],
      someAnnotations: {
        'model/rnn/basic_lstm_cell/Tanh_1': { in: ['S:model/rnn/basic_lstm_cell/Add_[1-55]'], out: ['S:model/rnn/basic_lstm_cell/Mul_[1-83]'] },
        'model/rnn/basic_lstm_cell/Tanh_2': { in: ['S:model/rnn/basic_lstm_cell/split_[1-27]'], out: ['S:model/rnn/basic_lstm_cell/Mul_[1-83]'] },
        'model/rnn/basic_lstm_cell/Tanh_55': { in: ['S:model/rnn/basic_lstm_cell/Add_[1-55]'], out: ['S:model/rnn/basic_lstm_cell/Mul_[1-83]'] },
      },
    },
    'model/rnn/basic_lstm_cell/concat_[1-27]': {
      core: seq('model/rnn/basic_lstm_cell/concat_', 1, 27),
      inExtract: [],
      outExtract: [],
      library: [],
      someAnnotations: {
        'model/rnn/basic_lstm_cell/concat_1': { in: [
            'C:model/rnn/basic_lstm_cell/concat_1/axis',
            'S:model/rnn/basic_lstm_cell/Mul_[1-83]',
            'S:model/unstack',
          ], out: ['S:model/rnn/basic_lstm_cell/MatMul_[1-27]'] },
        'model/rnn/basic_lstm_cell/concat_2': { in: [
            'C:model/rnn/basic_lstm_cell/concat_2/axis',
            'S:model/rnn/basic_lstm_cell/Mul_[1-83]',
            'S:model/unstack',
          ], out: ['S:model/rnn/basic_lstm_cell/MatMul_[1-27]'] },
        'model/rnn/basic_lstm_cell/concat_27': { in: [
            'C:model/rnn/basic_lstm_cell/concat_27/axis',
            'S:model/rnn/basic_lstm_cell/Mul_[1-83]',
            'S:model/unstack',
          ], out: ['S:model/rnn/basic_lstm_cell/MatMul_[1-27]'] },
      },
    },
    'model/rnn/basic_lstm_cell/split_[1-27]': {
      core: seq('model/rnn/basic_lstm_cell/split_', 1, 27),
      inExtract: [],
      outExtract: [],
      library: [],
      someAnnotations: {
        'model/rnn/basic_lstm_cell/split_1': { in: ['C:model/rnn/basic_lstm_cell/Const_3', 'S:model/rnn/basic_lstm_cell/BiasAdd_[1-27]'], out: [
            'S:model/rnn/basic_lstm_cell/Add_[1-55]',
            'S:model/rnn/basic_lstm_cell/Sigmoid_[1-83]',
            'S:model/rnn/basic_lstm_cell/Tanh_[1-55]',
          ] },
        'model/rnn/basic_lstm_cell/split_2': { in: ['C:model/rnn/basic_lstm_cell/Const_6', 'S:model/rnn/basic_lstm_cell/BiasAdd_[1-27]'], out: [
            'S:model/rnn/basic_lstm_cell/Add_[1-55]',
            'S:model/rnn/basic_lstm_cell/Sigmoid_[1-83]',
            'S:model/rnn/basic_lstm_cell/Tanh_[1-55]',
          ] },
        'model/rnn/basic_lstm_cell/split_27': { in: ['C:model/rnn/basic_lstm_cell/Const_81', 'S:model/rnn/basic_lstm_cell/BiasAdd_[1-27]'], out: [
            'S:model/rnn/basic_lstm_cell/Add_[1-55]',
            'S:model/rnn/basic_lstm_cell/Sigmoid_[1-83]',
            'S:model/rnn/basic_lstm_cell/Tanh_[1-55]',
          ] },
      },
    },
  },
};
