/**
 * Tiny, independent protobuf wire reader for tests (deliberately shares no
 * code with the writer) plus a GraphDef decoder built on it.
 */

export interface Field {
  field: number;
  wireType: number;
  /** VARINT value (as bigint, raw 64 bits) for wire type 0. */
  varint?: bigint;
  /** Payload for LEN / FIXED32 / FIXED64. */
  bytes?: Uint8Array;
}

export function readFields(buf: Uint8Array): Field[] {
  const out: Field[] = [];
  let pos = 0;
  const varint = (): bigint => {
    let result = 0n;
    let shift = 0n;
    for (;;) {
      if (pos >= buf.length) throw new Error('truncated varint');
      const b = buf[pos++] as number;
      result |= BigInt(b & 0x7f) << shift;
      if ((b & 0x80) === 0) return result;
      shift += 7n;
      if (shift > 63n) throw new Error('varint too long');
    }
  };
  while (pos < buf.length) {
    const key = Number(varint());
    const field = key >>> 3;
    const wireType = key & 7;
    if (wireType === 0) out.push({ field, wireType, varint: varint() });
    else if (wireType === 2) {
      const len = Number(varint());
      if (pos + len > buf.length) throw new Error('truncated length-delimited field');
      out.push({ field, wireType, bytes: buf.subarray(pos, pos + len) });
      pos += len;
    } else if (wireType === 5) {
      out.push({ field, wireType, bytes: buf.subarray(pos, pos + 4) });
      pos += 4;
    } else if (wireType === 1) {
      out.push({ field, wireType, bytes: buf.subarray(pos, pos + 8) });
      pos += 8;
    } else throw new Error(`unsupported wire type ${wireType}`);
  }
  return out;
}

const dec = new TextDecoder();
export const str = (f: Field): string => dec.decode(f.bytes);
/** int64 view of a varint field. */
export const int64 = (f: Field): bigint => BigInt.asIntN(64, f.varint ?? 0n);

export function packedVarints(bytes: Uint8Array): bigint[] {
  const out: bigint[] = [];
  let pos = 0;
  while (pos < bytes.length) {
    let r = 0n;
    let s = 0n;
    for (;;) {
      const b = bytes[pos++] as number;
      r |= BigInt(b & 0x7f) << s;
      if ((b & 0x80) === 0) break;
      s += 7n;
    }
    out.push(BigInt.asIntN(64, r));
  }
  return out;
}

export function packedFloats(bytes: Uint8Array): number[] {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  return Array.from({ length: bytes.length / 4 }, (_, i) => view.getFloat32(i * 4, true));
}

// ---- GraphDef ---------------------------------------------------------------

export interface DecodedShape {
  dims: bigint[];
  unknownRank: boolean;
}

export interface DecodedTensor {
  dtype: number;
  shape: DecodedShape;
  content?: Uint8Array;
  floatVal: number[];
  intVal: bigint[];
  int64Val: bigint[];
  stringVal: string[];
  boolVal: bigint[];
}

export interface DecodedAttr {
  s?: string;
  i?: bigint;
  f?: number;
  b?: boolean;
  type?: number;
  shape?: DecodedShape;
  tensor?: DecodedTensor;
  func?: { name: string; attrs: Map<string, DecodedAttr> };
  list?: { s: string[]; i: bigint[]; f: number[]; b: bigint[]; type: bigint[]; shape: DecodedShape[] };
}

export interface DecodedNode {
  name: string;
  op: string;
  inputs: string[];
  device: string;
  attrs: Map<string, DecodedAttr>;
}

export interface DecodedFunction {
  name: string;
  inputArgs: { name: string; type: number }[];
  outputArgs: { name: string; type: number }[];
  nodes: DecodedNode[];
  ret: Map<string, string>;
}

export interface DecodedGraph {
  nodes: DecodedNode[];
  library: DecodedFunction[];
  producer: number;
  minConsumer: number;
}

export function decodeShape(buf: Uint8Array): DecodedShape {
  const s: DecodedShape = { dims: [], unknownRank: false };
  for (const f of readFields(buf)) {
    if (f.field === 2) {
      let size = 0n;
      for (const d of readFields(f.bytes as Uint8Array)) if (d.field === 1) size = int64(d);
      s.dims.push(size);
    } else if (f.field === 3) s.unknownRank = f.varint === 1n;
  }
  return s;
}

export function decodeTensor(buf: Uint8Array): DecodedTensor {
  const t: DecodedTensor = { dtype: 0, shape: { dims: [], unknownRank: false }, floatVal: [], intVal: [], int64Val: [], stringVal: [], boolVal: [] };
  for (const f of readFields(buf)) {
    if (f.field === 1) t.dtype = Number(f.varint);
    else if (f.field === 2) t.shape = decodeShape(f.bytes as Uint8Array);
    else if (f.field === 4) t.content = f.bytes;
    else if (f.field === 5) t.floatVal.push(...packedFloats(f.bytes as Uint8Array));
    else if (f.field === 7) t.intVal.push(...packedVarints(f.bytes as Uint8Array));
    else if (f.field === 8) t.stringVal.push(str(f));
    else if (f.field === 10) t.int64Val.push(...packedVarints(f.bytes as Uint8Array));
    else if (f.field === 11) t.boolVal.push(...packedVarints(f.bytes as Uint8Array));
  }
  return t;
}

