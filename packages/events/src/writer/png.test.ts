import { describe, expect, it } from 'vitest';
import { decode } from 'fast-png';
import { encodePng, floatToUint8, isPng, pngSize } from './png.js';

describe('png', () => {
  it('round-trips RGB, grey and RGBA pixels through fast-png', () => {
    for (const channels of [1, 3, 4] as const) {
      const width = 3;
      const height = 2;
      const data = Uint8Array.from({ length: width * height * channels }, (_, i) => (i * 37) % 256);
      const png = encodePng({ width, height, channels, data });
      expect(isPng(png)).toBe(true);
      expect(pngSize(png)).toEqual({ width, height });
      const back = decode(png);
      expect(back.width).toBe(width);
      expect(back.height).toBe(height);
      expect(back.channels).toBe(channels);
      expect(back.depth).toBe(8);
      expect(Array.from(back.data)).toEqual(Array.from(data));
    }
  });

  it('converts floats like tf.image.convert_image_dtype(saturate=True): x * 255.5, truncated, clamped', () => {
    expect([0, 0.5, 1, -1, 2, NaN, 0.998, 1 / 255.5, 0.25].map(floatToUint8)).toEqual([0, 127, 255, 0, 255, 0, 254, 1, 63]);
    const png = encodePng({ width: 2, height: 1, channels: 1, data: new Float32Array([0.5, 1]) });
    expect(Array.from(decode(png).data)).toEqual([127, 255]);
    const fromNumbers = encodePng({ width: 2, height: 1, channels: 1, data: [0, 0.25] });
    expect(Array.from(decode(fromNumbers).data)).toEqual([0, 63]);
  });

  it('accepts Uint8ClampedArray pixels', () => {
    const png = encodePng({ width: 1, height: 1, channels: 3, data: new Uint8ClampedArray([1, 2, 3]) });
    expect(Array.from(decode(png).data)).toEqual([1, 2, 3]);
  });

  it('checks dimensions and pixel counts', () => {
    expect(() => encodePng({ width: 2, height: 2, channels: 3, data: new Uint8Array(11) })).toThrow(/expected width\*height\*channels = 12/);
    expect(() => encodePng({ width: 0, height: 2, channels: 3, data: new Uint8Array(0) })).toThrow(RangeError);
    expect(() => encodePng({ width: 1, height: 1, channels: 2 as 3, data: new Uint8Array(2) })).toThrow(/channels must be 1, 3 or 4/);
  });

  it('pngSize reads IHDR and rejects non-PNG bytes', () => {
    const png = encodePng({ width: 640, height: 3, channels: 1, data: new Uint8Array(640 * 3) });
    expect(pngSize(png)).toEqual({ width: 640, height: 3 });
    expect(() => pngSize(new Uint8Array([1, 2, 3]))).toThrow(/not a PNG/);
    const broken = png.slice(0, 24);
    broken[12] = 0x41;
    expect(() => pngSize(broken)).toThrow(/IHDR/);
  });
});
