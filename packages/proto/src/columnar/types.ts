/** The columnar GraphDef: plain data with typed arrays, built for the hierarchy's speed. */
import type { tensorflow } from '../gen/tf.js';

/** Bits of `NodeTable.inputKind`. */
export const INPUT_DATA = 0;
/** `^x`: a control dependency. */
export const INPUT_CONTROL = 1;
/** The file wrote the slot explicitly (`x:0`), so it is printed back that way. */
export const INPUT_EXPLICIT_SLOT = 2;

/** The bits of `NodeTable.inputKind` by name (the column stays numeric: a byte per input). */
export const InputKind = { DATA: INPUT_DATA, CONTROL: INPUT_CONTROL, EXPLICIT_SLOT: INPUT_EXPLICIT_SLOT } as const;
/** One bit of `NodeTable.inputKind`; an entry of the column is an OR of these. */
export type InputKindBit = (typeof InputKind)[keyof typeof InputKind];

/**
 * A table of NodeDefs (a graph's nodes or one function's body). Per-node columns are indexed by
 * node; per-input and per-attr columns are CSR arrays indexed through `inputStart`/`attrStart`.
 */
export interface NodeTable {
  readonly count: number;
  readonly names: string[];
  /** Index into `ColumnarGraph.ops`. */
  readonly op: Uint32Array;
  /** Index into `ColumnarGraph.devices` (0 is the empty device). */
  readonly device: Uint32Array;
  /** Inputs of node i are `[inputStart[i], inputStart[i + 1])`. */
  readonly inputStart: Uint32Array;
  /** Source node index in this table, or -1 when no node has that name (a missing input). */
  readonly inputSrc: Int32Array;
  /** Output slot: `x:2` → 2; `x:out:1` → 1; plain `x` → 0. */
  readonly inputSlot: Uint32Array;
  /** INPUT_CONTROL and INPUT_EXPLICIT_SLOT bits; test control with `kind & INPUT_CONTROL`. */
  readonly inputKind: Uint8Array;
  /** Index into `ColumnarGraph.strings` of the output-arg name in `x:out:1`, or -1. */
  readonly inputOutArg: Int32Array;
  /** Byte range of the referenced node's name, to decode unresolved names on demand. */
  readonly inputNameStart: Uint32Array;
  readonly inputNameEnd: Uint32Array;
  /** Attrs of node i are `[attrStart[i], attrStart[i + 1])`. */
  readonly attrStart: Uint32Array;
  /** Index into `ColumnarGraph.attrKeys`. */
  readonly attrKey: Uint32Array;
  /** Byte range of the serialized AttrValue, decoded lazily. */
  readonly attrValueStart: Uint32Array;
  readonly attrValueEnd: Uint32Array;
  /** Indices of nodes whose name repeats an earlier node's name (the earlier one wins). */
  readonly duplicates: number[];
}

export interface ColumnarFunction {
  readonly name: string;
  /** The decoded signature (small): input_arg, output_arg, attr. */
  readonly signature: tensorflow.OpDef;
  readonly nodes: NodeTable;
  /** Output arg name → `node:out:idx`. */
  readonly ret: Record<string, string>;
  readonly controlRet: Record<string, string>;
}

export interface ColumnarGraph {
  /** The GraphDef bytes; attrs are decoded from here on demand. */
  readonly bytes: Uint8Array;
  readonly nodes: NodeTable;
  readonly functions: ColumnarFunction[];
  /** Intern tables shared by every NodeTable of the graph. */
  readonly ops: string[];
  readonly devices: string[];
  readonly attrKeys: string[];
  /** Other interned strings (output-arg names). */
  readonly strings: string[];
  readonly versions: { producer: number; minConsumer: number; badConsumers: number[] } | null;
  /** Gradient registrations of the library: function name → gradient function. */
  readonly gradients: Record<string, string>;
}
