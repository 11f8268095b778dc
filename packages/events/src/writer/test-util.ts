/**
 * Test helpers (used only by the writer's *.test.ts): an independent TFRecord unframer that checks
 * both CRCs, and event decoding.
 */
import { crc32c, maskCrc, tensorflow } from '@tbg/proto';

/** Splits a TFRecord byte stream into payloads; throws on a bad CRC or a partial record. */
export function unframe(bytes: Uint8Array): Uint8Array[] {
  const out: Uint8Array[] = [];
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let at = 0;
  while (at < bytes.length) {
    if (bytes.length - at < 12) throw new Error(`partial header at ${at}`);
    const lo = view.getUint32(at, true);
    const hi = view.getUint32(at + 4, true);
    const n = hi * 2 ** 32 + lo;
    if (view.getUint32(at + 8, true) !== maskCrc(crc32c(bytes, at, at + 8))) throw new Error(`bad length crc at ${at}`);
    if (bytes.length - at < 16 + n) throw new Error(`partial record at ${at}`);
    const data = bytes.subarray(at + 12, at + 12 + n);
    if (view.getUint32(at + 12 + n, true) !== maskCrc(crc32c(bytes, at + 12, at + 12 + n))) throw new Error(`bad data crc at ${at}`);
    out.push(data);
    at += 16 + n;
  }
  return out;
}

export function decodeEvents(bytes: Uint8Array): tensorflow.Event[] {
  return unframe(bytes).map((p) => tensorflow.Event.decode(p));
}

/** The single summary value of an event (asserting there is exactly one). */
export function onlyValue(ev: tensorflow.Event): tensorflow.Summary.Value {
  const values = ev.summary?.value ?? [];
  if (values.length !== 1) throw new Error(`expected one summary value, got ${values.length}`);
  return values[0]!;
}

export function shapeOf(t: tensorflow.TensorProto | null | undefined): number[] {
  return (t?.tensor_shape?.dim ?? []).map((d) => Number(d.size));
}

export function text(bytes: Uint8Array): string {
  return new TextDecoder().decode(bytes);
}
