/**
 * TensorProto builders in the layout TF's summary writer uses: numeric tensors in
 * `tensor_content` (raw little-endian, row-major), strings in `string_val` ("so that MakeNdarray
 * works", summary_file_writer.cc).
 */
import { tensorflow } from '@tbg/proto';

type TensorProps = tensorflow.TensorProto.$Properties;

const DT_FLOAT = tensorflow.DataType.DT_FLOAT;
const DT_DOUBLE = tensorflow.DataType.DT_DOUBLE;
const DT_STRING = tensorflow.DataType.DT_STRING;

const LITTLE_ENDIAN = new Uint8Array(new Uint16Array([1]).buffer)[0] === 1;

export function shapeProto(shape: readonly number[]): tensorflow.TensorShapeProto.$Properties {
  // protobufjs takes plain numbers for int64 at runtime; the generated typings only say Long.
  return { dim: shape.map((size) => ({ size: size as unknown as tensorflow.TensorShapeProto.Dim['size'] })) };
}

/** Rank-0 DT_FLOAT with 4 little-endian bytes in `tensor_content` (what tf.summary.scalar writes). */
export function floatScalarTensor(value: number): TensorProps {
  const content = new Uint8Array(4);
  new DataView(content.buffer).setFloat32(0, value, true);
  return { dtype: DT_FLOAT, tensor_shape: {}, tensor_content: content };
}

/** DT_DOUBLE of the given shape from row-major values. */
export function doubleTensor(values: Float64Array, shape: readonly number[]): TensorProps {
  return { dtype: DT_DOUBLE, tensor_shape: shapeProto(shape), tensor_content: float64LeBytes(values) };
}

/** DT_STRING of the given shape; `values` are row-major and already encoded (UTF-8 or binary). */
export function stringTensor(values: Uint8Array[], shape: readonly number[]): TensorProps {
  let size = 1;
  for (const d of shape) size *= d;
  if (size !== values.length) throw new RangeError(`string tensor of shape [${shape.join(',')}] needs ${size} values, got ${values.length}`);
  return { dtype: DT_STRING, tensor_shape: shapeProto(shape), string_val: values };
}

/**
 * TensorBoard's `NULL_TENSOR` (`make_tensor_proto([], DT_FLOAT, shape=(0,))`): the placeholder
 * value of metadata-only summaries such as hparams.
 */
export function nullTensor(): TensorProps {
  return { dtype: DT_FLOAT, tensor_shape: shapeProto([0]) };
}

function float64LeBytes(values: Float64Array): Uint8Array {
  if (LITTLE_ENDIAN) return new Uint8Array(values.buffer.slice(values.byteOffset, values.byteOffset + values.byteLength));
  const out = new Uint8Array(values.length * 8);
  const view = new DataView(out.buffer);
  for (let i = 0; i < values.length; i++) view.setFloat64(i * 8, values[i]!, true);
  return out;
}
