/**
 * Hand-rolled encoding of the `Event` envelope (wall_time, step, one length-delimited `what`
 * field). Every event this writer emits has that shape, so the envelope never goes through
 * protobufjs, and scalars (the hot path) are written in one allocation with no protobufjs at all.
 * The bytes are identical to `tensorflow.Event.encode` (fields in number order, proto3 defaults
 * omitted); tests check that.
 */

/** Event field numbers of the `what` oneof used here (all length-delimited). */
export const EventField = {
  FILE_VERSION: 3,
  GRAPH_DEF: 4,
  SUMMARY: 5,
  SESSION_LOG: 7,
  TAGGED_RUN_METADATA: 8,
  META_GRAPH_DEF: 9,
} as const;

export type Step = number | bigint;

const INT64_MIN = -(1n << 63n);
const INT64_MAX = (1n << 63n) - 1n;

/** Throws unless `step` is an integer that fits int64 (safe integers for numbers). */
export function checkStep(step: Step): void {
  if (typeof step === 'bigint') {
    if (step < INT64_MIN || step > INT64_MAX) throw new RangeError(`step ${step} does not fit in int64`);
  } else if (!Number.isSafeInteger(step)) {
    throw new RangeError(`step must be a safe integer or a bigint, got ${String(step)}`);
  }
}

/** Bytes of `v` as a protobuf varint (non-negative integer below 2^53). */
export function varintSize(v: number): number {
  let n = 1;
  while (v >= 128) {
    v = Math.floor(v / 128);
    n++;
  }
  return n;
}

export function writeVarint(out: Uint8Array, at: number, v: number): number {
  while (v >= 128) {
    out[at++] = (v % 128) | 0x80;
    v = Math.floor(v / 128);
  }
  out[at++] = v;
  return at;
}

/** The step as varint bytes (int64: negatives are 10-byte two's complement), or null for 0. */
function stepVarint(step: Step): Uint8Array | null {
  if (typeof step === 'number') {
    if (step === 0) return null;
    if (step > 0) {
      const out = new Uint8Array(varintSize(step));
      writeVarint(out, 0, step);
      return out;
    }
  } else if (step === 0n) {
    return null;
  }
  let u = BigInt.asUintN(64, BigInt(step));
  const bytes: number[] = [];
  while (u >= 128n) {
    bytes.push(Number(u & 127n) | 0x80);
    u >>= 7n;
  }
  bytes.push(Number(u));
  return Uint8Array.from(bytes);
}

const scratch = new DataView(new ArrayBuffer(8));

/** Size of the wall_time + step fields, and the step's encoding (inline for small positive steps). */
function headerSize(wallTime: number, step: Step): { size: number; stepBytes: Uint8Array | null; smallStep: number } {
  let size = Object.is(wallTime, 0) ? 0 : 9;
  // Fast path: small non-negative number steps are written inline without an allocation.
  if (typeof step === 'number' && step > 0) return { size: size + 1 + varintSize(step), stepBytes: null, smallStep: step };
  const stepBytes = stepVarint(step);
  if (stepBytes) size += 1 + stepBytes.length;
  return { size, stepBytes, smallStep: 0 };
}

function writeHeader(out: Uint8Array, wallTime: number, h: { stepBytes: Uint8Array | null; smallStep: number }): number {
  let at = 0;
  if (!Object.is(wallTime, 0)) {
    out[at++] = 0x09; // field 1, fixed64
    scratch.setFloat64(0, wallTime, true);
    for (let i = 0; i < 8; i++) out[at++] = scratch.getUint8(i);
  }
  if (h.smallStep > 0) {
    out[at++] = 0x10; // field 2, varint
    at = writeVarint(out, at, h.smallStep);
  } else if (h.stepBytes) {
    out[at++] = 0x10;
    out.set(h.stepBytes, at);
    at += h.stepBytes.length;
  }
  return at;
}

