import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { encodeGraphDef, fixturePath, generateTrainingGraph, GRAPH_FIXTURES } from '@tbg/testkit';
import { tensorflow } from '../gen/tf.js';
import { GraphFormatError } from '../errors.js';
import { loadColumnarGraph, loadGraph, loadGraphSource } from '../load/load-graph.js';
import { fixtureOptions, readFixture } from '../test-support/fixtures.js';
import { decodeColumnar } from './decode.js';
import { getAttr, inputString, attrSizes } from './access.js';
import { INPUT_CONTROL, type NodeTable, type ColumnarGraph } from './types.js';

/** Asserts that a NodeTable says exactly what the NodeDefs of the full decode say. */
function expectSameNodes(g: ColumnarGraph, t: NodeTable, nodes: tensorflow.NodeDef[]): void {
  expect(t.count).toBe(nodes.length);
  expect(t.names).toEqual(nodes.map((n) => n.name));
  expect(Array.from(t.op, (o) => g.ops[o])).toEqual(nodes.map((n) => n.op));
  expect(Array.from(t.device, (d) => g.devices[d])).toEqual(nodes.map((n) => n.device));
  const byName = new Map(nodes.map((n, i) => [n.name, i]));
  for (let i = 0; i < t.count; i++) {
    const n = nodes[i]!;
    const inputs: string[] = [];
    for (let j = t.inputStart[i]!; j < t.inputStart[i + 1]!; j++) {
      inputs.push(inputString(g, t, j));
      const raw = n.input[j - t.inputStart[i]!]!;
      expect(Boolean(t.inputKind[j]! & INPUT_CONTROL)).toBe(raw.startsWith('^'));
      const ref = raw.replace(/^\^/, '').replace(/:(\w+:)?\d+$/, '');
      expect(t.inputSrc[j]).toBe(byName.has(ref) && raw.replace(/^\^/, '').split(':')[0] !== '' ? byName.get(ref) : -1);
    }
    expect(inputs).toEqual(n.input);
    const keys = Object.keys(n.attr).sort();
    expect(attrSizes(g, t, i).map((a) => a.key).sort()).toEqual(keys);
    for (const k of keys) {
      const lazy = getAttr(g, t, i, k)!;
      expect(tensorflow.AttrValue.encode(lazy).finish()).toEqual(tensorflow.AttrValue.encode(n.attr[k]!).finish());
    }
  }
}

function expectSameGraph(bytes: Uint8Array): ColumnarGraph {
  const full = tensorflow.GraphDef.decode(bytes);
  const g = decodeColumnar(bytes);
  expectSameNodes(g, g.nodes, full.node);
  const fns = full.library?.function ?? [];
  expect(g.functions.map((f) => f.name)).toEqual(fns.map((f) => f.signature!.name));
  g.functions.forEach((f, i) => {
    expectSameNodes(g, f.nodes, fns[i]!.node_def);
    expect(f.ret).toEqual(fns[i]!.ret);
    expect(f.signature.input_arg.map((a) => a.name)).toEqual(fns[i]!.signature!.input_arg.map((a) => a.name));
  });
  expect(g.versions?.producer ?? 0).toBe(full.versions?.producer ?? 0);
  return g;
}

