import { describe, expect, it } from 'vitest';
import protobuf from 'protobufjs/minimal.js';
import { tensorflow } from '../gen/tf.js';
import { GraphFormatError } from '../errors.js';
import { decodeColumnar } from './decode.js';
import { getAttr, inputString } from './access.js';

const { Writer } = protobuf;

/** A GraphDef of hand-laid NodeDefs: each node is written field by field, in the order given. */
function graphOf(nodes: Array<(w: protobuf.Writer) => void>): Uint8Array {
  const g = Writer.create();
  for (const write of nodes) {
    const w = Writer.create();
    write(w);
    g.uint32((1 << 3) | 2).bytes(w.finish());
  }
  return g.finish();
}

const str = (w: protobuf.Writer, field: number, s: string) => w.uint32((field << 3) | 2).string(s);
const attrValue = (v: tensorflow.IAttrValue) => tensorflow.AttrValue.encode(v).finish();

/** What the full decode says, as plain values to compare with. */
function expectLikeFullDecode(bytes: Uint8Array): void {
  const full = tensorflow.GraphDef.decode(bytes);
  const g = decodeColumnar(bytes);
  const t = g.nodes;
  expect(t.names).toEqual(full.node.map((n) => n.name));
  expect(Array.from(t.op, (o) => g.ops[o])).toEqual(full.node.map((n) => n.op));
  expect(Array.from(t.device, (d) => g.devices[d])).toEqual(full.node.map((n) => n.device));
  full.node.forEach((n, i) => {
    const inputs = [];
    for (let j = t.inputStart[i]!; j < t.inputStart[i + 1]!; j++) inputs.push(inputString(g, t, j));
    expect(inputs).toEqual(n.input);
    for (const [k, v] of Object.entries(n.attr)) {
      expect(tensorflow.AttrValue.encode(getAttr(g, t, i, k)!).finish()).toEqual(tensorflow.AttrValue.encode(v).finish());
    }
  });
}

describe('node table wire layouts', () => {
  it('reads one-, two- and three-byte field lengths', () => {
    const long = 'scope/'.repeat(30) + 'x'; // 181 bytes: a two-byte length
    const tensor = attrValue({ tensor: { dtype: 1, tensor_content: new Uint8Array(40_000).fill(7) } }); // three-byte lengths
    const bytes = graphOf([
      (w) => str(str(w, 1, 'a'), 2, 'Const'),
      (w) => {
        str(w, 1, long);
        str(w, 2, 'Const');
        const e = Writer.create();
        str(e, 1, 'value');
        e.uint32((2 << 3) | 2).bytes(tensor);
        w.uint32((5 << 3) | 2).bytes(e.finish());
      },
      (w) => str(str(str(w, 1, 'b'), 2, 'Add'), 3, long),
    ]);
    expectLikeFullDecode(bytes);
    const g = decodeColumnar(bytes);
    expect(g.nodes.inputSrc[0]).toBe(1);
  });

  it('takes fields in any order, the last of a repeated scalar, and skips unknown fields of every wire type', () => {
    const bytes = graphOf([
      (w) => {
        str(w, 3, 'b');
        w.uint32((99 << 3) | 0).uint64(12345678901); // unknown varint
        str(w, 2, 'First');
        w.uint32((101 << 3) | 1).fixed64(1); // unknown fixed64
        str(w, 1, 'a');
        str(w, 2, 'Second'); // a repeated op: the last one counts
        w.uint32((102 << 3) | 5).fixed32(3); // unknown fixed32
        str(w, 4, '/gpu:0');
        str(w, 103, 'experimental'); // unknown length-delimited
      },
      (w) => {
        // An attr entry with its value before its key.
        const e = Writer.create();
        e.uint32((2 << 3) | 2).bytes(attrValue({ i: 5 }));
        str(e, 1, 'N');
        str(w, 1, 'b');
        w.uint32((5 << 3) | 2).bytes(e.finish());
      },
      (w) => str(w, 2, 'NoName'), // a node without a name
    ]);
    expectLikeFullDecode(bytes);
    const g = decodeColumnar(bytes);
    expect(g.ops[g.nodes.op[0]!]).toBe('Second');
    expect(g.nodes.inputSrc[0]).toBe(1);
    expect(g.nodes.names[2]).toBe('');
  });

  it('names the node when a field runs past the end of it, at every length size', () => {
    for (const len of [5, 300, 40_000]) {
      // A name field whose length claims more bytes than the NodeDef holds.
      const node = Writer.create();
      node.uint32((1 << 3) | 2).uint32(len);
      node.bytes(new Uint8Array(0)); // (writes a zero length, i.e. one more byte of "name")
      const good = Writer.create();
      str(good, 1, 'ok');
      const g = Writer.create();
      g.uint32((1 << 3) | 2).bytes(good.finish());
      g.uint32((1 << 3) | 2).bytes(node.finish());
      try {
        decodeColumnar(g.finish());
        throw new Error('no error');
      } catch (e) {
        expect(e).toBeInstanceOf(GraphFormatError);
        expect((e as GraphFormatError).path).toBe('GraphDef.node[1]');
      }
    }
  });

  it('rejects a known field with the wrong wire type', () => {
    const bytes = graphOf([(w) => w.uint32((2 << 3) | 0).uint32(1)]);
    expect(() => decodeColumnar(bytes)).toThrow(GraphFormatError);
  });
});
