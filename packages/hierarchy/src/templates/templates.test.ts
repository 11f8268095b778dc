import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { decodeColumnar, loadColumnarGraph, tensorflow } from '@tbg/proto';
import { encodeGraphDef, fixturePath, generateTrainingGraph } from '@tbg/testkit';
import { buildSlimGraph } from '../graph/slim-graph.js';
import { buildHierarchy } from '../hierarchy/build.js';
import { GROUP_META, type Hierarchy } from '../hierarchy/types.js';
import { computeTemplates, templateColorIndex, TB_TEMPLATE_PALETTE_SIZE, type Templates } from './templates.js';

type N = { name: string; op: string; input?: string[] };

function fromNodes(nodes: N[], params: Parameters<typeof buildHierarchy>[1] = {}): Hierarchy {
  const bytes = tensorflow.GraphDef.encode({ node: nodes.map((x) => ({ name: x.name, op: x.op, input: x.input ?? [] })) }).finish();
  return buildHierarchy(buildSlimGraph(decodeColumnar(bytes)), params);
}

function fixture(file: string): Hierarchy {
  return buildHierarchy(buildSlimGraph(loadColumnarGraph(new Uint8Array(readFileSync(fixturePath('graphs', file)))).columnar));
}

const generated = new Map<number, Hierarchy>();
function gen(nodes: number): Hierarchy {
  let h = generated.get(nodes);
  if (!h) generated.set(nodes, (h = buildHierarchy(buildSlimGraph(decodeColumnar(encodeGraphDef(generateTrainingGraph({ nodes, seed: 1 })))))));
  return h;
}

const tpl = (h: Hierarchy, t: Templates, name: string) => {
  const g = h.groupByName.get(name);
  if (g === undefined) throw new Error(`no group ${name}`);
  return t.templateOf[g]!;
};

/** A small block: in → MatMul → BiasAdd → Relu, with a control edge. Names given per scope. */
function block(scope: string, names = ['x', 'mm', 'bias', 'act', 'dep'], extra: N[] = []): N[] {
  const [x, mm, bias, act, dep] = names.map((k) => `${scope}/${k}`);
  return [
    { name: x!, op: 'Placeholder' },
    { name: mm!, op: 'MatMul', input: [x!, x!] },
    { name: bias!, op: 'BiasAdd', input: [mm!] },
    { name: act!, op: 'Relu', input: [bias!] },
    { name: dep!, op: 'NoOp', input: [`^${act}`] },
    ...extra,
  ];
}

/** Checks the documented invariants of a Templates result (collects failures: fast on 100k graphs). */
function checkInvariants(h: Hierarchy, t: Templates): void {
  const errors: string[] = [];
  const check = (ok: boolean, what: string) => {
    if (!ok && errors.length < 20) errors.push(what);
  };
  check(t.templateOf.length === h.groups.length, 'templateOf length');
  check(t.templateOf[0] === -1, 'root has no template');
  const seen = new Set<number>();
  t.clusters.forEach((c, i) => {
    check(c.id === i, `cluster ${i} id`);
    check(c.groups.length > 1 || (c.groups.length === 1 && h.groups[c.groups[0]!]!.associatedFunction >= 0), `cluster ${i} size`);
    let level = Infinity;
    for (let k = 0; k < c.groups.length; k++) {
      const g = c.groups[k]!;
      const grp = h.groups[g]!;
      check(g > 0 && grp.kind === GROUP_META, `member ${grp.name} is a META group`);
      check(t.templateOf[g] === i, `templateOf ${grp.name}`);
      check(t.hashA[g] === t.hashA[c.groups[0]!] && t.hashB[g] === t.hashB[c.groups[0]!], `hash of ${grp.name}`);
      check(!seen.has(g), `${grp.name} in one cluster only`);
      check(k === 0 || c.groups[k - 1]! < g, `cluster ${i} members ascending`);
      seen.add(g);
      level = Math.min(level, grp.name.split('/').length - 1);
    }
    check(c.level === level, `cluster ${i} level`);
  });
  // Cluster order: level, then size descending, then first member's name.
  for (let i = 1; i < t.clusters.length; i++) {
    const a = t.clusters[i - 1]!;
    const b = t.clusters[i]!;
    const na = h.groups[a.groups[0]!]!.name;
    const nb = h.groups[b.groups[0]!]!.name;
    const sa = a.groups.length;
    const sb = b.groups.length;
    check(a.level < b.level || (a.level === b.level && (sa > sb || (sa === sb && na <= nb))), `cluster order at ${i}`);
  }
  // A META group (not the root) has a template iff its structure repeats or it is a library function.
  const sizes = new Map<string, number>();
  for (let g = 1; g < h.groups.length; g++) {
    if (h.groups[g]!.kind !== GROUP_META) continue;
    const k = `${t.hashA[g]},${t.hashB[g]}`;
    sizes.set(k, (sizes.get(k) ?? 0) + 1);
  }
  for (let g = 1; g < h.groups.length; g++) {
    const grp = h.groups[g]!;
    if (grp.kind !== GROUP_META) {
      check(t.templateOf[g] === -1, `series ${grp.name} has no template`);
      continue;
    }
    const many = sizes.get(`${t.hashA[g]},${t.hashB[g]}`)! > 1;
    check(t.templateOf[g]! >= 0 === (many || grp.associatedFunction >= 0), `template of ${grp.name}`);
    check(t.templateOf[g]! < 0 || seen.has(g), `${grp.name} listed in its cluster`);
  }
  expect(errors).toEqual([]);
}

