import { describe, expect, it } from 'vitest';
import Long from 'long';
import { tensorflow } from '../gen/tf.js';
import { GraphFormatError } from '../errors.js';
import { messageClass } from '../schema/messages.js';
import { parsePbtxt, parsePbtxtToWire, type PbtxtParseOptions } from './parse.js';
import { printPbtxt } from './print.js';

type Parse = <T = object>(input: string | Uint8Array, typeName: string, options?: PbtxtParseOptions) => T;
/** Both sinks give the same messages and the same errors: objects, and wire bytes decoded again. */
const SINKS: Array<[string, Parse]> = [
  ['objects', parsePbtxt],
  ['wire', <T = object>(input: string | Uint8Array, typeName: string, options?: PbtxtParseOptions) => messageClass(typeName).decode(parsePbtxtToWire(input, typeName, options)) as T],
];

function errorOf(fn: () => unknown): GraphFormatError {
  try {
    fn();
  } catch (e) {
    expect(e).toBeInstanceOf(GraphFormatError);
    return e as GraphFormatError;
  }
  throw new Error('expected a GraphFormatError');
}

describe.each(SINKS)('parsePbtxt (%s)', (_, parse) => {
const graph = (text: string) => parse<tensorflow.GraphDef>(text, 'tensorflow.GraphDef');
const attr = (text: string) => parse<tensorflow.AttrValue>(text, 'tensorflow.AttrValue');
const tensor = (text: string) => parse<tensorflow.TensorProto>(text, 'tensorflow.TensorProto');

describe('syntax', () => {
  it('reads comments, messages with and without ":", {} and <>, and separators', () => {
    const g = graph(`# a graph
      node { name: "a" op: "Const" } # trailing comment
      node: < name: 'b'; op: "Add", input: "a" input: "a:1" >
      versions { producer: 27 }`);
    expect(g.node.map((n) => n.name)).toEqual(['a', 'b']);
    expect(g.node[1]!.input).toEqual(['a', 'a:1']);
    expect(g.versions?.producer).toBe(27);
  });

  it('collects repeated fields without any hard-coded list, including [a, b] lists', () => {
    const g = graph('node { name: "x" input: ["a", "b"] input: "c" } node { name: "y" }');
    expect(g.node[0]!.input).toEqual(['a', 'b', 'c']);
    const t = tensor('dtype: DT_INT32 int_val: [1, 2, 3] int_val: 4 tensor_shape { dim { size: 4 } }');
    expect(t.int_val).toEqual([1, 2, 3, 4]);
    expect(graph('node: [{ name: "p" }, { name: "q" }]').node.map((n) => n.name)).toEqual(['p', 'q']);
    expect(graph('node []').node).toEqual([]);
  });

  it('reads enums by name and by number', () => {
    expect(attr('type: DT_FLOAT').type).toBe(tensorflow.DataType.DT_FLOAT);
    expect(attr('type: 19').type).toBe(tensorflow.DataType.DT_HALF);
    expect(errorOf(() => attr('type: DT_NOPE')).reason).toMatch(/unknown value DT_NOPE/);
  });

  it('unescapes every string form', () => {
    const s = (lit: string) => Array.from(attr(`s: ${lit}`).s!);
    expect(s(String.raw`"\001\012\377"`)).toEqual([1, 10, 255]);
    expect(s(String.raw`"\x41\x7f\xa"`)).toEqual([0x41, 0x7f, 0x0a]);
    expect(s(String.raw`"\n\r\t\\\"\'\a\b\f\v\?"`)).toEqual([10, 13, 9, 92, 34, 39, 7, 8, 12, 11, 63]);
    expect(s(String.raw`'it''s' "joined"`)).toEqual([...'itsjoined'].map((c) => c.charCodeAt(0)));
    expect(s(String.raw`"\u00e9\U0001F600"`)).toEqual([0xc3, 0xa9, 0xf0, 0x9f, 0x98, 0x80]);
    expect(s(String.raw`"\ud83d\ude00"`)).toEqual([0xf0, 0x9f, 0x98, 0x80]);
    const n = graph('node { name: "caf\\303\\251" }').node[0]!;
    expect(n.name).toBe('café');
  });

  it('keeps int64 and uint64 exact, in decimal, hex and octal', () => {
    const t = tensor('int64_val: 9223372036854775807 int64_val: -9223372036854775808 int64_val: 0x10 int64_val: 017 uint64_val: 18446744073709551615');
    expect(t.int64_val.map((v) => Long.fromValue(v).toString())).toEqual(['9223372036854775807', '-9223372036854775808', '16', '15']);
    expect(Long.fromValue(t.uint64_val[0]!).toUnsigned().toString()).toBe('18446744073709551615');
    expect(errorOf(() => tensor('int64_val: 9223372036854775808')).reason).toMatch(/out of range for int64/);
    expect(errorOf(() => tensor('int_val: 2147483648')).reason).toMatch(/out of range for int32/);
    expect(errorOf(() => tensor('uint32_val: -1')).reason).toMatch(/out of range/);
  });

  it('reads float specials and suffixes', () => {
    const t = tensor('float_val: inf float_val: -inf float_val: nan float_val: -Infinity float_val: 1.5f float_val: 1e-3 float_val: .25 float_val: 7 double_val: 0.1');
    expect(t.float_val.slice(0, 4)).toEqual([Infinity, -Infinity, NaN, -Infinity]);
    expect(t.float_val.slice(4)).toEqual([1.5, Math.fround(1e-3), 0.25, 7]);
    expect(t.double_val).toEqual([0.1]);
  });

  it('parses map fields (attr, ret) as key/value entries', () => {
    const g = graph(`node { name: "n" attr { key: "T" value { type: DT_FLOAT } } attr { key: "_output_shapes" value { list { shape { dim { size: -1 } dim { size: 3 } } } } } }
      library { function { signature { name: "f" } ret { key: "out" value: "x:y:0" } } }`);
    const n = g.node[0]!;
    expect(Object.keys(n.attr).sort()).toEqual(['T', '_output_shapes']);
    expect(n.attr.T!.type).toBe(tensorflow.DataType.DT_FLOAT);
    expect(n.attr._output_shapes!.list!.shape[0]!.dim.map((d) => Long.fromValue(d.size).toNumber())).toEqual([-1, 3]);
    expect(g.library!.function[0]!.ret).toEqual({ out: 'x:y:0' });
  });

  it('reports errors with line:col and the field path', () => {
    const e = errorOf(() => graph('node {\n  name: "a"\n  op: 12\n}'));
    expect([e.line, e.column]).toEqual([3, 7]);
    expect(e.path).toBe('GraphDef.node[0]');
    expect(e.message).toMatch(/line 3:7/);
    expect(errorOf(() => graph('node { name: "a"')).reason).toMatch(/expected '}'/);
    expect(errorOf(() => graph('node { nme: "a" }')).reason).toMatch(/unknown field "nme" in tensorflow.NodeDef/);
    expect(errorOf(() => graph('node { name: "a" name: "b" }')).reason).toMatch(/not repeated/);
    expect(errorOf(() => attr('s: "x" i: 3')).reason).toMatch(/same oneof/);
    expect(errorOf(() => attr('s: "abc')).reason).toMatch(/unterminated string/);
    expect(errorOf(() => attr('s: "\\q"')).reason).toMatch(/invalid escape/);
    expect(errorOf(() => graph('node { name: "a" } }')).reason).toMatch(/expected a field name/);
    expect(errorOf(() => graph('node { node { } }')).reason).toMatch(/unknown field "node" in tensorflow.NodeDef/);
    expect(errorOf(() => graph('node node { }')).reason).toMatch(/expected '\{' or '<'/);
  });

  it('skips unknown fields when asked, with a warning', () => {
    const warnings: string[] = [];
    const g = parse<tensorflow.GraphDef>('node { name: "a" future_field { x: [1, 2] y: -3 } future2: DT_X } versions { producer: 1 }', 'tensorflow.GraphDef', {
      allowUnknownFields: true,
      warnings,
    });
    expect(g.node[0]!.name).toBe('a');
    expect(g.versions?.producer).toBe(1);
    expect(warnings).toHaveLength(2);
  });

  it('expands google.protobuf.Any', () => {
    const meta = parse<tensorflow.MetaGraphDef>(
      'meta_info_def { any_info { [type.googleapis.com/tensorflow.VersionDef] { producer: 5 } } }',
      'tensorflow.MetaGraphDef',
    );
    const any = meta.meta_info_def!.any_info!;
    expect(any.type_url).toBe('type.googleapis.com/tensorflow.VersionDef');
    expect(tensorflow.VersionDef.decode(any.value).producer).toBe(5);
  });

  it('never recurses without bound', () => {
    const deep = 'list { func { attr { key: "k" value { '.repeat(60) + '} } } }'.repeat(60);
    expect(errorOf(() => attr(deep)).reason).toMatch(/nested more than/);
  });
});

describe('fast paths keep exact results and errors', () => {
  it('names the field path in errors: list indices, map keys, map entry numbers, Any', () => {
    const where = (fn: () => unknown) => {
      const e = errorOf(fn);
      return `${e.reason} @ ${e.path} ${e.line}:${e.column}`;
    };
    expect(where(() => graph('node { name: "a" }\nnode { name: "b" attr { key: "T" value { type: DT_NOPE } } }'))).toBe(
      'unknown value DT_NOPE for enum tensorflow.DataType @ GraphDef.node[1].attr["T"].value 2:48',
    );
    expect(where(() => graph('node { attr { value { list { shape { dim { size: x } } } } } }'))).toBe(
      "expected an integer, found 'x' @ GraphDef.node[0].attr[0].value.list.shape[0].dim[0] 1:50",
    );
    expect(where(() => graph('node [{ name: "a" }, { name: "b" op: 1 }]'))).toBe(`expected a quoted string for "op", found '1' @ GraphDef.node[1] 1:38`);
    expect(where(() => graph('library { function { ret { key: "r" value: 5 } } }'))).toBe(
      `expected a quoted string for "value", found '5' @ GraphDef.library.function[0].ret["r"] 1:44`,
    );
    expect(where(() => parse('meta_info_def { any_info { [type.googleapis.com/tensorflow.VersionDef] { producer: "x" } } }', 'tensorflow.MetaGraphDef'))).toBe(
      'expected an integer, found a string @ MetaGraphDef.meta_info_def.any_info.[type.googleapis.com/tensorflow.VersionDef] 1:84',
    );
  });

  it('reports a bad first token as a GraphFormatError too', () => {
    const e = errorOf(() => graph('@'));
    expect([e.reason, e.line, e.column]).toEqual(["unexpected character '@'", 1, 1]);
  });

  it('reads short and long integers alike, exactly', () => {
    const t = tensor('int_val: -0 int_val: 2147483647 int_val: -2147483648 int64_val: 999999999999999 int64_val: -999999999999999 int64_val: 1000000000000000 int64_val: -4294967297 uint64_val: 0');
    expect(Object.is(t.int_val[0], 0)).toBe(true);
    expect(t.int_val.slice(1)).toEqual([2147483647, -2147483648]);
    expect(t.int64_val.map((v) => Long.fromValue(v).toString())).toEqual(['999999999999999', '-999999999999999', '1000000000000000', '-4294967297']);
    expect(Long.fromValue(t.uint64_val[0]!).unsigned).toBe(true);
    expect(errorOf(() => tensor('uint64_val: -1')).reason).toBe('-1 is out of range for uint64');
    expect(tensor('uint32_val: -0').uint32_val).toEqual([0]);
  });

  it('reads decimals exactly as parseFloat does', () => {
    let seed = 7;
    const rand = (n: number) => ((seed = (seed * 16807) % 2147483647) % n);
    for (let k = 0; k < 2000; k++) {
      const digits = Array.from({ length: 1 + rand(18) }, () => rand(10)).join('');
      const dot = rand(digits.length + 1);
      const text = dot === digits.length ? digits : `${digits.slice(0, dot) || '0'}.${digits.slice(dot)}`;
      const t = tensor(`double_val: ${text} float_val: -${text}`);
      expect(t.double_val[0], text).toBe(parseFloat(text));
      expect(t.float_val[0], text).toBe(Math.fround(-parseFloat(text)));
    }
  });
});

});

