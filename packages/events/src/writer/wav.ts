/**
 * A minimal 16-bit PCM WAV encoder: what `tf.audio.encode_wav` produces for the audio summary
 * (a 44-byte RIFF header, then interleaved little-endian int16 samples). Universal: no Node APIs.
 */

/** One clip: `channels[c][frame]`, samples as floats in [-1, 1]. */
export type PcmChannels = readonly ArrayLike<number>[];

const HEADER_BYTES = 44;
/** RIFF chunk sizes are u32; keep the data chunk under it. */
const MAX_DATA_BYTES = 0xffffffff - (HEADER_BYTES - 8);

/**
 * float → int16 exactly as TF's `FloatToInt16Sample` (wav_io.cc): scale by 2^15, round half away
 * from zero, clamp to [-32768, 32767]. NaN becomes 0 (TF leaves it undefined; silence is safest).
 */
export function floatToInt16(x: number): number {
  const v = Math.round(Math.abs(x) * 32768) * Math.sign(x);
  if (v > 32767) return 32767;
  if (v < -32768) return -32768;
  return v === v ? v : 0;
}

/** Encodes a clip as a WAV file. All channels must have the same number of frames. */
export function encodeWav(channels: PcmChannels, sampleRate: number): Uint8Array {
  const numChannels = channels.length;
  if (numChannels < 1 || numChannels > 0xffff) {
    throw new RangeError(`WAV needs 1..65535 channels, got ${numChannels}`);
  }
  if (!Number.isInteger(sampleRate) || sampleRate <= 0 || sampleRate > 0xffffffff) {
    throw new RangeError(`WAV sample rate must be a positive integer, got ${sampleRate}`);
  }
  const frames = channels[0]!.length;
  for (let c = 1; c < numChannels; c++) {
    if (channels[c]!.length !== frames) {
      throw new RangeError(`all channels of a clip must have the same length (channel 0 has ${frames} frames, channel ${c} has ${channels[c]!.length})`);
    }
  }
  const blockAlign = numChannels * 2;
  const dataBytes = frames * blockAlign;
  if (dataBytes > MAX_DATA_BYTES) throw new RangeError('clip too long for a WAV file (data chunk over 4 GiB)');

  const out = new Uint8Array(HEADER_BYTES + dataBytes);
  const view = new DataView(out.buffer, out.byteOffset, out.byteLength);
  writeAscii(out, 0, 'RIFF');
  view.setUint32(4, 36 + dataBytes, true);
  writeAscii(out, 8, 'WAVE');
  writeAscii(out, 12, 'fmt ');
  view.setUint32(16, 16, true); // fmt chunk size (PCM)
  view.setUint16(20, 1, true); // format 1 = PCM
  view.setUint16(22, numChannels, true);
  view.setUint32(24, sampleRate, true);
  view.setUint32(28, sampleRate * blockAlign, true); // byte rate
  view.setUint16(32, blockAlign, true);
  view.setUint16(34, 16, true); // bits per sample
  writeAscii(out, 36, 'data');
  view.setUint32(40, dataBytes, true);

  let at = HEADER_BYTES;
  for (let f = 0; f < frames; f++) {
    for (let c = 0; c < numChannels; c++) {
      view.setInt16(at, floatToInt16(channels[c]![f]!), true);
      at += 2;
    }
  }
  return out;
}

function writeAscii(out: Uint8Array, at: number, s: string): void {
  for (let i = 0; i < s.length; i++) out[at + i] = s.charCodeAt(i);
}
