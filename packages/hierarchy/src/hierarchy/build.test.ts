import { describe, expect, it } from 'vitest';
import { buildHierarchy, nameOf, parentOf } from './build.js';
import { GROUP_SERIES, type Hierarchy } from './types.js';
import { histograms } from './histograms.js';
import { fixtureHierarchy, generatedHierarchy, hierarchyOf, type NodeSpec } from '../test-support/graphs.js';

/** Structural invariants every hierarchy must satisfy (violations collected, asserted once). */
function checkInvariants(h: Hierarchy): void {
  const n = h.n;
  const bad: string[] = [];
  const check = (ok: boolean, what: () => string) => {
    if (!ok && bad.length < 20) bad.push(what());
  };
  const seen = new Uint8Array(n + h.groups.length);
  // Every node is the child of its parent, exactly once.
  for (const g of h.groups) {
    for (const c of g.children) {
      check(parentOf(h, c) === n + g.id, () => `${nameOf(h, c)} is listed under ${g.name} but its parent is ${parentOf(h, c)}`);
      check(seen[c] === 0, () => `${nameOf(h, c)} listed twice`);
      seen[c] = 1;
    }
  }
  for (let i = 0; i < n; i++) check(seen[i] === 1, () => `${h.names[i]} is in no group`);
  // Op ranges nest and count the ops below.
  for (const g of h.groups) {
    check(g.opEnd - g.opStart === g.cardinality, () => `${g.name}: range ${g.opStart}..${g.opEnd} vs cardinality ${g.cardinality}`);
    if (g.id) {
      const up = h.groups[g.parent - n]!;
      check(g.opStart >= up.opStart && g.opEnd <= up.opEnd, () => `${g.name} range outside its parent's`);
    }
  }
  check(h.groups[0]!.cardinality === n, () => 'root cardinality');
  for (let i = 0; i < n; i++) {
    const up = h.groups[h.parent[i]! - n]!;
    check(h.opOrder[h.opPos[i]!] === i && h.opPos[i]! >= up.opStart && h.opPos[i]! < up.opEnd, () => `${h.names[i]} outside its parent's range`);
  }
  // groupOrder lists every group once, parents first.
  const pos = new Int32Array(h.groups.length).fill(-1);
  h.groupOrder.forEach((g, i) => (pos[g] = i));
  for (const g of h.groups) if (g.id) check(pos[h.groups[g.parent - n]!.id]! < pos[g.id]!, () => `${g.name} before its parent in groupOrder`);
  // Every base edge is in exactly one metaedge, between the children of the endpoints' LCA.
  const me = h.metaedges;
  let total = 0;
  for (let m = 0; m < me.count; m++) {
    const owner = n + me.group[m]!;
    check(parentOf(h, me.v[m]!) === owner && parentOf(h, me.w[m]!) === owner, () => `metaedge ${m} endpoints are not children of its group`);
    check(me.numRegular[m]! + me.numControl[m]! === me.baseStart[m + 1]! - me.baseStart[m]!, () => `metaedge ${m} counts`);
    total += me.baseStart[m + 1]! - me.baseStart[m]!;
  }
  check(total === h.graph.edgeCount, () => `metaedges hold ${total} of ${h.graph.edgeCount} base edges`);
  expect(bad).toEqual([]);
}

