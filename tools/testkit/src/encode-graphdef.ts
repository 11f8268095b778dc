/**
 * GenGraph -> binary GraphDef, with TensorFlow's field numbers. Proto3
 * defaults are skipped for plain fields, but AttrValue's oneof members are
 * always written (a oneof member set to 0/false/"" still has presence).
 */
import type { GenAttr, GenFuncRef, GenFunction, GenGraph, GenNode, GenShape, GenTensor } from './graph-model.js';
import { WireWriter } from './wire-writer.js';

// Field numbers, grouped by message (tensorflow/core/framework/*.proto).
const GRAPH = { node: 1, library: 2, versions: 4 } as const;
const VERSIONS = { producer: 1, minConsumer: 2 } as const;
const NODE = { name: 1, op: 2, input: 3, device: 4, attr: 5 } as const;
const MAP_ENTRY = { key: 1, value: 2 } as const;
const ATTR = { list: 1, s: 2, i: 3, f: 4, b: 5, type: 6, shape: 7, tensor: 8, func: 10 } as const;
const LIST = { s: 2, i: 3, f: 4, b: 5, type: 6, shape: 7, tensor: 8, func: 9 } as const;
const SHAPE = { dim: 2, unknownRank: 3 } as const;
const DIM = { size: 1 } as const;
const TENSOR = {
  dtype: 1,
  tensorShape: 2,
  tensorContent: 4,
  floatVal: 5,
  intVal: 7,
  stringVal: 8,
  int64Val: 10,
  boolVal: 11,
} as const;
const NAME_ATTR_LIST = { name: 1, attr: 2 } as const;
const LIBRARY = { function: 1 } as const;
const FUNCTION = { signature: 1, nodeDef: 3, ret: 4 } as const;
const OPDEF = { name: 1, inputArg: 2, outputArg: 3 } as const;
const ARGDEF = { name: 1, type: 3 } as const;

function writeShape(w: WireWriter, s: GenShape): void {
  if (s.unknownRank) {
    w.boolField(SHAPE.unknownRank, true);
    return;
  }
  for (const d of s.dims) {
    w.begin(SHAPE.dim);
    if (d !== 0) w.int64Field(DIM.size, d);
    w.end();
  }
}

function writeTensor(w: WireWriter, t: GenTensor): void {
  if (t.dtype !== 0) w.uint32Field(TENSOR.dtype, t.dtype);
  w.begin(TENSOR.tensorShape);
  writeShape(w, { dims: t.shape });
  w.end();
  if (t.content && t.content.length > 0) w.bytesField(TENSOR.tensorContent, t.content);
  if (t.floatVal) w.packedFloat(TENSOR.floatVal, t.floatVal);
  if (t.intVal) w.packedInt32(TENSOR.intVal, t.intVal);
  if (t.stringVal) for (const s of t.stringVal) w.stringOrBytesField(TENSOR.stringVal, s);
  if (t.int64Val) w.packedInt64(TENSOR.int64Val, t.int64Val);
  if (t.boolVal) w.packedBool(TENSOR.boolVal, t.boolVal);
}

function writeFunc(w: WireWriter, f: GenFuncRef): void {
  if (f.name) w.stringField(NAME_ATTR_LIST.name, f.name);
  if (f.attrs) writeAttrMap(w, NAME_ATTR_LIST.attr, f.attrs);
}

/** Body of an AttrValue message. */
function writeAttrValue(w: WireWriter, a: GenAttr): void {
  switch (a.kind) {
    case 'string':
      w.stringOrBytesField(ATTR.s, a.value);
      return;
    case 'int':
      w.int64Field(ATTR.i, a.value);
      return;
    case 'float':
      w.floatField(ATTR.f, a.value);
      return;
    case 'bool':
      w.boolField(ATTR.b, a.value);
      return;
    case 'type':
      w.uint32Field(ATTR.type, a.value);
      return;
    case 'shape':
      w.begin(ATTR.shape);
      writeShape(w, a.value);
      w.end();
      return;
    case 'tensor':
      w.begin(ATTR.tensor);
      writeTensor(w, a.value);
      w.end();
      return;
    case 'func':
      w.begin(ATTR.func);
      writeFunc(w, a.value);
      w.end();
      return;
    default:
      w.begin(ATTR.list);
      writeList(w, a);
      w.end();
  }
}