describe('printPbtxt', () => {
  it('prints in field-number order with escapes and shortest floats', () => {
    const n = new tensorflow.NodeDef({ name: 'a"b\n', op: 'Const', input: ['x', '^y'] });
    n.attr.value = new tensorflow.AttrValue({ f: Math.fround(0.1) });
    n.attr.bytes = new tensorflow.AttrValue({ s: new Uint8Array([0, 200, 65]) });
    const text = printPbtxt(n, 'tensorflow.NodeDef');
    expect(text).toBe(
      [
        'name: "a\\"b\\n"',
        'op: "Const"',
        'input: "x"',
        'input: "^y"',
        'attr {',
        '  key: "bytes"',
        '  value {',
        '    s: "\\000\\310A"',
        '  }',
        '}',
        'attr {',
        '  key: "value"',
        '  value {',
        '    f: 0.1',
        '  }',
        '}',
        '',
      ].join('\n'),
    );
  });

  it('prints oneof members set to their default value', () => {
    expect(printPbtxt(new tensorflow.AttrValue({ i: Long.fromInt(0) }), 'tensorflow.AttrValue')).toBe('i: 0\n');
    expect(printPbtxt(new tensorflow.AttrValue({ b: false }), 'tensorflow.AttrValue')).toBe('b: false\n');
  });

  it('round-trips float specials and extreme integers', () => {
    const t = parsePbtxt<tensorflow.TensorProto>('dtype: DT_FLOAT float_val: [inf, -inf, nan, 3.4028235e38, 1e-45] int64_val: -9223372036854775808 uint64_val: 18446744073709551615', 'tensorflow.TensorProto');
    const again = parsePbtxt<tensorflow.TensorProto>(printPbtxt(t, 'tensorflow.TensorProto'), 'tensorflow.TensorProto');
    expect(again.float_val).toEqual(t.float_val);
    expect(tensorflow.TensorProto.encode(again).finish()).toEqual(tensorflow.TensorProto.encode(t).finish());
  });
});