describe('buildHierarchy', () => {
  it('builds name scopes, strict names and series for the unrolled LSTM', () => {
    const h = fixtureHierarchy('tf2onnx_lstm_frozen.pb');
    checkInvariants(h);
    const renamed = h.names.filter((nm) => /\/\([^/]+\)$/.test(nm));
    expect(renamed.length).toBeGreaterThan(0);
    for (const nm of renamed) expect(h.groupByName.has(nm.slice(0, nm.lastIndexOf('/')))).toBe(true);
    const series = h.groups.filter((g) => g.kind === GROUP_SERIES).map((g) => g.name);
    expect(series).toContain('model/rnn/basic_lstm_cell/Add_[1-55]');
    expect(series).toContain('model/rnn/basic_lstm_cell/Sigmoid_[1-83]');
    const add = h.groups[h.groupByName.get('model/rnn/basic_lstm_cell/Add_[1-55]')!]!;
    expect(add.children.length).toBe(55);
    expect(add.cardinality).toBe(55);
  });

  it('follows TensorBoard series rules: digit-free prefixes, implicit 0, consecutive runs, minimum 5', () => {
    const spec: NodeSpec[] = [];
    for (const i of [1, 2, 3, 4, 5, 7, 8]) spec.push([`s/Relu_${i}`, 'Relu']);
    spec.push(['s/foo', 'Neg'], ['s/foo1', 'Neg'], ['s/foo2', 'Neg'], ['s/foo3', 'Neg'], ['s/foo4', 'Neg']);
    for (let i = 1; i <= 6; i++) spec.push([`s/conv2d_${i}`, 'Conv2D']);
    spec.push(['s/add', 'Add'], ['s/add_1', 'Add'], ['s/add_2', 'Add'], ['s/add_3', 'Add'], ['s/add_4', 'Add'], ['s/add_5', 'Add']);
    const h = hierarchyOf(spec);
    checkInvariants(h);
    const series = h.groups.filter((g) => g.kind === GROUP_SERIES).map((g) => g.name).sort();
    // Relu_1..5 (7, 8 break the run); foo0..4 with the implicit 0; add_1..5 without `add`.
    expect(series).toEqual(['s/Relu_[1-5]', 's/add_[1-5]', 's/foo[0-4]']);
    expect(h.ungroupedSeries.map((u) => u.name).sort()).toEqual(['s/Relu_[7-8]']);
    // The generalized option also groups prefixes with digits.
    const g2 = hierarchyOf(spec, { generalizedSeries: true });
    expect(g2.groups.filter((g) => g.kind === GROUP_SERIES).map((g) => g.name).sort()).toContain('s/conv2d_[1-6]');
    // Series can be switched off, or forced and prevented one by one.
    expect(hierarchyOf(spec, { groupSeries: false }).groups.some((g) => g.kind === GROUP_SERIES)).toBe(false);
    const o = hierarchyOf(spec, { seriesOverrides: new Map([['s/Relu_[7-8]', 'group'], ['s/foo[0-4]', 'ungroup']]) });
    expect(o.groups.filter((g) => g.kind === GROUP_SERIES).map((g) => g.name).sort()).toEqual(['s/Relu_[1-5]', 's/Relu_[7-8]', 's/add_[1-5]']);
  });

  it('groups series of identical scopes with the generalized option', () => {
    const spec: NodeSpec[] = [];
    for (let i = 1; i <= 6; i++) spec.push([`net/layer_${i}/w`, 'VariableV2'], [`net/layer_${i}/mm`, 'MatMul', [i === 1 ? 'x' : `net/layer_${i - 1}/mm`, `net/layer_${i}/w`]]);
    spec.push(['x', 'Placeholder']);
    expect(hierarchyOf(spec).groups.some((g) => g.kind === GROUP_SERIES)).toBe(false);
    const h = hierarchyOf(spec, { generalizedSeries: true });
    checkInvariants(h);
    const s = h.groups.find((g) => g.kind === GROUP_SERIES)!;
    expect(s.name).toBe('net/layer_[1-6]');
    expect(s.series!.ofGroups).toBe(true);
    expect(s.hasNonControlEdges).toBe(true);
    expect(s.cardinality).toBe(12);
  });

  it('counts cardinality and depth like TensorBoard, and histograms on demand', () => {
    const h = fixtureHierarchy('tb_demo_xla_118.pbtxt');
    checkInvariants(h);
    const gd = h.groups[h.groupByName.get('GradientDescent')!]!;
    expect(gd.cardinality).toBe(5);
    expect(gd.depth).toBe(2);
    expect(histograms(h, h.n + gd.id).op).toEqual({ ApplyGradientDescent: 4, NoOp: 1 });
    expect(nameOf(h, h.parent[h.names.indexOf('GradientDescent/(GradientDescent)')]!)).toBe('GradientDescent');
  });

  it('holds its invariants on every fixture and on generated graphs', () => {
    for (const f of ['tb_app_demo_tiny.pbtxt', 'zhacmsra_fc_quant_defun_461.pbtxt', 'scalable_agent_impala_2124.pbtxt', 'tf2onnx_regression_saved_model.pb']) checkInvariants(fixtureHierarchy(f));
    checkInvariants(generatedHierarchy(5000, 3));
    checkInvariants(generatedHierarchy(3000, 4, { generalizedSeries: true }));
  });

  it('registers library functions and their call sites', () => {
    const h = fixtureHierarchy('zhacmsra_fc_quant_defun_461.pbtxt');
    expect(h.libraryFunctions.map((f) => f.name).sort()).toEqual(['quantize_grad_b12a6ec4', 'quantize_op_b7ecafa5']);
    const q = h.libraryFunctions.find((f) => f.name === 'quantize_op_b7ecafa5')!;
    expect(h.groups[q.group]!.name).toBe('__function_library__quantize_op_b7ecafa5');
    expect(q.usages.length).toBe(6);
  });

  describe('bad input builds correctly', () => {
    it('cycles, self-loops and while loops', () => {
      const h = hierarchyOf([
        ['while/Enter', 'Enter', ['x']],
        ['while/Merge', 'Merge', ['while/Enter', 'while/NextIteration']],
        ['while/Switch', 'Switch', ['while/Merge', 'while/LoopCond']],
        ['while/LoopCond', 'LoopCond', ['while/Merge']],
        ['while/body', 'Add', ['while/Switch:1', 'while/body']],
        ['while/NextIteration', 'NextIteration', ['while/body']],
        ['while/Exit', 'Exit', ['while/Switch']],
        ['x', 'Placeholder'],
      ]);
      checkInvariants(h);
      expect(h.graph.edgeCount).toBe(9); // the self-loop is skipped
    });

    it('0 and 1 nodes, 50-level scopes, unusual characters, missing inputs', () => {
      for (const spec of [[], [['only', 'NoOp']]] as NodeSpec[][]) checkInvariants(hierarchyOf(spec));
      const deep = Array.from({ length: 50 }, (_, i) => `s${i}`).join('/');
      const h = hierarchyOf([
        [`${deep}/op`, 'Neg', ['weird name:with spaces', '^ünïcødé/节点']],
        ['ünïcødé/节点', 'NoOp'],
        ['a[0]/b.c-d', 'Neg', [`${deep}/op`]],
      ]);
      checkInvariants(h);
      expect(h.groups[0]!.depth).toBe(51);
      // No `:N` slot, so TensorBoard's rule keeps the whole reference as the name.
      expect(h.names).toContain('weird name:with spaces');
      expect(buildHierarchy(h.graph).groups.length).toBe(h.groups.length);
    });

    it('a 50k-node chain nested 200 deep needs no recursion', () => {
      const spec: NodeSpec[] = [];
      let scope = 'root';
      for (let i = 0; i < 50_000; i++) {
        if (i % 250 === 0) scope += `/d${i}`;
        spec.push([`${scope}/n${i}`, 'Neg', i ? [spec[i - 1]![0]] : []]);
      }
      const h = hierarchyOf(spec);
      expect(h.groups[0]!.depth).toBe(202);
      checkInvariants(h);
    });
  });
});
