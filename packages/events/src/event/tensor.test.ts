/**
 * Tensor decoding of the non-float32 dtypes: half and bfloat16 bit patterns, and the integer
 * types, each both from `tensor_content` (raw little-endian) and from the typed `*_val` fields.
 * Tensors go through the wire (encode, then decode) so protobufjs' int64/Long handling is real.
 */
import { describe, expect, it } from 'vitest';
import { tensorflow } from '@tbg/proto';
import Long from 'long';
import { decodeTensor, halfToNumber } from './tensor.js';
import { summaryData, initialMetadata } from './migrate.js';
import { eventFileBytes } from '../logdir/synthetic-events.js';
import { readEventsSync } from '../read-events.js';
import { readIntoSink } from '../read-batches.js';
import { chunksOf } from '../source/chunks.js';
import { eventPoints, SeriesMetadataMemo } from './event-points.js';
import { FastEventDecoder, type EventSink } from './fast-decode.js';

const DT = tensorflow.DataType;

/** A tensor proto after a trip through the wire. */
function wire(t: tensorflow.TensorProto.$Properties): tensorflow.TensorProto {
  return tensorflow.TensorProto.decode(tensorflow.TensorProto.encode(new tensorflow.TensorProto(t)).finish());
}

const scalarShape = { dim: [] };
/** A rank-0 tensor from raw little-endian bytes. */
const fromContent = (dtype: tensorflow.DataType, bytes: number[]) => wire({ dtype, tensor_shape: scalarShape, tensor_content: Uint8Array.from(bytes) });
/** The little-endian bytes of a 16-bit pattern. */
const le16 = (bits: number) => [bits & 0xff, bits >> 8];

/** The decoded numbers of a tensor, as a plain array. */
function numbers(t: tensorflow.TensorProto): number[] {
  const d = decodeTensor(t);
  expect(d.strings).toBeNull();
  expect(d.numbers, `dtype ${t.dtype} decodes to numbers`).not.toBeNull();
  return Array.from(d.numbers!);
}

// [bit pattern, value]
const HALF: Array<[number, number]> = [
  [0x3c00, 1],
  [0xc000, -2],
  [0x7c00, Infinity],
  [0xfc00, -Infinity],
  [0x3800, 0.5],
  [0x3555, 0.333251953125],
  [0x7bff, 65504], // largest finite
  [0x0400, 2 ** -14], // smallest normal
  [0x03ff, (1023 / 1024) * 2 ** -14], // largest subnormal
  [0x0001, 2 ** -24], // smallest subnormal
  [0x0000, 0],
  [0x8000, -0],
];
const BFLOAT16: Array<[number, number]> = [
  [0x3f80, 1],
  [0xc000, -2],
  [0x4049, 3.140625],
  [0x7f80, Infinity],
  [0xff80, -Infinity],
  [0x3c00, 2 ** -7],
  [0x7f7f, 3.3895313892515355e38], // largest finite
  [0x0001, 2 ** -133], // smallest subnormal
  [0x8000, -0],
];

