import { execFileSync, spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createFileWriter, encodePng } from '@tbg/events';
import { fixturePath, needShared } from '@tbg/testkit';
import { TBG_BIN as bin, runTbg } from '../test-support/tbg-bin.js';

const run = (...args: string[]) => execFileSync(process.execPath, [bin, 'events', ...args], { encoding: 'utf8', maxBuffer: 1 << 26 });
const lines = (out: string) => out.trim().split('\n').map((l) => JSON.parse(l) as Record<string, unknown>);

const tmp = mkdtempSync(join(tmpdir(), 'tbg-cat-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

describe.skipIf(!needShared('tbg events'))('tbg events', () => {
  it('is built (turbo builds before testing)', () => expect(existsSync(bin), bin).toBe(true));

  it('cat prints one JSON line per record, and damage in place', () => {
    const out = lines(run('cat', fixturePath('events', 'derived-edge-cases', 'bad_length_crc_record50', 'events.out.tfevents.1622543341.janoshs-mbp.lan.86862.0')));
    expect(out).toHaveLength(101);
    expect(out[0]).toMatchObject({ offset: 0, step: 0, what: 'file_version', values: [] });
    expect(out[1]).toMatchObject({ offset: 40, what: 'summary', values: [{ tag: 'strict/foo', plugin: 'scalars', value: expect.any(Number) }] });
    expect(out[50]).toMatchObject({ offset: 2413, kind: 'length-crc', error: expect.stringMatching(/data loss at byte offset 2413/) });
    expect(out[51]!.offset).toBe(2462);
  });

  it('cat renders histograms, images and pr curves (fixtures)', () => {
    const custom = lines(run('cat', fixturePath('events', 'tf2-summary-api-custom', 'events.out.tfevents.1585383831.YONGXIdeMacBook-Pro.local.66143.345.v2')));
    const h = custom.flatMap((l) => (l.values as Array<{ tag: string; value: unknown }>) ?? []).find((v) => v.tag === 'linear/kernel:0')!;
    expect(h.value).toHaveLength(30);
    expect((h.value as number[][])[0]).toHaveLength(3);
    const img = lines(run('cat', fixturePath('events', 'tf2-keras-images', 'image_20200409-142247', 'cm', 'events.out.tfevents.1586413367.YONGXIdeMacBook-Pro.local.60399.8091.v2')));
    expect((img[1]!.values as Array<{ value: unknown }>)[0]!.value).toEqual({ width: 800, height: 800, bytes: expect.any(Number) });
    const pt = lines(run('cat', fixturePath('events', 'pytorch-tutorial-fashion-mnist', 'fashion_mnist_experiment_1', 'events.out.tfevents.1655100995.ziorathe.9443.3')));
    const pr = pt.flatMap((l) => (l.values as Array<{ plugin: string; value: unknown }>) ?? []).find((v) => v.plugin === 'pr_curves')!;
    expect((pr.value as number[][]).map((r) => r.length)).toEqual([127, 127, 127, 127, 127, 127]);
  });

  it('cat renders text as a string or nested array, and images and audio as {width, height, bytes}', () => {
    const w = createFileWriter(tmp, { wallTime: () => 1700000000 });
    w.text('note', 'hello **world** é', 1);
    w.text('table', [['a', 'b', 'c'], ['d', 'e', 'f']], 2);
    w.text('cube', [[['x'], ['y']]], 2);
    const rgb = { width: 4, height: 3, channels: 3 as const, data: Uint8Array.from({ length: 36 }, (_, i) => i * 7) };
    const gray = { width: 4, height: 3, channels: 1 as const, data: new Uint8Array(12).fill(9) };
    w.image('one', rgb, 3);
    w.image('two', [rgb, gray], 3);
    // Audio: width is frames, height is channels; bytes is the WAV size (44-byte header + 16-bit samples).
    w.audio('mono', Float32Array.from({ length: 100 }, (_, i) => Math.sin(i)), 8000, 4, { labels: ['*spoken*'] });
    w.audio('stereo', [{ channels: [new Float32Array(50), new Float32Array(50)] }, { channels: [new Float32Array(7), new Float32Array(7)] }], 16000, 5);
    w.close();

    const out = lines(run('cat', w.path));
    expect(out.map((l) => l.what)).toEqual(['file_version', ...Array<string>(7).fill('summary')]);
    const value = (tag: string) => {
      const v = out.flatMap((l) => l.values as Array<{ tag: string; plugin: string; value: unknown }>).filter((x) => x.tag === tag);
      expect(v, tag).toHaveLength(1);
      return v[0]!;
    };
    expect(value('note')).toEqual({ tag: 'note', plugin: 'text', value: 'hello **world** é' });
    expect(value('table')).toEqual({ tag: 'table', plugin: 'text', value: [['a', 'b', 'c'], ['d', 'e', 'f']] });
    expect(value('cube').value).toEqual([[['x'], ['y']]]);

    expect(value('one')).toEqual({ tag: 'one', plugin: 'images', value: { width: 4, height: 3, bytes: encodePng(rgb).length } });
    expect(value('two').value).toEqual([
      { width: 4, height: 3, bytes: encodePng(rgb).length },
      { width: 4, height: 3, bytes: encodePng(gray).length },
    ]);

    const mono = value('mono');
    expect(mono.plugin).toBe('audio');
    expect(mono.value).toEqual({ width: 100, height: 1, bytes: 44 + 100 * 2, sampleRate: 8000, label: '*spoken*' });
    expect(value('stereo').value).toEqual([
      { width: 50, height: 2, bytes: 44 + 50 * 4, sampleRate: 16000 },
      { width: 7, height: 2, bytes: 44 + 7 * 4, sampleRate: 16000 },
    ]);
  });

  it('cat reports a truncated tail and resumes with --from', () => {
    const file = fixturePath('events', 'derived-edge-cases', 'truncated_mid_payload', 'events.out.tfevents.1622543341.janoshs-mbp.lan.86862.0');
    const out = lines(run('cat', file));
    const last = out[out.length - 1]!;
    expect(last).toMatchObject({ truncated: 28 });
    const resumed = lines(run('cat', fixturePath('events', 'pytorch-tensorboard-reducer', 'strict', 'run_1', 'events.out.tfevents.1622543341.janoshs-mbp.lan.86862.0'), '--from', String(last.offset)));
    expect(resumed).toHaveLength(1);
  });

  it('ls summarises a logdir', () => {
    const s = JSON.parse(run('ls', fixturePath('events', 'tf2-hparams', 'hparam_tuning'))) as { runs: Array<{ name: string; files: unknown[]; tags: Array<{ tag: string; plugin: string; count: number }> }> };
    expect(s.runs.map((r) => r.name)).toEqual(['.', 'run-0', 'run-1', 'run-2', 'run-3', 'run-4', 'run-5', 'run-6', 'run-7']);
    expect(s.runs[0]!.files).toHaveLength(4);
    expect(s.runs[1]!.files).toHaveLength(2);
    expect(s.runs[1]!.tags.map((t) => [t.tag, t.plugin, t.count])).toEqual([
      ['_hparams_/session_start_info', 'hparams', 1],
      ['accuracy', 'scalars', 1],
    ]);
  });

  it('fails clearly on bad arguments', () => {
    expect(spawnSync(process.execPath, [bin, 'events', 'cat', '/nonexistent']).status).toBe(1);
    expect(spawnSync(process.execPath, [bin, 'events', 'frob', '.']).status).toBe(2);
  });
  describe('files that are not event files', () => {
    const dir = join(tmp, 'not-events');
    mkdirSync(dir, { recursive: true });
    const png = join(dir, 'digit.png');
    writeFileSync(png, encodePng({ width: 2, height: 2, channels: 1, data: new Uint8Array([0, 64, 128, 255]) }));
    const random = join(dir, 'random.bin');
    let x = 12345;
    writeFileSync(random, Uint8Array.from({ length: 300 }, () => (x = (x * 1103515245 + 12345) % 2 ** 31) & 255));
    const empty = join(dir, 'empty');
    writeFileSync(empty, '');
    const good = fixturePath('events', 'pytorch-tensorboard-reducer', 'strict', 'run_1', 'events.out.tfevents.1622543341.janoshs-mbp.lan.86862.0');

    it.each([
      ['a PNG', png, /digit\.png: not an event file \(the first record's length checksum is wrong; it looks like a PNG image\)$/],
      ['random bytes', random, /random\.bin: not an event file \(the first record's length checksum is wrong\)$/],
      ['an empty file', empty, /empty: not an event file \(the file is empty\)$/],
    ])('ls and cat refuse %s with one line naming it, exit 1', (_, file, message) => {
      for (const cmd of ['ls', 'cat']) {
        const r = runTbg('events', [cmd, file]);
        expect(r.status, cmd).toBe(1);
        expect(r.stdout).toBe('');
        expect(r.stderr.trim().split('\n')).toHaveLength(1);
        expect(r.stderr.trim()).toMatch(message);
        expect(r.stderr.startsWith(`tbg events: ${file}`)).toBe(true);
      }
    });

    it('ls of a logdir leaves such files out with a warning and lists the rest', () => {
      const logdir = join(tmp, 'mixed');
      mkdirSync(join(logdir, 'good'), { recursive: true });
      mkdirSync(join(logdir, 'bad'), { recursive: true });
      copyFileSync(good, join(logdir, 'good', 'events.out.tfevents.1.a'));
      copyFileSync(png, join(logdir, 'good', 'events.out.tfevents.2.png'));
      copyFileSync(random, join(logdir, 'bad', 'events.out.tfevents.3.bin'));
      const r = runTbg('events', ['ls', logdir]);
      expect(r.status).toBe(0);
      const s = JSON.parse(r.stdout) as { runs: Array<{ name: string; files: Array<{ name: string; dataLoss: number }>; values: number }>; dataLoss: unknown[]; notEventFiles: Array<{ file: string; message: string }> };
      expect(s.runs.map((run) => [run.name, run.files.map((f) => [f.name, f.dataLoss])])).toEqual([['good', [['events.out.tfevents.1.a', 0]]]]);
      expect(s.runs[0]!.values).toBeGreaterThan(0);
      expect(s.dataLoss).toEqual([]);
      expect(s.notEventFiles.map((f) => f.file).sort()).toEqual([join(logdir, 'bad', 'events.out.tfevents.3.bin'), join(logdir, 'good', 'events.out.tfevents.2.png')]);
      expect(s.notEventFiles.every((f) => f.message.includes('not an event file'))).toBe(true);
      expect(r.stderr.trim().split('\n').sort()).toEqual([
        `tbg events ls: left out ${join(logdir, 'bad', 'events.out.tfevents.3.bin')}: not an event file (the first record's length checksum is wrong)`,
        `tbg events ls: left out ${join(logdir, 'good', 'events.out.tfevents.2.png')}: not an event file (the first record's length checksum is wrong; it looks like a PNG image)`,
      ]);
    });

    it('a record still being written is an event file; a damaged record later on is data loss, not a refusal', () => {
      const partial = join(dir, 'events.out.tfevents.partial');
      const whole = readFileSync(good);
      writeFileSync(partial, whole.subarray(0, 20));
      const r = runTbg('events', ['cat', partial]);
      expect(r.status).toBe(0);
      expect(lines(r.stdout)).toEqual([{ offset: 0, truncated: 20, note: expect.any(String) }]);
      expect(runTbg('events', ['cat', fixturePath('events', 'derived-edge-cases', 'bad_data_crc_record50', 'events.out.tfevents.1622543341.janoshs-mbp.lan.86862.0')]).status).toBe(0);
    });

    it('errors about directories and missing paths name the path; options that do not apply are usage errors', () => {
      const cat = runTbg('events', ['cat', dir]);
      expect(cat.status).toBe(1);
      expect(cat.stderr.trim()).toBe(`tbg events: ${dir}: is a directory; cat reads one event file (tbg events ls lists a logdir)`);
      const missing = runTbg('events', ['ls', join(dir, 'nope')]);
      expect(missing.status).toBe(1);
      expect(missing.stderr.trim()).toBe(`tbg events: ${join(dir, 'nope')}: no such file or directory`);
      const from = runTbg('events', ['ls', dir, '--from', '3']);
      expect(from.status).toBe(2);
      expect(from.stderr).toMatch(/^tbg events: --from does not apply to ls\n/);
      expect(runTbg('events', ['cat', good, '--frob', '1']).status).toBe(2);
      expect(runTbg('events', ['ls', dir, dir]).status).toBe(2);
    });
  });
});
