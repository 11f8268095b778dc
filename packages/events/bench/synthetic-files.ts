/**
 * Synthetic event files for the benchmark, written straight in wire format (fast enough for
 * hundreds of MB): scalar-heavy files like a PyTorch/TF1 training loop, and a file heavy with
 * histograms and images.
 */
import { createWriteStream, existsSync, mkdirSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { tensorflow } from '@tbg/proto';
import { encodeRecords, writeRecord, OVERHEAD_BYTES } from '../src/record/frame.js';

export const BENCH_DIR = join(tmpdir(), 'tbg-events-bench');

const enc = new TextEncoder();

/** Event{wall_time, step, summary{value{tag, simple_value}}} in wire format. */
export function scalarEvent(out: Uint8Array, at: number, tag: Uint8Array, step: number, wall: number, value: number): number {
  const v = new DataView(out.buffer, out.byteOffset);
  let p = at;
  out[p++] = 0x09; // wall_time: fixed64
  v.setFloat64(p, wall, true);
  p += 8;
  out[p++] = 0x10; // step: varint
  let s = step;
  while (s > 0x7f) {
    out[p++] = (s & 0x7f) | 0x80;
    s = Math.floor(s / 128);
  }
  out[p++] = s;
  const valueLen = 2 + tag.length + 5;
  out[p++] = 0x2a; // summary
  out[p++] = valueLen + 2;
  out[p++] = 0x0a; // value
  out[p++] = valueLen;
  out[p++] = 0x0a; // tag
  out[p++] = tag.length;
  out.set(tag, p);
  p += tag.length;
  out[p++] = 0x15; // simple_value: fixed32 float
  v.setFloat32(p, value, true);
  return p + 4;
}

/** Writes (once, cached) a file of scalar events of at least `mb` MiB; returns its path and event count. */
export async function scalarFile(mb: number): Promise<{ path: string; events: number; bytes: number }> {
  mkdirSync(BENCH_DIR, { recursive: true });
  const path = join(BENCH_DIR, `scalars-${mb}mb.tfevents`);
  const tags = ['train/loss', 'train/accuracy', 'val/loss', 'val/accuracy', 'lr', 'grad_norm', 'throughput/examples_per_sec', 'gpu/memory_used'].map((t) => enc.encode(t));
  const target = mb * 1024 * 1024;
  // Records are ~40-65 bytes; count them deterministically.
  const perBatch = 50_000;
  const payload = new Uint8Array(128);
  const batch = new Uint8Array(perBatch * 128);
  let events = 0;
  let bytes = 0;
  if (existsSync(path) && statSync(path).size >= target) {
    const size = statSync(path).size;
    // Recount cheaply from the cached file's size record kept alongside.
    const meta = join(BENCH_DIR, `scalars-${mb}mb.count`);
    if (existsSync(meta)) {
      const { readFileSync } = await import('node:fs');
      return { path, events: Number(readFileSync(meta, 'utf8')), bytes: size };
    }
  }
  const ws = createWriteStream(path);
  const first = tensorflow.Event.encode(new tensorflow.Event({ wall_time: 1.6e9, file_version: 'brain.Event:2' })).finish();
  const head = encodeRecords([first]);
  ws.write(head);
  bytes += head.length;
  events++;
  let step = 0;
  while (bytes < target) {
    let o = 0;
    for (let i = 0; i < perBatch; i++) {
      const tag = tags[i % tags.length]!;
      if (i % tags.length === 0) step++;
      const n = scalarEvent(payload, 0, tag, step, 1.6e9 + step * 0.5, Math.sin(step / 100) + i * 1e-3);
      o = writeRecord(batch, o, payload.subarray(0, n));
    }
    await new Promise<void>((res) => (ws.write(batch.slice(0, o)) ? res() : ws.once('drain', () => res())));
    bytes += o;
    events += perBatch;
  }
  await new Promise<void>((res) => ws.end(() => res()));
  const { writeFileSync } = await import('node:fs');
  writeFileSync(join(BENCH_DIR, `scalars-${mb}mb.count`), String(events));
  return { path, events, bytes };
}

/** Histograms ([30,3] doubles) and images (PNG-sized blobs) interleaved: the "heavy" file. */
export async function heavyFile(mb: number): Promise<{ path: string; events: number; bytes: number }> {
  mkdirSync(BENCH_DIR, { recursive: true });
  const path = join(BENCH_DIR, `heavy-${mb}mb.tfevents`);
  const target = mb * 1024 * 1024;
  const histo = (step: number) => {
    const t = new Float64Array(90);
    for (let i = 0; i < 30; i++) {
      t[3 * i] = i / 10;
      t[3 * i + 1] = (i + 1) / 10;
      t[3 * i + 2] = (step * 7 + i * 13) % 101;
    }
    return t;
  };
  const image = new Uint8Array(60_000).map((_, i) => (i * 2654435761) >>> 24);
  image.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  const md = (plugin: string) => new tensorflow.SummaryMetadata({ plugin_data: new tensorflow.SummaryMetadata.PluginData({ plugin_name: plugin }) });
  const ws = createWriteStream(path);
  let bytes = 0;
  let events = 0;
  for (let step = 0; bytes < target; step++) {
    const payloads: Uint8Array[] = [];
    for (let k = 0; k < 8; k++) {
      const h = histo(step + k);
      payloads.push(
        tensorflow.Event.encode(
          new tensorflow.Event({
            wall_time: 1.6e9 + step,
            step,
            summary: new tensorflow.Summary({
              value: [
                new tensorflow.Summary.Value({
                  tag: `layer_${k}/kernel`,
                  metadata: step === 0 ? md('histograms') : null,
                  tensor: new tensorflow.TensorProto({
                    dtype: tensorflow.DataType.DT_DOUBLE,
                    tensor_shape: new tensorflow.TensorShapeProto({ dim: [new tensorflow.TensorShapeProto.Dim({ size: 30 }), new tensorflow.TensorShapeProto.Dim({ size: 3 })] }),
                    tensor_content: new Uint8Array(h.buffer),
                  }),
                }),
              ],
            }),
          }),
        ).finish(),
      );
    }
    if (step % 4 === 0) {
      payloads.push(
        tensorflow.Event.encode(
          new tensorflow.Event({
            wall_time: 1.6e9 + step,
            step,
            summary: new tensorflow.Summary({
              value: [
                new tensorflow.Summary.Value({
                  tag: 'samples',
                  metadata: step === 0 ? md('images') : null,
                  tensor: new tensorflow.TensorProto({ dtype: tensorflow.DataType.DT_STRING, string_val: [enc.encode('128'), enc.encode('128'), image] }),
                }),
              ],
            }),
          }),
        ).finish(),
      );
    }
    const chunk = encodeRecords(payloads);
    await new Promise<void>((res) => (ws.write(chunk) ? res() : ws.once('drain', () => res())));
    bytes += chunk.length;
    events += payloads.length;
  }
  await new Promise<void>((res) => ws.end(() => res()));
  return { path, events, bytes };
}

export { OVERHEAD_BYTES };
