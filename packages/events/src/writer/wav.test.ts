import { describe, expect, it } from 'vitest';
import { encodeWav, floatToInt16 } from './wav.js';

function parseWav(wav: Uint8Array) {
  const v = new DataView(wav.buffer, wav.byteOffset, wav.byteLength);
  const ascii = (at: number) => String.fromCharCode(...wav.subarray(at, at + 4));
  const dataBytes = v.getUint32(40, true);
  const samples: number[] = [];
  for (let at = 44; at < 44 + dataBytes; at += 2) samples.push(v.getInt16(at, true));
  return {
    riff: ascii(0),
    riffSize: v.getUint32(4, true),
    wave: ascii(8),
    fmt: ascii(12),
    fmtSize: v.getUint32(16, true),
    format: v.getUint16(20, true),
    channels: v.getUint16(22, true),
    sampleRate: v.getUint32(24, true),
    byteRate: v.getUint32(28, true),
    blockAlign: v.getUint16(32, true),
    bits: v.getUint16(34, true),
    data: ascii(36),
    dataBytes,
    samples,
  };
}

describe('encodeWav', () => {
  it('writes a 44-byte PCM header with the right fields (mono)', () => {
    const wav = encodeWav([new Float32Array([0, 0.5, -1])], 16000);
    expect(wav.length).toBe(44 + 6);
    expect(parseWav(wav)).toEqual({
      riff: 'RIFF',
      riffSize: 36 + 6,
      wave: 'WAVE',
      fmt: 'fmt ',
      fmtSize: 16,
      format: 1,
      channels: 1,
      sampleRate: 16000,
      byteRate: 32000,
      blockAlign: 2,
      bits: 16,
      data: 'data',
      dataBytes: 6,
      samples: [0, 16384, -32768],
    });
  });

  it('interleaves channels (stereo)', () => {
    const w = parseWav(encodeWav([[0.25, -0.25], [1, -1]], 44100));
    expect(w.channels).toBe(2);
    expect(w.blockAlign).toBe(4);
    expect(w.byteRate).toBe(44100 * 4);
    expect(w.samples).toEqual([8192, 32767, -8192, -32768]);
  });

  it('scales by 2^15, rounds half away from zero and clamps, like TF', () => {
    expect([0, 1, -1, 2, -2, 1 / 65536, -1 / 65536, 0.5, NaN, Infinity, -Infinity].map(floatToInt16)).toEqual([
      0, 32767, -32768, 32767, -32768, 1, -1, 16384, 0, 32767, -32768,
    ]);
  });

  it('an empty clip is a valid 44-byte file', () => {
    expect(parseWav(encodeWav([[]], 8000)).dataBytes).toBe(0);
  });

  it('rejects bad input', () => {
    expect(() => encodeWav([], 8000)).toThrow(RangeError);
    expect(() => encodeWav([[0], [0, 1]], 8000)).toThrow(/same length/);
    expect(() => encodeWav([[0]], 0)).toThrow(RangeError);
    expect(() => encodeWav([[0]], 44100.5)).toThrow(RangeError);
  });
});
