/**
 * The fast path from GraphDef bytes to a ColumnarGraph. One pass over the wire format reads
 * names, ops, devices and inputs; ops, devices and attr keys are interned by their bytes; input
 * references are parsed and resolved to node indices without creating strings; attr values stay
 * as byte ranges until someone asks for them.
 */
import { tensorflow } from '../gen/tf.js';
import { GraphFormatError } from '../errors.js';
import { forEachLenField, WireError, WireReader, WIRE_LEN } from '../wire/reader.js';
import { utf8, utf8Many } from '../wire/utf8.js';
import { ByteInterner, sameBytes } from './intern.js';
import { GrowU32 } from './grow.js';
import { withArena, type Arena } from './arena.js';
import { INPUT_CONTROL, INPUT_DATA, INPUT_EXPLICIT_SLOT, type ColumnarFunction, type ColumnarGraph, type NodeTable } from './types.js';

export interface ColumnarOptions {
  /** File name for error messages. */
  file?: string;
  /** Byte offset of `bytes` inside the file (when the GraphDef is nested, e.g. in an event file). */
  offsetBase?: number;
  /** Field path prefix for errors (e.g. `SavedModel.meta_graphs[0].graph_def`). */
  pathPrefix?: string;
}

interface Shared {
  arena: Arena;
  buf: Uint8Array;
  r: WireReader;
  ops: ByteInterner;
  devices: ByteInterner;
  attrKeys: ByteInterner;
  strings: ByteInterner;
  /** Path of the thing being decoded, for errors: a base, plus an element index when >= 0. */
  whereBase: string;
  whereIndex: number;
}

export function decodeColumnar(bytes: Uint8Array, options: ColumnarOptions = {}): ColumnarGraph {
  return withArena((arena) => decodeIn(arena, bytes, options));
}

function decodeIn(arena: Arena, buf: Uint8Array, options: ColumnarOptions): ColumnarGraph {
  const sh: Shared = {
    arena,
    buf,
    r: new WireReader(buf),
    ops: new ByteInterner(arena, buf, 256),
    devices: new ByteInterner(arena, buf, 16),
    attrKeys: new ByteInterner(arena, buf, 64),
    strings: new ByteInterner(arena, buf, 16),
    whereBase: 'GraphDef',
    whereIndex: -1,
  };
  sh.devices.intern(0, 0); // id 0 = no device
  try {
    return decodeGraph(sh);
  } catch (err) {
    if (err instanceof WireError) {
      const where = sh.whereIndex >= 0 ? `${sh.whereBase}[${sh.whereIndex}]` : sh.whereBase;
      throw new GraphFormatError({
        format: 'GraphDef',
        reason: err.reason,
        path: options.pathPrefix ? `${options.pathPrefix}${where.slice('GraphDef'.length)}` : where,
        offset: err.offset + (options.offsetBase ?? 0),
        file: options.file,
      });
    }
    throw err;
  }
}

function decodeGraph(sh: Shared): ColumnarGraph {
  const r = sh.r;
  const nodeStarts = new GrowU32(sh.arena, 1024);
  const nodeEnds = new GrowU32(sh.arena, 1024);
  let libStart = -1;
  let libEnd = -1;
  let versions: ColumnarGraph['versions'] = null;
  while (r.pos < r.end) {
    const tag = r.tag();
    const id = tag >>> 3;
    const wt = tag & 7;
    if (id === 1 || id === 2 || id === 4) {
      sh.whereBase = id === 1 ? 'GraphDef.node' : id === 2 ? 'GraphDef.library' : 'GraphDef.versions';
      sh.whereIndex = id === 1 ? nodeStarts.length : -1;
      expectLen(r, wt);
      const end = r.lenEnd();
      if (id === 1) {
        nodeStarts.push(r.pos);
        nodeEnds.push(end);
      } else if (id === 2) {
        libStart = r.pos;
        libEnd = end;
      } else {
        versions = decodeVersions(sh, r.pos, end);
      }
      r.pos = end;
    } else {
      r.skip(wt, id);
    }
  }
  const nodes = buildTable(sh, nodeStarts.data, nodeEnds.data, nodeStarts.length, 'GraphDef.node');
  const functions: ColumnarFunction[] = [];
  const gradients: Record<string, string> = {};
  if (libStart >= 0) decodeLibrary(sh, libStart, libEnd, functions, gradients);
  return {
    bytes: sh.buf,
    nodes,
    functions,
    ops: sh.ops.strings,
    devices: sh.devices.strings,
    attrKeys: sh.attrKeys.strings,
    strings: sh.strings.strings,
    versions,
    gradients,
  };
}

