/**
 * tb_app_demo_tiny.pbtxt (8 NodeDefs): the WHOLE dump, derived by hand from tensorboard-graph.md.
 *
 * Nodes: Const life, universe, everything; Add 0/0/Add, 0/1/Add, 1/Add (life, universe);
 * Weird 1/Weird (life, universe); Add answer (0/0/Add, 0/1/Add, 1/Add, 1/Weird, everything).
 */
import type { FixtureExpectation } from './types.js';

export const expected: FixtureExpectation = {
  file: 'tb_app_demo_tiny.pbtxt',
  // §4.3: the 3 Const nodes are in-embeddings, not graph nodes → 8 − 3 = 5 op nodes.
  // Only answer's four non-Const inputs become BaseEdges (a Const input only records the
  // embedding, §4.3) → 4 edges, none control, none reference (no Assign-like op, §4.6).
  graph: { rawNodes: 8, opNodes: 5, baseEdges: 4, controlBaseEdges: 0, refBaseEdges: 0, missingNodes: 0 },
  // §5.1: depth = levels under the group; root: path ['0','0/0','0/0/Add'] has length 3.
  // Cardinality counts ops only (embeddings are not counted).
  allMetanodes: true,
  metanodes: [
    {
      name: '0',
      depth: 2,
      cardinality: 2,
      children: ['0/0', '0/1'],
      opHistogram: { Add: 2 },
    },
    {
      name: '0/0',
      depth: 1,
      cardinality: 1,
      children: ['0/0/Add'],
      opHistogram: { Add: 1 },
    },
    {
      name: '0/1',
      depth: 1,
      cardinality: 1,
      children: ['0/1/Add'],
      opHistogram: { Add: 1 },
    },
    {
      name: '1',
      depth: 1,
      cardinality: 2,
      children: ['1/Add', '1/Weird'],
      opHistogram: { Add: 1, Weird: 1 },
    },
    {
      name: '__root__',
      depth: 3,
      cardinality: 5,
      children: ['0', '1', 'answer'],
      opHistogram: { Add: 4, Weird: 1 },
    },
  ],
  // §5.2: 1/Add and 1/Weird have different ops; no numeric-suffix runs anywhere → no series.
  series: [],
  ungroupedRuns: [],
  // No op name is also a scope, so nothing is strict-renamed (§4.5).
  allOpParents: true,
  opParent: { '0/0/Add': '0/0', '0/1/Add': '0/1', '1/Add': '1', '1/Weird': '1', answer: '__root__' },
  // §6: 0/0 and 0/1 share the signature "depth=1 |V|=1 |E|=0 [ops] Add=1" and are similar
  // (one Add each). Every other metanode has a unique signature.
  allTemplateClusters: true,
  templateClusters: [
    ['0/0', '0/1'],
  ],
  allGroups: true,
  render: {
    // 0's children 0/0 and 0/1 are metanodes without embeddings: no annotations, degree 0 but
    // nothing on either side (§7.5 step 6 needs annotations on exactly one side) → they stay in core.
    // Their bridge edges to answer become bridge paths: in[answer] = 2 ≤ 4 and the adjoining
    // root edge 0→answer exists (§7.6), so no shortcut annotations.
    '0': {
      core: ['0/0', '0/1'],
      inExtract: [],
      outExtract: [],
      library: [],
      annotations: {},
    },
    // The only child 0/0/Add has no core edge and, at extraction time, only in-annotations
    // (C:life, C:universe) → out-extract (§7.5 step 6). Its bridge edge to answer cannot be drawn
    // because the child is not in the core → shortcut S:answer (§7.6).
    '0/0': {
      core: [],
      inExtract: [],
      outExtract: ['0/0/Add'],
      library: [],
      annotations: {
        '0/0/Add': { in: ['C:life', 'C:universe'], out: ['S:answer'] },
      },
    },
    '0/1': {
      core: [],
      inExtract: [],
      outExtract: ['0/1/Add'],
      library: [],
      annotations: {
        '0/1/Add': { in: ['C:life', 'C:universe'], out: ['S:answer'] },
      },
    },
    // Same as 0/0 for both ops: isolated, in-annotations only → out-extract; S:answer.
    '1': {
      core: [],
      inExtract: [],
      outExtract: ['1/Add', '1/Weird'],
      library: [],
      annotations: {
        '1/Add': { in: ['C:life', 'C:universe'], out: ['S:answer'] },
        '1/Weird': { in: ['C:life', 'C:universe'], out: ['S:answer'] },
      },
    },
    // Root: 3 children, fewer than 15 → no high-degree extraction; no NoOp; every child
    // has a core edge (0→answer, 1→answer) → all in core. answer shows its Const input as C:everything.
    '__root__': {
      core: ['0', '1', 'answer'],
      inExtract: [],
      outExtract: [],
      library: [],
      annotations: {
        'answer': { in: ['C:everything'], out: [] },
      },
    },
  },
  partialRender: {},
};
