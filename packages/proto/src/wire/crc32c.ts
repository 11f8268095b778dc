/**
 * CRC-32C (Castagnoli), pure TypeScript, slicing-by-8: the portable implementation, used in
 * browsers, for sniffing, and as the default of @tbg/events' readers and writers. A CRC
 * implementation is a plain value of type `Crc32c`, passed to whatever needs one; nothing here
 * or in @tbg/events swaps an implementation behind the caller's back.
 */

/**
 * A CRC-32C implementation: the CRC of `bytes[start, end)` (the whole array by default).
 * Every implementation must give the same results as `crc32c` below.
 */
export type Crc32c = (bytes: Uint8Array, start?: number, end?: number) => number;

const POLY = 0x82f63b78;
const T = new Uint32Array(8 * 256);
for (let n = 0; n < 256; n++) {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? (c >>> 1) ^ POLY : c >>> 1;
  T[n] = c >>> 0;
}
for (let n = 0; n < 256; n++) {
  let c = T[n]!;
  for (let s = 1; s < 8; s++) {
    c = T[c & 0xff]! ^ (c >>> 8);
    T[s * 256 + n] = c >>> 0;
  }
}

/** CRC-32C of `buf[start, end)`, continuing from `crc` (0 to start). */
export function crc32c(buf: Uint8Array, start = 0, end = buf.length, crc = 0): number {
  let c = ~crc >>> 0;
  let i = start;
  // Bytes are loaded one at a time, so alignment does not matter: short inputs (a record's
  // 8-byte length header) go straight to the 8-byte step.
  const end8 = end - 8;
  while (i <= end8) {
    const a = (buf[i]! | (buf[i + 1]! << 8) | (buf[i + 2]! << 16) | (buf[i + 3]! << 24)) ^ c;
    const b = buf[i + 4]! | (buf[i + 5]! << 8) | (buf[i + 6]! << 16) | (buf[i + 7]! << 24);
    c =
      T[0x700 + (a & 0xff)]! ^
      T[0x600 + ((a >>> 8) & 0xff)]! ^
      T[0x500 + ((a >>> 16) & 0xff)]! ^
      T[0x400 + (a >>> 24)]! ^
      T[0x300 + (b & 0xff)]! ^
      T[0x200 + ((b >>> 8) & 0xff)]! ^
      T[0x100 + ((b >>> 16) & 0xff)]! ^
      T[b >>> 24]!;
    i += 8;
  }
  while (i < end) c = T[(c ^ buf[i++]!) & 0xff]! ^ (c >>> 8);
  return ~c >>> 0;
}

/** TFRecord's masked CRC: rotate right by 15 and add a constant (as LevelDB does). */
export function maskCrc(crc: number): number {
  return ((((crc >>> 15) | (crc << 17)) >>> 0) + 0xa282ead8) >>> 0;
}
