/**
 * Builds a GraphDef node by node, the way TF1's Python front end leaves it in `sess.graph`:
 * every node carries its `_output_shapes` (what `FileWriter(sess.graph)` writes when shapes are
 * known), its dtype attrs and a device. Plain data in, `tensorflow.GraphDef.$Properties` out.
 */
import { tensorflow } from '@tbg/proto';

type AttrValue = tensorflow.AttrValue.$Properties;
type NodeDef = tensorflow.NodeDef.$Properties;

/** A tensor shape: dims (-1 unknown), or null for an unknown rank. */
export type Shape = readonly number[] | null;

export const DT = {
  float: tensorflow.DataType.DT_FLOAT,
  int32: tensorflow.DataType.DT_INT32,
  int64: tensorflow.DataType.DT_INT64,
  bool: tensorflow.DataType.DT_BOOL,
  string: tensorflow.DataType.DT_STRING,
} as const;
export type DType = (typeof DT)[keyof typeof DT];

export const CPU = '/job:localhost/replica:0/task:0/device:CPU:0';
export const GPU = '/job:localhost/replica:0/task:0/device:GPU:0';

const utf8 = new TextEncoder();

export function shapeProto(shape: Shape): tensorflow.TensorShapeProto.$Properties {
  if (shape === null) return { unknown_rank: true };
  return shape.length ? { dim: shape.map((size) => ({ size })) } : {};
}

export const attr = {
  type: (t: DType): AttrValue => ({ type: t }),
  shape: (s: Shape): AttrValue => ({ shape: shapeProto(s) }),
  int: (i: number): AttrValue => ({ i }),
  bool: (b: boolean): AttrValue => ({ b }),
  str: (s: string): AttrValue => ({ s: utf8.encode(s) }),
  ints: (i: readonly number[]): AttrValue => ({ list: { i: [...i] } }),
  strs: (s: readonly string[]): AttrValue => ({ list: { s: s.map((x) => utf8.encode(x)) } }),
};

/** A Const's `value`: floats, ints or strings of the given shape. */
export function tensorAttr(dtype: DType, shape: readonly number[], values: readonly (number | string)[]): AttrValue {
  const t: tensorflow.TensorProto.$Properties = { dtype, tensor_shape: shapeProto(shape) };
  if (dtype === DT.float) t.float_val = values as number[];
  else if (dtype === DT.int64) t.int64_val = values as number[];
  else if (dtype === DT.string) t.string_val = (values as string[]).map((s) => utf8.encode(s));
  else t.int_val = values as number[];
  return { tensor: t };
}

export interface NodeSpec {
  /** Data inputs (`name` or `name:slot`), then control inputs (`^name`). */
  inputs?: readonly string[];
  /** Output shapes, one per output. */
  shapes?: readonly Shape[];
  /** The `T` attr (most math ops), when given. */
  T?: DType;
  attrs?: Record<string, AttrValue>;
  device?: string;
}

export class GraphBuilder {
  readonly nodes: NodeDef[] = [];
  readonly #names = new Set<string>();
  /** Device for nodes that name none; changed while building (`tf.device` blocks). */
  device = CPU;

  /** Adds a node and returns its name (for use as another node's input). */
  add(name: string, op: string, spec: NodeSpec = {}): string {
    if (this.#names.has(name)) throw new Error(`example graph: node ${name} added twice`);
    this.#names.add(name);
    const a: Record<string, AttrValue> = {};
    if (spec.T !== undefined) a.T = attr.type(spec.T);
    Object.assign(a, spec.attrs);
    if (spec.shapes) a._output_shapes = { list: { shape: spec.shapes.map(shapeProto) } };
    this.nodes.push({ name, op, input: [...(spec.inputs ?? [])], device: spec.device ?? (op.endsWith('Summary') ? CPU : this.device), attr: sortKeys(a) });
    return name;
  }

  /** A `Const` node. */
  constant(name: string, dtype: DType, shape: readonly number[], values: readonly (number | string)[]): string {
    return this.add(name, 'Const', { shapes: [shape], attrs: { dtype: attr.type(dtype), value: tensorAttr(dtype, shape, values) } });
  }

  has(name: string): boolean {
    return this.#names.has(name);
  }

  graphDef(): tensorflow.GraphDef.$Properties {
    // producer 27: the GraphDef version of TF 1.15, whose FileWriter this imitates.
    return { node: this.nodes, versions: { producer: 27 } };
  }
}

/** Map fields are written in key order by TF (a std::map); do the same for stable bytes. */
function sortKeys<T>(o: Record<string, T>): Record<string, T> {
  return Object.fromEntries(Object.keys(o).sort().map((k) => [k, o[k]!]));
}
