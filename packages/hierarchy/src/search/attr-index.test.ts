import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { decodeColumnar, loadColumnarGraph, tensorflow } from '@tbg/proto';
import { fixturePath } from '@tbg/testkit';
import { attrBytesText, attrValueText } from './attr-display.js';
import { buildAttrIndex, nodeTables } from './attr-index.js';

const text = (v: tensorflow.AttrValue.$Properties) => {
  const bytes = tensorflow.AttrValue.encode(v).finish();
  const viaBytes = attrBytesText(bytes, 0, bytes.length);
  // The wire fast paths and the protobufjs path agree.
  expect(attrValueText(tensorflow.AttrValue.decode(bytes))).toBe(viaBytes);
  return viaBytes;
};

describe('attribute display strings', () => {
  it('shows scalars', () => {
    expect(text({ s: new TextEncoder().encode('SAME') })).toBe('"SAME"');
    expect(text({ s: new TextEncoder().encode('a"b\n') })).toBe('"a\\"b\\n"');
    expect(text({ s: new TextEncoder().encode('größe') })).toBe('"größe"');
    expect(text({ i: 3 })).toBe('3');
    expect(text({ i: -7 })).toBe('-7');
    expect(text({ i: 2 ** 40 })).toBe(String(2 ** 40));
    expect(text({ f: 0.5 })).toBe('0.5');
    expect(text({ f: 0.001 })).toBe('0.001');
    expect(text({ b: true })).toBe('true');
    expect(text({ b: false })).toBe('false');
    expect(text({ type: tensorflow.DataType.DT_FLOAT })).toBe('DT_FLOAT');
    expect(text({ placeholder: 'T' })).toBe('$T');
    expect(text({ func: { name: 'my_fn' } })).toBe('my_fn(…)');
  });

  it('shows shapes and lists', () => {
    expect(text({ shape: { dim: [{ size: -1 }, { size: 28 }, { size: 28 }, { size: 1 }] } })).toBe('[?,28,28,1]');
    expect(text({ shape: { unknown_rank: true } })).toBe('<unknown>');
    expect(text({ shape: {} })).toBe('[]');
    expect(text({ list: { shape: [{ dim: [{ size: -1 }, { size: 10 }] }, {}] } })).toBe('[?,10], []');
    expect(text({ list: { type: [tensorflow.DataType.DT_FLOAT, tensorflow.DataType.DT_INT32] } })).toBe('DT_FLOAT, DT_INT32');
    expect(text({ list: { i: [1, 2, 2, 1] } })).toBe('1, 2, 2, 1');
    expect(text({ list: { s: [new TextEncoder().encode('loc:@x')] } })).toBe('"loc:@x"');
    expect(text({ list: {} })).toBe('[]');
  });

  it('shows tensors: dtype, shape, values of small ones only', () => {
    expect(text({ tensor: { dtype: tensorflow.DataType.DT_INT32, tensor_shape: {}, int_val: [40] } })).toBe('DT_INT32 [] 40');
    const content = new Uint8Array(new Float32Array([1.5, 2, 3]).buffer);
    expect(text({ tensor: { dtype: tensorflow.DataType.DT_FLOAT, tensor_shape: { dim: [{ size: 3 }] }, tensor_content: content } })).toBe('DT_FLOAT [3] 1.5, 2, 3');
    const big = new Uint8Array(new Float32Array(1000).buffer);
    expect(text({ tensor: { dtype: tensorflow.DataType.DT_FLOAT, tensor_shape: { dim: [{ size: 10 }, { size: 100 }] }, tensor_content: big } })).toMatch(/^DT_FLOAT \[10,100\]/);
    // A large tensor is read at the wire level: dtype and shape only.
    const bytes = tensorflow.AttrValue.encode({ tensor: { dtype: tensorflow.DataType.DT_FLOAT, tensor_shape: { dim: [{ size: 10 }, { size: 100 }] }, tensor_content: big } }).finish();
    expect(attrBytesText(bytes, 0, bytes.length)).toBe('DT_FLOAT [10,100]');
    expect(attrBytesText(new Uint8Array([0x0a, 0x05, 0x12]), 0, 3)).toBe('<malformed>');
  });
});

describe('buildAttrIndex', () => {
  it('interns repeated (key, value) pairs and maps every attribute entry', () => {
    const g = loadColumnarGraph(new Uint8Array(readFileSync(fixturePath('graphs', 'scalable_agent_impala_2124.pbtxt')))).columnar;
    const idx = buildAttrIndex(g);
    const tables = nodeTables(g);
    let entries = 0;
    const seen = new Map<string, number>();
    tables.forEach((t, ti) => {
      entries += t.attrKey.length;
      for (let a = 0; a < t.attrKey.length; a++) {
        const p = idx.pairOf[ti]![a]!;
        expect(idx.pairKey[p]).toBe(t.attrKey[a]);
        const shown = idx.values[idx.pairValue[p]!]!;
        expect(shown).toBe(attrBytesText(g.bytes, t.attrValueStart[a]!, t.attrValueEnd[a]!));
        // Equal bytes under one key always give the same pair.
        const k = `${t.attrKey[a]}|${Buffer.from(g.bytes.subarray(t.attrValueStart[a], t.attrValueEnd[a])).toString('base64')}`;
        if (seen.has(k)) expect(seen.get(k)).toBe(p);
        else seen.set(k, p);
      }
    });
    expect(idx.pairs).toBeLessThan(entries / 3);
    expect(new Set(idx.values).size).toBe(idx.values.length);
    expect(idx.bytes).toBeGreaterThan(4 * entries);
  });

  it('indexes function bodies too', () => {
    const g = loadColumnarGraph(new Uint8Array(readFileSync(fixturePath('graphs', 'zhacmsra_fc_quant_defun_461.pbtxt')))).columnar;
    const idx = buildAttrIndex(g);
    expect(idx.pairOf).toHaveLength(1 + g.functions.length);
    g.functions.forEach((f, k) => expect(idx.pairOf[k + 1]!.length).toBe(f.nodes.attrKey.length));
  });

  it('handles a graph without attributes', () => {
    const g = decodeColumnar(tensorflow.GraphDef.encode({ node: [{ name: 'a', op: 'NoOp' }] }).finish());
    const idx = buildAttrIndex(g);
    expect(idx.pairs).toBe(0);
    expect(idx.values).toEqual([]);
  });
});
