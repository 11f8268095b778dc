/**
 * Plain data model of a generated TensorFlow graph. It mirrors GraphDef
 * closely enough to encode 1:1, but stays independent of any proto library so
 * tests can inspect what was generated without decoding.
 */

/** TensorFlow DataType enum values used by the generator. */
export const DataType = {
  DT_INVALID: 0,
  DT_FLOAT: 1,
  DT_DOUBLE: 2,
  DT_INT32: 3,
  DT_UINT8: 4,
  DT_STRING: 7,
  DT_INT64: 9,
  DT_BOOL: 10,
  DT_RESOURCE: 20,
  DT_VARIANT: 21,
  DT_FLOAT_REF: 101,
  DT_INT64_REF: 109,
} as const;
/**
 * A TensorFlow DataType number: one of `DataType` above, or another TensorFlow value (the
 * generator also writes reference types, the base type + 100, e.g. 103 for `DT_INT32_REF`).
 */
export type DataTypeValue = number;

/** A tensor shape; `dims` entries of -1 mean "unknown size" (e.g. batch). */
export interface GenShape {
  dims: readonly number[];
  /** Rank is unknown (`dims` is then ignored). */
  unknownRank?: boolean;
}

export interface GenTensor {
  dtype: DataTypeValue;
  /** Static shape of the tensor; [] for a scalar. */
  shape: readonly number[];
  /** Raw little-endian element bytes (TensorProto.tensor_content). */
  content?: Uint8Array;
  floatVal?: readonly number[];
  intVal?: readonly number[];
  int64Val?: readonly (number | bigint)[];
  boolVal?: readonly boolean[];
  stringVal?: readonly (string | Uint8Array)[];
}

/** NameAttrList: a function reference plus its attrs. */
export interface GenFuncRef {
  name: string;
  attrs?: Record<string, GenAttr>;
}

/** One AttrValue. List kinds encode as AttrValue.list even when empty. */
export type GenAttr =
  | { kind: 'type'; value: DataTypeValue }
  | { kind: 'shape'; value: GenShape }
  | { kind: 'int'; value: number | bigint }
  | { kind: 'float'; value: number }
  | { kind: 'bool'; value: boolean }
  | { kind: 'string'; value: string | Uint8Array }
  | { kind: 'tensor'; value: GenTensor }
  | { kind: 'func'; value: GenFuncRef }
  | { kind: 'shapes'; value: readonly GenShape[] }
  | { kind: 'ints'; value: readonly (number | bigint)[] }
  | { kind: 'floats'; value: readonly number[] }
  | { kind: 'bools'; value: readonly boolean[] }
  | { kind: 'strings'; value: readonly (string | Uint8Array)[] }
  | { kind: 'types'; value: readonly DataTypeValue[] };

export interface GenNode {
  name: string;
  op: string;
  /** `name`, `name:N` (output N) or `^name` (control input), controls last. */
  inputs: string[];
  device?: string;
  attrs: Record<string, GenAttr>;
}

export interface GenArg {
  name: string;
  type: DataTypeValue;
}

/** A FunctionDef; body node inputs use the `node:out_arg:index` form. */
export interface GenFunction {
  name: string;
  inputArgs: GenArg[];
  outputArgs: GenArg[];
  nodes: GenNode[];
  /** Output arg name -> body tensor (`node:out_arg:index`). */
  ret: Record<string, string>;
}

/** Facts about how a graph was generated (not part of the GraphDef). */
export interface GenGraphMeta {
  seed: number;
  requestedNodes: number;
  model: string;
  variables: string;
  devices: string;
  optimizer: string;
  xla: boolean;
  /** Filler nodes added in `metrics/` to reach the exact node count. */
  paddingNodes: number;
  /** True when the graph is a prefix of the smallest full training graph. */
  truncated: boolean;
  attempts: number;
}

export interface GenGraph {
  nodes: GenNode[];
  library?: GenFunction[];
  versions: { producer: number; minConsumer?: number };
  meta?: GenGraphMeta;
}

// ---- attr constructors ----------------------------------------------------

export const attr = {
  type: (value: DataTypeValue): GenAttr => ({ kind: 'type', value }),
  shape: (dims: readonly number[] | null): GenAttr => ({ kind: 'shape', value: toShape(dims) }),
  shapes: (list: readonly (readonly number[] | null)[]): GenAttr => ({ kind: 'shapes', value: list.map(toShape) }),
  int: (value: number | bigint): GenAttr => ({ kind: 'int', value }),
  float: (value: number): GenAttr => ({ kind: 'float', value }),
  bool: (value: boolean): GenAttr => ({ kind: 'bool', value }),
  str: (value: string | Uint8Array): GenAttr => ({ kind: 'string', value }),
  tensor: (value: GenTensor): GenAttr => ({ kind: 'tensor', value }),
  func: (name: string, attrs?: Record<string, GenAttr>): GenAttr => ({
    kind: 'func',
    value: attrs ? { name, attrs } : { name },
  }),
  ints: (value: readonly (number | bigint)[]): GenAttr => ({ kind: 'ints', value }),
  floats: (value: readonly number[]): GenAttr => ({ kind: 'floats', value }),
  strs: (value: readonly (string | Uint8Array)[]): GenAttr => ({ kind: 'strings', value }),
  types: (value: readonly DataTypeValue[]): GenAttr => ({ kind: 'types', value }),
};

/** `null` means unknown rank. */
export function toShape(dims: readonly number[] | null): GenShape {
  return dims === null ? { dims: [], unknownRank: true } : { dims };
}

// ---- input references -----------------------------------------------------

export interface ParsedInput {
  /** Producing node name. */
  node: string;
  /** Output index (0 when omitted); -1 for control inputs. */
  index: number;
  control: boolean;
}

/** Parses the GraphDef input forms `name`, `name:N` and `^name`. */
export function parseInput(input: string): ParsedInput {
  if (input.startsWith('^')) return { node: input.slice(1), index: -1, control: true };
  const colon = input.lastIndexOf(':');
  if (colon > 0) {
    const idx = input.slice(colon + 1);
    if (/^\d+$/.test(idx)) return { node: input.slice(0, colon), index: Number(idx), control: false };
  }
  return { node: input, index: 0, control: false };
}
