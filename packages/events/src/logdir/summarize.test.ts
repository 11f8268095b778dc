import { readFileSync } from 'node:fs';
import { join, posix } from 'node:path';
import { describe, expect, it } from 'vitest';
import { fixturePath } from '@tbg/testkit';
import { EventsUsageError } from '../errors.js';
import { summarizeLogdir } from './summarize.js';

interface FileFacts {
  file: string;
  bytes: number;
  records: number;
  tags: Record<string, { count: number }>;
}
const manifest = JSON.parse(readFileSync(fixturePath('events', 'manifest.json'), 'utf8')) as { files: FileFacts[] };

describe('summarizeLogdir', () => {
  it('tf2-hparams: plain JSON with runs, files, tags, plugins and step ranges', async () => {
    const root = fixturePath('events', 'tf2-hparams', 'hparam_tuning');
    const s = await summarizeLogdir(root);
    expect(JSON.parse(JSON.stringify(s))).toEqual(s);
    expect(s.logdir).toBe(root);
    expect(s.dataLoss).toEqual([]);
    expect(s.skipped).toEqual([]);
    expect(s.runs.map((r) => r.name)).toEqual(['.', ...Array.from({ length: 8 }, (_, i) => `run-${i}`)]);

    const top = s.runs[0]!;
    expect(top.files).toHaveLength(4);
    expect(top.files[0]).toEqual({ name: 'events.out.tfevents.1585788936.ezio-virtual-machine.109144.5.v2', bytes: 242, records: 2, truncatedBytes: 0, dataLoss: 0 });
    // Four files each write the experiment once.
    expect(top.tags).toEqual([{ tag: '_hparams_/experiment', plugin: 'hparams', dataClass: 'tensor', count: 4, kept: 4, stepRange: [0, 0] }]);
    expect(top.plugins).toEqual({ hparams: 4 });
    expect(top.values).toBe(4);

    const run0 = s.runs[1]!;
    expect(run0.files.map((f) => f.records)).toEqual([1, 3]);
    expect(run0.tags.map((t) => [t.tag, t.plugin, t.dataClass, t.count, t.kept])).toEqual([
      ['_hparams_/session_start_info', 'hparams', 'tensor', 1, 1],
      ['accuracy', 'scalars', 'scalar', 1, 1],
    ]);
    expect(run0.plugins).toEqual({ hparams: 1, scalars: 1 });
    expect(run0.values).toBe(2);
    expect(run0.stepRange).toEqual([0, 1]);
    expect(run0.fileVersion).toBe('brain.Event:2');
  });

  it('the whole fixtures dir: value counts, kept counts under default sampling, and every damaged record', async () => {
    const root = fixturePath('events');
    const s = await summarizeLogdir(root);
    const byRun = new Map(s.runs.map((r) => [r.name, r]));
    // Counts are values read, whatever the sampling keeps.
    for (const f of manifest.files) {
      if (f.file.startsWith('derived-edge-cases/')) continue;
      const run = byRun.get(posix.dirname(f.file) || '.')!;
      expect(run.files.find((x) => x.name === posix.basename(f.file))).toMatchObject({ bytes: f.bytes, records: f.records, dataLoss: 0 });
    }
    const lingvo = byRun.get('tf1-lingvo')!;
    expect(lingvo.tags.find((t) => t.tag === 'bleu/dev')).toEqual({ tag: 'bleu/dev', plugin: 'scalars', dataClass: 'scalar', count: 360, kept: 360, stepRange: [expect.any(Number), 185200] });
    const mnist = byRun.get('tf1-2016-shekkizh/MNIST_logs/run2')!;
    expect(mnist.plugins).toMatchObject({ histograms: 12 * 120, scalars: 3 * 120, graphs: 1 });
    const keras = byRun.get('tf2-keras-images/image_20200409-142247/cm')!;
    // Images: 10 values, 10 kept (the default is 10).
    expect(keras.tags).toEqual([{ tag: 'Confusion Matrix', plugin: 'images', dataClass: 'blob_sequence', count: 10, kept: 10, stepRange: [0, 9] }]);

    expect(s.dataLoss.map((d) => [posix.basename(posix.dirname(d.file.split('\\').join('/'))), d.offset, d.kind])).toEqual([
      ['bad_data_crc_record50', 2413, 'data-crc'],
      ['bad_length_crc_record50', 2413, 'length-crc'],
      ['payload_bitflip_record50', expect.any(Number), 'data-crc'],
    ]);
    expect(s.dataLoss[0]!.file).toBe(join(root, 'derived-edge-cases', 'bad_data_crc_record50', 'events.out.tfevents.1622543341.janoshs-mbp.lan.86862.0'));
    expect(typeof s.dataLoss[0]!.message).toBe('string');
    const trunc = byRun.get('derived-edge-cases/truncated_mid_payload')!;
    expect(trunc.files[0]!.truncatedBytes).toBe(28);
  });

  it('samples per plugin change what is kept, not what is counted', async () => {
    const s = await summarizeLogdir(fixturePath('events', 'tf1-lingvo'), { samplesPerPlugin: 'scalars=5' });
    expect(s.runs[0]!.tags.map((t) => t.plugin)).toEqual(Array(s.runs[0]!.tags.length).fill('scalars'));
    expect(s.runs[0]!.tags.length).toBeGreaterThan(1);
    for (const t of s.runs[0]!.tags) {
      expect(t.count).toBe(360);
      expect(t.kept).toBe(5);
    }
  });

  it('a missing path is a usage error', async () => {
    await expect(summarizeLogdir(fixturePath('events', 'no-such-dir'))).rejects.toThrow(EventsUsageError);
  });
});
