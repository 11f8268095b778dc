import { describe, expect, it } from 'vitest';
import { Rng } from '@tbg/testkit';
import { crc32c, crc32cImplementation, jsCrc32c, useJsCrc32c } from './crc32c.js';
import { installNativeCrc32c, NATIVE_CRC_THRESHOLD } from './native.js';

describe('CRC-32C implementations agree', () => {
  it('the native hybrid and the JS version give identical results on every size and offset', () => {
    expect(installNativeCrc32c()).toBe(true);
    expect(crc32cImplementation()).toBe('native+js');
    const rng = new Rng('crc');
    for (let round = 0; round < 400; round++) {
      const n = round < 300 ? rng.int(0, 2 * NATIVE_CRC_THRESHOLD) : rng.int(0, 200_000);
      const buf = new Uint8Array(n + 8).map(() => rng.int(0, 255));
      const start = rng.int(0, 7);
      expect(crc32c(buf, start, start + n)).toBe(jsCrc32c(buf, start, start + n));
    }
    expect(crc32c(new TextEncoder().encode('123456789'))).toBe(0xe3069283);
    useJsCrc32c();
    expect(crc32cImplementation()).toBe('js');
  });
});
