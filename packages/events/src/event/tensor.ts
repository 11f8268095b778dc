/**
 * TensorProto → plain values, with TensorFlow's rules: `tensor_content` (raw little-endian) or
 * the typed `*_val` fields, half/bfloat16 bit patterns, and "fill" (a single value, or fewer
 * values than elements, repeats the last one, like tensor_util.MakeNdarray).
 */
import { tensorflow } from '@tbg/proto';
import Long from 'long';

const DT = tensorflow.DataType;

export interface TensorData {
  dtype: tensorflow.DataType;
  shape: number[];
  /** Numeric elements as float64 (int64 beyond 2^53 loses precision); complex ones interleaved re, im. */
  numbers: Float64Array | null;
  /** DT_STRING elements as raw bytes. */
  strings: Uint8Array[] | null;
  /** DT_BOOL elements. */
  bools: boolean[] | null;
}

export function dtypeName(dtype: number): string {
  return (tensorflow.DataType as unknown as Record<number, string>)[dtype] ?? `DT_${dtype}`;
}

export function shapeOf(tp: tensorflow.TensorProto): number[] {
  const dims = tp.tensor_shape?.dim ?? [];
  return dims.map((d) => (Long.isLong(d.size) ? d.size.toNumber() : Number(d.size)));
}

export function elementCount(shape: number[]): number {
  let n = 1;
  for (const d of shape) n *= d < 0 ? 0 : d;
  return n;
}

/** Float16 bit pattern → number. */
export function halfToNumber(h: number): number {
  const s = h & 0x8000 ? -1 : 1;
  const e = (h >> 10) & 0x1f;
  const f = h & 0x3ff;
  if (e === 0) return s * 2 ** -14 * (f / 1024);
  if (e === 31) return f ? NaN : s * Infinity;
  return s * 2 ** (e - 15) * (1 + f / 1024);
}

const f32 = new Float32Array(1);
const u32 = new Uint32Array(f32.buffer);
function bfloat16ToNumber(b: number): number {
  u32[0] = (b & 0xffff) << 16;
  return f32[0]!;
}

/**
 * Most elements a fill may produce (128 MB as float64). A few bytes can claim a shape of 2^34
 * elements; filling it would take the process down.
 */
export const MAX_FILL_ELEMENTS = 1 << 24;

/** TensorFlow's maximum rank (TensorShape's kMaxDims). */
const MAX_RANK = 254;

/** Repeats the last value up to `n` elements (TensorFlow's fill rule); empty stays empty. */
function fill<T>(values: T[], n: number): T[] {
  if (values.length >= n || values.length === 0) return values;
  if (n > MAX_FILL_ELEMENTS) throw new RangeError(`the tensor's shape claims ${n} elements but it holds ${values.length}; filling more than ${MAX_FILL_ELEMENTS} is refused`);
  const last = values[values.length - 1]!;
  const out = values.slice();
  while (out.length < n) out.push(last);
  return out;
}

function fromContent(dtype: tensorflow.DataType, c: Uint8Array): number[] | boolean[] | null {
  const v = new DataView(c.buffer, c.byteOffset, c.byteLength);
  const read = (size: number, get: (o: number) => number) => {
    const out: number[] = new Array<number>(Math.floor(c.length / size));
    for (let i = 0; i < out.length; i++) out[i] = get(i * size);
    return out;
  };
  switch (dtype) {
    case DT.DT_FLOAT:
    case DT.DT_COMPLEX64:
      return read(4, (o) => v.getFloat32(o, true));
    case DT.DT_DOUBLE:
    case DT.DT_COMPLEX128:
      return read(8, (o) => v.getFloat64(o, true));
    case DT.DT_INT32:
    case DT.DT_QINT32:
      return read(4, (o) => v.getInt32(o, true));
    case DT.DT_UINT32:
      return read(4, (o) => v.getUint32(o, true));
    case DT.DT_INT64:
      return read(8, (o) => Number(v.getBigInt64(o, true)));
    case DT.DT_UINT64:
      return read(8, (o) => Number(v.getBigUint64(o, true)));
    case DT.DT_INT16:
    case DT.DT_QINT16:
      return read(2, (o) => v.getInt16(o, true));
    case DT.DT_UINT16:
    case DT.DT_QUINT16:
      return read(2, (o) => v.getUint16(o, true));
    case DT.DT_INT8:
    case DT.DT_QINT8:
      return read(1, (o) => v.getInt8(o));
    case DT.DT_UINT8:
    case DT.DT_QUINT8:
      return read(1, (o) => v.getUint8(o));
    case DT.DT_HALF:
      return read(2, (o) => halfToNumber(v.getUint16(o, true)));
    case DT.DT_BFLOAT16:
      return read(2, (o) => bfloat16ToNumber(v.getUint16(o, true)));
    case DT.DT_BOOL:
      return Array.from(c, (b) => b !== 0);
    default:
      return null;
  }
}