function expectLen(r: WireReader, wt: number): void {
  if (wt !== WIRE_LEN) throw new WireError(r.pos, `wire type ${wt} where a length-delimited field is required`);
}

function decodeVersions(sh: Shared, start: number, end: number): NonNullable<ColumnarGraph['versions']> {
  const r = new WireReader(sh.buf, start, end);
  const v = { producer: 0, minConsumer: 0, badConsumers: [] as number[] };
  while (r.pos < r.end) {
    const tag = r.tag();
    const id = tag >>> 3;
    const wt = tag & 7;
    if (id === 1 && wt === 0) v.producer = r.int32();
    else if (id === 2 && wt === 0) v.minConsumer = r.int32();
    else if (id === 3 && wt === 0) v.badConsumers.push(r.int32());
    else if (id === 3 && wt === WIRE_LEN) {
      const e = r.lenEnd();
      const saved = r.end;
      r.end = e;
      while (r.pos < e) v.badConsumers.push(r.int32());
      r.end = saved;
    } else r.skip(wt, id);
  }
  return v;
}

const isDigit = (c: number) => c >= 48 && c <= 57;
const isWord = (c: number) => isDigit(c) || (c >= 97 && c <= 122) || (c >= 65 && c <= 90) || c === 95;

/** Builds the columns for the NodeDefs at `[starts[i], ends[i])`. */
function buildTable(sh: Shared, starts: Uint32Array, ends: Uint32Array, n: number, pathBase: string): NodeTable {
  const buf = sh.buf;
  const r = sh.r;
  const arena = sh.arena;
  const savedEnd = r.end;
  // Per-node scratch; the table's own columns are cut from one buffer at the end.
  const op = arena.u32(n);
  const device = arena.u32(n);
  const inputStart = arena.u32(n + 1);
  const attrStart = arena.u32(n + 1);
  inputStart[0] = 0;
  attrStart[0] = 0;
  // Interleaved scratch rows (one capacity check per row), split into columns at the end.
  // Inputs: nameStart, nameEnd, slot, kind | (outArg + 1) << 2. Attrs: key, valueStart, valueEnd.
  const ins = new GrowU32(arena, n * 8);
  const attrs = new GrowU32(arena, n * 9);
  const nameIds = new ByteInterner(arena, buf, n, false);
  const nameStart = arena.u32(n);
  const nameEnd = arena.u32(n);
  const nodeOfName = arena.i32(n);
  const duplicates: number[] = [];
  const emptyOp = sh.ops.intern(0, 0);
  sh.whereBase = pathBase;

  for (let i = 0; i < n; i++) {
    const end = ends[i]!;
    r.pos = starts[i]!;
    r.end = end;
    let nameS = 0;
    let nameE = 0;
    let opId = emptyOp;
    let devId = 0;
    let inputIndex = 0;
    let attrIndex = 0;
    sh.whereIndex = i;
    while (r.pos < end) {
      // Fast path: one-byte tag and a length under 128; otherwise the checked reader.
      const p = r.pos;
      const b0 = buf[p]!;
      const b1 = p + 1 < end ? buf[p + 1]! : 0x80;
      let id: number;
      let fStart: number;
      let fEnd: number;
      if (b0 < 0x30 && (b0 & 7) === WIRE_LEN && b0 >= 0x08 && b1 < 0x80 && p + 2 + b1 <= end) {
        id = b0 >>> 3;
        fStart = p + 2;
        fEnd = fStart + b1;
      } else {
        const tag = r.tag();
        id = tag >>> 3;
        const wt = tag & 7;
        if (id > 5) {
          r.skip(wt, id);
          continue;
        }
        expectLen(r, wt);
        fEnd = r.lenEnd();
        fStart = r.pos;
      }
      switch (id) {
        case 1:
          nameS = fStart;
          nameE = fEnd;
          break;
        case 2:
          opId = sh.ops.internSmall(fStart, fEnd);
          break;
        case 3: {
          let s = fStart;
          let kind = INPUT_DATA;
          if (s < fEnd && buf[s] === 94) {
            kind = INPUT_CONTROL;
            s++;
          }
          let refEnd = fEnd;
          let slot = 0;
          let outArg = -1;
          // TensorBoard's rule: `name:N` or `name:word:N`, with a non-empty name and no other
          // colon. Scanning from the end settles the common case (no `:N`) without a full scan.
          let k = fEnd;
          while (k > s && isDigit(buf[k - 1]!)) k--;
          if (k < fEnd && fEnd - k <= 9 && k - 1 > s && buf[k - 1] === 58) {
            const c1 = k - 1;
            let c0 = s;
            while (c0 < c1 && buf[c0] !== 58) c0++;
            if (c0 === c1) {
              refEnd = c1;
              kind |= INPUT_EXPLICIT_SLOT;
              slot = digits(buf, k, fEnd);
            } else if (c0 > s && c0 + 1 < c1) {
              let w = c0 + 1;
              while (w < c1 && isWord(buf[w]!)) w++;
              if (w === c1) {
                refEnd = c0;
                outArg = sh.strings.intern(c0 + 1, c1);
                slot = digits(buf, k, fEnd);
              }
            }
          }
          ins.push4(s, refEnd, slot, kind | ((outArg + 1) << 2));
          inputIndex++;
          break;
        }
        case 4:
          devId = sh.devices.internSmall(fStart, fEnd);
          break;
        case 5: {
          // Map entry: key = 1 (string), value = 2 (AttrValue).
          let kS = fStart;
          let kE = fStart;
          let vS = fEnd;
          let vE = fEnd;
          // Fast path for the usual layout: `0a <len> key 12 <len (1-2 bytes)> value`.
          const kl = buf[fStart + 1]!;
          const q = fStart + 2 + kl;
          if (buf[fStart] === 0x0a && kl < 0x80 && q + 1 < fEnd && buf[q] === 0x12) {
            const l0 = buf[q + 1]!;
            let vl = l0;
            let v0 = q + 2;
            if (l0 >= 0x80) {
              const l1 = q + 2 < fEnd ? buf[q + 2]! : 0x80;
              vl = l1 < 0x80 ? (l0 & 0x7f) | (l1 << 7) : -1; // longer lengths take the slow path
              v0 = q + 3;
            }
            if (vl >= 0 && v0 + vl === fEnd) {
              attrs.push3(sh.attrKeys.internSmall(fStart + 2, q), v0, fEnd);
              attrIndex++;
              break;
            }
          }
          r.pos = fStart;
          r.end = fEnd;
          while (r.pos < fEnd) {
            const t = r.tag();
            const eid = t >>> 3;
            if ((eid === 1 || eid === 2) && (t & 7) === WIRE_LEN) {
              const e = r.lenEnd();
              if (eid === 1) {
                kS = r.pos;
                kE = e;
              } else {
                vS = r.pos;
                vE = e;
              }
              r.pos = e;
            } else {
              if (eid === 1 || eid === 2) throw new WireError(r.pos, `attr entry field ${eid} has wire type ${t & 7}`);
              r.skip(t & 7, eid);
            }
          }
          r.end = end;
          attrs.push3(sh.attrKeys.internSmall(kS, kE), vS, vE);
          attrIndex++;
          break;
        }
      }
      r.pos = fEnd;
    }
    const nameId = nameIds.intern(nameS, nameE);
    nameStart[i] = nameS;
    nameEnd[i] = nameE;
    if (nameIds.added) nodeOfName[nameId] = i;
    else duplicates.push(i);
    op[i] = opId;
    device[i] = devId;
    inputStart[i + 1] = inputStart[i]! + inputIndex;
    attrStart[i + 1] = attrStart[i]! + attrIndex;
  }
  r.end = savedEnd;
  sh.whereIndex = -1;
  const names = utf8Many(buf, nameStart, nameEnd, n, (bytes) => arena.u8(bytes));

  const m = ins.length >>> 2;
  const na = attrs.length / 3;
  const t = tableColumns(n, m, na);
  t.op.set(op);
  t.device.set(device);
  t.inputStart.set(inputStart);
  t.attrStart.set(attrStart);
  // Split the scratch rows into columns, resolving references by their bytes now that every
  // name is known.
  const row = ins.data;
  const view = new DataView(buf.buffer, buf.byteOffset, buf.byteLength);
  let isDuplicate: Uint8Array | null = null;
  if (duplicates.length > 0) {
    isDuplicate = arena.u8(n).fill(0);
    for (const d of duplicates) isDuplicate[d] = 1;
  }
  const { inputSrc, inputSlot, inputKind, inputOutArg, inputNameStart, inputNameEnd } = t;
  for (let i = 0, j = 0, o = 0; i < n; i++) {
    // Chains are common: try the node just before this one without hashing (unless its name
    // repeats an earlier one, which then owns the name).
    const prev = i - 1;
    const prevS = prev >= 0 ? nameStart[prev]! : 0;
    const prevLen = prev >= 0 && !isDuplicate?.[prev] ? nameEnd[prev]! - prevS : -1;
    for (const jEnd = inputStart[i + 1]!; j < jEnd; j++, o += 4) {
      const s = row[o]!;
      const e = row[o + 1]!;
      if (e - s === prevLen && sameBytes(view, buf, prevS, s, prevLen)) {
        inputSrc[j] = prev;
      } else {
        const id = nameIds.find(s, e);
        inputSrc[j] = id < 0 ? -1 : nodeOfName[id]!;
      }
      inputNameStart[j] = s;
      inputNameEnd[j] = e;
      inputSlot[j] = row[o + 2]!;
      const packed = row[o + 3]!;
      inputKind[j] = packed & 3;
      inputOutArg[j] = (packed >>> 2) - 1;
    }
  }
  const { attrKey, attrValueStart, attrValueEnd } = t;
  const arow = attrs.data;
  for (let j = 0, o = 0; j < na; j++, o += 3) {
    attrKey[j] = arow[o]!;
    attrValueStart[j] = arow[o + 1]!;
    attrValueEnd[j] = arow[o + 2]!;
  }
  return { count: n, names, ...t, duplicates };
}

