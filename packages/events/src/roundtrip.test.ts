/** Round trip: everything the writer writes reads back equal, through readEvents and migration. */
import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { decode as decodePng } from 'fast-png';
import { tensorflow } from '@tbg/proto';
import { createMemoryWriter } from './writer/memory-sink.js';
import { readEventsSync } from './read-events.js';
import { eventPoints, SeriesMetadataMemo } from './event/event-points.js';
import { histogramBuckets } from './writer/histogram-buckets.js';
import { loadGraphFromEvents } from './graph/event-graphs.js';
import { readEvents } from './node.js';
import type { SummaryPoint } from './event/summary-data.js';

function readBack(bytes: Uint8Array): SummaryPoint[] {
  const memo = new SeriesMetadataMemo();
  const { records, state } = readEventsSync(bytes);
  expect(state.errors).toEqual([]);
  expect(state.truncatedBytes).toBe(0);
  return records.flatMap((r) => eventPoints(r.event, memo));
}

describe('writer → reader round trip', () => {
  it('every summary kind reads back equal', () => {
    const { writer, sink } = createMemoryWriter();
    const hist = Float64Array.from({ length: 1000 }, (_, i) => Math.sin(i) * 3);
    const gray = { width: 4, height: 3, channels: 1 as const, data: Uint8Array.from({ length: 12 }, (_, i) => i * 20) };
    const clip = Float32Array.from({ length: 800 }, (_, i) => Math.sin(i / 10) * 0.8);
    const graph = new tensorflow.GraphDef({ node: [new tensorflow.NodeDef({ name: 'x', op: 'Placeholder' }), new tensorflow.NodeDef({ name: 'y', op: 'Neg', input: ['x'] })] });
    const rm = new tensorflow.RunMetadata({ step_stats: new tensorflow.StepStats({ dev_stats: [new tensorflow.DeviceStepStats({ device: '/cpu:0' })] }) });
    for (let s = 0; s < 5; s++) writer.scalar('loss', 1 / (s + 1), s, { description: 'training loss' });
    writer.histogram('w', hist, 7, { buckets: 12 });
    writer.image('img', [gray, gray], 3, { maxOutputs: 1 });
    writer.audio('snd', [clip, clip], 8000, 4, { labels: ['a', 'b'] });
    writer.text('note', [['a', 'b'], ['c', 'é']], 5);
    writer.text('title', 'hello *markdown*', 5);
    writer.graph(graph);
    writer.runMetadata('trace', rm, 9);
    writer.runMetadata('tagged', rm, 10, { kind: 'tagged' });
    writer.kerasModel('keras', { class_name: 'Sequential', config: { layers: [] } });
    writer.hparamsConfig({ hparams: [{ name: 'lr', domain: { type: 'interval', min: 1e-4, max: 1e-1 } }], metrics: [{ tag: 'loss' }] });
    writer.hparams({ lr: 0.01, optimizer: 'adam' });
    writer.hparamsEnd({ status: 'success' });
    writer.close();
    const ps = readBack(sink.bytes());
    const get = (tag: string) => ps.filter((p) => p.tag === tag);

    expect(get('loss').map((p) => [p.step, p.data.kind === 'scalar' && p.data.value])).toEqual([0, 1, 2, 3, 4].map((s) => [s, Math.fround(1 / (s + 1))]));
    expect(get('loss')[0]!.metadata).toMatchObject({ plugin: 'scalars', dataClass: 'scalar', description: 'training loss' });

    const h = get('w')[0]!;
    expect(h.metadata.plugin).toBe('histograms');
    expect(h.data.kind === 'histogram' && Array.from(h.data.buckets)).toEqual(Array.from(histogramBuckets(hist, 12).data));

    const im = get('img')[0]!.data;
    expect(im.kind).toBe('image');
    if (im.kind === 'image') {
      expect([im.width, im.height, im.images.length]).toEqual([4, 3, 1]);
      expect(Array.from(decodePng(im.images[0]!).data)).toEqual(Array.from(gray.data));
    }

    const au = get('snd')[0]!.data;
    expect(au.kind === 'audio' && au.clips.map((c) => c.label)).toEqual(['a', 'b']);
    if (au.kind === 'audio') {
      for (const c of au.clips) {
        const wav = parseWav(c.audio);
        expect([wav.sampleRate, wav.channels.length]).toEqual([8000, 1]);
        expect(wav.channels[0]!.length).toBe(clip.length);
        expect(wav.channels[0]!.every((x, i) => Math.abs(x - clip[i]!) <= 1 / 32767)).toBe(true);
      }
    }

    expect(get('note')[0]!.data).toEqual({ kind: 'text', shape: [2, 2], strings: ['a', 'b', 'c', 'é'] });
    expect(get('title')[0]!.data).toEqual({ kind: 'text', shape: [], strings: ['hello *markdown*'] });

    const g = get('__run_graph__')[0]!.data;
    expect(g.kind === 'blob' && tensorflow.GraphDef.decode(g.blobs[0]!).node.map((n) => n.name)).toEqual(['x', 'y']);
    for (const tag of ['trace', 'tagged']) {
      const d = get(tag)[0]!.data;
      expect(d.kind === 'blob' && tensorflow.RunMetadata.decode(d.blobs[0]!).step_stats!.dev_stats[0]!.device).toBe('/cpu:0');
    }
    expect(get('trace')[0]!.metadata.plugin).toBe('graph_run_metadata');
    expect(get('tagged')[0]!.metadata.plugin).toBe('graph_tagged_run_metadata');
    const k = get('keras')[0]!.data;
    expect(k.kind === 'blob' && JSON.parse(new TextDecoder().decode(k.blobs[0])).class_name).toBe('Sequential');

    const exp = get('_hparams_/experiment')[0]!.data;
    expect(exp.kind === 'hparams' && exp.experiment!.hparam_infos[0]!.name).toBe('lr');
    const start = get('_hparams_/session_start_info')[0]!.data;
    expect(start.kind === 'hparams' && start.sessionStart!.hparams.optimizer!.string_value).toBe('adam');
    const end = get('_hparams_/session_end_info')[0]!.data;
    expect(end.kind === 'hparams' && end.sessionEnd!.status).toBe(1);

    // The graph loads through loadGraph as well.
    expect(loadGraphFromEvents(sink.bytes()).graph.node.length).toBe(2);
  });

  it('audio: the WAVs read back with the sample rate, channel count and samples written (mono and stereo)', () => {
    const { writer, sink } = createMemoryWriter();
    const frames = 1000;
    const wave = (f: number, phase: number) => Float32Array.from({ length: frames }, (_, i) => Math.sin(i * f + phase) * 0.9);
    // Full scale and a few exact values too: ±1, 0, ±1/2.
    const monoA = wave(0.05, 0);
    monoA.set([1, -1, 0, 0.5, -0.5], 0);
    const monoB = wave(0.3, 1);
    const stereo = { channels: [wave(0.02, 0), wave(0.11, 2)] };
    stereo.channels[1]!.set([-1, 1], frames - 2);
    const stereo2 = { channels: [wave(0.07, 3), new Float32Array(frames)] };
    writer.audio('mono', [monoA, monoB], 16000, 1, { labels: ['a', 'b'] });
    writer.audio('stereo', [stereo, stereo2], 44100, 2);
    writer.close();
    const ps = readBack(sink.bytes());

    const check = (tag: string, rate: number, written: Float32Array[][]) => {
      const d = ps.find((p) => p.tag === tag)!.data;
      expect(d.kind).toBe('audio');
      if (d.kind !== 'audio') return;
      expect(d.clips).toHaveLength(written.length);
      d.clips.forEach((clip, k) => {
        const wav = parseWav(clip.audio);
        expect({ sampleRate: wav.sampleRate, channels: wav.channels.length, bits: wav.bits }, `${tag} clip ${k}`).toEqual({ sampleRate: rate, channels: written[k]!.length, bits: 16 });
        wav.channels.forEach((got, c) => {
          const want = written[k]![c]!;
          expect(got.length).toBe(want.length);
          let worst = 0;
          for (let i = 0; i < want.length; i++) worst = Math.max(worst, Math.abs(got[i]! - want[i]!));
          expect(worst, `${tag} clip ${k} channel ${c}`).toBeLessThanOrEqual(1 / 32767);
        });
      });
    };
    check('mono', 16000, [[monoA], [monoB]]);
    check('stereo', 44100, [stereo.channels, stereo2.channels]);
    const mono = ps.find((p) => p.tag === 'mono')!.data;
    expect(mono.kind === 'audio' && mono.clips.map((c) => c.label)).toEqual(['a', 'b']);
    // The channels are not swapped or interleaved wrongly: channel 1 of the second stereo clip is silent.
    const s2 = ps.find((p) => p.tag === 'stereo')!.data;
    if (s2.kind === 'audio') expect(parseWav(s2.clips[1]!.audio).channels[1]!.every((x) => x === 0)).toBe(true);
  });
});