/** `Event{wall_time, step, <field>: payload}` for a length-delimited `what` field. */
export function encodeEvent(wallTime: number, step: Step, field: number, payload: Uint8Array): Uint8Array {
  const h = headerSize(wallTime, step);
  const out = new Uint8Array(h.size + 1 + varintSize(payload.length) + payload.length);
  let at = writeHeader(out, wallTime, h);
  out[at++] = (field << 3) | 2;
  at = writeVarint(out, at, payload.length);
  out.set(payload, at);
  return out;
}

/**
 * `Event{wall_time, step, summary: Summary{value: [<parts concatenated>]}}`: `parts` are the
 * already-encoded fields of one `Summary.Value`, in field-number order.
 */
export function encodeSummaryEvent(wallTime: number, step: Step, parts: readonly Uint8Array[]): Uint8Array {
  let valueLen = 0;
  for (const p of parts) valueLen += p.length;
  const summaryLen = 1 + varintSize(valueLen) + valueLen;
  const h = headerSize(wallTime, step);
  const out = new Uint8Array(h.size + 1 + varintSize(summaryLen) + summaryLen);
  let at = writeHeader(out, wallTime, h);
  out[at++] = (EventField.SUMMARY << 3) | 2;
  at = writeVarint(out, at, summaryLen);
  out[at++] = 0x0a; // Summary.value, field 1
  at = writeVarint(out, at, valueLen);
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}

const encoder = new TextEncoder();

/** A length-delimited field: tag byte(s), length, bytes. */
export function lengthDelimited(field: number, payload: Uint8Array): Uint8Array {
  const key = (field << 3) | 2;
  const keyLen = varintSize(key);
  const out = new Uint8Array(keyLen + varintSize(payload.length) + payload.length);
  let at = writeVarint(out, 0, key);
  at = writeVarint(out, at, payload.length);
  out.set(payload, at);
  return out;
}

/** `Summary.Value.tag` (field 1) as encoded bytes. */
export function tagField(tag: string): Uint8Array {
  return lengthDelimited(1, encoder.encode(tag));
}

/**
 * `Summary.Value.tensor` (field 8) of a scalar, a rank-0 DT_FLOAT in tensor_content:
 * `42 0a | 08 01 (dtype) | 12 00 (shape {}) | 22 04 <f32 LE>`: this prefix, then the 4 bytes.
 */
const SCALAR_TENSOR_PREFIX = [0x42, 0x0a, 0x08, 0x01, 0x12, 0x00, 0x22, 0x04] as const;
const SCALAR_TENSOR_FIELD_BYTES = SCALAR_TENSOR_PREFIX.length + 4;

/**
 * One scalar summary event in a single allocation: the (cached) tag field, the float tensor, and
 * the metadata field on a tag's first value. Fields in number order: tag 1, tensor 8, metadata 9.
 */
export function encodeScalarEvent(wallTime: number, step: Step, tag: Uint8Array, value: number, metadataField: Uint8Array | null): Uint8Array {
  const valueLen = tag.length + SCALAR_TENSOR_FIELD_BYTES + (metadataField ? metadataField.length : 0);
  const summaryLen = 1 + varintSize(valueLen) + valueLen;
  const h = headerSize(wallTime, step);
  const out = new Uint8Array(h.size + 1 + varintSize(summaryLen) + summaryLen);
  let at = writeHeader(out, wallTime, h);
  out[at++] = (EventField.SUMMARY << 3) | 2;
  at = writeVarint(out, at, summaryLen);
  out[at++] = 0x0a;
  at = writeVarint(out, at, valueLen);
  out.set(tag, at);
  at += tag.length;
  for (let i = 0; i < SCALAR_TENSOR_PREFIX.length; i++) out[at++] = SCALAR_TENSOR_PREFIX[i]!;
  scratch.setFloat32(0, value, true);
  out[at++] = scratch.getUint8(0);
  out[at++] = scratch.getUint8(1);
  out[at++] = scratch.getUint8(2);
  out[at++] = scratch.getUint8(3);
  if (metadataField) out.set(metadataField, at);
  return out;
}
