/**
 * SummaryData → the JSON that `tbg events cat` prints: a number for scalars, [[left, right,
 * count], …] for histograms, a string (or nested array) for text, {width, height, bytes} for
 * images and audio, and plain data for the rest.
 */
import { nest, type SummaryData } from '@tbg/events';
import { tensorboard } from '@tbg/proto';

/** Frames and channels of a WAV file, from its fmt/data chunks (null when not WAV). */
function wavShape(b: Uint8Array): { frames: number; channels: number; sampleRate: number } | null {
  if (b.length < 44 || String.fromCharCode(...b.subarray(0, 4)) !== 'RIFF' || String.fromCharCode(...b.subarray(8, 12)) !== 'WAVE') return null;
  const v = new DataView(b.buffer, b.byteOffset, b.byteLength);
  let channels = 0;
  let bits = 16;
  let sampleRate = 0;
  for (let p = 12; p + 8 <= b.length; ) {
    const id = String.fromCharCode(...b.subarray(p, p + 4));
    const size = v.getUint32(p + 4, true);
    if (id === 'fmt ' && p + 24 <= b.length) {
      channels = v.getUint16(p + 10, true);
      sampleRate = v.getUint32(p + 12, true);
      bits = v.getUint16(p + 22, true);
    } else if (id === 'data' && channels) {
      return { frames: Math.floor(size / (channels * (bits / 8))), channels, sampleRate };
    }
    p += 8 + size + (size & 1);
  }
  return null;
}

function rows(flat: ArrayLike<number>, width: number): number[][] {
  const out: number[][] = [];
  for (let i = 0; i + width <= flat.length; i += width) out.push(Array.from({ length: width }, (_, k) => flat[i + k]!));
  return out;
}

export function jsonValue(d: SummaryData): unknown {
  switch (d.kind) {
    case 'scalar':
      return Number.isFinite(d.value) ? d.value : String(d.value);
    case 'histogram':
      return rows(d.buckets, 3);
    case 'text':
      return nest(d.strings, d.shape);
    case 'image': {
      const one = (img: Uint8Array) => ({ width: d.width, height: d.height, bytes: img.length });
      return d.images.length === 1 ? one(d.images[0]!) : d.images.map(one);
    }
    case 'audio': {
      const one = (c: { audio: Uint8Array; label: string }) => {
        const s = wavShape(c.audio);
        // For audio, width is frames and height is channels.
        return { width: s?.frames ?? null, height: s?.channels ?? null, bytes: c.audio.length, sampleRate: s?.sampleRate ?? d.sampleRate, ...(c.label ? { label: c.label } : {}) };
      };
      return d.clips.length === 1 ? one(d.clips[0]!) : d.clips.map(one);
    }
    case 'pr_curve':
      return rows(d.values, d.thresholds);
    case 'hparams': {
      const m = d.experiment ?? d.sessionStart ?? d.sessionEnd;
      const cls = d.experiment ? tensorboard.hparams.Experiment : d.sessionStart ? tensorboard.hparams.SessionStartInfo : tensorboard.hparams.SessionEndInfo;
      return m ? (cls.toObject as (x: unknown, o: unknown) => unknown)(m, { longs: Number, enums: String }) : null;
    }
    case 'blob':
      return d.blobs.length === 1 ? { bytes: d.blobs[0]!.length } : d.blobs.map((b) => ({ bytes: b.length }));
    case 'tensor': {
      const t = d.tensor;
      if (t.strings) return nest(t.strings.map((s) => new TextDecoder().decode(s)), t.shape);
      if (t.bools) return nest(t.bools, t.shape);
      if (t.numbers) return nest(Array.from(t.numbers), t.shape);
      return null;
    }
    case 'empty':
      return null;
    case 'invalid':
      return { error: d.reason };
  }
}
