/**
 * Graph builder: TF-style unique naming, current device / XLA cluster, and
 * `_output_shapes` bookkeeping, so layer code only states what an op is.
 */
import { attr, DataType, type GenAttr, type GenNode, type GenTensor } from '../graph-model.js';
import type { Rng } from '../random.js';

/** Static shape; null = unknown rank; -1 entries = unknown dimension. */
export type Dims = readonly number[] | null;

/** A reference to one output of a generated node. */
export interface Tensor {
  node: string;
  index: number;
  shape: Dims;
  dtype: number;
}

/** GraphDef input string of a tensor (`name` or `name:N`). */
export function ref(t: Tensor): string {
  return t.index === 0 ? t.node : `${t.node}:${t.index}`;
}

/** Another output of an already generated node. */
export function output(t: Tensor, index: number, shape: Dims = t.shape, dtype: number = t.dtype): Tensor {
  return { node: t.node, index, shape, dtype };
}

export interface EmitOptions {
  attrs?: Record<string, GenAttr>;
  /** One entry per output (enables `_output_shapes`); omitted = no outputs. */
  shapes?: Dims[];
  /** dtype of output 0 (defaults to DT_FLOAT). */
  dtype?: number;
  /** Control dependencies (node names, without `^`). */
  control?: readonly string[];
  /** Overrides the current device; null = no device. */
  device?: string | null;
}

/** Ops that XLA auto-clustering would typically compile. */
const XLA_OPS = new Set([
  'Conv2D', 'FusedBatchNormV3', 'Relu', 'AddV2', 'Add', 'Mul', 'MatMul', 'BiasAdd', 'Sigmoid', 'Tanh',
  'ConcatV2', 'Split', 'Mean', 'Reshape', 'MaxPool', 'Sub', 'ReluGrad', 'Conv2DBackpropInput',
  'Conv2DBackpropFilter', 'FusedBatchNormGradV3', 'BiasAddGrad', 'SigmoidGrad', 'TanhGrad', 'Sum',
]);

export class Builder {
  readonly nodes: GenNode[] = [];
  private readonly taken = new Set<string>();
  private readonly counters = new Map<string, number>();
  /** Device applied to new nodes (like `with tf.device(...)`). */
  device: string | undefined;
  /** `_XlaCluster` value applied to compilable ops, if any. */
  xla: string | undefined;

  constructor(
    private readonly shapeRng: Rng,
    private readonly shapeRate: number,
  ) {}

  get count(): number {
    return this.nodes.length;
  }

  /**
   * Reserves a unique name like TensorFlow's Graph.unique_name: `path` if
   * free, else `path_1`, `path_2`, ... Scopes and nodes share the namespace.
   */
  name(path: string): string {
    if (!this.taken.has(path)) {
      this.taken.add(path);
      return path;
    }
    let i = this.counters.get(path) ?? 1;
    while (this.taken.has(`${path}_${i}`)) i++;
    this.counters.set(path, i + 1);
    const n = `${path}_${i}`;
    this.taken.add(n);
    return n;
  }

  has(name: string): boolean {
    return this.taken.has(name);
  }

  /** Adds a node under a name previously reserved with {@link name}. */
  emit(name: string, op: string, inputs: readonly (Tensor | string)[], o: EmitOptions = {}): Tensor {
    const ins: string[] = [];
    for (const i of inputs) ins.push(typeof i === 'string' ? i : ref(i));
    if (o.control) for (const c of o.control) ins.push(`^${c}`);
    const attrs: Record<string, GenAttr> = o.attrs ? { ...o.attrs } : {};
    const shapes = o.shapes ?? [];
    if (this.shapeRng.next() < this.shapeRate) attrs._output_shapes = attr.shapes(shapes);
    if (this.xla !== undefined && XLA_OPS.has(op)) attrs._XlaCluster = attr.str(this.xla);
    const node: GenNode = { name, op, inputs: ins, attrs };
    const device = o.device === undefined ? this.device : o.device ?? undefined;
    if (device) node.device = device;
    this.nodes.push(node);
    return { node: name, index: 0, shape: shapes[0] ?? null, dtype: o.dtype ?? DataType.DT_FLOAT };
  }

  /** Reserves `scope/base` and emits it. */
  op(scope: string, base: string, op: string, inputs: readonly (Tensor | string)[], o: EmitOptions = {}): Tensor {
    return this.emit(this.name(scope ? `${scope}/${base}` : base), op, inputs, o);
  }

  /** A Const node with a small `value` tensor. */
  constant(scope: string, base: string, value: GenTensor, o: EmitOptions = {}): Tensor {
    return this.op(scope, base, 'Const', [], {
      ...o,
      attrs: { dtype: attr.type(value.dtype), value: attr.tensor(value), ...o.attrs },
      shapes: [value.shape],
      dtype: value.dtype,
    });
  }
}

// ---- small tensor values ---------------------------------------------------

function bytesOf(dtype: number, values: readonly number[]): Uint8Array {
  const size = dtype === DataType.DT_INT64 ? 8 : 4;
  const out = new Uint8Array(values.length * size);
  const view = new DataView(out.buffer);
  values.forEach((v, i) => {
    if (dtype === DataType.DT_FLOAT) view.setFloat32(i * size, v, true);
    else if (dtype === DataType.DT_INT64) view.setBigInt64(i * size, BigInt(v), true);
    else view.setInt32(i * size, v, true);
  });
  return out;
}

/**
 * A numeric TensorProto the way TensorFlow writes it: scalars and splats in
 * the typed `*_val` field, multi-element vectors as raw `tensor_content`.
 */
export function numTensor(dtype: number, shape: readonly number[], values: readonly number[]): GenTensor {
  if (values.length > 1) return { dtype, shape, content: bytesOf(dtype, values) };
  if (dtype === DataType.DT_FLOAT) return { dtype, shape, floatVal: values };
  if (dtype === DataType.DT_INT64) return { dtype, shape, int64Val: values };
  if (dtype === DataType.DT_BOOL) return { dtype, shape, boolVal: values.map((v) => v !== 0) };
  return { dtype, shape, intVal: values };
}

export function strTensor(values: readonly string[], shape: readonly number[] = values.length === 1 ? [] : [values.length]): GenTensor {
  return { dtype: DataType.DT_STRING, shape, stringVal: values };
}

export const f32 = (v: number): GenTensor => numTensor(DataType.DT_FLOAT, [], [v]);
export const i32 = (v: number): GenTensor => numTensor(DataType.DT_INT32, [], [v]);
export const i32vec = (values: readonly number[]): GenTensor => numTensor(DataType.DT_INT32, [values.length], values);

/** Element count of a static shape (unknown dims count as 1). */
export function numElements(shape: readonly number[]): number {
  let n = 1;
  for (const d of shape) n *= d < 0 ? 1 : d;
  return n;
}