type Columns = Omit<NodeTable, 'count' | 'names' | 'duplicates'>;

/**
 * A table's columns as views of one zeroed ArrayBuffer: one allocation instead of fifteen
 * (each costs microseconds, which counts on small graphs). The byte column goes last so the
 * 4-byte ones stay aligned.
 */
function tableColumns(n: number, m: number, a: number): Columns {
  const buffer = new ArrayBuffer(4 * (2 * n + 2 * (n + 1) + 5 * m + 3 * a) + m);
  let at = 0;
  const u32 = (k: number) => {
    const v = new Uint32Array(buffer, at, k);
    at += 4 * k;
    return v;
  };
  const i32 = (k: number) => {
    const v = new Int32Array(buffer, at, k);
    at += 4 * k;
    return v;
  };
  return {
    op: u32(n),
    device: u32(n),
    inputStart: u32(n + 1),
    attrStart: u32(n + 1),
    inputSrc: i32(m),
    inputSlot: u32(m),
    inputOutArg: i32(m),
    inputNameStart: u32(m),
    inputNameEnd: u32(m),
    attrKey: u32(a),
    attrValueStart: u32(a),
    attrValueEnd: u32(a),
    inputKind: new Uint8Array(buffer, at, m),
  };
}

function digits(buf: Uint8Array, s: number, e: number): number {
  let v = 0;
  for (let k = s; k < e; k++) v = v * 10 + (buf[k]! - 48);
  return v;
}

