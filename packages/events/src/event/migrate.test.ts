import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { fixturePath } from '@tbg/testkit';
import { tensorflow } from '@tbg/proto';
import { readEventsSync } from '../read-events.js';
import { readIntoSink } from '../read-batches.js';
import { chunksOf } from '../source/chunks.js';
import { eventFileBytes } from '../logdir/synthetic-events.js';
import { encodeWav } from '../writer/wav.js';
import { eventPoints, SeriesMetadataMemo } from './event-points.js';
import { FastEventDecoder, type EventSink } from './fast-decode.js';
import { migrateHistogram } from './migrate.js';
import type { SummaryPoint } from './summary-data.js';

function points(...p: string[]): SummaryPoint[] {
  const memo = new SeriesMetadataMemo();
  return readEventsSync(new Uint8Array(readFileSync(fixturePath('events', ...p)))).records.flatMap((r) => eventPoints(r.event, memo));
}
const byTag = (ps: SummaryPoint[], tag: string) => ps.filter((p) => p.tag === tag);

describe('migration to TensorBoard modern values', () => {
  it('legacy simple_value and TF2 tensor scalars are both scalars', () => {
    const lingvo = byTag(points('tf1-lingvo', 'events.out.tfevents.test'), 'bleu/dev');
    expect(lingvo.length).toBeGreaterThan(0);
    expect(lingvo[0]!.metadata.plugin).toBe('scalars');
    expect(lingvo[0]!.data.kind).toBe('scalar');
    const tf2 = byTag(points('tf2-summary-api-custom', 'events.out.tfevents.1585383831.YONGXIdeMacBook-Pro.local.66143.345.v2'), 'logloss');
    expect(tf2).toHaveLength(50);
    expect(tf2.every((p) => p.data.kind === 'scalar' && Number.isFinite(p.data.value))).toBe(true);
    // The R writer's hybrid: simple_value with scalars metadata.
    const r = points('r-tfevents-writer', 'events.out.tfevents.1687811641.v2');
    expect(r.map((p) => [p.metadata.plugin, p.data.kind])).toEqual([['scalars', 'scalar']]);
  });

  it('TF2 histograms are read as they are; metadata of later values comes from the first', () => {
    const ps = points('tf2-summary-api-custom', 'events.out.tfevents.1585383831.YONGXIdeMacBook-Pro.local.66143.345.v2');
    const k = byTag(ps, 'linear/kernel:0');
    expect(k.every((p) => p.metadata.plugin === 'histograms' && p.data.kind === 'histogram')).toBe(true);
    const h = k[0]!.data as { kind: 'histogram'; buckets: Float64Array };
    expect(h.buckets.length).toBe(90);
    for (let i = 1; i < 30; i++) expect(h.buckets[3 * i]).toBeCloseTo(h.buckets[3 * i - 2]!, 12);
    const bias = byTag(ps, 'out_layer/bias:0')[0]!.data as { buckets: Float64Array };
    expect(bias.buckets.length).toBe(3);
  });

  it('legacy histos drop empty edge buckets and use min/max as outer edges (Python data_compat)', () => {
    const h = new tensorflow.HistogramProto({ min: -0.5, max: 2.5, num: 6, sum: 0, bucket_limit: [-1, 0, 1, 2, 3, 4], bucket: [0, 2, 0, 3, 1, 0] });
    expect(Array.from(migrateHistogram(h))).toEqual([-0.5, 0, 2, 0, 1, 0, 1, 2, 3, 2, 2.5, 1]);
    expect(migrateHistogram(new tensorflow.HistogramProto({ bucket_limit: [1, 2], bucket: [0, 0] })).length).toBe(0);
    const ps = points('tf1-2016-shekkizh', 'MNIST_logs', 'run2', 'events.out.tfevents.1461213732.sslinuxcomputewest01');
    const histos = ps.filter((p) => p.data.kind === 'histogram');
    expect(histos.length).toBe(12 * 120);
    for (const p of histos.slice(0, 50)) {
      const b = (p.data as { buckets: Float64Array }).buckets;
      for (let i = 0; i < b.length; i += 3) expect(b[i]!).toBeLessThanOrEqual(b[i + 1]!);
    }
  });

  it('images: TF2 [w, h, png…] tensors and legacy Summary.Image', () => {
    const cm = byTag(points('tf2-keras-images', 'image_20200409-142247', 'cm', 'events.out.tfevents.1586413367.YONGXIdeMacBook-Pro.local.60399.8091.v2'), 'Confusion Matrix');
    expect(cm).toHaveLength(10);
    const d = cm[0]!.data;
    expect(d.kind).toBe('image');
    if (d.kind === 'image') {
      expect(d.width).toBeGreaterThan(0);
      expect(d.height).toBeGreaterThan(0);
      expect(Array.from(d.images[0]!.subarray(1, 4))).toEqual([0x50, 0x4e, 0x47]); // "PNG"
    }
    const legacy = points('tf2-keras-images', 'image_20200409-142247', 'train', 'events.out.tfevents.1586413369.YONGXIdeMacBook-Pro.local.60399.8205.v2').filter((p) => p.metadata.plugin === 'images');
    expect(legacy.length).toBeGreaterThan(0);
    expect(legacy.every((p) => p.data.kind === 'image' && p.data.images.length === 1)).toBe(true);
  });

  it('legacy Summary.Audio becomes an audio-plugin blob sequence of one (wav, "") clip (data_compat)', async () => {
    const wav1 = encodeWav([Float32Array.from({ length: 64 }, (_, i) => Math.sin(i / 3))], 22050);
    const wav2 = encodeWav([new Float32Array(32), new Float32Array(32)], 22050);
    const audio = (wav: Uint8Array, channels: number) => ({ sample_rate: 22050, num_channels: channels, length_frames: (wav.length - 44) / (2 * channels), encoded_audio_string: wav, content_type: 'audio/wav' });
    const bytes = eventFileBytes([
      { wall_time: 1, file_version: 'brain.Event:2' },
      // TF1 tf.summary.audio: one value per clip, tag `<name>/audio/<i>`; the first has metadata.
      { wall_time: 10, step: 3, summary: { value: [{ tag: 'speech/audio/0', metadata: { display_name: 'Speech', summary_description: 'a clip' }, audio: audio(wav1, 1) }] } },
      // A later value with no metadata, another clip shape, and a value whose own metadata names
      // another plugin: the primitive decides (audio, BLOB_SEQUENCE).
      { wall_time: 11, step: 4, summary: { value: [{ tag: 'speech/audio/0', audio: audio(wav2, 2) }, { tag: 'other', metadata: { plugin_data: { plugin_name: 'images' }, data_class: tensorflow.DataClass.DATA_CLASS_TENSOR }, audio: { ...audio(wav1, 1), sample_rate: 8000, content_type: '' } }] } },
    ]);
    const memo = new SeriesMetadataMemo();
    const ps = readEventsSync(bytes).records.flatMap((r) => eventPoints(r.event, memo));
    expect(ps.map((p) => [p.tag, p.step])).toEqual([['speech/audio/0', 3], ['speech/audio/0', 4], ['other', 4]]);
    const [first, second, other] = ps as [SummaryPoint, SummaryPoint, SummaryPoint];
    // display_name defaults to the tag; description comes along (data_compat).
    expect(first.metadata).toMatchObject({ plugin: 'audio', dataClass: 'blob_sequence', displayName: 'Speech', description: 'a clip' });
    expect(second.metadata).toBe(first.metadata);
    expect(other.metadata).toMatchObject({ plugin: 'audio', dataClass: 'blob_sequence', displayName: 'other', description: '' });
    expect(first.data).toEqual({ kind: 'audio', clips: [{ audio: wav1, label: '' }], sampleRate: 22050, contentType: 'audio/wav' });
    expect(second.data).toEqual({ kind: 'audio', clips: [{ audio: wav2, label: '' }], sampleRate: 22050, contentType: 'audio/wav' });
    // No content_type means WAV, the only encoding TensorBoard's audio plugin knows.
    expect(other.data).toEqual({ kind: 'audio', clips: [{ audio: wav1, label: '' }], sampleRate: 8000, contentType: 'audio/wav' });

    // The bulk path (what Logdir uses) migrates it the same way.
    const bulk: SummaryPoint[] = [];
    const sink: EventSink = { event: () => {}, scalar: () => expect.fail('audio is not a scalar'), point: (p) => bulk.push(p) };
    const state = await readIntoSink(chunksOf(bytes), new FastEventDecoder(new SeriesMetadataMemo()), sink);
    expect(state.errors).toEqual([]);
    expect(bulk).toEqual(ps);
  });

  it('pr_curves, hparams, graphs and run metadata', () => {
    const pt = 'pytorch-tutorial-fashion-mnist/fashion_mnist_experiment_1'.split('/');
    const pr = points(...pt, 'events.out.tfevents.1655100995.ziorathe.9443.3').filter((p) => p.metadata.plugin === 'pr_curves');
    expect(pr.length).toBeGreaterThan(0);
    expect(pr.every((p) => p.data.kind === 'pr_curve' && p.data.thresholds === 127 && p.data.values.length === 6 * 127)).toBe(true);
    const g = points(...pt, 'events.out.tfevents.1655100151.ziorathe.8535.0');
    expect(g.map((p) => [p.tag, p.metadata.plugin, p.data.kind])).toContainEqual(['__run_graph__', 'graphs', 'blob']);
    expect(g.map((p) => [p.tag, p.metadata.plugin])).toContainEqual(['step1', 'graph_tagged_run_metadata']);

    const exp = points('tf2-hparams', 'hparam_tuning', 'events.out.tfevents.1585788936.ezio-virtual-machine.109144.5.v2');
    const e = exp.find((p) => p.tag === '_hparams_/experiment')!.data;
    expect(e.kind === 'hparams' && e.experiment!.hparam_infos.length).toBeGreaterThan(0);
    const run = points('tf2-hparams', 'hparam_tuning', 'run-3', 'events.out.tfevents.1585792174.ezio-virtual-machine.128712.563235.v2');
    const s = run.find((p) => p.tag === '_hparams_/session_start_info')!.data;
    expect(s.kind === 'hparams' && Object.keys(s.sessionStart!.hparams).length).toBeGreaterThan(0);
    expect(run.find((p) => p.tag === 'accuracy')!.data.kind).toBe('scalar');

    const keras = points('tf2-keras-callback-scalars-histos', 'train', 'events.out.tfevents.1585231889.LEMON.12072.235.v2');
    const model = keras.find((p) => p.tag === 'keras')!;
    expect(model.metadata.plugin).toBe('graph_keras_model');
    expect(model.data.kind === 'blob' && JSON.parse(new TextDecoder().decode(model.data.blobs[0])).class_name).toMatch(/^(Sequential|Model|Functional)$/);
  });
});