describe('computeTemplates on hand-built graphs', () => {
  const nodes: N[] = [
    ...block('a'),
    ...block('b'),
    // Same ops and edges, different op names: same template.
    ...block('renamed', ['input', 'matmul', 'add_bias', 'activation', 'barrier']),
    // One extra op.
    ...block('extra_op', undefined, [{ name: 'extra_op/y', op: 'Identity' }]),
    // One extra edge (a second control edge into `dep`).
    ...block('extra_edge').map((x) => (x.name === 'extra_edge/dep' ? { ...x, input: ['^extra_edge/act', '^extra_edge/mm'] } : x)),
    // Same op multiset, an edge turned into a control edge.
    ...block('ctrl').map((x) => (x.name === 'ctrl/act' ? { ...x, input: ['^ctrl/bias'] } : x)),
    // Wiring: same children and edge multisets, different connections (p: one Add feeds both Muls).
    { name: 'p/a', op: 'Add' },
    { name: 'p/c', op: 'Add' },
    { name: 'p/m', op: 'Mul', input: ['p/a'] },
    { name: 'p/n', op: 'Mul', input: ['p/a'] },
    { name: 'p2/a', op: 'Add' },
    { name: 'p2/c', op: 'Add' },
    { name: 'p2/m', op: 'Mul', input: ['p2/a'] },
    { name: 'p2/n', op: 'Mul', input: ['p2/a'] },
    { name: 'q/a', op: 'Add' },
    { name: 'q/c', op: 'Add' },
    { name: 'q/m', op: 'Mul', input: ['q/a'] },
    { name: 'q/n', op: 'Mul', input: ['q/c'] },
    { name: 'q2/a', op: 'Add' },
    { name: 'q2/c', op: 'Add' },
    { name: 'q2/m', op: 'Mul', input: ['q2/c'] },
    { name: 'q2/n', op: 'Mul', input: ['q2/a'] },
    // Nested: outer scopes holding equal inner scopes share a template; their inner scopes too.
    ...block('outer1/inner'),
    { name: 'outer1/out', op: 'Identity', input: ['outer1/inner/act'] },
    ...block('outer2/inner', ['i', 'j', 'k', 'l', 'm']),
    { name: 'outer2/out', op: 'Identity', input: ['outer2/inner/l'] },
    ...block('outer3/inner', undefined, [{ name: 'outer3/inner/y', op: 'Sigmoid' }]),
    { name: 'outer3/out', op: 'Identity', input: ['outer3/inner/act'] },
  ];
  const h = fromNodes(nodes);
  const t = computeTemplates(h);

  it('gives equal structures the same template, regardless of op names', () => {
    expect(tpl(h, t, 'a')).toBeGreaterThanOrEqual(0);
    expect(tpl(h, t, 'b')).toBe(tpl(h, t, 'a'));
    expect(tpl(h, t, 'renamed')).toBe(tpl(h, t, 'a'));
    expect(t.clusters[tpl(h, t, 'a')]!.groups.map((g) => h.groups[g]!.name).sort()).toEqual(['a', 'b', 'outer1/inner', 'outer2/inner', 'renamed']);
  });

  it('separates a scope with one extra op, one extra edge, or a data edge turned control', () => {
    expect(tpl(h, t, 'extra_op')).not.toBe(tpl(h, t, 'a'));
    expect(tpl(h, t, 'extra_edge')).not.toBe(tpl(h, t, 'a'));
    expect(tpl(h, t, 'ctrl')).not.toBe(tpl(h, t, 'a'));
    // Each is unique, so it gets no template at all.
    expect(tpl(h, t, 'extra_op')).toBe(-1);
    expect(tpl(h, t, 'extra_edge')).toBe(-1);
    expect(tpl(h, t, 'ctrl')).toBe(-1);
  });

  it('tells apart scopes with the same ops and edge labels but different wiring', () => {
    expect(tpl(h, t, 'p')).toBeGreaterThanOrEqual(0);
    expect(tpl(h, t, 'p2')).toBe(tpl(h, t, 'p'));
    expect(tpl(h, t, 'q')).toBeGreaterThanOrEqual(0);
    expect(tpl(h, t, 'q2')).toBe(tpl(h, t, 'q'));
    expect(tpl(h, t, 'q')).not.toBe(tpl(h, t, 'p'));
  });

  it('compares nested scopes through their children', () => {
    expect(tpl(h, t, 'outer1')).toBeGreaterThanOrEqual(0);
    expect(tpl(h, t, 'outer2')).toBe(tpl(h, t, 'outer1'));
    expect(tpl(h, t, 'outer3')).toBe(-1);
    expect(tpl(h, t, 'outer3/inner')).toBe(-1);
  });

  it('does not depend on node order in the GraphDef', () => {
    const reversed = fromNodes([...nodes].reverse());
    const t2 = computeTemplates(reversed);
    const byName = (hh: Hierarchy, tt: Templates) =>
      tt.clusters.map((c) => c.groups.map((g) => hh.groups[g]!.name).sort()).sort((x, y) => (x.join() < y.join() ? -1 : 1));
    expect(byName(reversed, t2)).toEqual(byName(h, t));
    for (const name of ['a', 'p', 'q', 'outer1']) {
      const g1 = h.groupByName.get(name)!;
      const g2 = reversed.groupByName.get(name)!;
      expect([t2.hashA[g2], t2.hashB[g2]]).toEqual([t.hashA[g1], t.hashB[g1]]);
    }
  });

  it('keeps the invariants', () => checkInvariants(h, t));

  it('maps clusters to palette indices', () => {
    expect(templateColorIndex(t, -1)).toBe(-1);
    expect(templateColorIndex(t, t.clusters.length)).toBe(-1);
    for (const c of t.clusters) {
      expect(templateColorIndex(t, c.id)).toBe(c.id);
      expect(templateColorIndex(t, c.id, TB_TEMPLATE_PALETTE_SIZE)).toBe(c.id % 10);
    }
  });
});

