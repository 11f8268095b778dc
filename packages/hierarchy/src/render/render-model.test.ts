import { describe, expect, it } from 'vitest';
import { nameOf } from '../hierarchy/build.js';
import { GROUP_META, type Hierarchy } from '../hierarchy/types.js';
import { fixtureHierarchy, generatedHierarchy, hierarchyOf, type NodeSpec } from '../test-support/graphs.js';
import { RenderModel } from './render-model.js';
import type { Inclusion, RenderGroup } from './types.js';

const ref = (h: Hierarchy, name: string) => h.n + h.groupByName.get(name)!;
const names = (h: Hierarchy, refs: number[]) => refs.map((r) => nameOf(h, r)).sort();
const ann = (h: Hierarchy, rg: RenderGroup, name: string) => {
  const r = h.groupByName.has(name) ? ref(h, name) : h.names.indexOf(name);
  const a = rg.annotations.get(r);
  return { in: (a?.in ?? []).map((x) => `${x.type[0]!.toUpperCase()}:${x.name}`).sort(), out: (a?.out ?? []).map((x) => `${x.type[0]!.toUpperCase()}:${x.name}`).sort() };
};

/** Every child of the group is in exactly one place; core edges join core nodes. */
function checkGroup(h: Hierarchy, rg: RenderGroup): void {
  const g = h.groups[rg.ref - h.n]!;
  const all = [...rg.core, ...rg.inExtract, ...rg.outExtract, ...rg.library].sort((a, b) => a - b);
  expect(all).toEqual(g.children.slice().sort((a, b) => a - b));
  const core = new Set(rg.core);
  for (const e of rg.edges) expect(core.has(e.v) && core.has(e.w)).toBe(true);
  for (const a of rg.annotations.values()) {
    for (const list of [a.in, a.out]) {
      expect(list.length).toBeLessThanOrEqual(6);
      list.forEach((x, i) => expect(x.type === 'ellipsis').toBe(i === 5));
    }
  }
  for (const b of rg.bridges) {
    expect(g.children).toContain(b.child);
    for (const e of b.baseEdges) {
      const inner = b.inbound ? h.graph.edgeW[e]! : h.graph.edgeV[e]!;
      const outer = b.inbound ? h.graph.edgeV[e]! : h.graph.edgeW[e]!;
      const inside = (op: number) => h.opPos[op]! >= g.opStart && h.opPos[op]! < g.opEnd;
      expect(inside(inner) && !inside(outer)).toBe(true);
    }
    if (b.drawn) expect(b.adjoiningMetaedge >= 0 || b.adjoiningBridge >= 0).toBe(true);
  }
}