/**
 * A WAV file parsed by hand: RIFF/WAVE chunks in any order, 16-bit PCM, samples de-interleaved
 * per channel and scaled to [-1, 1) (int16 / 32768).
 */
function parseWav(b: Uint8Array): { sampleRate: number; bits: number; channels: Float64Array[] } {
  const v = new DataView(b.buffer, b.byteOffset, b.byteLength);
  const id = (at: number) => String.fromCharCode(...b.subarray(at, at + 4));
  expect(id(0)).toBe('RIFF');
  expect(v.getUint32(4, true)).toBe(b.length - 8);
  expect(id(8)).toBe('WAVE');
  let fmt: { format: number; channels: number; sampleRate: number; byteRate: number; blockAlign: number; bits: number } | null = null;
  let data: Uint8Array | null = null;
  for (let p = 12; p + 8 <= b.length; ) {
    const size = v.getUint32(p + 4, true);
    expect(p + 8 + size, `chunk ${id(p)} runs past the end`).toBeLessThanOrEqual(b.length);
    if (id(p) === 'fmt ') {
      fmt = { format: v.getUint16(p + 8, true), channels: v.getUint16(p + 10, true), sampleRate: v.getUint32(p + 12, true), byteRate: v.getUint32(p + 16, true), blockAlign: v.getUint16(p + 20, true), bits: v.getUint16(p + 22, true) };
    } else if (id(p) === 'data') data = b.subarray(p + 8, p + 8 + size);
    p += 8 + size + (size & 1);
  }
  expect(fmt).not.toBeNull();
  expect(data).not.toBeNull();
  const f = fmt!;
  expect(f.format).toBe(1); // PCM
  expect(f.bits).toBe(16);
  expect(f.blockAlign).toBe(f.channels * 2);
  expect(f.byteRate).toBe(f.sampleRate * f.blockAlign);
  expect(data!.length % f.blockAlign).toBe(0);
  const frames = data!.length / f.blockAlign;
  const dv = new DataView(data!.buffer, data!.byteOffset, data!.byteLength);
  const channels = Array.from({ length: f.channels }, (_, c) => Float64Array.from({ length: frames }, (_, i) => dv.getInt16((i * f.channels + c) * 2, true) / 32768));
  return { sampleRate: f.sampleRate, bits: f.bits, channels };
}

