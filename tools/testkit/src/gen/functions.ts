/**
 * A small FunctionDefLibrary like tf.function / tf.data produce. Body node
 * inputs use the function-body form: input-arg names (`args_0`) and
 * `node:output_arg:index` (`DecodeRaw:output:0`, `Cast:y:0`, `mul:z:0`).
 */
import { attr, DataType, type GenAttr, type GenFunction, type GenNode } from '../graph-model.js';
import { f32, i32, i32vec, numTensor } from './builder.js';

const T = attr.type(DataType.DT_FLOAT);

function node(name: string, op: string, inputs: string[], attrs: Record<string, GenAttr> = {}): GenNode {
  return { name, op, inputs, attrs };
}

function constNode(name: string, value: ReturnType<typeof f32>): GenNode {
  return node(name, 'Const', [], { dtype: attr.type(value.dtype), value: attr.tensor(value) });
}

/** tf.data map function: parse a record into (image, label). */
export function datasetMapFn(id: number, image: readonly number[]): GenFunction {
  return {
    name: `__inference_dataset_map_fn_${id}`,
    inputArgs: [{ name: 'args_0', type: DataType.DT_STRING }, { name: 'args_1', type: DataType.DT_INT64 }],
    outputArgs: [{ name: 'identity', type: DataType.DT_FLOAT }, { name: 'identity_1', type: DataType.DT_INT64 }],
    nodes: [
      node('DecodeRaw', 'DecodeRaw', ['args_0'], { out_type: T, little_endian: attr.bool(true) }),
      constNode('Reshape/shape', i32vec(image.map((d) => (d < 0 ? 1 : d)))),
      node('Reshape', 'Reshape', ['DecodeRaw:output:0', 'Reshape/shape:output:0'], { T, Tshape: attr.type(DataType.DT_INT32) }),
      constNode('truediv/y', f32(255)),
      node('truediv', 'RealDiv', ['Reshape:output:0', 'truediv/y:output:0'], { T }),
      node('Identity', 'Identity', ['truediv:z:0'], { T }),
      node('Identity_1', 'Identity', ['args_1', '^Identity'], { T: attr.type(DataType.DT_INT64) }),
    ],
    ret: { identity: 'Identity:output:0', identity_1: 'Identity_1:output:0' },
  };
}

/** Image augmentation, called directly (the call node's op is its name). */
export function augmentFn(id: number): GenFunction {
  const bin = (name: string, op: string, a: string, b: string) => node(name, op, [a, b], { T });
  return {
    name: `__inference_augment_${id}`,
    inputArgs: [{ name: 'images', type: DataType.DT_FLOAT }],
    outputArgs: [{ name: 'identity', type: DataType.DT_FLOAT }],
    nodes: [
      constNode('ReverseV2/axis', i32vec([2])),
      node('ReverseV2', 'ReverseV2', ['images', 'ReverseV2/axis:output:0'], { T, Tidx: attr.type(DataType.DT_INT32) }),
      constNode('mul/y', f32(1.1)),
      bin('mul', 'Mul', 'ReverseV2:output:0', 'mul/y:output:0'),
      constNode('add/y', f32(-0.05)),
      bin('add', 'AddV2', 'mul:z:0', 'add/y:output:0'),
      constNode('clip_by_value/Minimum/y', f32(1)),
      bin('clip_by_value/Minimum', 'Minimum', 'add:z:0', 'clip_by_value/Minimum/y:output:0'),
      constNode('clip_by_value/y', f32(0)),
      bin('clip_by_value', 'Maximum', 'clip_by_value/Minimum:z:0', 'clip_by_value/y:output:0'),
      node('Identity', 'Identity', ['clip_by_value:z:0'], { T }),
    ],
    ret: { identity: 'Identity:output:0' },
  };
}

/** Batch accuracy of logits vs. labels. */
export function accuracyFn(id: number): GenFunction {
  return {
    name: `__inference_compute_accuracy_${id}`,
    inputArgs: [{ name: 'logits', type: DataType.DT_FLOAT }, { name: 'labels', type: DataType.DT_INT64 }],
    outputArgs: [{ name: 'identity', type: DataType.DT_FLOAT }],
    nodes: [
      constNode('ArgMax/dimension', i32(1)),
      node('ArgMax', 'ArgMax', ['logits', 'ArgMax/dimension:output:0'], { T, Tidx: attr.type(DataType.DT_INT32), output_type: attr.type(DataType.DT_INT64) }),
      node('Equal', 'Equal', ['ArgMax:output:0', 'labels'], { T: attr.type(DataType.DT_INT64), incompatible_shape_error: attr.bool(true) }),
      node('Cast', 'Cast', ['Equal:z:0'], { SrcT: attr.type(DataType.DT_BOOL), DstT: T, Truncate: attr.bool(false) }),
      constNode('Const', numTensor(DataType.DT_INT32, [1], [0])),
      node('Mean', 'Mean', ['Cast:y:0', 'Const:output:0'], { T, Tidx: attr.type(DataType.DT_INT32), keep_dims: attr.bool(false) }),
      node('Identity', 'Identity', ['Mean:output:0'], { T }),
    ],
    ret: { identity: 'Identity:output:0' },
  };
}
