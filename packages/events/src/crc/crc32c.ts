/**
 * The CRC-32C of TFRecord framing. An implementation is a value of type `Crc32c`, given to the
 * readers and writers that need one (their `crc32c` option); nothing is installed or swapped
 * process-wide. The default everywhere in the universal build is the pure-TypeScript
 * slicing-by-8 version from @tbg/proto. Every implementation must give identical results.
 */
import { crc32c, maskCrc, type Crc32c } from '@tbg/proto';

export type { Crc32c };

/** The portable CRC-32C (no native code): the default of every reader and writer. */
export const jsCrc32c: Crc32c = crc32c;

/** TFRecord's masked CRC of `buf[start, end)`, computed with `crc` (default: the JS one). */
export function maskedCrc32c(buf: Uint8Array, start = 0, end = buf.length, crc: Crc32c = jsCrc32c): number {
  return maskCrc(crc(buf, start, end));
}

export { maskCrc };
