/**
 * TFRecord framing: `u64 length | u32 masked_crc32c(length) | data | u32 masked_crc32c(data)`,
 * all little-endian. Event files are these records back to back. Each function takes the CRC-32C
 * implementation to use (default: the JS one).
 */
import { jsCrc32c, maskCrc, type Crc32c } from '../crc/crc32c.js';

export const HEADER_BYTES = 12;
export const FOOTER_BYTES = 4;
export const OVERHEAD_BYTES = HEADER_BYTES + FOOTER_BYTES;

/** Frames one payload as a complete record. */
export function encodeRecord(data: Uint8Array, crc: Crc32c = jsCrc32c): Uint8Array {
  const out = new Uint8Array(OVERHEAD_BYTES + data.length);
  writeRecord(out, 0, data, crc);
  return out;
}

/** Writes the framed record for `data` into `out` at `at`; returns the offset after it. */
export function writeRecord(out: Uint8Array, at: number, data: Uint8Array, crc: Crc32c = jsCrc32c): number {
  const view = new DataView(out.buffer, out.byteOffset, out.byteLength);
  const n = data.length;
  view.setUint32(at, n >>> 0, true);
  view.setUint32(at + 4, Math.floor(n / 4294967296), true);
  view.setUint32(at + 8, maskCrc(crc(out, at, at + 8)), true);
  out.set(data, at + HEADER_BYTES);
  view.setUint32(at + HEADER_BYTES + n, maskCrc(crc(data, 0, n)), true);
  return at + OVERHEAD_BYTES + n;
}

/** Frames several payloads into one buffer (one write per flush). */
export function encodeRecords(payloads: readonly Uint8Array[], crc: Crc32c = jsCrc32c): Uint8Array {
  let total = 0;
  for (const p of payloads) total += OVERHEAD_BYTES + p.length;
  const out = new Uint8Array(total);
  let at = 0;
  for (const p of payloads) at = writeRecord(out, at, p, crc);
  return out;
}