describe('computeTemplates on fixtures', () => {
  it('tb_demo_xla_118: the gradient tuples and update scopes repeat', () => {
    const h = fixture('tb_demo_xla_118.pbtxt');
    const t = computeTemplates(h);
    checkInvariants(h, t);
    expect(tpl(h, t, 'gradients/add_grad')).toBe(tpl(h, t, 'gradients/add_1_grad'));
    expect(tpl(h, t, 'gradients/add_grad')).toBeGreaterThanOrEqual(0);
    const tuple = tpl(h, t, 'gradients/add_grad/tuple');
    expect(tpl(h, t, 'gradients/add_1_grad/tuple')).toBe(tuple);
    expect(tpl(h, t, 'gradients/MatMul_1_grad/tuple')).toBe(tuple);
    expect(t.clusters[tuple]!.level).toBe(2);
  });

  it('zhacmsra: a library function metanode alone still gets a template', () => {
    const h = fixture('zhacmsra_fc_quant_defun_461.pbtxt');
    const t = computeTemplates(h);
    checkInvariants(h, t);
    const f = tpl(h, t, '__function_library__quantize_op_b7ecafa5');
    expect(f).toBeGreaterThanOrEqual(0);
    expect(t.clusters[f]!.groups).toHaveLength(1);
    expect(tpl(h, t, 'fc1/weight')).toBe(tpl(h, t, 'out/weight'));
    expect(tpl(h, t, 'gradients/fc1/MatMul_grad')).toBe(tpl(h, t, 'gradients/out/MatMul_grad'));
  });

  it('scalable_agent: the 20 unrolled LSTM gradient scopes share one template', () => {
    const h = fixture('scalable_agent_impala_2124.pbtxt');
    const t = computeTemplates(h);
    checkInvariants(h, t);
    const ids = new Set<number>();
    for (let k = 1; k <= 20; k++) ids.add(tpl(h, t, `gradients/agent/unroll/lstm_cell/LSTMBlockCell_${k}_grad`));
    expect(ids.size).toBe(1);
    expect([...ids][0]).toBeGreaterThanOrEqual(0);
  });

  it('tf2onnx_lstm_frozen: only the repeated weight scopes form a template', () => {
    const h = fixture('tf2onnx_lstm_frozen.pb');
    const t = computeTemplates(h);
    checkInvariants(h, t);
    expect(t.clusters.length).toBeGreaterThanOrEqual(1);
    expect(tpl(h, t, 'model/w1')).toBe(tpl(h, t, 'model/b1'));
  });
});

