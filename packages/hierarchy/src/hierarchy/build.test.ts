import { describe, expect, it } from 'vitest';
import { buildHierarchy, nameOf, parentOf } from './build.js';
import { GROUP_SERIES, type Hierarchy } from './types.js';
import { histograms } from './histograms.js';
import { GraphFormatError } from '@tbg/proto';
import { dumpHierarchy } from '../dump/dump.js';
import { exercise } from '../test-support/exercise.js';
import { fixtureHierarchy, generatedHierarchy, graphBytes, hierarchyOf, type NodeSpec } from '../test-support/graphs.js';

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

  it('never puts scopes of different structure into one generalized series', () => {
    // Odd layers: a variable and MatMul → Relu. Even layers: a nested scope, Conv2D → Sigmoid.
    // Three children each: the old key (depth | cardinality | child count, taken before depth and
    // cardinality were even computed) grouped all six as `net/layer_[1-6]`.
    const spec: NodeSpec[] = [['x', 'Placeholder']];
    for (let i = 1; i <= 6; i++) {
      const s = `net/layer_${i}`;
      if (i % 2) spec.push([`${s}/w`, 'VariableV2'], [`${s}/mm`, 'MatMul', ['x', `${s}/w`]], [`${s}/relu`, 'Relu', [`${s}/mm`]]);
      else spec.push([`${s}/inner/c`, 'Conv2D', ['x', 'x']], [`${s}/conv`, 'Conv2D', ['x', 'x']], [`${s}/sig`, 'Sigmoid', [`${s}/conv`]]);
    }
    const h = hierarchyOf(spec, { generalizedSeries: true });
    checkInvariants(h);
    // Odd and even ids are not consecutive, so no run exists at all: no series, grouped or not.
    expect(h.groups.filter((g) => g.kind === GROUP_SERIES).map((g) => g.name)).toEqual([]);
    expect(h.ungroupedSeries.filter((u) => u.members.some((m) => m >= h.n)).map((u) => u.name)).toEqual([]);
    expect(h.groups[h.groupByName.get('net')!]!.children.map((c) => nameOf(h, c)).sort()).toEqual(Array.from({ length: 6 }, (_, i) => `net/layer_${i + 1}`));
    // Blocks of each kind in a row: two series, never one mixed `layer_[1-10]`.
    const two: NodeSpec[] = [['x', 'Placeholder']];
    for (let i = 1; i <= 10; i++) {
      const s = `net/layer_${i}`;
      if (i <= 5) two.push([`${s}/w`, 'VariableV2'], [`${s}/mm`, 'MatMul', ['x', `${s}/w`]], [`${s}/relu`, 'Relu', [`${s}/mm`]]);
      else two.push([`${s}/inner/c`, 'Conv2D', ['x', 'x']], [`${s}/conv`, 'Conv2D', ['x', 'x']], [`${s}/sig`, 'Sigmoid', [`${s}/conv`]]);
    }
    const h2 = hierarchyOf(two, { generalizedSeries: true });
    checkInvariants(h2);
    const series = h2.groups.filter((g) => g.kind === GROUP_SERIES);
    expect(series.map((g) => g.name).sort()).toEqual(['net/layer_[1-5]', 'net/layer_[6-10]']);
    const first = h2.groups[h2.groupByName.get('net/layer_[6-10]')!]!;
    expect(first.children.map((c) => nameOf(h2, c))).toEqual([6, 7, 8, 9, 10].map((i) => `net/layer_${i}`));
    expect(histograms(h2, h2.n + first.id).op).toEqual({ Conv2D: 10, Sigmoid: 5 });
  });

  it('splits generalized scope series where the structure changes (ops, nesting, wiring)', () => {
    const spec: NodeSpec[] = [['x', 'Placeholder']];
    const block = (s: string, relu = 'Relu') => spec.push([`${s}/mm`, 'MatMul', ['x', 'x']], [`${s}/act`, relu, [`${s}/mm`]]);
    for (let i = 1; i <= 5; i++) block(`a/layer_${i}`);
    block('a/layer_6', 'Tanh'); // another op
    block('a/layer_7');
    for (let i = 1; i <= 5; i++) block(`b/layer_${i}/inner`);
    spec.push(['b/layer_6/inner/mm', 'MatMul', ['x', 'x']], ['b/layer_6/act', 'Relu', ['b/layer_6/inner/mm']]); // another nesting
    for (let i = 1; i <= 5; i++) block(`c/layer_${i}`);
    spec.push(['c/layer_6/act', 'Relu', ['x']], ['c/layer_6/mm', 'MatMul', ['c/layer_6/act', 'x']]); // reversed wiring
    const h = hierarchyOf(spec, { generalizedSeries: true });
    checkInvariants(h);
    const series = h.groups.filter((g) => g.series?.ofGroups);
    expect(series.map((g) => g.name).sort()).toEqual(['a/layer_[1-5]', 'b/layer_[1-5]', 'c/layer_[1-5]']);
    for (const s of series) {
      expect(s.children.map((c) => nameOf(h, c))).toEqual(Array.from({ length: 5 }, (_, i) => `${s.name.slice(0, 1)}/layer_${i + 1}`));
      expect(s.cardinality).toBe(10);
    }
    // The odd ones out stay direct children of their scope.
    for (const odd of ['a/layer_6', 'a/layer_7', 'b/layer_6', 'c/layer_6']) expect(nameOf(h, h.groups[h.groupByName.get(odd)!]!.parent)).toBe(odd.slice(0, 1));
    // Without the option, none of this groups (TensorBoard's behaviour).
    expect(hierarchyOf(spec).groups.some((g) => g.kind === GROUP_SERIES)).toBe(false);
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

  describe('bad input: builds, dumps, renders, templates and searches', () => {
    /** Builds, checks the invariants, and runs the dump, the full render, templates and search. */
    const everything = (spec: NodeSpec[]) => {
      const h = hierarchyOf(spec);
      checkInvariants(h);
      const ex = exercise(h, spec.length ? graphBytes(spec) : undefined);
      expect(ex.problems).toEqual([]);
      return { h, ...ex, rg: (name: string) => ex.model.group(h.n + h.groupByName.get(name)!), ref: (name: string) => h.names.indexOf(name) };
    };

    it('cycles: a while loop (Enter … NextIteration) and a two-op cycle', () => {
      const { h, dump, rg, model, templates, search, ref } = everything([
        ['while/Enter', 'Enter', ['x']],
        ['while/Merge', 'Merge', ['while/Enter', 'while/NextIteration']],
        ['while/Switch', 'Switch', ['while/Merge', 'while/LoopCond']],
        ['while/LoopCond', 'LoopCond', ['while/Merge']],
        ['while/body', 'Add', ['while/Switch:1', 'while/body']],
        ['while/NextIteration', 'NextIteration', ['while/body']],
        ['while/Exit', 'Exit', ['while/Switch']],
        ['x', 'Placeholder'],
        ['c/a', 'Neg', ['c/b']],
        ['c/b', 'Neg', ['c/a', 'while/Exit']],
      ]);
      expect(h.graph.edgeCount).toBe(12); // the self-loop is skipped
      expect(dump.metanodes.find((m) => m.name === 'while')).toMatchObject({ depth: 1, cardinality: 7 });
      // Every edge inside the loop, the back edge included, is drawn in its core.
      const w = rg('while');
      expect(w.core.length).toBe(7);
      expect(w.edges.length).toBe(8);
      expect(w.edges.some((e) => e.v === ref('while/NextIteration') && e.w === ref('while/Merge'))).toBe(true);
      expect(w.bridges.map((b) => [nameOf(h, b.child), nameOf(h, b.other), b.inbound, b.drawn])).toEqual([
        ['while/Enter', 'x', true, true],
        ['while/Exit', 'c', false, true],
      ]);
      // The topological order of a cyclic group terminates and reaches every node.
      expect(model.topologicalOrder(h.n + h.groupByName.get('while')!).size).toBe(7);
      expect(rg('c').edges.length).toBe(2);
      expect(templates.clusters).toEqual([]);
      const hit = search.search('NextIteration', { fields: ['op'] });
      expect(hit.matches.map((m) => [m.name, m.parents])).toEqual([['while/NextIteration', ['while']]]);
    });

    it('self-loops (data, other slot, control) are skipped everywhere', () => {
      const { h, dump, rg } = everything([
        ['s/a', 'Add', ['s/a', 's/a:1', '^s/a', 'x']],
        ['s/b', 'Neg', ['s/b']],
        ['x', 'Placeholder'],
      ]);
      expect(h.graph.edgeCount).toBe(1);
      expect(dump.graph.baseEdges).toBe(1);
      const s = rg('s');
      expect(s.edges).toEqual([]);
      expect(s.annotations.size).toBe(0); // no shortcut to itself; the bridge from x is drawn
      expect(s.bridges.map((b) => [nameOf(h, b.child), nameOf(h, b.other), b.drawn])).toEqual([['s/a', 'x', true]]);
    });

    it('duplicate and empty names become unique stand-ins in every output', () => {
      const { h, dump, search } = everything([
        ['a', 'NoOp'],
        ['a', 'Neg', ['x']],
        ['', 'Relu', ['a']],
        ['', 'Relu'],
        ['s//t', 'Neg'],
        ['s/op', 'Neg'],
        ['s/op', 'Relu', ['s/op']],
        ['x', 'Placeholder'],
      ]);
      expect(h.names).toEqual(['a', 'a~2', '(unnamed 1)', '(unnamed 2)', '(unnamed 3):s||t', 's/op', 's/op~2', 'x']);
      expect(h.warnings.join('\n')).toMatch(/empty or malformed[^]*repeat/);
      expect(dump.opParent['s/op~2']).toBe('s');
      expect(dump.metanodes.find((m) => m.name === 's')!.children).toEqual(['s/op', 's/op~2']);
      // An input names the first of the repeated nodes; `s/op~2` reads `s/op`, not itself.
      const edges = Array.from({ length: h.graph.edgeCount }, (_, e) => `${h.names[h.graph.edgeV[e]!]}>${h.names[h.graph.edgeW[e]!]}`);
      expect(edges.sort()).toEqual(['a>(unnamed 1)', 's/op>s/op~2', 'x>a~2']);
      expect(search.search('~2$', { fields: ['name'] }).matches.map((m) => m.name).sort()).toEqual(['a~2', 's/op~2']);
      expect(search.search('unnamed', { fields: ['name'] }).total).toBe(3);
    });

    it('missing inputs are visible missing nodes, in scopes, with malformed references made unique', () => {
      const { h, dump, rg, search } = everything([
        ['s/a', 'Add', ['ghost', 's/ghost2:1', '^far/away/node', 'trail/', 'a//b']],
        ['s/b', 'Neg', ['ghost']],
      ]);
      expect(dump.graph).toMatchObject({ opNodes: 2, missingNodes: 5, baseEdges: 6, controlBaseEdges: 1 });
      expect(dump.opParent).toMatchObject({ ghost: '__root__', 's/ghost2': 's', 'far/away/node': 'far/away', '(unnamed 1):trail|': '__root__', '(unnamed 2):a||b': '__root__' });
      expect(dump.metanodes.find((m) => m.name === 'far')).toMatchObject({ depth: 2, cardinality: 1, opHistogram: { '': 1 } });
      expect(h.warnings.join('\n')).toMatch(/5 inputs name nodes that are not in the graph[^]*2 inputs have an empty or malformed name/);
      // At the root, `ghost` feeds `s`; inside `s`, ghost2 is a core node joined to s/a.
      const s = rg('s');
      expect(s.core.map((c) => nameOf(h, c)).sort()).toEqual(['s/a', 's/b', 's/ghost2']);
      expect(s.edges.map((e) => `${nameOf(h, e.v)}>${nameOf(h, e.w)}`)).toEqual(['s/ghost2>s/a']);
      const ghosts = search.search('ghost', { fields: ['name'] });
      expect(ghosts.matches.map((m) => [m.name, m.kind])).toEqual([
        ['ghost', 'op'],
        ['s/ghost2', 'op'],
      ]);
    });

    it('missing inputs of a PyTorch graph are dropped and listed, by final names, in the dump', () => {
      const { h, dump, rg } = everything([
        ['Net/m/weight/weight', 'prim::GetAttr', ['Net/m/weight/m']],
        ['Net/m', 'prim::GetAttr', ['Net/m/weight/m', 'self.1']],
        ['Net/m/y', 'aten::mul', ['Net/m/weight/weight', 'Net/m']],
        ['Net/m/c', 'prim::Constant'],
        ['Net/m/z', 'aten::add', ['Net/m/y', 'Net/m/c']],
      ]);
      expect(dump.graph).toMatchObject({ opNodes: 4, missingNodes: 0, baseEdges: 3, embeddings: 1 });
      expect(dump.droppedInputs).toEqual([
        { name: 'Net/m/weight/m', consumers: ['Net/m/(m)', 'Net/m/weight/weight'] },
        { name: 'self.1', consumers: ['Net/m/(m)'] },
      ]);
      expect(h.warnings.join('\n')).toMatch(/2 inputs name nodes that are not in the graph/);
      // No scope or node comes from the dropped inputs: `Net/m/weight` holds the GetAttr alone.
      expect(dump.metanodes.find((m) => m.name === 'Net/m/weight')!.children).toEqual(['Net/m/weight/weight']);
      expect(rg('Net/m').annotations.get(h.names.indexOf('Net/m/z'))!.in.map((a) => a.name)).toEqual(['Net/m/c']);
    });

    it('unusual characters, reserved and colliding names', () => {
      const spec: NodeSpec[] = [
        ['weird name/with spaces', 'Neg', ['ünïcødé/节点', '^q+?(x)$']],
        ['ünïcødé/节点', 'NoOp'],
        ['q+?(x)$', 'Relu'],
        ['a[0]/b.c-d', 'Neg', ['weird name/with spaces']],
        // The root's own name, a series name and a strict name, taken by ops.
        ['__root__', 'Neg'],
        ['__root__/x', 'Neg', ['__root__']],
        ['s/Relu_[1-5]', 'Neg'],
        ...[1, 2, 3, 4, 5].map((i): NodeSpec => [`s/Relu_${i}`, 'Relu']),
        ['t/Relu_[1-5]/x', 'Neg'],
        ...[1, 2, 3, 4, 5].map((i): NodeSpec => [`t/Relu_${i}`, 'Relu']),
        ['k/(k)', 'Neg'],
        ['k', 'Neg'],
        ['k/b', 'Neg', ['k']],
      ];
      const { h, dump, search } = everything(spec);
      expect(h.names.slice(4, 7)).toEqual(['__root__~2/(__root__~2)', '__root__~2/x', 's/Relu_[1-5]']);
      expect(dump.render.groups['__root__']!.core).toContain('__root__~2');
      // `s/Relu_[1-5]` is an op, so that series stays ungrouped; `t/Relu_[1-5]` is a scope, likewise.
      expect(dump.series).toEqual([]);
      expect(h.ungroupedSeries.map((u) => u.name).sort()).toEqual(['s/Relu_[1-5]', 't/Relu_[1-5]']);
      // `k` is a scope, so the op `k` becomes `k/(k)`, a name an op already has.
      expect(dump.opParent).toMatchObject({ 'k/(k)': 'k', 'k/(k)~2': 'k' });
      expect(search.search('节点').matches.map((m) => [m.name, m.parents])).toEqual([['ünïcødé/节点', ['ünïcødé']]]);
      // Regex characters in names: an invalid regex is searched as text.
      const lit = search.search('a[0', { fields: ['name'] });
      expect(lit.regexError).toBeDefined();
      expect(lit.matches.map((m) => m.name)).toEqual(['a[0]', 'a[0]/b.c-d']);
      expect(search.search('q+?(x)$', { fields: ['name'] }).matches.map((m) => m.name)).toEqual([]); // a valid regex: q, x, end
    });

    it('50-level scopes: every level renders and carries the bridge', () => {
      const deep = Array.from({ length: 50 }, (_, i) => `s${i}`).join('/');
      const { h, dump, model, templates, search } = everything([
        [`${deep}/op`, 'Neg', ['weird name:with spaces', '^ünïcødé/节点']],
        ['weird name:with spaces', 'Placeholder'],
        ['ünïcødé/节点', 'NoOp'],
        ['a[0]/b.c-d', 'Neg', [`${deep}/op`]],
      ]);
      expect(h.groups[0]!.depth).toBe(51);
      // No `:N` slot, so TensorBoard's rule keeps the whole reference as the name.
      expect(h.names).toContain('weird name:with spaces');
      expect(buildHierarchy(h.graph).groups.length).toBe(h.groups.length);
      expect(Object.keys(dump.render.groups).length).toBe(53); // root, 50 levels, ünïcødé, a[0]
      // Each level continues the edge from the placeholder through its border.
      for (let k = 1; k <= 50; k++) {
        const scope = deep.split('/').slice(0, k).join('/');
        const rg = model.group(h.n + h.groupByName.get(scope)!);
        const b = rg.bridges.find((x) => x.inbound && nameOf(h, x.other) === 'weird name:with spaces');
        expect(b, scope).toBeDefined();
        expect(b!.drawn, scope).toBe(true);
      }
      // The innermost level and `a[0]` both hold one Neg: the only shared structure.
      expect(templates.clusters.map((c) => c.groups.map((g) => h.groups[g]!.name).sort())).toEqual([['a[0]', deep]]);
      const hit = search.search('^op$');
      expect(hit.matches[0]!.parents.length).toBe(50);
    });

    it('0 and 1 nodes', () => {
      const empty = everything([]);
      expect(empty.dump.metanodes).toEqual([{ name: '__root__', depth: 1, cardinality: 0, children: [], opHistogram: {} }]);
      expect(empty.dump.render.groups).toEqual({ __root__: { core: [], inExtract: [], outExtract: [], library: [], annotations: {} } });
      expect(empty.templates.clusters).toEqual([]);
      expect(empty.search.search('.').total).toBe(0);
      // An empty byte string is no graph at all: the loader's typed error.
      expect(() => dumpHierarchy(new Uint8Array(0))).toThrow(GraphFormatError);
      // A single NoOp is a predefined sink (§7.5), even alone; any other op stays in the core.
      const noop = everything([['only', 'NoOp']]);
      expect(noop.dump.render.groups['__root__']).toMatchObject({ core: [], outExtract: ['only'] });
      const one = everything([['only', 'Relu']]);
      expect(one.dump.render.groups['__root__']).toMatchObject({ core: ['only'], inExtract: [], outExtract: [] });
      expect(one.search.search('only').matches.map((m) => m.name)).toEqual(['only']);
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
