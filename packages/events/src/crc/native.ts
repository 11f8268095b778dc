/**
 * Node: the native CRC-32C of @node-rs/crc32 (a prebuilt napi binary, an optional dependency),
 * as a `Crc32c` value to pass to readers and writers. Nothing is installed on import: the addon
 * is loaded by `nativeCrc32c()`. Below a threshold the JS version is used, since
 * a native call costs more than it saves on short inputs (measured in bench/bench.ts).
 */
import { createRequire } from 'node:module';
import { jsCrc32c, type Crc32c } from './crc32c.js';

/** Inputs at least this long go native (see the `events.crc` bench lines). */
export const NATIVE_CRC_THRESHOLD = 256;

interface NativeModule {
  crc32c(input: Uint8Array, initial?: number): number;
}

/** The addon, or null when it is not installed (Node's module cache keeps a loaded one). */
function loadAddon(): NativeModule | null {
  try {
    return createRequire(import.meta.url)('@node-rs/crc32') as NativeModule;
  } catch {
    return null;
  }
}

/**
 * A CRC-32C that sends inputs of at least `threshold` bytes to the native addon and shorter ones
 * to the JS version; undefined when the addon is not installed for this platform.
 */
export function nativeCrc32c(threshold = NATIVE_CRC_THRESHOLD): Crc32c | undefined {
  const native = loadAddon();
  if (!native) return undefined;
  return (buf, start = 0, end = buf.length) => {
    if (end - start < threshold) return jsCrc32c(buf, start, end);
    return native.crc32c(start === 0 && end === buf.length ? buf : buf.subarray(start, end)) >>> 0;
  };
}

/**
 * @internal What the Node entry's file functions (readEvents on a path, Logdir, summarizeLogdir,
 * createFileWriter) use when no `crc32c` option is given: the native one where it is installed,
 * else the JS one.
 */
export function defaultFileCrc32c(): Crc32c {
  return nativeCrc32c() ?? jsCrc32c;
}