describe('computeTemplates on generated training graphs', () => {
  it('repeated residual blocks share templates; a different block does not', () => {
    const h = gen(10_000);
    const t = computeTemplates(h);
    checkInvariants(h, t);
    // Within a stage, blocks 2..N are built the same way; block 1 (downsampling) differs.
    const blocks = h.groups.filter((g) => /^model\/encoder\/block_\d+$/.test(g.name));
    expect(blocks.length).toBeGreaterThan(4);
    const b2 = t.templateOf[h.groupByName.get('model/encoder/block_2')!]!;
    expect(b2).toBeGreaterThanOrEqual(0);
    expect(t.templateOf[h.groupByName.get('model/encoder/block_3')!]).toBe(b2);
    const ids = new Set(blocks.map((b) => t.templateOf[b.id]!));
    expect(ids.size).toBeLessThan(blocks.length / 2);
    // Members of one template really have the same shape.
    for (const c of t.clusters) {
      const f = h.groups[c.groups[0]!]!;
      for (const g of c.groups) {
        const grp = h.groups[g]!;
        expect([grp.depth, grp.cardinality, grp.children.length]).toEqual([f.depth, f.cardinality, f.children.length]);
      }
    }
  });

  it('is deterministic across builds', () => {
    const h1 = gen(10_000);
    const h2 = buildHierarchy(buildSlimGraph(decodeColumnar(encodeGraphDef(generateTrainingGraph({ nodes: 10_000, seed: 1 })))));
    const t1 = computeTemplates(h1);
    const t2 = computeTemplates(h2);
    expect(t2.clusters).toEqual(t1.clusters);
    expect(t2.templateOf).toEqual(t1.templateOf);
  });

  it('handles a 100k-node graph (no recursion; timing is measured ad hoc, not here)', () => {
    // Measured on the generated graph (84k ops, 33k groups): about 40 ms warm, 100 ms cold.
    const h = gen(100_000);
    const t = computeTemplates(h);
    checkInvariants(h, t);
    expect(t.clusters.length).toBeGreaterThan(10);
  });

  it('hashes scope series of equal blocks alike (generalized series)', () => {
    const nodes: N[] = [];
    for (let i = 1; i <= 6; i++) nodes.push(...block(`m/layer_${i}`));
    for (let i = 1; i <= 6; i++) nodes.push(...block(`k/layer_${i}`, ['u', 'v', 'w', 'x', 'y']));
    const h = fromNodes(nodes, { generalizedSeries: true });
    const scopeSeries = h.groups.filter((g) => g.series?.ofGroups);
    expect(scopeSeries.map((g) => g.name).sort()).toEqual(['k/layer_[1-6]', 'm/layer_[1-6]']);
    // The series is created after its member scopes: bottom-up order must not rely on ids.
    expect(scopeSeries[0]!.id).toBeGreaterThan(h.groupByName.get('m/layer_1')!);
    const t = computeTemplates(h);
    expect(t.hashA[h.groupByName.get('k/layer_[1-6]')!]).toBe(t.hashA[h.groupByName.get('m/layer_[1-6]')!]);
    checkInvariants(h, t);
    expect(tpl(h, t, 'm')).toBeGreaterThanOrEqual(0);
    expect(tpl(h, t, 'k')).toBe(tpl(h, t, 'm'));
  });
});
