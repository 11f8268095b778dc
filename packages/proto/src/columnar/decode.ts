/**
 * The fast path from GraphDef bytes to a ColumnarGraph: the graph and library structure here,
 * each node table in `node-table.ts`. Ops, devices and attr keys are interned by their bytes;
 * input references are resolved to node indices without creating strings; attr values stay as
 * byte ranges until someone asks for them.
 */
import { tensorflow } from '../gen/tf.js';
import { GraphFormatError } from '../errors.js';
import { forEachLenField, WireError, WireReader, WIRE_LEN } from '../wire/reader.js';
import { utf8 } from '../wire/utf8.js';
import { ByteInterner } from './intern.js';
import { GrowI32 } from './grow.js';
import { withArena, type Arena } from './arena.js';
import { buildTable, type DecodeState } from './node-table.js';
import type { ColumnarFunction, ColumnarGraph } from './types.js';

export interface ColumnarOptions {
  /** File name for error messages. */
  file?: string;
  /** Byte offset of `bytes` inside the file (when the GraphDef is nested, e.g. in an event file). */
  offsetBase?: number;
  /** Field path prefix for errors (e.g. `SavedModel.meta_graphs[0].graph_def`). */
  pathPrefix?: string;
}

export function decodeColumnar(bytes: Uint8Array, options: ColumnarOptions = {}): ColumnarGraph {
  return withArena((arena) => decodeIn(arena, bytes, options));
}

function decodeIn(arena: Arena, buf: Uint8Array, options: ColumnarOptions): ColumnarGraph {
  const sh: DecodeState = {
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

function decodeGraph(sh: DecodeState): ColumnarGraph {
  const r = sh.r;
  const nodeStarts = new GrowI32(sh.arena, 1024);
  const nodeEnds = new GrowI32(sh.arena, 1024);
  let libStart = -1;
  let libEnd = -1;
  let versions: ColumnarGraph['versions'] = null;
  const buf = sh.buf;
  const end = r.end;
  while (r.pos < end) {
    // Fast path for a node with a length of up to three bytes; anything else takes the reader.
    const p = r.pos;
    if (buf[p] === 0x0a && p + 3 < end) {
      const b1 = buf[p + 1]!;
      const b2 = buf[p + 2]!;
      const b3 = buf[p + 3]!;
      let s = -1;
      let len = 0;
      if (b1 < 0x80) {
        s = p + 2;
        len = b1;
      } else if (b2 < 0x80) {
        s = p + 3;
        len = (b1 & 0x7f) | (b2 << 7);
      } else if (b3 < 0x80) {
        s = p + 4;
        len = (b1 & 0x7f) | ((b2 & 0x7f) << 7) | (b3 << 14);
      }
      if (s >= 0 && s + len <= end) {
        nodeStarts.push(s);
        nodeEnds.push(s + len);
        r.pos = s + len;
        continue;
      }
    }
    sh.whereBase = 'GraphDef';
    sh.whereIndex = -1;
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
    ops: sh.ops.decodeAll(),
    devices: sh.devices.decodeAll(),
    attrKeys: sh.attrKeys.decodeAll(),
    strings: sh.strings.decodeAll(),
    versions,
    gradients,
  };
}

function expectLen(r: WireReader, wt: number): void {
  if (wt !== WIRE_LEN) throw new WireError(r.pos, `wire type ${wt} where a length-delimited field is required`);
}

function decodeVersions(sh: DecodeState, start: number, end: number): NonNullable<ColumnarGraph['versions']> {
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

function decodeLibrary(sh: DecodeState, start: number, end: number, out: ColumnarFunction[], gradients: Record<string, string>): void {
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

function decodeFunction(sh: DecodeState, start: number, end: number, index: number): ColumnarFunction {
  const r = new WireReader(sh.buf, start, end);
  const nodeStarts = new GrowI32(sh.arena, 64);
  const nodeEnds = new GrowI32(sh.arena, 64);
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
