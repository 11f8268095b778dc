/**
 * events/pytorch-tutorial-fashion-mnist/fashion_mnist_experiment_1/events.out.tfevents.1655101297.ziorathe.9443.13:
 * the graph PyTorch's `SummaryWriter.add_graph` wrote for the official TensorBoard tutorial's `Net`
 * (conv1 → pool → conv2 → pool → view → fc1 → fc2 → fc3). Three files of the run hold a graph_def,
 * all with the same 59 NodeDefs (names, ops, inputs); this is the last one in TensorBoard's
 * (lexicographic) file order, so its graph is the run's graph (§2.1: the last graph wins). The
 * WHOLE dump, derived by hand from tensorboard-graph.md §4–§7 and the NodeDefs, not from our code.
 *
 * The NodeDefs (C = conv1/conv2, P = MaxPool2d[pool], F = Linear[fc1..3]):
 * - `input/x.1`, `output/output.1` (op `IO Node`; output.1 reads fc3/194);
 * - 18 `prim::Constant`: C1/146–149, P/157–160, C2/166–169, P/177–180, Net/100, Net/101;
 * - 10 `prim::GetAttr` `<module>/bias/bias.N` and `<module>/weight/weight.N`, each reading
 *   `<module>/weight/<conv1|conv2|fc1|fc2|fc3>`, a module object PyTorch leaves out of the graph;
 * - 17 `prim::ListConstruct`: C1/152–155, P/161–164, C2/172–175, P/181–184 (each reading one
 *   Constant twice), Net/102 (Net/100, Net/101);
 * - `aten::_convolution` C1/input.1 (x.1, weight.5, bias.5, 152, 153, 154, 147, 155, 149, 147, 147,
 *   146, 146) and C2/input.7 (P/input.5, weight.7, bias.7, 172–174, 167, 175, 169, 167, 167, 166, 166);
 * - `aten::max_pool2d` P/input.5 (Net/input.3, 161–164, 157) and P/x (Net/input.9, 181–184, 177);
 * - `aten::relu` Net/input.3, Net/input.9, Net/input.15, Net/input; `aten::view` Net/input.11
 *   (P/x, Net/102); `aten::linear` F1/input.13, F2/input.17, F3/194 (previous, weight, bias).
 *
 * How TensorBoard builds it:
 * - §4.3: the in-embedding regex `Const` is unanchored, so all 18 `prim::Constant` are
 *   in-embeddings: C: annotations of their consumers, not nodes. We embed them on purpose
 *   (README quirk 5: `CONSTANT_OPS` names `prim::Constant`) → 59 − 18 = 41 op nodes.
 * - §4.6: the 10 GetAttr inputs name no node; TensorBoard makes BaseEdges for them and drops them
 *   in `addEdges` (§5.3), so no node, scope or edge comes from them. We drop them too in PyTorch
 *   graphs and list them as `droppedInputs` (deliberate difference 7 in the README). Edges
 *   between op nodes: 7 into each convolution (previous op, weight, bias, 4 ListConstructs),
 *   5 into each max_pool2d, 2 into view, 3 into each linear, 1 into each relu and into output.1
 *   → 7+7+5+5+2+3+3+3+4+1 = 40; the ListConstructs only read Constants (no edge). No control
 *   input, no Assign-like op (0 control, 0 reference edges). No consecutive duplicate input
 *   names a node (quirk 1 only collapses Constant reads, which are annotations anyway).
 * - §4.5: no op name is also a scope (`Net/input` vs `Net/input.3` is not a `/` prefix) → no renames.
 * - §5.1: scopes from the names; cardinality counts the 41 ops only; depth = levels below.
 * - §5.2: no run of ≥ 5: the ListConstruct leaves `152`…`155` (prefix ``) etc. form runs of 4,
 *   which stay ungrouped; the relus `input.3`, `input.9`, `input.15` (prefix `input.`) are not
 *   consecutive and `input` has the implicit id 0 of another prefix → no series at all.
 * - §6: signatures (depth, |V|, |E|, op histogram) put input/output, the 10 one-GetAttr scopes,
 *   conv1/conv2 and fc1/fc2/fc3 into groups. TensorBoard processes the groups in index order
 *   (quirk 10): conv1/conv2's group comes before the GetAttr scopes' group (`Net/Conv2d[conv1]`
 *   is created before `Net/Conv2d[conv1]/bias`), so their bias/weight children have no templateId
 *   yet and TensorBoard leaves conv1 and conv2 apart; fc1–fc3 come after, and match.
 * - §7: no group has 15 children, there is no NoOp and no control edge, so nothing is extracted
 *   by degree or type. A child without core edges (x.1, output.1, each GetAttr alone in its scope)
 *   has no annotations at extraction time, so step 6 leaves it in the core. Every edge that crosses
 *   a group border has one edge per outside node (≤ 4) and an adjoining edge in the parent's core,
 *   so all are bridge paths (§7.6): the only annotations are the Constants (C:, each name once, §7.7).
 */
