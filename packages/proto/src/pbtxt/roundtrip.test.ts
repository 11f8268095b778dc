/** The pbtxt fixtures round-trip: parse → print → parse gives equal messages and equal bytes. */
import { readFileSync } from 'node:fs';
import Long from 'long';
import { describe, expect, it } from 'vitest';
import { fixturePath } from '@tbg/testkit';
import type { tensorflow } from '../gen/tf.js';
import { encodeMessage, messageClass } from '../schema/messages.js';
import { parsePbtxt, parsePbtxtToWire } from './parse.js';
import { printPbtxt } from './print.js';

const CASES: Array<[string, string]> = [
  ['tb_app_demo_tiny.pbtxt', 'tensorflow.GraphDef'],
  ['tb_demo_xla_118.pbtxt', 'tensorflow.GraphDef'],
  ['zhacmsra_fc_quant_defun_461.pbtxt', 'tensorflow.GraphDef'],
  ['scalable_agent_impala_2124.pbtxt', 'tensorflow.GraphDef'],
  ['tb_run_metadata_step99.pbtxt', 'tensorflow.RunMetadata'],
];

describe('pbtxt fixtures round-trip', () => {
  for (const [file, type] of CASES) {
    it(file, () => {
      const text = new Uint8Array(readFileSync(fixturePath('graphs', file)));
      const first = parsePbtxt(text, type);
      const printed = printPbtxt(first, type);
      const second = parsePbtxt(printed, type);
      // Equal bytes from a deterministic encoder means equal messages.
      expect(Buffer.compare(encodeMessage(type, second), encodeMessage(type, first))).toBe(0);
      // Printing is a fixed point after one round.
      expect(printPbtxt(second, type)).toBe(printed);
    });
  }

  it('binary fixtures survive decode → print → parse → encode', () => {
    for (const [file, type] of [
      ['tf2onnx_lstm_frozen.pb', 'tensorflow.GraphDef'],
      ['tf2onnx_regression_model.meta', 'tensorflow.MetaGraphDef'],
      ['tf2onnx_regression_saved_model.pb', 'tensorflow.SavedModel'],
    ] as const) {
      const bytes = new Uint8Array(readFileSync(fixturePath('graphs', file)));
      const decoded = messageClass(type).decode(bytes);
      const printed = printPbtxt(decoded, type);
      const reparsed = parsePbtxt(printed, type);
      // Map entries come back in key order, so compare canonical text rather than raw bytes.
      expect(printPbtxt(reparsed, type) === printed, file).toBe(true);
      // And the messages themselves, field by field: any difference fails.
      expect(canonical(type, reparsed), file).toStrictEqual(canonical(type, decoded));
      // Encoding the reparsed message and decoding it again changes nothing either.
      expect(canonical(type, messageClass(type).decode(encodeMessage(type, reparsed))), file).toStrictEqual(canonical(type, decoded));
      expect(encodeMessage(type, reparsed).length, file).toBe(bytes.length);
    }
  });

  it('parsing straight to the wire format gives the messages parsing to objects gives', () => {
    for (const [file, type] of CASES) {
      const text = new Uint8Array(readFileSync(fixturePath('graphs', file)));
      const wire = parsePbtxtToWire(text, type);
      const objects = parsePbtxt(text, type);
      expect(canonical(type, messageClass(type).decode(wire)), file).toStrictEqual(canonical(type, objects));
      // Only the order of fields may differ: the same number of bytes.
      expect(wire.length, file).toBe(encodeMessage(type, objects).length);
    }
    for (const [file, type] of [
      ['tf2onnx_lstm_frozen.pb', 'tensorflow.GraphDef'],
      ['tf2onnx_regression_saved_model.pb', 'tensorflow.SavedModel'],
    ] as const) {
      const decoded = messageClass(type).decode(new Uint8Array(readFileSync(fixturePath('graphs', file))));
      const wire = parsePbtxtToWire(printPbtxt(decoded, type), type);
      expect(canonical(type, messageClass(type).decode(wire)), file).toStrictEqual(canonical(type, decoded));
    }
  });

  it('the canonical form tells messages apart by any field', () => {
    const type = 'tensorflow.GraphDef';
    const base = () =>
      messageClass<tensorflow.GraphDef>(type).fromObject({
        node: [{ name: 'a', op: 'Const', attr: { value: { tensor: { dtype: 1, tensor_content: 'AAAAAA==', int64_val: ['9007199254740993'] } }, x: { i: 0 } } }],
      });
    expect(canonical(type, base())).toStrictEqual(canonical(type, base()));
    const changes: Array<(g: tensorflow.GraphDef) => void> = [
      (g) => (g.node[0]!.attr.value!.tensor!.tensor_content = new Uint8Array([0, 0, 0, 1])),
      (g) => (g.node[0]!.attr.value!.tensor!.int64_val[0] = Long.fromString('9007199254740992')),
      (g) => (g.node[0]!.attr.x!.i = Long.fromNumber(1)),
      (g) => delete g.node[0]!.attr.x,
      (g) => (g.node[0]!.device = '/cpu:0'),
      (g) => ((g.node[0] as unknown as { $unknowns: Uint8Array[] }).$unknowns = [new Uint8Array([0x78, 0x01])]),
    ];
    for (const change of changes) {
      const g = base();
      change(g);
      expect(canonical(type, g), String(change)).not.toStrictEqual(canonical(type, base()));
    }
  });
});

/**
 * A message as plain data that compares field by field: `toObject` with int64s as decimal
 * strings and bytes as base64, object keys (map fields) sorted, and unknown fields kept.
 */
function canonical(type: string, message: object): unknown {
  const obj = messageClass(type).toObject(message, { longs: String, bytes: String, json: true });
  return { fields: sortKeys(obj), unknowns: unknownFields(message) };
}

function sortKeys(v: unknown): unknown {
  if (Array.isArray(v)) return v.map(sortKeys);
  if (v && typeof v === 'object') {
    return Object.fromEntries(
      Object.keys(v)
        .sort()
        .map((k) => [k, sortKeys((v as Record<string, unknown>)[k])]),
    );
  }
  return v;
}

/** Every `$unknowns` of a decoded message tree, by path, as base64 (toObject leaves them out). */
function unknownFields(message: object): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  const walk = (v: unknown, path: string) => {
    if (!v || typeof v !== 'object' || ArrayBuffer.isView(v) || Long.isLong(v)) return;
    if (Array.isArray(v)) return v.forEach((x, i) => walk(x, `${path}[${i}]`));
    const rec = v as Record<string, unknown>;
    const unknowns = rec.$unknowns as Uint8Array[] | undefined;
    if (unknowns?.length) out[path] = unknowns.map((u) => Buffer.from(u).toString('base64'));
    for (const k of Object.keys(rec).sort()) if (k !== '$unknowns') walk(rec[k], `${path}.${k}`);
  };
  walk(message, '');
  return out;
}
