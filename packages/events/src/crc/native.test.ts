/**
 * The optional native CRC-32C (@node-rs/crc32): tested where it is installed, reported as
 * skipped by name where it is not (it is never required, in CI either).
 */
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { needOptional, Rng } from '@tbg/testkit';
import { jsCrc32c } from './crc32c.js';
import { NATIVE_CRC_THRESHOLD, nativeCrc32c } from './native.js';
import { RecordReader } from '../record/reader.js';
import { encodeRecords } from '../record/frame.js';

function addonInstalled(): boolean {
  try {
    createRequire(import.meta.url).resolve('@node-rs/crc32');
    return true;
  } catch {
    return false;
  }
}

const SUITE = 'native CRC-32C (@node-rs/crc32)';
const installed = addonInstalled();

describe.skipIf(!needOptional(SUITE, installed, '@node-rs/crc32'))(SUITE, () => {
  it('gives the same CRC as the JS version on every size and offset, around the threshold and far above it', () => {
    const native = nativeCrc32c()!;
    expect(native).toBeTypeOf('function');
    const rng = new Rng('crc');
    for (let round = 0; round < 400; round++) {
      const n = round < 300 ? rng.int(0, 2 * NATIVE_CRC_THRESHOLD) : rng.int(0, 200_000);
      const buf = new Uint8Array(n + 8).map(() => rng.int(0, 255));
      const start = rng.int(0, 7);
      expect(native(buf, start, start + n)).toBe(jsCrc32c(buf, start, start + n));
    }
    expect(native(new TextEncoder().encode('123456789'))).toBe(0xe3069283);
  });

  it('is used for every input at threshold 0, and agrees there too', () => {
    const allNative = nativeCrc32c(0)!;
    const rng = new Rng('crc-0');
    for (const n of [0, 1, 7, 8, 9, 255, 256, 4096]) {
      const buf = new Uint8Array(n + 3).map(() => rng.int(0, 255));
      expect(allNative(buf, 3, 3 + n), `${n} bytes`).toBe(jsCrc32c(buf, 3, 3 + n));
    }
  });

  it('frames and reads records like the JS version, and catches the same damage', () => {
    const native = nativeCrc32c()!;
    const payloads = [new Uint8Array(10).fill(1), new Uint8Array(5000).map((_, i) => i & 0xff), new Uint8Array(300).fill(9)];
    const bytes = encodeRecords(payloads, native);
    expect(bytes).toEqual(encodeRecords(payloads, jsCrc32c));
    const damaged = bytes.slice();
    damaged[16 + 10 + 12 + 100]! ^= 1; // inside the 5000-byte payload: a native-sized CRC
    for (const crc32c of [native, jsCrc32c]) {
      const reader = new RecordReader({ crc32c });
      reader.push(damaged);
      const out = [reader.next(), reader.next(), reader.next(), reader.next()];
      expect(out.map((r) => (r === null ? null : 'data' in r ? r.data.length : r.kind))).toEqual([10, 'data-crc', 300, null]);
    }
  });
});

describe('choosing a CRC-32C', () => {
  it('nativeCrc32c() is undefined exactly where the addon is missing, so callers fall back to the JS version', () => {
    expect(nativeCrc32c() === undefined).toBe(!installed);
  });

  it('is a value chosen by the caller: importing the module installs nothing', () => {
    // A reader given no CRC uses the JS one, whatever this module offers.
    expect(new RecordReader().crc32c).toBe(jsCrc32c);
    expect(new RecordReader({ crc32c: jsCrc32c }).crc32c).toBe(jsCrc32c);
  });
});