function writeList(w: WireWriter, a: GenAttr): void {
  switch (a.kind) {
    case 'strings':
      for (const s of a.value) w.stringOrBytesField(LIST.s, s);
      return;
    case 'ints':
      w.packedInt64(LIST.i, a.value);
      return;
    case 'floats':
      w.packedFloat(LIST.f, a.value);
      return;
    case 'bools':
      w.packedBool(LIST.b, a.value);
      return;
    case 'types':
      w.packedUint32(LIST.type, a.value);
      return;
    case 'shapes':
      for (const s of a.value) {
        w.begin(LIST.shape);
        writeShape(w, s);
        w.end();
      }
      return;
    default:
      throw new Error(`not a list attr: ${a.kind}`);
  }
}

/** map<string, AttrValue>, keys sorted so output is canonical. */
function writeAttrMap(w: WireWriter, field: number, attrs: Record<string, GenAttr>): void {
  const keys = Object.keys(attrs);
  if (keys.length > 1) keys.sort();
  for (const k of keys) {
    const a = attrs[k];
    if (a === undefined) continue;
    w.begin(field);
    w.stringField(MAP_ENTRY.key, k);
    w.begin(MAP_ENTRY.value);
    writeAttrValue(w, a);
    w.end();
    w.end();
  }
}

/** Body of a NodeDef message. */
export function writeNodeDef(w: WireWriter, n: GenNode): void {
  if (n.name) w.stringField(NODE.name, n.name);
  if (n.op) w.stringField(NODE.op, n.op);
  for (const i of n.inputs) w.stringField(NODE.input, i);
  if (n.device) w.stringField(NODE.device, n.device);
  writeAttrMap(w, NODE.attr, n.attrs);
}

function writeFunctionDef(w: WireWriter, f: GenFunction): void {
  w.begin(FUNCTION.signature);
  w.stringField(OPDEF.name, f.name);
  for (const [field, args] of [
    [OPDEF.inputArg, f.inputArgs],
    [OPDEF.outputArg, f.outputArgs],
  ] as const) {
    for (const a of args) {
      w.begin(field);
      if (a.name) w.stringField(ARGDEF.name, a.name);
      if (a.type !== 0) w.uint32Field(ARGDEF.type, a.type);
      w.end();
    }
  }
  w.end();
  for (const n of f.nodes) {
    w.begin(FUNCTION.nodeDef);
    writeNodeDef(w, n);
    w.end();
  }
  for (const [k, v] of Object.entries(f.ret)) {
    w.begin(FUNCTION.ret);
    w.stringField(MAP_ENTRY.key, k);
    w.stringField(MAP_ENTRY.value, v);
    w.end();
  }
}

/** Encodes a whole GraphDef. */
export function encodeGraphDef(graph: GenGraph): Uint8Array {
  // ~200 bytes per node is typical; starting near the final size avoids most regrowth.
  const w = new WireWriter(Math.min(1 << 28, 1024 + graph.nodes.length * 200));
  for (const n of graph.nodes) {
    w.begin(GRAPH.node);
    writeNodeDef(w, n);
    w.end();
  }
  if (graph.library && graph.library.length > 0) {
    w.begin(GRAPH.library);
    for (const f of graph.library) {
      w.begin(LIBRARY.function);
      writeFunctionDef(w, f);
      w.end();
    }
    w.end();
  }
  const { producer, minConsumer } = graph.versions;
  if (producer || minConsumer) {
    // An all-default VersionDef is skipped like any other proto3 default.
    w.begin(GRAPH.versions);
    if (producer) w.int32Field(VERSIONS.producer, producer);
    if (minConsumer) w.int32Field(VERSIONS.minConsumer, minConsumer);
    w.end();
  }
  return w.finish();
}