const num = (x: number | Long) => (typeof x === 'number' ? x : x.toNumber());

function fromFields(dtype: tensorflow.DataType, tp: tensorflow.TensorProto): number[] | boolean[] | null {
  switch (dtype) {
    case DT.DT_FLOAT:
      return tp.float_val.slice();
    case DT.DT_DOUBLE:
      return tp.double_val.slice();
    case DT.DT_COMPLEX64:
      return tp.scomplex_val.slice();
    case DT.DT_COMPLEX128:
      return tp.dcomplex_val.slice();
    case DT.DT_INT32:
    case DT.DT_INT16:
    case DT.DT_INT8:
    case DT.DT_UINT8:
    case DT.DT_UINT16:
    case DT.DT_QINT8:
    case DT.DT_QUINT8:
    case DT.DT_QINT16:
    case DT.DT_QUINT16:
    case DT.DT_QINT32:
      return tp.int_val.slice();
    case DT.DT_INT64:
      return tp.int64_val.map(num);
    case DT.DT_UINT32:
      return tp.uint32_val.slice();
    case DT.DT_UINT64:
      return tp.uint64_val.map(num);
    case DT.DT_HALF:
      return tp.half_val.map(halfToNumber);
    case DT.DT_BFLOAT16:
      return tp.half_val.map(bfloat16ToNumber);
    case DT.DT_BOOL:
      return tp.bool_val.slice();
    default:
      return null;
  }
}

export function decodeTensor(tp: tensorflow.TensorProto): TensorData {
  const dtype = tp.dtype;
  const shape = shapeOf(tp);
  if (shape.length > MAX_RANK) throw new RangeError(`the tensor has rank ${shape.length}; TensorFlow allows at most ${MAX_RANK}`);
  const n = elementCount(shape) * (dtype === DT.DT_COMPLEX64 || dtype === DT.DT_COMPLEX128 ? 2 : 1);
  if (dtype === DT.DT_STRING) {
    return { dtype, shape, numbers: null, strings: fill(tp.string_val.slice(), n), bools: null };
  }
  const raw = tp.tensor_content.length ? fromContent(dtype, tp.tensor_content) : fromFields(dtype, tp);
  if (raw === null) return { dtype, shape, numbers: null, strings: null, bools: null };
  if (dtype === DT.DT_BOOL) return { dtype, shape, numbers: null, strings: null, bools: fill(raw as boolean[], n) };
  return { dtype, shape, numbers: Float64Array.from(fill(raw as number[], n)), strings: null, bools: null };
}

/** Builds the nested-array form of a flat list by shape (rank 0 gives the element itself). */
export function nest<T>(flat: readonly T[], shape: readonly number[]): unknown {
  if (shape.length === 0) return flat[0];
  let i = 0;
  const build = (d: number): unknown[] => {
    const out: unknown[] = [];
    for (let k = 0; k < shape[d]!; k++) out.push(d + 1 === shape.length ? flat[i++] : build(d + 1));
    return out;
  };
  return build(0);
}