describe('decodeColumnar equals the full decode', () => {
  it('decodes a GraphDef without nodes (empty, versions only, library only)', () => {
    const fn = new tensorflow.FunctionDef({ signature: new tensorflow.OpDef({ name: 'f' }), node_def: [new tensorflow.NodeDef({ name: 'x', op: 'Const' })] });
    for (const gd of [
      new tensorflow.GraphDef(),
      new tensorflow.GraphDef({ versions: new tensorflow.VersionDef({ producer: 27 }) }),
      new tensorflow.GraphDef({ library: new tensorflow.FunctionDefLibrary({ function: [fn] }) }),
    ]) {
      const g = expectSameGraph(tensorflow.GraphDef.encode(gd).finish());
      expect(g.nodes.count).toBe(0);
      expect(g.nodes.names).toEqual([]);
      expect(Array.from(g.nodes.inputStart)).toEqual([0]);
      expect(g.nodes.duplicates).toEqual([]);
    }
    expect(decodeColumnar(new Uint8Array(0)).nodes.count).toBe(0);
  });

  for (const [dir, file] of GRAPH_FIXTURES) {
    it(`${dir}/${file}`, () => {
      const bytes = readFixture(dir, file);
      const src = loadGraphSource(bytes, fixtureOptions(file, { limitAttrSize: null }));
      const g = expectSameGraph(src.graphBytes);
      expect(g.nodes.count).toBeGreaterThan(0);
      // And through the loaders, with large attrs left out as by default.
      const full = loadGraph(bytes, fixtureOptions(file));
      const columnar = loadColumnarGraph(bytes, fixtureOptions(file)).columnar;
      expect(columnar.nodes.count).toBe(full.graph.node.length);
      expectSameNodes(columnar, columnar.nodes, full.graph.node);
    });
  }

  for (const nodes of [1000, 20000]) {
    it(`generated graph of ${nodes} nodes`, () => {
      const bytes = encodeGraphDef(generateTrainingGraph({ nodes, seed: 7 }));
      const g = expectSameGraph(bytes);
      expect(g.nodes.count).toBe(nodes);
    });
  }

  it('resolves every input form and keeps missing ones visible', () => {
    const gd = new tensorflow.GraphDef({
      node: [
        new tensorflow.NodeDef({ name: 'a', op: 'Split' }),
        new tensorflow.NodeDef({ name: 'b', op: 'Add', input: ['a', 'a:1', 'a:0', '^a', 'ghost', '^ghost:2', 'a:out:3', ':5', 'a:b:c'] }),
        new tensorflow.NodeDef({ name: 'a', op: 'Dup' }),
      ],
    });
    const g = decodeColumnar(tensorflow.GraphDef.encode(gd).finish());
    const t = g.nodes;
    const s = t.inputStart[1]!;
    expect(Array.from(t.inputSrc.subarray(s, s + 9))).toEqual([0, 0, 0, 0, -1, -1, 0, -1, -1]);
    expect(Array.from(t.inputSlot.subarray(s, s + 9))).toEqual([0, 1, 0, 0, 0, 2, 3, 0, 0]);
    expect(g.strings[t.inputOutArg[s + 6]!]).toBe('out');
    expect(t.duplicates).toEqual([2]);
    expect(Array.from({ length: 9 }, (_, k) => inputString(g, t, s + k))).toEqual(gd.node[1]!.input);
  });

  it('interns ops, devices and attr keys', () => {
    const g = decodeColumnar(encodeGraphDef(generateTrainingGraph({ nodes: 5000, seed: 3 })));
    expect(new Set(g.ops).size).toBe(g.ops.length);
    expect(g.devices[0]).toBe('');
    expect(g.ops.length).toBeLessThan(200);
    expect(g.attrKeys).toContain('_output_shapes');
  });

  it('raises GraphFormatError with the node path on bad bytes', () => {
    const bytes = loadGraphSource(new Uint8Array(readFileSync(fixturePath('graphs', 'tf2onnx_lstm_frozen.pb')))).graphBytes;
    try {
      decodeColumnar(bytes.subarray(0, 5000), { file: 'x.pb' });
      throw new Error('no error');
    } catch (e) {
      expect(e).toBeInstanceOf(GraphFormatError);
      const err = e as GraphFormatError;
      expect(err.path).toMatch(/^GraphDef\.node\[\d+\]$/);
      expect(err.offset).toBeLessThanOrEqual(5000);
      expect(err.file).toBe('x.pb');
    }
  });

  it('matches loadGraph for a graph with large attrs left out', () => {
    const bytes = new Uint8Array(readFileSync(fixturePath('graphs', 'zhacmsra_fc_quant_defun_461.pbtxt')));
    const full = loadGraph(bytes);
    const g = decodeColumnar(full.graphBytes);
    expectSameNodes(g, g.nodes, full.graph.node);
  });
});
