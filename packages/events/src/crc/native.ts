/**
 * Node: installs the native CRC-32C (@node-rs/crc32, a prebuilt napi binary from the registry)
 * for long inputs. Below the threshold the JS version is faster, because a native call costs
 * more than it saves (measured in bench/bench.ts). If the binary is not installed for this
 * platform, the JS version stays.
 */
import { createRequire } from 'node:module';
import { jsCrc32c, setCrc32c } from './crc32c.js';

/** Inputs at least this long go native (see the `events.crc` bench lines). */
export const NATIVE_CRC_THRESHOLD = 256;

let installed: boolean | null = null;

export function installNativeCrc32c(threshold = NATIVE_CRC_THRESHOLD): boolean {
  if (installed !== null) return installed;
  try {
    const require = createRequire(import.meta.url);
    const native = require('@node-rs/crc32') as { crc32c(input: Uint8Array, initial?: number): number };
    setCrc32c((buf, start, end) => {
      if (end - start < threshold) return jsCrc32c(buf, start, end);
      return native.crc32c(start === 0 && end === buf.length ? buf : buf.subarray(start, end)) >>> 0;
    }, 'native+js');
    installed = true;
  } catch {
    installed = false;
  }
  return installed;
}