function decodeLibrary(sh: Shared, start: number, end: number, out: ColumnarFunction[], gradients: Record<string, string>): void {
  const r = new WireReader(sh.buf, start, end);
  while (r.pos < r.end) {
    const tag = r.tag();
    const id = tag >>> 3;
    const wt = tag & 7;
    if (id === 1) {
      sh.whereBase = 'GraphDef.library.function';
      sh.whereIndex = out.length;
      expectLen(r, wt);
      const e = r.lenEnd();
      out.push(decodeFunction(sh, r.pos, e, out.length));
      r.pos = e;
    } else if (id === 2) {
      sh.whereBase = 'GraphDef.library.gradient';
      sh.whereIndex = -1;
      expectLen(r, wt);
      const e = r.lenEnd();
      const pair = readStringPair(sh.buf, r.pos, e);
      gradients[pair[0]] = pair[1];
      r.pos = e;
    } else r.skip(wt, id);
  }
}

function decodeFunction(sh: Shared, start: number, end: number, index: number): ColumnarFunction {
  const r = new WireReader(sh.buf, start, end);
  const nodeStarts = new GrowU32(sh.arena, 64);
  const nodeEnds = new GrowU32(sh.arena, 64);
  let signature = new tensorflow.OpDef();
  const ret: Record<string, string> = {};
  const controlRet: Record<string, string> = {};
  const base = `GraphDef.library.function[${index}]`;
  while (r.pos < r.end) {
    const tag = r.tag();
    const id = tag >>> 3;
    const wt = tag & 7;
    if (id === 1 || id === 3 || id === 4 || id === 6) {
      expectLen(r, wt);
      const e = r.lenEnd();
      if (id === 1) {
        sh.whereBase = `${base}.signature`;
        sh.whereIndex = -1;
        signature = decodeWith(() => tensorflow.OpDef.decode(sh.buf.subarray(r.pos, e)), r.pos);
      } else if (id === 3) {
        nodeStarts.push(r.pos);
        nodeEnds.push(e);
      } else {
        sh.whereBase = `${base}.${id === 4 ? 'ret' : 'control_ret'}`;
        sh.whereIndex = -1;
        const [k, v] = readStringPair(sh.buf, r.pos, e);
        (id === 4 ? ret : controlRet)[k] = v;
      }
      r.pos = e;
    } else r.skip(wt, id);
  }
  const nodes = buildTable(sh, nodeStarts.data, nodeEnds.data, nodeStarts.length, `${base}.node_def`);
  return { name: signature.name, signature, nodes, ret, controlRet };
}

/** Runs a protobufjs decode of a small submessage, turning its errors into WireErrors. */
function decodeWith<T>(fn: () => T, offset: number): T {
  try {
    return fn();
  } catch (err) {
    throw new WireError(offset, err instanceof Error ? err.message : String(err));
  }
}

/** A message whose fields 1 and 2 are strings (map entries, GradientDef). */
function readStringPair(buf: Uint8Array, start: number, end: number): [string, string] {
  const pair: [string, string] = ['', ''];
  forEachLenField(buf, start, end, (no, s, e) => {
    if (no === 1 || no === 2) pair[no - 1] = utf8(buf, s, e);
  });
  return pair;
}
