/**
 * NodeDef bytes → NodeTable. The work runs in passes that each do one thing: find the fields,
 * intern ops and devices, intern names, resolve inputs, split attr entries. Small loops keep
 * V8's values in registers; one loop doing all of it spilled on every field.
 */
import { WireError, WireReader, WIRE_LEN } from '../wire/reader.js';
import { utf8Many } from '../wire/utf8.js';
import type { Arena } from './arena.js';
import { GrowI32 } from './grow.js';
import { ByteInterner, sameBytes } from './intern.js';
import { INPUT_CONTROL, INPUT_DATA, INPUT_EXPLICIT_SLOT, type NodeTable } from './types.js';

/** What one decode shares between the tables it builds. */
export interface DecodeState {
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

/** Byte ranges of each node's fields, and of its inputs and attr entries as (start, end) rows. */
interface Fields {
  nameS: Int32Array;
  nameE: Int32Array;
  opS: Int32Array;
  opE: Int32Array;
  devS: Int32Array;
  devE: Int32Array;
  inputStart: Int32Array;
  attrStart: Int32Array;
  ins: GrowI32;
  attrs: GrowI32;
}

/** Builds the columns for the NodeDefs at `[starts[i], ends[i])`. */
export function buildTable(sh: DecodeState, starts: Int32Array, ends: Int32Array, n: number, pathBase: string): NodeTable {
  const arena = sh.arena;
  sh.whereBase = pathBase;
  const f = scanFields(sh, starts, ends, n);

  const names = new ByteInterner(arena, sh.buf, n);
  const nodeOfName = arena.i32(n);
  const duplicates: number[] = [];
  for (let i = 0; i < n; i++) {
    const id = names.intern(f.nameS[i]!, f.nameE[i]!);
    if (names.added) nodeOfName[id] = i;
    else duplicates.push(i);
  }

  const t = tableColumns(n, f.ins.length >>> 1, f.attrs.length >>> 1);
  t.inputStart.set(f.inputStart);
  t.attrStart.set(f.attrStart);
  internOpsAndDevices(sh, f, n, t.op, t.device);
  resolveInputs(sh, f, n, t, names, nodeOfName, duplicates);
  splitAttrs(sh, f, n, t);
  sh.whereIndex = -1;
  const decoded = utf8Many(sh.buf, f.nameS, f.nameE, n, (bytes) => arena.u8(bytes));
  return { count: n, names: decoded, ...t, duplicates };
}

/** Scratch for pass 1, from the arena: per-node ranges, and growable rows of input and attr ranges. */
function allocFields(arena: Arena, n: number): Fields {
  const f: Fields = {
    nameS: arena.i32(n),
    nameE: arena.i32(n),
    opS: arena.i32(n),
    opE: arena.i32(n),
    devS: arena.i32(n),
    devE: arena.i32(n),
    inputStart: arena.i32(n + 1),
    attrStart: arena.i32(n + 1),
    ins: new GrowI32(arena, n * 4),
    attrs: new GrowI32(arena, n * 4),
  };
  f.inputStart[0] = 0;
  f.attrStart[0] = 0;
  return f;
}

/** Pass 1: where each node's name, op, device, inputs and attr entries are. */
function scanFields(sh: DecodeState, starts: Int32Array, ends: Int32Array, n: number): Fields {
  const { buf, r } = sh;
  const savedEnd = r.end;
  const f = allocFields(sh.arena, n);
  // Locals, not property reads, in the loop below.
  const { nameS, nameE, opS, opE, devS, devE, inputStart, attrStart, ins, attrs } = f;
  for (let i = 0; i < n; i++) {
    const end = ends[i]!;
    let p = starts[i]!;
    // A missing field reads as the empty range at 0 (the empty string).
    let ns = 0;
    let ne = 0;
    let os = 0;
    let oe = 0;
    let ds = 0;
    let de = 0;
    while (p < end) {
      // Fast path: a one-byte tag of fields 1-5 and a length of up to three bytes that fits.
      const b0 = buf[p]!;
      let id = b0 >>> 3;
      let fStart = -1;
      let fEnd = 0;
      if ((b0 & 7) === WIRE_LEN && id >= 1 && id <= 5 && p + 1 < end) {
        let q = p + 1;
        let len = buf[q++]!;
        if (len >= 0x80 && q < end) {
          const c = buf[q++]!;
          len = (len & 0x7f) | ((c & 0x7f) << 7);
          if (c >= 0x80 && q < end) {
            const d = buf[q++]!;
            len |= d << 14;
            if (d >= 0x80) len = -1;
          } else if (c >= 0x80) len = -1;
        } else if (len >= 0x80) len = -1;
        if (len >= 0 && q + len <= end) {
          fStart = q;
          fEnd = q + len;
        }
      }
      if (fStart < 0) {
        // Anything else goes through the checked reader, which names the problem.
        sh.whereIndex = i;
        r.pos = p;
        r.end = end;
        const tag = r.tag();
        id = tag >>> 3;
        if (id > 5) {
          r.skip(tag & 7, id);
          p = r.pos;
          continue;
        }
        if ((tag & 7) !== WIRE_LEN) throw new WireError(p, `wire type ${tag & 7} where a length-delimited field is required`);
        fEnd = r.lenEnd();
        fStart = r.pos;
      }
      if (id === 1) {
        ns = fStart;
        ne = fEnd;
      } else if (id === 3) {
        ins.push2(fStart, fEnd);
      } else if (id === 5) {
        attrs.push2(fStart, fEnd);
      } else if (id === 2) {
        os = fStart;
        oe = fEnd;
      } else {
        ds = fStart;
        de = fEnd;
      }
      p = fEnd;
    }
    nameS[i] = ns;
    nameE[i] = ne;
    opS[i] = os;
    opE[i] = oe;
    devS[i] = ds;
    devE[i] = de;
    inputStart[i + 1] = ins.length >>> 1;
    attrStart[i + 1] = attrs.length >>> 1;
  }
  r.end = savedEnd;
  return f;
}

/** Pass 2: op and device ids (small vocabularies, so mostly one cache probe each). */
function internOpsAndDevices(sh: DecodeState, f: Fields, n: number, op: Uint32Array, device: Uint32Array): void {
  const { ops, devices } = sh;
  const { opS, opE, devS, devE } = f;
  for (let i = 0; i < n; i++) {
    op[i] = ops.internSmall(opS[i]!, opE[i]!);
    const ds = devS[i]!;
    const de = devE[i]!;
    device[i] = de === ds ? 0 : devices.internSmall(ds, de);
  }
}

const isDigit = (c: number) => c >= 48 && c <= 57;
const isWord = (c: number) => isDigit(c) || (c >= 97 && c <= 122) || (c >= 65 && c <= 90) || c === 95;

/** Pass 3: each input's kind, slot and output arg, and the index of the node it names. */
function resolveInputs(
  sh: DecodeState,
  f: Fields,
  n: number,
  t: Columns,
  names: ByteInterner,
  nodeOfName: Int32Array,
  duplicates: number[],
): void {
  const buf = sh.buf;
  const view = new DataView(buf.buffer, buf.byteOffset, buf.byteLength);
  const { nameS, nameE, inputStart } = f;
  const row = f.ins.data;
  const { inputSrc, inputSlot, inputKind, inputOutArg, inputNameStart, inputNameEnd } = t;
  let isDuplicate: Uint8Array | null = null;
  if (duplicates.length > 0) {
    isDuplicate = sh.arena.u8(n).fill(0);
    for (const d of duplicates) isDuplicate[d] = 1;
  }
  for (let i = 0, j = 0; i < n; i++) {
    // Chains are common: try the node just before this one without hashing (unless its name
    // repeats an earlier one, which then owns the name).
    const prev = i - 1;
    const prevS = prev >= 0 ? nameS[prev]! : 0;
    const prevLen = prev >= 0 && !isDuplicate?.[prev] ? nameE[prev]! - prevS : -1;
    for (const jEnd = inputStart[i + 1]!; j < jEnd; j++) {
      const fEnd = row[2 * j + 1]!;
      let s = row[2 * j]!;
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
      let src: number;
      // (The last four bytes first, inline: most misses differ at the end.)
      if (
        refEnd - s === prevLen &&
        (prevLen < 4 || view.getInt32(refEnd - 4, true) === view.getInt32(prevS + prevLen - 4, true)) &&
        sameBytes(view, buf, prevS, s, prevLen)
      ) {
        src = prev;
      } else {
        const id = names.find(s, refEnd);
        src = id < 0 ? -1 : nodeOfName[id]!;
      }
      inputSrc[j] = src;
      inputNameStart[j] = s;
      inputNameEnd[j] = refEnd;
      inputSlot[j] = slot;
      inputKind[j] = kind;
      inputOutArg[j] = outArg;
    }
  }
}

function digits(buf: Uint8Array, s: number, e: number): number {
  let v = 0;
  for (let k = s; k < e; k++) v = v * 10 + (buf[k]! - 48);
  return v;
}

/** Pass 4: each attr map entry's key id and the byte range of its AttrValue. */
function splitAttrs(sh: DecodeState, f: Fields, n: number, t: Columns): void {
  const { buf, r, attrKeys } = sh;
  const savedEnd = r.end;
  const row = f.attrs.data;
  const { attrStart } = f;
  const { attrKey, attrValueStart, attrValueEnd } = t;
  for (let i = 0, j = 0; i < n; i++) {
    for (const jEnd = attrStart[i + 1]!; j < jEnd; j++) {
      const fStart = row[2 * j]!;
      const fEnd = row[2 * j + 1]!;
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
          attrKey[j] = attrKeys.internSmall(fStart + 2, q);
          attrValueStart[j] = v0;
          attrValueEnd[j] = fEnd;
          continue;
        }
      }
      // Any other layout: fields in any order, repeated, or unknown. Key = 1, value = 2.
      sh.whereIndex = i;
      let kS = fStart;
      let kE = fStart;
      let vS = fEnd;
      let vE = fEnd;
      r.pos = fStart;
      r.end = fEnd;
      while (r.pos < fEnd) {
        const tag = r.tag();
        const eid = tag >>> 3;
        if ((eid === 1 || eid === 2) && (tag & 7) === WIRE_LEN) {
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
          if (eid === 1 || eid === 2) throw new WireError(r.pos, `attr entry field ${eid} has wire type ${tag & 7}`);
          r.skip(tag & 7, eid);
        }
      }
      attrKey[j] = attrKeys.internSmall(kS, kE);
      attrValueStart[j] = vS;
      attrValueEnd[j] = vE;
    }
  }
  r.end = savedEnd;
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
