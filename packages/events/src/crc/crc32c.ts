/**
 * The CRC-32C used for TFRecord framing. The pure-TypeScript slicing-by-8 version from
 * @tbg/proto is the default everywhere; the Node entry point installs a hybrid that sends long
 * inputs to a native implementation (small inputs stay in JS: a native call costs more than
 * it saves on a 30-byte scalar record). Every implementation must give identical results.
 */
import { crc32c as pureCrc32c, maskCrc } from '@tbg/proto';

export type Crc32c = (buf: Uint8Array, start: number, end: number) => number;

const pure: Crc32c = (buf, start, end) => pureCrc32c(buf, start, end);
let current: Crc32c = pure;
let currentName = 'js';

/** The CRC-32C in use: `js`, or `native+js` after the Node entry installs the native one. */
export function crc32cImplementation(): string {
  return currentName;
}

export function setCrc32c(fn: Crc32c, name: string): void {
  current = fn;
  currentName = name;
}

export function useJsCrc32c(): void {
  setCrc32c(pure, 'js');
}

export function crc32c(buf: Uint8Array, start = 0, end = buf.length): number {
  return current(buf, start, end);
}

export function maskedCrc32c(buf: Uint8Array, start = 0, end = buf.length): number {
  return maskCrc(current(buf, start, end));
}

export { maskCrc, pure as jsCrc32c };
