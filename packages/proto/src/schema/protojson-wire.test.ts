import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { fixturePath, sourcesTable } from '@tbg/testkit';
import { tensorflow } from '../gen/tf.js';
import { encodeMessage } from './messages.js';
import { messageFromJson } from './protojson.js';
import { jsonToWire } from './protojson-wire.js';

const FORMAT = { format: 'TF.js model.json' as const };

/** The message both bytes mean, as plain data (field order on the wire does not matter). */
const meaning = (bytes: Uint8Array) => tensorflow.GraphDef.toObject(tensorflow.GraphDef.decode(bytes), { longs: String, bytes: Array, defaults: false });

/** What the object path writes for `json`. */
const viaObjects = (json: unknown) => encodeMessage('tensorflow.GraphDef', messageFromJson(json, 'tensorflow.GraphDef', FORMAT));

function expectSameMeaning(json: unknown): Uint8Array {
  const wire = jsonToWire(json, 'tensorflow.GraphDef');
  expect(wire).not.toBeNull();
  expect(meaning(wire!)).toEqual(meaning(viaObjects(json)));
  return wire!;
}

describe('jsonToWire', () => {
  it('writes every TF.js graph fixture as the object path means it', () => {
    const rows = sourcesTable(fixturePath('tfjs-graphs', 'SOURCES.md')).filter((r) => !r.file.includes('layers-model'));
    expect(rows.length).toBeGreaterThanOrEqual(8);
    for (const row of rows) {
      const json = JSON.parse(readFileSync(fixturePath('tfjs-graphs', row.file), 'utf8')) as { modelTopology: unknown };
      const wire = expectSameMeaning(json.modelTopology);
      expect(tensorflow.GraphDef.decode(wire).node.length, row.file).toBe(row.nodes);
    }
  });

  it('reads both names of a field, enums by name or number, int64 as strings, floats as strings, base64 bytes and packed lists', () => {
    const json = {
      node: [
        {
          name: 'w',
          op: 'Const',
          device: '/cpu:0',
          attr: {
            dtype: { type: 'DT_FLOAT' },
            shape: { shape: { dim: [{ size: '3' }, { size: -1 }], unknownRank: false } },
            value: { tensor: { dtype: 1, tensorShape: { dim: [{ size: '3' }] }, floatVal: [1.5, 'NaN', '-Infinity'], tensorContent: 'AAEC/w==', int64_val: ['-9007199254740993', '18'] } },
            list: { list: { i: ['1', '-2'], s: ['YQ==', 'Yg'] } },
            label: { s: 'ZXhww6luY2U=' },
          },
          input: ['a', '^b'],
          experimentalDebugInfo: { originalNodeNames: ['ü', 'x'] },
        },
      ],
      versions: { producer: 27, minConsumer: '12' },
    };
    expectSameMeaning(json);
  });

  it('writes non-ASCII and long strings', () => {
    // 50 × '层' is 50 UTF-16 units but 150 UTF-8 bytes: a two-byte length.
    expectSameMeaning({ node: [{ name: '层/κ/😀', op: 'x'.repeat(300) }, { name: 'a'.repeat(127) }, { name: 'b'.repeat(128) }, { name: '层'.repeat(50), device: 'é'.repeat(64) }] });
  });

  it('gives up where the object path must warn or fail', () => {
    const node = (extra: Record<string, unknown>) => ({ node: [{ name: 'n', op: 'Add', ...extra }] });
    const cases: Array<[string, unknown]> = [
      ['an unknown field', node({ colour: 'red' })],
      ['a string that is not', node({ device: 3 })],
      ['a null in a list', node({ input: ['a', null] })],
      ['a null map value', node({ attr: { T: null } })],
      ['bad base64', node({ attr: { T: { s: 'a*b' } } })],
      ['an unknown enum name', node({ attr: { T: { type: 'DT_NOPE' } } })],
      ['an int32 out of range', { versions: { producer: 2 ** 31 } }],
      ['a non-integer', { versions: { producer: 1.5 } }],
      ['a number that is not', node({ attr: { T: { f: 'abc' } } })],
      ['a list that is not', node({ input: 'a' })],
      ['a message that is not', node({ attr: { T: 'x' } })],
      ['one field by both names', node({ experimental_debug_info: { original_node_names: ['a'] }, experimentalDebugInfo: { original_node_names: ['b'] } })],
      ['two of one oneof', node({ attr: { T: { i: '1', s: 'YQ==' } } })],
      ['a lone surrogate', node({ device: 'a\ud800b' })],
    ];
    for (const [what, json] of cases) expect(jsonToWire(json, 'tensorflow.GraphDef'), what).toBeNull();
  });

  it('takes a null field as absent, as the object path does', () => {
    expectSameMeaning({ node: [{ name: 'n', device: null, attr: null }] });
  });
});
