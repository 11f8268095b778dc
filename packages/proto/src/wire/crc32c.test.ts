import { describe, expect, it } from 'vitest';
import { crc32c, maskCrc } from './crc32c.js';

const ascii = (s: string) => new TextEncoder().encode(s);

describe('crc32c', () => {
  it('matches the standard check value', () => {
    expect(crc32c(ascii('123456789'))).toBe(0xe3069283);
  });

  it('matches the masked vector from the TFRecord spec', () => {
    expect(maskCrc(crc32c(ascii('\x1a\x11CRC test, one two')))).toBe(0x5794d08a);
    const header = new Uint8Array([0x18, 0, 0, 0, 0, 0, 0, 0]);
    expect(maskCrc(crc32c(header))).toBe(0x224b7fa3);
  });

  it('gives the same answer for any split and alignment', () => {
    const data = new Uint8Array(1000).map((_, i) => (i * 7919) & 0xff);
    const whole = crc32c(data);
    for (const cut of [0, 1, 3, 7, 8, 9, 500, 999, 1000]) {
      expect(crc32c(data, cut, data.length, crc32c(data, 0, cut))).toBe(whole);
    }
    const shifted = new Uint8Array(1003);
    shifted.set(data, 3);
    expect(crc32c(shifted, 3, 1003)).toBe(whole);
  });

  it('agrees with a bit-at-a-time reference', () => {
    const ref = (b: Uint8Array) => {
      let c = 0xffffffff;
      for (const x of b) {
        c ^= x;
        for (let k = 0; k < 8; k++) c = c & 1 ? (c >>> 1) ^ 0x82f63b78 : c >>> 1;
      }
      return ~c >>> 0;
    };
    let seed = 1;
    for (let n = 0; n < 200; n++) {
      const b = new Uint8Array(n * 3).map(() => (seed = (seed * 1103515245 + 12345) >>> 0) >>> 24);
      expect(crc32c(b)).toBe(ref(b));
    }
  });
});