describe('half (DT_HALF) and bfloat16 (DT_BFLOAT16)', () => {
  it('halfToNumber decodes IEEE binary16 bit patterns, subnormals and NaN included', () => {
    for (const [bits, v] of HALF) expect(halfToNumber(bits), bits.toString(16)).toBe(v);
    expect(halfToNumber(0x7e00)).toBeNaN();
    expect(halfToNumber(0xfc01)).toBeNaN();
  });

  it('half from tensor_content (2 bytes LE per element)', () => {
    for (const [bits, v] of HALF) expect(numbers(fromContent(DT.DT_HALF, le16(bits))), bits.toString(16)).toEqual([v]);
    expect(numbers(fromContent(DT.DT_HALF, le16(0x7e00)))[0]).toBeNaN();
    // Several elements, in order.
    const t = wire({ dtype: DT.DT_HALF, tensor_shape: { dim: [{ size: 3 }] }, tensor_content: Uint8Array.from([...le16(0x3c00), ...le16(0xc000), ...le16(0x7c00)]) });
    expect(numbers(t)).toEqual([1, -2, Infinity]);
  });

  it('half from half_val (uint16 bit patterns stored in int32)', () => {
    for (const [bits, v] of HALF) expect(numbers(wire({ dtype: DT.DT_HALF, tensor_shape: scalarShape, half_val: [bits] })), bits.toString(16)).toEqual([v]);
    const t = wire({ dtype: DT.DT_HALF, tensor_shape: { dim: [{ size: 2 }, { size: 2 }] }, half_val: [0x3c00, 0xc000, 0x7c00, 0x3800] });
    expect(decodeTensor(t).shape).toEqual([2, 2]);
    expect(numbers(t)).toEqual([1, -2, Infinity, 0.5]);
    // One value fills the shape (MakeNdarray).
    expect(numbers(wire({ dtype: DT.DT_HALF, tensor_shape: { dim: [{ size: 3 }] }, half_val: [0xc000] }))).toEqual([-2, -2, -2]);
  });

  it('bfloat16 from tensor_content and from half_val (the upper 16 bits of a float32)', () => {
    for (const [bits, v] of BFLOAT16) {
      expect(numbers(fromContent(DT.DT_BFLOAT16, le16(bits))), bits.toString(16)).toEqual([v]);
      expect(numbers(wire({ dtype: DT.DT_BFLOAT16, tensor_shape: scalarShape, half_val: [bits] })), bits.toString(16)).toEqual([v]);
    }
    expect(numbers(fromContent(DT.DT_BFLOAT16, le16(0x7fc0)))[0]).toBeNaN();
    expect(numbers(wire({ dtype: DT.DT_BFLOAT16, tensor_shape: scalarShape, half_val: [0x7fc0] }))[0]).toBeNaN();
    // The same bits mean different numbers as half and as bfloat16.
    expect(numbers(wire({ dtype: DT.DT_BFLOAT16, tensor_shape: scalarShape, half_val: [0x3c00] }))).toEqual([2 ** -7]);
  });
});

describe('integer, bool and float dtypes', () => {
  // [dtype, little-endian content bytes, the typed field and its value, expected number]
  const cases: Array<[string, tensorflow.DataType, number[], tensorflow.TensorProto.$Properties, number]> = [
    ['int32', DT.DT_INT32, [0xfb, 0xff, 0xff, 0xff], { int_val: [-5] }, -5],
    ['int32 max', DT.DT_INT32, [0xff, 0xff, 0xff, 0x7f], { int_val: [2147483647] }, 2147483647],
    ['int16', DT.DT_INT16, [0x00, 0x80], { int_val: [-32768] }, -32768],
    ['int8', DT.DT_INT8, [0xff], { int_val: [-1] }, -1],
    ['uint8', DT.DT_UINT8, [0xc8], { int_val: [200] }, 200],
    ['uint16', DT.DT_UINT16, [0xff, 0xff], { int_val: [65535] }, 65535],
    ['uint32', DT.DT_UINT32, [0xff, 0xff, 0xff, 0xff], { uint32_val: [4294967295] }, 4294967295],
    ['int64', DT.DT_INT64, [0x00, 0x00, 0x00, 0x00, 0x00, 0xff, 0xff, 0xff], { int64_val: [Long.fromNumber(-(2 ** 40))] }, -(2 ** 40)],
    ['int64 2^53', DT.DT_INT64, [0, 0, 0, 0, 0, 0, 0x20, 0], { int64_val: [Long.fromNumber(2 ** 53)] }, 2 ** 53],
    ['uint64', DT.DT_UINT64, [0, 0, 0, 0, 0, 0, 0, 0x80], { uint64_val: [Long.fromString('9223372036854775808', true)] }, 2 ** 63],
    ['double', DT.DT_DOUBLE, [0x18, 0x2d, 0x44, 0x54, 0xfb, 0x21, 0x09, 0x40], { double_val: [Math.PI] }, Math.PI],
    ['float', DT.DT_FLOAT, [0x00, 0x00, 0xc0, 0x3f], { float_val: [1.5] }, 1.5],
  ];
  for (const [name, dtype, content, field, want] of cases) {
    it(`${name}: from tensor_content and from its *_val field`, () => {
      expect(numbers(fromContent(dtype, content))).toEqual([want]);
      expect(numbers(wire({ dtype, tensor_shape: scalarShape, ...field }))).toEqual([want]);
    });
  }

  it('int64 beyond 2^53 from both forms', () => {
    const big = Long.fromString('-9223372036854775808');
    expect(numbers(fromContent(DT.DT_INT64, [0, 0, 0, 0, 0, 0, 0, 0x80]))).toEqual([-(2 ** 63)]);
    expect(numbers(wire({ dtype: DT.DT_INT64, tensor_shape: scalarShape, int64_val: [big] }))).toEqual([-(2 ** 63)]);
  });

  it('bool from tensor_content and from bool_val', () => {
    expect(decodeTensor(fromContent(DT.DT_BOOL, [1])).bools).toEqual([true]);
    expect(decodeTensor(fromContent(DT.DT_BOOL, [0])).bools).toEqual([false]);
    expect(decodeTensor(wire({ dtype: DT.DT_BOOL, tensor_shape: scalarShape, bool_val: [true] })).bools).toEqual([true]);
    expect(decodeTensor(wire({ dtype: DT.DT_BOOL, tensor_shape: { dim: [{ size: 2 }] }, bool_val: [false] })).bools).toEqual([false, false]);
  });

  it('a multi-element int32 tensor_content is read element by element, little-endian', () => {
    const t = wire({ dtype: DT.DT_INT32, tensor_shape: { dim: [{ size: 3 }] }, tensor_content: Uint8Array.from([1, 0, 0, 0, 0, 1, 0, 0, 0xff, 0xff, 0xff, 0xff]) });
    expect(numbers(t)).toEqual([1, 256, -1]);
  });
});