describe('RenderModel', () => {
  it('reproduces the hierarchy-dump.md example for GradientDescent in the XLA demo', () => {
    const h = fixtureHierarchy('tb_demo_xla_118.pbtxt');
    const m = new RenderModel(h);
    const rg = m.group(ref(h, 'GradientDescent'));
    checkGroup(h, rg);
    expect(ann(h, rg, 'GradientDescent/update_hidden_biases')).toEqual({ in: ['S:gradients', 'S:hidden_biases'], out: ['S:GradientDescent/(GradientDescent)'] });
    expect(names(h, rg.outExtract)).toEqual(['GradientDescent/(GradientDescent)']);
    // At the root the NoOp-rooted GradientDescent group is a sink.
    const root = m.group(h.n);
    checkGroup(h, root);
    expect(names(h, root.outExtract)).toContain('GradientDescent');
  });

  it('shows at most 5 annotations, then "... N more"', () => {
    const spec: NodeSpec[] = [['sink', 'Add', Array.from({ length: 9 }, (_, i) => `c${i}`)]];
    for (let i = 0; i < 9; i++) spec.push([`c${i}`, 'Const']);
    const h = hierarchyOf(spec);
    const root = new RenderModel(h).group(h.n);
    const a = root.annotations.get(h.names.indexOf('sink'))!;
    expect(a.in.map((x) => x.name)).toEqual(['c0', 'c1', 'c2', 'c3', 'c4', '... 4 more']);
    expect(a.in[5]!.count).toBe(4);
  });

  it('extracts high-degree nodes by the IQR rule, and control hubs become annotations', () => {
    // Letters, not digits: numbered names would collapse into series.
    const id = (i: number) => String.fromCharCode(97 + i);
    const spec: NodeSpec[] = [['init', 'NoOp', Array.from({ length: 20 }, (_, i) => `^v${id(i)}`)]];
    for (let i = 0; i < 20; i++) spec.push([`v${id(i)}`, 'VariableV2'], [`r${id(i)}`, 'Identity', [`v${id(i)}`]]);
    spec.push(['hub', 'AddN', Array.from({ length: 20 }, (_, i) => `r${id(i)}`)]);
    spec.push(['ctl', 'Neg', Array.from({ length: 6 }, (_, i) => `^r${id(i)}`)]);
    const h = hierarchyOf(spec);
    const root = new RenderModel(h).group(h.n);
    checkGroup(h, root);
    expect(names(h, root.outExtract)).toContain('init'); // a NoOp sink
    expect(names(h, root.outExtract)).toContain('hub'); // in-degree 20 ≫ Q3 + IQR: a sink (quirk 12 fixed)
    // ctl's in-degree (6, control only) is above the bound too: it is extracted, its control
    // inputs become annotations (5, then "... 1 more").
    const ctl = h.names.indexOf('ctl');
    expect(root.edges.some((e) => e.w === ctl)).toBe(false);
    expect(root.annotations.get(ctl)!.in.map((x) => x.name)).toEqual(['ra', 'rb', 'rc', 'rd', 're', '... 1 more']);
    expect(root.annotations.get(ctl)!.in.slice(0, 5).every((x) => x.control)).toBe(true);
  });

  it('sends sinks to the out-area and sources to the in-area, or does as TensorBoard (quirk 12)', () => {
    // 16 chained ops (none above either bound), a sink with 8 inputs, a source with 30 outputs,
    // and two ops the user removes: `wide` (2 outputs, 1 input) and `narrow` (1 output, 2 inputs).
    const id = (i: number) => String.fromCharCode(97 + i);
    const spec: NodeSpec[] = [['src', 'Placeholder']];
    for (let i = 0; i < 16; i++) spec.push([`n${id(i)}`, 'Neg', [i ? `n${id(i - 1)}` : 'src']]);
    spec.push(['sink', 'AddN', Array.from({ length: 8 }, (_, i) => `n${id(i)}`)]);
    for (let i = 0; i < 29; i++) spec.push([`u${id(i % 26)}${id(Math.floor(i / 26))}`, 'Abs', ['src']]);
    spec.push(['wide', 'Neg', ['na']], ['w1', 'Neg', ['wide']], ['w2', 'Neg', ['wide']]);
    spec.push(['narrow', 'Add', ['nb', 'nc']], ['x1', 'Neg', ['narrow']]);
    const h = hierarchyOf(spec);
    const inclusion = new Map<string, Inclusion>([
      ['wide', 'exclude'],
      ['narrow', 'exclude'],
    ]);
    // (The 29 `u…` leaves then lose their only edge: sinks with in-annotations, out-area in both.)
    const watched = (refs: number[]) => names(h, refs).filter((nm) => ['src', 'sink', 'wide', 'narrow'].includes(nm));
    const sides = (rg: RenderGroup) => ({ in: watched([...rg.inExtract]), out: watched([...rg.outExtract]) });
    const role = new RenderModel(h, { inclusion }).group(h.n);
    checkGroup(h, role);
    expect(sides(role)).toEqual({ in: ['src', 'wide'], out: ['narrow', 'sink'] });
    const tb = new RenderModel(h, { inclusion, extractSides: 'tensorboard' }).group(h.n);
    checkGroup(h, tb);
    expect(sides(tb)).toEqual({ in: ['narrow', 'sink'], out: ['src', 'wide'] });
    // The edges become the same annotations either way; only the area differs.
    expect([...tb.annotations].map(([r, a]) => [r, a.in.length, a.out.length])).toEqual([...role.annotations].map(([r, a]) => [r, a.in.length, a.out.length]));
    // A rebuild keeps the choice.
    const m = new RenderModel(h, { extractSides: 'tensorboard' });
    expect(sides(m.rebuild(h).group(h.n))).toEqual({ in: ['sink'], out: ['src'] });
    expect(role.outExtract.filter((r) => nameOf(h, r).startsWith('u')).length).toBe(29);
  });

  it('honours include and exclude overrides', () => {
    const h = fixtureHierarchy('tb_demo_xla_118.pbtxt');
    const base = new RenderModel(h).group(h.n);
    expect(names(h, base.core)).toContain('Relu');
    const excluded = new RenderModel(h, { inclusion: new Map([['Relu', 'exclude']]) }).group(h.n);
    expect(names(h, excluded.core)).not.toContain('Relu');
    expect(names(h, [...excluded.inExtract, ...excluded.outExtract])).toContain('Relu');
    const included = new RenderModel(h, { inclusion: new Map([['GradientDescent', 'include']]) }).group(h.n);
    expect(names(h, included.core)).toContain('GradientDescent');
    const noAuto = new RenderModel(h, { autoExtract: false }).group(h.n);
    expect(names(h, noAuto.core)).toContain('gradients');
  });

  it('keeps the expansion state across rebuilds', () => {
    const h = fixtureHierarchy('tf2onnx_lstm_frozen.pb');
    const m = new RenderModel(h);
    m.expand(ref(h, 'model/rnn/basic_lstm_cell'));
    expect(m.visibleGroups().map((r) => nameOf(h, r))).toEqual(['__root__', 'model', 'model/rnn', 'model/rnn/basic_lstm_cell']);
    const h2 = fixtureHierarchy('tf2onnx_lstm_frozen.pb', { groupSeries: false });
    const m2 = m.rebuild(h2);
    expect(m2.isExpanded(ref(h2, 'model/rnn/basic_lstm_cell'))).toBe(true);
    expect(m2.group(ref(h2, 'model/rnn/basic_lstm_cell')).core.length).toBeGreaterThan(m.group(ref(h, 'model/rnn/basic_lstm_cell')).core.length);
  });

  it('builds every group of real and generated graphs consistently', () => {
    for (const h of [fixtureHierarchy('zhacmsra_fc_quant_defun_461.pbtxt'), fixtureHierarchy('scalable_agent_impala_2124.pbtxt'), generatedHierarchy(4000, 2)]) {
      const m = new RenderModel(h);
      for (const g of h.groups) checkGroup(h, m.group(h.n + g.id));
    }
    const z = fixtureHierarchy('zhacmsra_fc_quant_defun_461.pbtxt');
    expect(names(z, new RenderModel(z).group(z.n).library)).toEqual(['__function_library__quantize_grad_b12a6ec4', '__function_library__quantize_op_b7ecafa5']);
  });

  it('draws bridge paths that continue a parent edge, and annotates the rest', () => {
    const h = fixtureHierarchy('tf2onnx_lstm_frozen.pb');
    const m = new RenderModel(h);
    let drawn = 0;
    let annotated = 0;
    for (const g of h.groups) {
      if (g.kind !== GROUP_META || g.id === 0) continue;
      for (const b of m.group(h.n + g.id).bridges) {
        if (b.drawn) drawn++;
        else annotated++;
      }
    }
    expect(drawn).toBeGreaterThan(0);
    expect(annotated).toBeGreaterThan(0);
  });
});
