import { describe, expect, it } from 'vitest';
import { encodeGraphDef } from './encode-graphdef.js';
import { attr, DataType, type GenGraph } from './graph-model.js';
import { generateTrainingGraph } from './training-graph.js';
import { decodeGraphDef, hex } from './test-support/wire-reader.js';

describe('encodeGraphDef', () => {
  it('encodes a one-node graph to the exact GraphDef bytes', () => {
    const bytes = encodeGraphDef({ nodes: [{ name: 'a', op: 'Const', inputs: [], attrs: {} }], versions: { producer: 0 } });
    expect(hex(bytes)).toBe('0a 0a 0a 01 61 12 05 43 6f 6e 73 74');
  });

  it('writes versions (field 4) when set', () => {
    const bytes = encodeGraphDef({ nodes: [], versions: { producer: 27, minConsumer: 12 } });
    expect(hex(bytes)).toBe('22 04 08 1b 10 0c');
  });

  it('encodes every attr kind with TensorFlow field numbers', () => {
    const graph: GenGraph = {
      nodes: [
        {
          name: 'scope/node',
          op: 'MyOp',
          inputs: ['x', 'y:1', '^z'],
          device: '/job:ps/task:0/device:CPU:0',
          attrs: {
            T: attr.type(DataType.DT_FLOAT),
            shape: attr.shape([-1, 28, 28, 3]),
            unknown: attr.shape(null),
            _output_shapes: attr.shapes([[-1, 10], [], null]),
            i: attr.int(-5),
            zero: attr.int(0),
            big: attr.int(2n ** 40n),
            f: attr.float(0.25),
            b: attr.bool(false),
            s: attr.str('SAME'),
            raw: attr.str(new Uint8Array([0, 255])),
            ints: attr.ints([1, 2, 2, 1]),
            strs: attr.strs(['loc:@a', 'loc:@b']),
            types: attr.types([DataType.DT_STRING, DataType.DT_INT64]),
            empty: attr.ints([]),
            value: attr.tensor({ dtype: DataType.DT_INT32, shape: [2], content: new Uint8Array([1, 0, 0, 0, 2, 0, 0, 0]) }),
            scalar: attr.tensor({ dtype: DataType.DT_FLOAT, shape: [], floatVal: [1.5] }),
            names: attr.tensor({ dtype: DataType.DT_STRING, shape: [2], stringVal: ['a', 'b'] }),
            int64s: attr.tensor({ dtype: DataType.DT_INT64, shape: [], int64Val: [-1] }),
            neg: attr.tensor({ dtype: DataType.DT_INT32, shape: [], intVal: [-3] }),
            f_attr: attr.func('__inference_fn_1', { T: attr.type(DataType.DT_FLOAT) }),
          },
        },
      ],
      library: [
        {
          name: '__inference_fn_1',
          inputArgs: [{ name: 'args_0', type: DataType.DT_STRING }],
          outputArgs: [{ name: 'identity', type: DataType.DT_FLOAT }],
          nodes: [{ name: 'Cast', op: 'Cast', inputs: ['args_0'], attrs: { DstT: attr.type(DataType.DT_FLOAT) } }, { name: 'Identity', op: 'Identity', inputs: ['Cast:y:0'], attrs: {} }],
          ret: { identity: 'Identity:output:0' },
        },
      ],
      versions: { producer: 1205 },
    };
    const g = decodeGraphDef(encodeGraphDef(graph));
    expect(g.producer).toBe(1205);
    const n = g.nodes[0]!;
    expect(n).toMatchObject({ name: 'scope/node', op: 'MyOp', inputs: ['x', 'y:1', '^z'], device: '/job:ps/task:0/device:CPU:0' });
    // Map entries are written with sorted keys.
    expect([...n.attrs.keys()]).toEqual(Object.keys(graph.nodes[0]!.attrs).sort());
    const a = (k: string) => n.attrs.get(k)!;
    expect(a('T').type).toBe(1);
    expect(a('shape').shape).toEqual({ dims: [-1n, 28n, 28n, 3n], unknownRank: false });
    expect(a('unknown').shape).toEqual({ dims: [], unknownRank: true });
    expect(a('_output_shapes').list!.shape).toEqual([
      { dims: [-1n, 10n], unknownRank: false },
      { dims: [], unknownRank: false },
      { dims: [], unknownRank: true },
    ]);
    expect(a('i').i).toBe(-5n);
    expect(a('zero').i).toBe(0n); // oneof members are written even when 0
    expect(a('big').i).toBe(2n ** 40n);
    expect(a('f').f).toBe(0.25);
    expect(a('b').b).toBe(false);
    expect(a('s').s).toBe('SAME');
    expect(a('ints').list!.i).toEqual([1n, 2n, 2n, 1n]);
    expect(a('strs').list!.s).toEqual(['loc:@a', 'loc:@b']);
    expect(a('types').list!.type).toEqual([7n, 9n]);
    expect(a('empty').list).toEqual({ s: [], i: [], f: [], b: [], type: [], shape: [] });
    expect(a('value').tensor).toMatchObject({ dtype: 3, shape: { dims: [2n] }, content: new Uint8Array([1, 0, 0, 0, 2, 0, 0, 0]) });
    expect(a('scalar').tensor).toMatchObject({ dtype: 1, shape: { dims: [] }, floatVal: [1.5] });
    expect(a('names').tensor!.stringVal).toEqual(['a', 'b']);
    expect(a('int64s').tensor!.int64Val).toEqual([-1n]);
    expect(a('neg').tensor!.intVal).toEqual([-3n]);
    expect(a('f_attr').func!.name).toBe('__inference_fn_1');
    expect(a('f_attr').func!.attrs.get('T')!.type).toBe(1);
    const fn = g.library[0]!;
    expect(fn.name).toBe('__inference_fn_1');
    expect(fn.inputArgs).toEqual([{ name: 'args_0', type: 7 }]);
    expect(fn.outputArgs).toEqual([{ name: 'identity', type: 1 }]);
    expect(fn.nodes.map((x) => x.inputs)).toEqual([['args_0'], ['Cast:y:0']]);
    expect([...fn.ret]).toEqual([['identity', 'Identity:output:0']]);
  });

  it('decodes a generated 1000-node graph back to the same names, ops, inputs and devices', () => {
    const graph = generateTrainingGraph({ nodes: 1000, seed: 11, devices: 'cluster', functions: true });
    const g = decodeGraphDef(encodeGraphDef(graph));
    expect(g.nodes).toHaveLength(1000);
    g.nodes.forEach((n, i) => {
      const m = graph.nodes[i]!;
      expect(n.name).toBe(m.name);
      expect(n.op).toBe(m.op);
      expect(n.inputs).toEqual(m.inputs);
      expect(n.device).toBe(m.device ?? '');
      expect([...n.attrs.keys()]).toEqual(Object.keys(m.attrs).sort());
    });
    expect(g.library.map((f) => f.name)).toEqual(graph.library!.map((f) => f.name));
    expect(g.producer).toBe(graph.versions.producer);
    // Batch dims are encoded as 10-byte -1 varints and decode back to -1.
    const shaped = g.nodes.find((n) => n.op === 'Conv2D' && n.attrs.has('_output_shapes'))!;
    expect(shaped.attrs.get('_output_shapes')!.list!.shape[0]!.dims[0]).toBe(-1n);
    const konst = g.nodes.find((n) => n.op === 'Const')!;
    expect(konst.attrs.get('value')!.tensor!.dtype).toBe(konst.attrs.get('dtype')!.type);
  });
});