describe('non-float32 scalars in a scalars series', () => {
  const scalarsMeta = { plugin_data: { plugin_name: 'scalars' }, data_class: tensorflow.DataClass.DATA_CLASS_SCALAR };
  const tensors: Array<[string, tensorflow.TensorProto.$Properties, number]> = [
    ['half content', { dtype: DT.DT_HALF, tensor_shape: scalarShape, tensor_content: Uint8Array.from(le16(0xc000)) }, -2],
    ['half_val', { dtype: DT.DT_HALF, tensor_shape: scalarShape, half_val: [0x3c00] }, 1],
    ['bfloat16 half_val', { dtype: DT.DT_BFLOAT16, tensor_shape: scalarShape, half_val: [0x3f80] }, 1],
    ['int32 int_val', { dtype: DT.DT_INT32, tensor_shape: scalarShape, int_val: [7] }, 7],
    ['int64 content', { dtype: DT.DT_INT64, tensor_shape: scalarShape, tensor_content: Uint8Array.from([0xfe, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff]) }, -2],
    ['uint8 content', { dtype: DT.DT_UINT8, tensor_shape: scalarShape, tensor_content: Uint8Array.from([255]) }, 255],
    ['double_val', { dtype: DT.DT_DOUBLE, tensor_shape: scalarShape, double_val: [0.1] }, 0.1],
  ];

  it('become scalar points through eventPoints and through the bulk decoder alike', async () => {
    const bytes = eventFileBytes(
      tensors.map(([name, tensor], i) => ({ wall_time: 100 + i, step: i, summary: { value: [{ tag: name, metadata: scalarsMeta, tensor }] } })),
    );
    const memo = new SeriesMetadataMemo();
    const ps = readEventsSync(bytes).records.flatMap((r) => eventPoints(r.event, memo));
    expect(ps.map((p) => [p.tag, p.metadata.plugin, p.data])).toEqual(tensors.map(([name, , v]) => [name, 'scalars', { kind: 'scalar', value: v }]));

    const bulk: Array<[string, number]> = [];
    const sink: EventSink = {
      event: () => {},
      scalar: (tag, _m, _s, _w, value) => bulk.push([tag, value]),
      point: (p) => bulk.push([p.tag, p.data.kind === 'scalar' ? p.data.value : NaN]),
    };
    const state = await readIntoSink(chunksOf(bytes), new FastEventDecoder(new SeriesMetadataMemo()), sink);
    expect(state.errors).toEqual([]);
    expect(bulk).toEqual(tensors.map(([name, , v]) => [name, v]));
  });

  it('summaryData on one value', () => {
    const v = tensorflow.Summary.Value.decode(tensorflow.Summary.Value.encode({ tag: 'h', metadata: scalarsMeta, tensor: { dtype: DT.DT_HALF, tensor_shape: scalarShape, half_val: [0x7c00] } }).finish());
    expect(summaryData(v, initialMetadata(v))).toEqual({ kind: 'scalar', value: Infinity });
  });
});