describe('tailing across processes', () => {
  const here = dirname(fileURLToPath(import.meta.url));
  const dist = join(here, '..', 'dist', 'node.js');

  it('a writer in one process and a tailing reader in another see every value, in order', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'tbg-tail-x-'));
    const script = join(dir, 'writer.mjs');
    const N = 300;
    writeFileSync(
      script,
      `import { createFileWriter } from ${JSON.stringify(dist)};
       import { existsSync } from 'node:fs';
       const w = createFileWriter(process.argv[2], { maxQueue: 1000, flushMillis: 1e9 });
       let i = 0;
       // Halfway, wait for the reader's ack: it proves the reader saw values while we still write.
       const tick = () => {
         if (i === ${N / 2} && !existsSync(process.argv[3])) return void setTimeout(tick, 2);
         for (let k = 0; k < 6 && i < ${N}; k++, i++) w.scalar('v', i, i);
         w.flush();
         if (i < ${N}) setTimeout(tick, 5); else w.close();
       };
       tick();`,
    );
    const ack = join(dir, 'ack');
    const child = spawn(process.execPath, [script, dir, ack], { stdio: 'inherit' });
    let childRunning = true;
    const exited = new Promise<number | null>((res) => child.on('exit', (code) => ((childRunning = false), res(code))));
    let seenWhileWriting = -1;
    const seen: number[] = [];
    let offset = 0;
    let file: string | undefined;
    const deadline = Date.now() + 30_000;
    let done = false;
    while (!done && Date.now() < deadline) {
      file ??= readdirSync(dir).find((f) => f.includes('tfevents'));
      if (file) {
        const s = readEvents(join(dir, file), { fromOffset: offset });
        for await (const r of s) for (const v of r.event.summary?.value ?? []) seen.push(v.tensor ? new DataView(v.tensor.tensor_content.buffer, v.tensor.tensor_content.byteOffset).getFloat32(0, true) : NaN);
        expect(s.state.errors).toEqual([]);
        offset = s.state.nextOffset;
        if (seenWhileWriting < 0 && seen.length >= N / 2 && childRunning) {
          seenWhileWriting = seen.length;
          writeFileSync(ack, '');
        }
      }
      done = seen.length >= N;
      if (!done) await new Promise((r) => setTimeout(r, 3));
    }
    expect(await exited).toBe(0);
    // The writer paused halfway until the reader had read those values, so reads overlapped writes.
    expect(seenWhileWriting).toBe(N / 2);
    expect(seen).toEqual(Array.from({ length: N }, (_, i) => i));
    expect(readFileSync(join(dir, file!)).length).toBe(offset);
  });
});