import type { FixtureExpectation } from './types.js';

const C1 = 'Net/Conv2d[conv1]';
const C2 = 'Net/Conv2d[conv2]';
const P = 'Net/MaxPool2d[pool]';
const F1 = 'Net/Linear[fc1]';
const F2 = 'Net/Linear[fc2]';
const F3 = 'Net/Linear[fc3]';

const none = { inExtract: [], outExtract: [], library: [] };

export const expected: FixtureExpectation = {
  dir: 'events',
  file: 'pytorch-tutorial-fashion-mnist/fashion_mnist_experiment_1/events.out.tfevents.1655101297.ziorathe.9443.13',
  events: true,
  graph: { rawNodes: 59, opNodes: 41, baseEdges: 40, controlBaseEdges: 0, refBaseEdges: 0, missingNodes: 0 },
  // Difference 7 (ours only; TensorBoard drops them silently): each module object, read by its bias
  // and weight GetAttr.
  droppedInputs: [
    { name: `${C1}/weight/conv1`, consumers: [`${C1}/bias/bias.5`, `${C1}/weight/weight.5`] },
    { name: `${C2}/weight/conv2`, consumers: [`${C2}/bias/bias.7`, `${C2}/weight/weight.7`] },
    { name: `${F1}/weight/fc1`, consumers: [`${F1}/bias/bias.9`, `${F1}/weight/weight.9`] },
    { name: `${F2}/weight/fc2`, consumers: [`${F2}/bias/bias.11`, `${F2}/weight/weight.11`] },
    { name: `${F3}/weight/fc3`, consumers: [`${F3}/bias/bias`, `${F3}/weight/weight`] },
  ],
  allMetanodes: true,
  metanodes: [
    // Root depth 4: `Net/Conv2d[conv1]/bias/bias.5` has 4 segments. 39 ops under Net + 2 IO nodes.
    {
      name: '__root__',
      depth: 4,
      cardinality: 41,
      children: ['Net', 'input', 'output'],
      opHistogram: { 'IO Node': 2, 'aten::_convolution': 2, 'aten::linear': 3, 'aten::max_pool2d': 2, 'aten::relu': 4, 'aten::view': 1, 'prim::GetAttr': 10, 'prim::ListConstruct': 17 },
    },
    { name: 'input', depth: 1, cardinality: 1, children: ['input/x.1'], opHistogram: { 'IO Node': 1 } },
    { name: 'output', depth: 1, cardinality: 1, children: ['output/output.1'], opHistogram: { 'IO Node': 1 } },
    // Net: 7 + 7 (convs) + 10 (pool) + 3 × 3 (linears) + 6 direct ops (4 relu, view, ListConstruct 102) = 39.
    {
      name: 'Net',
      depth: 3,
      cardinality: 39,
      children: [C1, C2, P, F1, F2, F3, 'Net/102', 'Net/input', 'Net/input.11', 'Net/input.15', 'Net/input.3', 'Net/input.9'],
      opHistogram: { 'aten::_convolution': 2, 'aten::linear': 3, 'aten::max_pool2d': 2, 'aten::relu': 4, 'aten::view': 1, 'prim::GetAttr': 10, 'prim::ListConstruct': 17 },
    },
    {
      name: C1,
      depth: 2,
      cardinality: 7,
      children: [`${C1}/152`, `${C1}/153`, `${C1}/154`, `${C1}/155`, `${C1}/bias`, `${C1}/input.1`, `${C1}/weight`],
      opHistogram: { 'aten::_convolution': 1, 'prim::GetAttr': 2, 'prim::ListConstruct': 4 },
    },
    { name: `${C1}/bias`, depth: 1, cardinality: 1, children: [`${C1}/bias/bias.5`], opHistogram: { 'prim::GetAttr': 1 } },
    { name: `${C1}/weight`, depth: 1, cardinality: 1, children: [`${C1}/weight/weight.5`], opHistogram: { 'prim::GetAttr': 1 } },
    {
      name: C2,
      depth: 2,
      cardinality: 7,
      children: [`${C2}/172`, `${C2}/173`, `${C2}/174`, `${C2}/175`, `${C2}/bias`, `${C2}/input.7`, `${C2}/weight`],
      opHistogram: { 'aten::_convolution': 1, 'prim::GetAttr': 2, 'prim::ListConstruct': 4 },
    },
    { name: `${C2}/bias`, depth: 1, cardinality: 1, children: [`${C2}/bias/bias.7`], opHistogram: { 'prim::GetAttr': 1 } },
    { name: `${C2}/weight`, depth: 1, cardinality: 1, children: [`${C2}/weight/weight.7`], opHistogram: { 'prim::GetAttr': 1 } },
    // Both pooling calls run in the one `pool` module: 8 ListConstructs and 2 max_pool2d, one level.
    {
      name: P,
      depth: 1,
      cardinality: 10,
      children: [`${P}/161`, `${P}/162`, `${P}/163`, `${P}/164`, `${P}/181`, `${P}/182`, `${P}/183`, `${P}/184`, `${P}/input.5`, `${P}/x`],
      opHistogram: { 'aten::max_pool2d': 2, 'prim::ListConstruct': 8 },
    },
    { name: F1, depth: 2, cardinality: 3, children: [`${F1}/bias`, `${F1}/input.13`, `${F1}/weight`], opHistogram: { 'aten::linear': 1, 'prim::GetAttr': 2 } },
    { name: `${F1}/bias`, depth: 1, cardinality: 1, children: [`${F1}/bias/bias.9`], opHistogram: { 'prim::GetAttr': 1 } },
    { name: `${F1}/weight`, depth: 1, cardinality: 1, children: [`${F1}/weight/weight.9`], opHistogram: { 'prim::GetAttr': 1 } },
    { name: F2, depth: 2, cardinality: 3, children: [`${F2}/bias`, `${F2}/input.17`, `${F2}/weight`], opHistogram: { 'aten::linear': 1, 'prim::GetAttr': 2 } },
    { name: `${F2}/bias`, depth: 1, cardinality: 1, children: [`${F2}/bias/bias.11`], opHistogram: { 'prim::GetAttr': 1 } },
    { name: `${F2}/weight`, depth: 1, cardinality: 1, children: [`${F2}/weight/weight.11`], opHistogram: { 'prim::GetAttr': 1 } },
    { name: F3, depth: 2, cardinality: 3, children: [`${F3}/194`, `${F3}/bias`, `${F3}/weight`], opHistogram: { 'aten::linear': 1, 'prim::GetAttr': 2 } },
    { name: `${F3}/bias`, depth: 1, cardinality: 1, children: [`${F3}/bias/bias`], opHistogram: { 'prim::GetAttr': 1 } },
    { name: `${F3}/weight`, depth: 1, cardinality: 1, children: [`${F3}/weight/weight`], opHistogram: { 'prim::GetAttr': 1 } },
  ],
  series: [],
  // §5.2: leaves `152` … match ^(\D*)(\d+)$ with an empty prefix → `parent/[first-last]`, 4 < 5.
  ungroupedRuns: [
    { name: `${C1}/[152-155]`, parent: C1, members: [`${C1}/152`, `${C1}/153`, `${C1}/154`, `${C1}/155`] },
    { name: `${C2}/[172-175]`, parent: C2, members: [`${C2}/172`, `${C2}/173`, `${C2}/174`, `${C2}/175`] },
    { name: `${P}/[161-164]`, parent: P, members: [`${P}/161`, `${P}/162`, `${P}/163`, `${P}/164`] },
    { name: `${P}/[181-184]`, parent: P, members: [`${P}/181`, `${P}/182`, `${P}/183`, `${P}/184`] },
  ],
  // Every op's parent is its name's scope (no strict renames, no series).
  allOpParents: true,
  opParent: {
    'input/x.1': 'input',
    'output/output.1': 'output',
    'Net/102': 'Net',
    'Net/input': 'Net',
    'Net/input.11': 'Net',
    'Net/input.15': 'Net',
    'Net/input.3': 'Net',
    'Net/input.9': 'Net',
    [`${C1}/152`]: C1,
    [`${C1}/153`]: C1,
    [`${C1}/154`]: C1,
    [`${C1}/155`]: C1,
    [`${C1}/input.1`]: C1,
    [`${C1}/bias/bias.5`]: `${C1}/bias`,
    [`${C1}/weight/weight.5`]: `${C1}/weight`,
    [`${C2}/172`]: C2,
    [`${C2}/173`]: C2,
    [`${C2}/174`]: C2,
    [`${C2}/175`]: C2,
    [`${C2}/input.7`]: C2,
    [`${C2}/bias/bias.7`]: `${C2}/bias`,
    [`${C2}/weight/weight.7`]: `${C2}/weight`,
    [`${P}/161`]: P,
    [`${P}/162`]: P,
    [`${P}/163`]: P,
    [`${P}/164`]: P,
    [`${P}/181`]: P,
    [`${P}/182`]: P,
    [`${P}/183`]: P,
    [`${P}/184`]: P,
    [`${P}/input.5`]: P,
    [`${P}/x`]: P,
    [`${F1}/input.13`]: F1,
    [`${F1}/bias/bias.9`]: `${F1}/bias`,
    [`${F1}/weight/weight.9`]: `${F1}/weight`,
    [`${F2}/input.17`]: F2,
    [`${F2}/bias/bias.11`]: `${F2}/bias`,
    [`${F2}/weight/weight.11`]: `${F2}/weight`,
    [`${F3}/194`]: F3,
    [`${F3}/bias/bias`]: `${F3}/bias`,
    [`${F3}/weight/weight`]: `${F3}/weight`,
  },
  // §6: input/output ("depth=1 |V|=1 |E|=0 [ops] IO Node=1", one IO Node each); the 10 one-GetAttr
  // scopes; fc1–fc3 (|V|=3, |E|=2: bias→linear, weight→linear; their GetAttr scopes already share
  // a templateId when TensorBoard compares them).
  allTemplateClusters: true,
  templateClusters: [
    ['input', 'output'],
    [`${C1}/bias`, `${C1}/weight`, `${C2}/bias`, `${C2}/weight`, `${F1}/bias`, `${F1}/weight`, `${F2}/bias`, `${F2}/weight`, `${F3}/bias`, `${F3}/weight`],
    [F1, F2, F3],
    // Deliberate difference 2 (README): conv1 and conv2 are structurally identical (|V|=7, |E|=6:
    // bias, weight and 4 ListConstructs → the convolution). TensorBoard compares them before their
    // bias/weight scopes have templateIds (index order, §14 quirk 10) and leaves them in two
    // singleton clusters; structure hashing groups them.
    [C1, C2],
  ],
  allGroups: true,
  render: {
    // Root: Net, input, output, joined by input→Net (x.1→conv1/input.1) and Net→output (fc3/194→output.1).
    __root__: { core: ['Net', 'input', 'output'], ...none, annotations: {} },
    // x.1 and output.1 have no core edge and no annotation → stay in the core (§7.5 step 6); their
    // edges to Net are bridge paths (one each, adjoining root edge exists, §7.6).
    input: { core: ['input/x.1'], ...none, annotations: {} },
    output: { core: ['output/output.1'], ...none, annotations: {} },
    // Net: a chain conv1 → input.3 → pool → conv2 → input.9 → pool → input.11 ← 102; input.11 → fc1 →
    // input.15 → fc2 → input → fc3. Every child has a core edge; the bridges from input and to
    // output are paths. 102 shows its two Constants.
    Net: {
      core: [C1, C2, P, F1, F2, F3, 'Net/102', 'Net/input', 'Net/input.11', 'Net/input.15', 'Net/input.3', 'Net/input.9'],
      ...none,
      annotations: { 'Net/102': { in: ['C:Net/100', 'C:Net/101'], out: [] } },
    },
    // conv1: bias, weight and 152–155 → input.1; input.1 reads the Constants 147 (3×), 149 and 146
    // (2×): C:146, C:147, C:149, each name once (§7.7). The bridges (from input, to Net/input.3) are
    // paths.
    [C1]: {
      core: [`${C1}/152`, `${C1}/153`, `${C1}/154`, `${C1}/155`, `${C1}/bias`, `${C1}/input.1`, `${C1}/weight`],
      ...none,
      annotations: {
        [`${C1}/152`]: { in: [`C:${C1}/149`], out: [] },
        [`${C1}/153`]: { in: [`C:${C1}/148`], out: [] },
        [`${C1}/154`]: { in: [`C:${C1}/149`], out: [] },
        [`${C1}/155`]: { in: [`C:${C1}/148`], out: [] },
        [`${C1}/input.1`]: { in: [`C:${C1}/146`, `C:${C1}/147`, `C:${C1}/149`], out: [] },
      },
    },
    // A GetAttr alone in its scope: no core edge, no annotation (its module input is dropped) → core;
    // its edge to the convolution/linear is a bridge path.
    [`${C1}/bias`]: { core: [`${C1}/bias/bias.5`], ...none, annotations: {} },
    [`${C1}/weight`]: { core: [`${C1}/weight/weight.5`], ...none, annotations: {} },
    [C2]: {
      core: [`${C2}/172`, `${C2}/173`, `${C2}/174`, `${C2}/175`, `${C2}/bias`, `${C2}/input.7`, `${C2}/weight`],
      ...none,
      annotations: {
        [`${C2}/172`]: { in: [`C:${C2}/169`], out: [] },
        [`${C2}/173`]: { in: [`C:${C2}/168`], out: [] },
        [`${C2}/174`]: { in: [`C:${C2}/169`], out: [] },
        [`${C2}/175`]: { in: [`C:${C2}/168`], out: [] },
        [`${C2}/input.7`]: { in: [`C:${C2}/166`, `C:${C2}/167`, `C:${C2}/169`], out: [] },
      },
    },
    [`${C2}/bias`]: { core: [`${C2}/bias/bias.7`], ...none, annotations: {} },
    [`${C2}/weight`]: { core: [`${C2}/weight/weight.7`], ...none, annotations: {} },
    // pool: 161–164 → input.5, 181–184 → x; four bridges (from input.3 and input.9, to conv2 and
    // input.11), one per outside node → paths.
    [P]: {
      core: [`${P}/161`, `${P}/162`, `${P}/163`, `${P}/164`, `${P}/181`, `${P}/182`, `${P}/183`, `${P}/184`, `${P}/input.5`, `${P}/x`],
      ...none,
      annotations: {
        [`${P}/161`]: { in: [`C:${P}/160`], out: [] },
        [`${P}/162`]: { in: [`C:${P}/160`], out: [] },
        [`${P}/163`]: { in: [`C:${P}/159`], out: [] },
        [`${P}/164`]: { in: [`C:${P}/158`], out: [] },
        [`${P}/181`]: { in: [`C:${P}/180`], out: [] },
        [`${P}/182`]: { in: [`C:${P}/180`], out: [] },
        [`${P}/183`]: { in: [`C:${P}/179`], out: [] },
        [`${P}/184`]: { in: [`C:${P}/178`], out: [] },
        [`${P}/input.5`]: { in: [`C:${P}/157`], out: [] },
        [`${P}/x`]: { in: [`C:${P}/177`], out: [] },
      },
    },
    // Linears: bias, weight → linear; no Constants; bridges (from the previous op, to the next op or
    // to output for fc3) are paths.
    [F1]: { core: [`${F1}/bias`, `${F1}/input.13`, `${F1}/weight`], ...none, annotations: {} },
    [`${F1}/bias`]: { core: [`${F1}/bias/bias.9`], ...none, annotations: {} },
    [`${F1}/weight`]: { core: [`${F1}/weight/weight.9`], ...none, annotations: {} },
    [F2]: { core: [`${F2}/bias`, `${F2}/input.17`, `${F2}/weight`], ...none, annotations: {} },
    [`${F2}/bias`]: { core: [`${F2}/bias/bias.11`], ...none, annotations: {} },
    [`${F2}/weight`]: { core: [`${F2}/weight/weight.11`], ...none, annotations: {} },
    [F3]: { core: [`${F3}/194`, `${F3}/bias`, `${F3}/weight`], ...none, annotations: {} },
    [`${F3}/bias`]: { core: [`${F3}/bias/bias`], ...none, annotations: {} },
    [`${F3}/weight`]: { core: [`${F3}/weight/weight`], ...none, annotations: {} },
  },
  partialRender: {},
};