function decodeAttrMapEntry(buf: Uint8Array): [string, DecodedAttr] {
  let key = '';
  let value: DecodedAttr = {};
  for (const f of readFields(buf)) {
    if (f.field === 1) key = str(f);
    else if (f.field === 2) value = decodeAttr(f.bytes as Uint8Array);
  }
  return [key, value];
}

export function decodeAttr(buf: Uint8Array): DecodedAttr {
  const a: DecodedAttr = {};
  for (const f of readFields(buf)) {
    const bytes = f.bytes as Uint8Array;
    switch (f.field) {
      case 1: {
        const l = { s: [] as string[], i: [] as bigint[], f: [] as number[], b: [] as bigint[], type: [] as bigint[], shape: [] as DecodedShape[] };
        for (const g of readFields(bytes)) {
          const gb = g.bytes as Uint8Array;
          if (g.field === 2) l.s.push(str(g));
          else if (g.field === 3) l.i.push(...packedVarints(gb));
          else if (g.field === 4) l.f.push(...packedFloats(gb));
          else if (g.field === 5) l.b.push(...packedVarints(gb));
          else if (g.field === 6) l.type.push(...packedVarints(gb));
          else if (g.field === 7) l.shape.push(decodeShape(gb));
        }
        a.list = l;
        break;
      }
      case 2: a.s = str(f); break;
      case 3: a.i = int64(f); break;
      case 4: a.f = new DataView(bytes.buffer, bytes.byteOffset, 4).getFloat32(0, true); break;
      case 5: a.b = f.varint === 1n; break;
      case 6: a.type = Number(f.varint); break;
      case 7: a.shape = decodeShape(bytes); break;
      case 8: a.tensor = decodeTensor(bytes); break;
      case 10: {
        const fn = { name: '', attrs: new Map<string, DecodedAttr>() };
        for (const g of readFields(bytes)) {
          if (g.field === 1) fn.name = str(g);
          else if (g.field === 2) fn.attrs.set(...decodeAttrMapEntry(g.bytes as Uint8Array));
        }
        a.func = fn;
        break;
      }
    }
  }
  return a;
}

export function decodeNode(buf: Uint8Array): DecodedNode {
  const n: DecodedNode = { name: '', op: '', inputs: [], device: '', attrs: new Map() };
  for (const f of readFields(buf)) {
    if (f.field === 1) n.name = str(f);
    else if (f.field === 2) n.op = str(f);
    else if (f.field === 3) n.inputs.push(str(f));
    else if (f.field === 4) n.device = str(f);
    else if (f.field === 5) n.attrs.set(...decodeAttrMapEntry(f.bytes as Uint8Array));
  }
  return n;
}

function decodeFunction(buf: Uint8Array): DecodedFunction {
  const fn: DecodedFunction = { name: '', inputArgs: [], outputArgs: [], nodes: [], ret: new Map() };
  for (const f of readFields(buf)) {
    const bytes = f.bytes as Uint8Array;
    if (f.field === 1) {
      for (const g of readFields(bytes)) {
        if (g.field === 1) fn.name = str(g);
        else if (g.field === 2 || g.field === 3) {
          const arg = { name: '', type: 0 };
          for (const h of readFields(g.bytes as Uint8Array)) {
            if (h.field === 1) arg.name = str(h);
            else if (h.field === 3) arg.type = Number(h.varint);
          }
          (g.field === 2 ? fn.inputArgs : fn.outputArgs).push(arg);
        }
      }
    } else if (f.field === 3) fn.nodes.push(decodeNode(bytes));
    else if (f.field === 4) {
      let k = '';
      let v = '';
      for (const g of readFields(bytes)) {
        if (g.field === 1) k = str(g);
        else if (g.field === 2) v = str(g);
      }
      fn.ret.set(k, v);
    }
  }
  return fn;
}

export function decodeGraphDef(buf: Uint8Array): DecodedGraph {
  const g: DecodedGraph = { nodes: [], library: [], producer: 0, minConsumer: 0 };
  for (const f of readFields(buf)) {
    const bytes = f.bytes as Uint8Array;
    if (f.field === 1) g.nodes.push(decodeNode(bytes));
    else if (f.field === 2) {
      for (const h of readFields(bytes)) if (h.field === 1) g.library.push(decodeFunction(h.bytes as Uint8Array));
    } else if (f.field === 4) {
      for (const h of readFields(bytes)) {
        if (h.field === 1) g.producer = Number(h.varint);
        else if (h.field === 2) g.minConsumer = Number(h.varint);
      }
    }
  }
  return g;
}

export const hex = (b: Uint8Array): string => Array.from(b, (x) => x.toString(16).padStart(2, '0')).join(' ');
