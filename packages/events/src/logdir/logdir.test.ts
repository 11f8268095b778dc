import { appendFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, posix } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { fixturePath } from '@tbg/testkit';
import { readEventsSync } from '../read-events.js';
import { stepOf } from '../event/event-points.js';
import { Logdir, type LogdirOptions, type ReloadReport } from './logdir.js';
import { eventFileBytes, fileVersionEvent, scalarsEvent } from './synthetic-events.js';

interface FileFacts {
  file: string;
  bytes: number;
  records: number;
  truncated_tail_bytes: number;
  event_kinds: Record<string, number>;
  tags: Record<string, { count: number; kinds: Record<string, number> }>;
}
const manifest = JSON.parse(readFileSync(fixturePath('events', 'manifest.json'), 'utf8')) as { files: FileFacts[] };
const EVENTS = fixturePath('events');
const KEEP_ALL: LogdirOptions = { samplesPerPlugin: { '*': 'all' } };

const tmp = mkdtempSync(join(tmpdir(), 'tbg-logdir-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

function runOf(file: string): string {
  const d = posix.dirname(file);
  return d === '' ? '.' : d;
}

/** Manifest files grouped by run (relative to the fixtures dir). */
function manifestRuns(): Map<string, FileFacts[]> {
  const m = new Map<string, FileFacts[]>();
  for (const f of manifest.files) m.set(runOf(f.file), [...(m.get(runOf(f.file)) ?? []), f]);
  return m;
}

/** Summed manifest value counts per tag over a run's files. */
function expectedCounts(files: FileFacts[]): Map<string, number> {
  const m = new Map<string, number>();
  for (const f of files) for (const [tag, t] of Object.entries(f.tags)) m.set(tag, (m.get(tag) ?? 0) + t.count);
  return m;
}

function fixtureFacts(run: string): FileFacts[] {
  return manifestRuns().get(run)!;
}

async function load(path: string, options: LogdirOptions = {}): Promise<{ logdir: Logdir; report: ReloadReport }> {
  const logdir = new Logdir(path, options);
  const report = await logdir.reload();
  return { logdir, report };
}

function keptSteps(logdir: Logdir, run: string, tag: string): number[] {
  return logdir.timeSeries(run, tag)!.points.items().map((p) => p.step);
}

describe('Logdir over the fixtures', () => {
  it('value counts per tag equal manifest.json when sampling keeps everything', async () => {
    const { logdir, report } = await load(EVENTS, KEEP_ALL);
    const runs = manifestRuns();
    expect(logdir.runs()).toEqual([...runs.keys()].sort());
    expect(report.runs).toBe(runs.size);
    expect(report.newFiles).toHaveLength(manifest.files.length);
    expect(report.bytesRead).toBe(manifest.files.reduce((n, f) => n + f.bytes, 0));
    for (const [run, files] of runs) {
      if (run.startsWith('derived-edge-cases/')) continue;
      const acc = logdir.run(run)!;
      for (const [tag, count] of expectedCounts(files)) {
        const s = acc.timeSeries(tag);
        expect(s, `${run} ${tag}`).toBeDefined();
        expect(s!.count, `${run} ${tag}`).toBe(count);
        expect(s!.points.size, `${run} ${tag}`).toBe(count);
      }
      // The only other series are the graphs TensorBoard synthesizes from graph events.
      const graphs = files.reduce((n, f) => n + (f.event_kinds.graph_def ?? 0), 0);
      const tagged = files.reduce((n, f) => n + (f.event_kinds.tagged_run_metadata ?? 0), 0);
      const extra = acc.allTimeSeries().filter((s) => !expectedCounts(files).has(s.tag));
      expect(extra.reduce((n, s) => n + s.count, 0), run).toBe(graphs + tagged);
      expect(logdir.timeSeries(run, '__run_graph__')?.count ?? 0).toBe(graphs);
      expect(acc.events).toBe(files.reduce((n, f) => n + f.records, 0));
      expect(acc.purgedValues).toBe(0);
      const byName = new Map(logdir.files(run).map((f) => [f.name, f]));
      for (const f of files) {
        const lf = byName.get(posix.basename(f.file))!;
        expect(lf.records).toBe(f.records);
        expect(lf.size).toBe(f.bytes);
        expect(lf.nextOffset).toBe(f.bytes);
        expect(lf.truncatedBytes).toBe(0);
        expect(lf.dataLoss).toEqual([]);
      }
    }
    expect(logdir.timeSeries('pytorch-tutorial-fashion-mnist/fashion_mnist_experiment_1', 'step1')!.metadata.plugin).toBe('graph_tagged_run_metadata');

    // Memory is bounded by the reservoirs: no kept array is a view into a reader chunk.
    let arrays = 0;
    const visit = (x: unknown): void => {
      if (ArrayBuffer.isView(x)) {
        arrays++;
        expect(x.byteOffset).toBe(0);
        expect(x.byteLength).toBe(x.buffer.byteLength);
      } else if (Array.isArray(x)) x.forEach(visit);
      else if (x && typeof x === 'object' && Object.getPrototypeOf(x) === Object.prototype) Object.values(x).forEach(visit);
    };
    for (const run of logdir.runs()) {
      for (const s of logdir.run(run)!.allTimeSeries()) {
        visit(s.metadata.content.length ? s.metadata.content : undefined);
        for (const p of s.points) visit(p.data);
      }
    }
    expect(arrays).toBeGreaterThan(1000);
  });

  it('derived edge cases: truncation waits, damage is reported with file and offset and skipped', async () => {
    const { logdir, report } = await load(join(EVENTS, 'derived-edge-cases'));
    for (const name of ['truncated_mid_header', 'truncated_mid_payload']) {
      const facts = fixtureFacts(`derived-edge-cases/${name}`)[0]!;
      const [f] = logdir.files(name);
      expect(f!.truncatedBytes).toBe(facts.truncated_tail_bytes);
      expect(f!.nextOffset).toBe(facts.bytes - facts.truncated_tail_bytes);
      expect(f!.dataLoss).toEqual([]);
      expect(logdir.timeSeries(name, 'strict/foo')!.count).toBe(facts.tags['strict/foo']!.count);
    }
    const crc = logdir.files('bad_data_crc_record50')[0]!;
    expect(crc.dataLoss).toHaveLength(1);
    expect(crc.dataLoss[0]).toMatchObject({ kind: 'data-crc', offset: 2413, file: crc.path });
    expect(logdir.timeSeries('bad_data_crc_record50', 'strict/foo')!.count).toBe(99);
    expect(logdir.timeSeries('bad_data_crc_record50', 'strict/foo')!.points.size).toBe(99);
    expect(crc.records).toBe(100);

    const len = logdir.files('bad_length_crc_record50')[0]!;
    expect(len.dataLoss).toHaveLength(1);
    expect(len.dataLoss[0]).toMatchObject({ kind: 'length-crc', offset: 2413 });
    // The reader resynchronises: the records after the damage are kept too.
    expect(logdir.timeSeries('bad_length_crc_record50', 'strict/foo')!.count).toBe(99);

    expect(logdir.files('payload_bitflip_record50')[0]!.dataLoss).toHaveLength(1);
    expect(report.dataLoss).toHaveLength(3);
    // Nothing new: nothing is read or reported again.
    const again = await logdir.reload();
    expect(again.bytesRead).toBe(0);
    expect(again.dataLoss).toEqual([]);
    expect(logdir.files('bad_data_crc_record50')[0]!.dataLoss).toHaveLength(1);
  });

  it('default sampling caps: MNIST run2 keeps its 120 histograms (<= 500), a small capacity keeps exactly that many', async () => {
    const run = 'tf1-2016-shekkizh/MNIST_logs/run2';
    const facts = fixtureFacts(run);
    const histoTags = Object.keys(facts[0]!.tags).filter((t) => facts[0]!.tags[t]!.count === 120 && facts[0]!.tags[t]!.kinds.histo === 120);
    expect(histoTags).toHaveLength(12);
    const { logdir } = await load(join(EVENTS, run));
    for (const tag of histoTags) {
      const s = logdir.timeSeries('.', tag)!;
      expect(s.metadata.plugin).toBe('histograms');
      expect(s.points.capacity).toBe(500);
      expect(s.points.size).toBe(120);
    }
    const small = (await load(join(EVENTS, run), { samplesPerPlugin: 'histograms=7' })).logdir;
    for (const tag of histoTags) {
      const s = small.timeSeries('.', tag)!;
      expect(s.count).toBe(120);
      expect(s.points.size).toBe(7);
      expect(s.points.last()!.step).toBe(s.lastStep);
      expect(s.lastStep).toBe(11900);
    }
    // The graph is kept (graphs: 10 by default).
    expect(small.timeSeries('.', '__run_graph__')!.points.size).toBe(1);
  });

  it('scalars default to 1000 and sampling is deterministic run to run', async () => {
    const dir = join(EVENTS, 'tf1-lingvo');
    const a = (await load(dir, { samplesPerPlugin: { scalars: 25 } })).logdir;
    const b = (await load(dir, { samplesPerPlugin: { scalars: 25 } })).logdir;
    expect(a.run('.')!.tags().length).toBeGreaterThan(1);
    for (const tag of a.run('.')!.tags()) {
      const s = a.timeSeries('.', tag)!;
      expect(s.count).toBe(360);
      expect(s.points.size).toBe(25);
      expect(s.points.last()!.step).toBe(185200);
      expect(keptSteps(a, '.', tag)).toEqual(keptSteps(b, '.', tag));
    }
    const d = (await load(dir)).logdir;
    expect(d.timeSeries('.', 'bleu/dev')!.points.capacity).toBe(1000);
    expect(d.timeSeries('.', 'bleu/dev')!.points.size).toBe(360);
  });

  it('restarted runs (two files, file_version 2, no SessionLog) keep both copies', async () => {
    for (const run of ['tf1-2016-shekkizh/notMNIST_logs/run3', 'tf1-2016-shekkizh/NeuralArtist_logs/runMomemntumOptimizer']) {
      const files = fixtureFacts(run);
      expect(files).toHaveLength(2);
      const { logdir } = await load(join(EVENTS, run));
      const acc = logdir.run('.')!;
      expect(acc.purgedValues).toBe(0);
      for (const [tag, count] of expectedCounts(files)) {
        const s = acc.timeSeries(tag)!;
        expect(s.count, `${run} ${tag}`).toBe(count);
        expect(s.points.size, `${run} ${tag}`).toBe(Math.min(count, s.points.capacity));
      }
      // Steps restart in the second file; every value of both files is kept, in file order.
      const histo = acc.allTimeSeries().find((s) => s.metadata.plugin === 'histograms')!;
      const fileSteps = files.flatMap((f) =>
        readEventsSync(new Uint8Array(readFileSync(join(EVENTS, f.file))))
          .records.filter((r) => r.event.summary?.value.some((v) => v.tag === histo.tag))
          .map((r) => stepOf(r.event)),
      );
      const kept = histo.points.items().map((p) => p.step);
      expect(kept).toEqual(fileSteps);
      expect(kept.some((st, i) => i > 0 && st < kept[i - 1]!)).toBe(true);
      expect(logdir.files('.').map((f) => f.records)).toEqual(files.map((f) => f.records));
    }
  });

  it('duplicate_steps: 210 values over 200 steps, file_version 2, nothing purged', async () => {
    const { logdir } = await load(join(EVENTS, 'pytorch-tensorboard-reducer', 'duplicate_steps'));
    expect(logdir.runs()).toEqual(['run_1', 'run_2', 'run_3']);
    for (const run of logdir.runs()) {
      for (const tag of ['dup_steps/foo', 'dup_steps/bar']) {
        const s = logdir.timeSeries(run, tag)!;
        expect(s.count).toBe(210);
        expect(s.points.size).toBe(210);
        expect(new Set(keptSteps(logdir, run, tag)).size).toBe(200);
      }
      expect(logdir.run(run)!.fileVersionNumber).toBe(2);
      expect(logdir.run(run)!.purgedValues).toBe(0);
    }
  });

  it('a path that is a single event file is run "."', async () => {
    const file = fixturePath('events', 'r-tfevents-writer', 'events.out.tfevents.1687811641.v2');
    const { logdir } = await load(file);
    expect(logdir.runs()).toEqual(['.']);
    expect(logdir.files('.').map((f) => f.name)).toEqual(['events.out.tfevents.1687811641.v2']);
    expect(logdir.timeSeries('.', 'hello')!.count).toBe(1);
  });
});

describe('incremental reload', () => {
  const src = fixturePath('events', 'tf1-lingvo', 'events.out.tfevents.test');
  const full = new Uint8Array(readFileSync(src));
  const facts = manifest.files.find((f) => f.file === 'tf1-lingvo/events.out.tfevents.test')!;
  // One cut inside a record's payload, one inside a record's 12-byte header.
  const boundaries = readEventsSync(full).records.map((r) => r.offset);
  const cuts: Array<[string, number]> = [
    ['mid-payload', 40_000],
    ['mid-header', boundaries[200]! + 5],
  ];

  for (const [label, cut] of cuts) {
    it(`reads only new bytes (${label} cut at ${cut})`, async () => {
      const dir = join(tmp, `inc-${label}`);
      mkdirSync(dir, { recursive: true });
      const path = join(dir, 'events.out.tfevents.test');
      writeFileSync(path, full.subarray(0, cut));
      const prefix = readEventsSync(full.subarray(0, cut));
      const logdir = new Logdir(dir);

      const r1 = await logdir.reload();
      expect(r1.newRuns).toEqual(['.']);
      expect(r1.newFiles).toEqual([path]);
      expect(r1.bytesRead).toBe(cut);
      expect(r1.events).toBe(prefix.records.length);
      const [f1] = logdir.files('.');
      expect(f1!.nextOffset).toBe(prefix.state.nextOffset);
      expect(f1!.truncatedBytes).toBe(cut - prefix.state.nextOffset);
      expect(f1!.truncatedBytes).toBeGreaterThan(0);
      const summaries = prefix.records.filter((r) => r.event.what === 'summary').length;
      for (const tag of Object.keys(facts.tags)) expect(logdir.timeSeries('.', tag)!.count).toBe(summaries);

      // Nothing new: nothing read.
      const r2 = await logdir.reload();
      expect(r2.bytesRead).toBe(0);
      expect(r2.events).toBe(0);
      expect(r2.newFiles).toEqual([]);

      appendFileSync(path, full.subarray(cut));
      const r3 = await logdir.reload();
      // The new bytes plus the re-read partial record.
      expect(r3.bytesRead).toBe(full.length - prefix.state.nextOffset);
      expect(r3.events).toBe(facts.records - prefix.records.length);
      expect(r3.dataLoss).toEqual([]);
      const [f3] = logdir.files('.');
      expect(f3).toMatchObject({ size: facts.bytes, nextOffset: facts.bytes, truncatedBytes: 0, records: facts.records });
      for (const [tag, t] of Object.entries(facts.tags)) expect(logdir.timeSeries('.', tag)!.count).toBe(t.count);
      expect(logdir.run('.')!.events).toBe(facts.records);
    });
  }

  for (const [label, partial] of [
    ['garbage at the end, then new records', 0],
    ['garbage, then a record being written', 5],
  ] as Array<[string, number]>) {
    it(`damage running to the end of the data is reported once and reading recovers (${label})`, async () => {
      const dir = join(tmp, `damage-${partial}`);
      mkdirSync(dir, { recursive: true });
      const path = join(dir, 'events.out.tfevents.1.h');
      const good = eventFileBytes([fileVersionEvent(), ...[0, 1, 2, 3, 4].map((s) => scalarsEvent(s, { x: s }))]);
      const more = eventFileBytes([5, 6, 7].map((s) => scalarsEvent(s, { x: s })));
      writeFileSync(path, good);
      appendFileSync(path, new Uint8Array(30).fill(0xab));
      appendFileSync(path, more.subarray(0, partial));
      const logdir = new Logdir(dir);
      const r1 = await logdir.reload();
      expect(r1.dataLoss).toHaveLength(1);
      expect(r1.dataLoss[0]).toMatchObject({ kind: 'length-crc', offset: good.length });
      const [f1] = logdir.files('.');
      expect(f1!.truncatedBytes).toBeGreaterThan(0);
      expect(f1!.truncatedBytes).toBeLessThan(12);
      expect(logdir.timeSeries('.', 'x')!.count).toBe(5);
      // Nothing new: nothing re-reported.
      expect((await logdir.reload()).dataLoss).toEqual([]);

      appendFileSync(path, more.subarray(partial));
      const r2 = await logdir.reload();
      expect(r2.dataLoss).toEqual([]);
      expect(keptSteps(logdir, '.', 'x')).toEqual([0, 1, 2, 3, 4, 5, 6, 7]);
      const [f2] = logdir.files('.');
      expect(f2).toMatchObject({ truncatedBytes: 0, nextOffset: good.length + 30 + more.length });
      expect(f2!.dataLoss).toHaveLength(1);
    });
  }

  it('a fixture copied in one byte at a time: each record arrives once it is complete, as in one load', async () => {
    const src = fixturePath('events', 'tf2-hparams', 'hparam_tuning', 'run-3', 'events.out.tfevents.1585792174.ezio-virtual-machine.128712.563235.v2');
    const full = new Uint8Array(readFileSync(src));
    const ends = readEventsSync(full).records.map((r) => r.offset + 16 + r.length);
    expect(ends).toHaveLength(3);
    const dir = join(tmp, 'bytewise');
    mkdirSync(dir, { recursive: true });
    const path = join(dir, 'events.out.tfevents.1585792174.ezio-virtual-machine.128712.563235.v2');
    writeFileSync(path, new Uint8Array(0));
    const logdir = new Logdir(dir, KEEP_ALL);
    let prevNext = 0;
    for (let cut = 1; cut <= full.length; cut++) {
      appendFileSync(path, full.subarray(cut - 1, cut));
      const r = await logdir.reload();
      const complete = ends.filter((e) => e <= cut);
      const nextOffset = complete.length ? complete[complete.length - 1]! : 0;
      expect(r.dataLoss, `cut ${cut}`).toEqual([]);
      expect(r.events, `cut ${cut}`).toBe(ends.includes(cut) ? 1 : 0);
      // The new byte, plus the partial record it retried.
      expect(r.bytesRead, `cut ${cut}`).toBe(cut - prevNext);
      expect(logdir.run('.')!.events).toBe(complete.length);
      expect(logdir.files('.')[0]).toMatchObject({ size: cut, nextOffset, truncatedBytes: cut - nextOffset, records: complete.length });
      prevNext = nextOffset;
    }
    const whole = (await load(src, KEEP_ALL)).logdir;
    for (const tag of ['_hparams_/session_start_info', 'accuracy']) {
      const a = logdir.timeSeries('.', tag)!;
      const b = whole.timeSeries('.', tag)!;
      expect(a.metadata, tag).toEqual(b.metadata);
      expect(a.points.items(), tag).toEqual(b.points.items());
    }
  });

  it('picks up new files and new runs', async () => {
    const dir = join(tmp, 'grow');
    mkdirSync(join(dir, 'train'), { recursive: true });
    const mk = (from: number, n: number) => eventFileBytes([fileVersionEvent(), ...Array.from({ length: n }, (_, i) => scalarsEvent(from + i, { loss: i }))]);
    writeFileSync(join(dir, 'train', 'events.out.tfevents.0000000001.h'), mk(0, 5));
    const logdir = new Logdir(dir);
    expect((await logdir.reload()).newRuns).toEqual(['train']);
    writeFileSync(join(dir, 'train', 'events.out.tfevents.0000000002.h'), mk(5, 5));
    mkdirSync(join(dir, 'eval'));
    writeFileSync(join(dir, 'eval', 'events.out.tfevents.0000000001.h'), mk(0, 3));
    const r = await logdir.reload();
    expect(r.newRuns).toEqual(['eval']);
    expect(r.newFiles.sort()).toEqual([join(dir, 'eval', 'events.out.tfevents.0000000001.h'), join(dir, 'train', 'events.out.tfevents.0000000002.h')]);
    expect(r.events).toBe(6 + 4);
    expect(logdir.runs()).toEqual(['eval', 'train']);
    expect(keptSteps(logdir, 'train', 'loss')).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
    expect(logdir.files('train').map((f) => f.name)).toEqual(['events.out.tfevents.0000000001.h', 'events.out.tfevents.0000000002.h']);
    expect(logdir.timeSeries('eval', 'loss')!.count).toBe(3);
    expect(logdir.timeSeries('nope', 'loss')).toBeUndefined();
    expect(logdir.files('nope')).toEqual([]);
  });

  it('drops a run whose directory is gone, and a deleted file from a run that stays, without reporting them as damage', async () => {
    const dir = join(tmp, 'shrink');
    const mk = (n: number) => eventFileBytes([fileVersionEvent(), ...Array.from({ length: n }, (_, i) => scalarsEvent(i, { loss: i }))]);
    mkdirSync(join(dir, 'train'), { recursive: true });
    mkdirSync(join(dir, 'eval'), { recursive: true });
    writeFileSync(join(dir, 'train', 'events.out.tfevents.1.h'), mk(3));
    writeFileSync(join(dir, 'train', 'events.out.tfevents.2.h'), mk(2));
    writeFileSync(join(dir, 'eval', 'events.out.tfevents.1.h'), mk(4));
    const logdir = new Logdir(dir);
    expect((await logdir.reload()).removedRuns).toEqual([]);
    const before = logdir.timeSeries('train', 'loss')!.count;
    rmSync(join(dir, 'eval'), { recursive: true });
    rmSync(join(dir, 'train', 'events.out.tfevents.2.h'));
    const r = await logdir.reload();
    expect(r.removedRuns).toEqual(['eval']);
    expect(r.skipped).toEqual([]);
    expect(logdir.runs()).toEqual(['train']);
    expect(logdir.run('eval')).toBeUndefined();
    expect(logdir.files('train').map((f) => f.name)).toEqual(['events.out.tfevents.1.h']);
    // What the deleted file held stays: a run's data is only ever added to.
    expect(logdir.timeSeries('train', 'loss')!.count).toBe(before);
    // The run comes back, fresh, when its directory does.
    mkdirSync(join(dir, 'eval'));
    writeFileSync(join(dir, 'eval', 'events.out.tfevents.1.h'), mk(1));
    expect((await logdir.reload()).newRuns).toEqual(['eval']);
    expect(logdir.timeSeries('eval', 'loss')!.count).toBe(1);
    // A logdir that cannot be read for a moment drops nothing.
    const gone = new Logdir(join(tmp, 'shrink-missing'));
    expect((await gone.reload()).removedRuns).toEqual([]);
  });

  it('reloads never overlap; watch polls and stops', async () => {
    const dir = join(tmp, 'watch');
    mkdirSync(dir, { recursive: true });
    const path = join(dir, 'events.out.tfevents.1.h');
    writeFileSync(path, eventFileBytes([fileVersionEvent(), scalarsEvent(0, { x: 0 })]));
    const logdir = new Logdir(dir);
    const p1 = logdir.reload();
    const p2 = logdir.reload();
    const p3 = logdir.reload();
    expect(p3).toBe(p2);
    const [r1, r2] = await Promise.all([p1, p2]);
    expect(r1.events).toBe(2);
    expect(r2.events).toBe(0);
    expect(logdir.reloads).toBe(2);

    const reports: ReloadReport[] = [];
    let resolveGot: () => void;
    const got = new Promise<void>((res) => (resolveGot = res));
    const stop = logdir.watch(10, (r) => {
      reports.push(r);
      if (r.events > 0) resolveGot();
    });
    appendFileSync(path, eventFileBytes([scalarsEvent(1, { x: 1 }), scalarsEvent(2, { x: 2 })]));
    await got;
    stop();
    const n = reports.length;
    await new Promise((res) => setTimeout(res, 50));
    expect(reports.length).toBe(n);
    expect(logdir.timeSeries('.', 'x')!.count).toBe(3);
  });
});

describe('many runs', () => {
  it('loads a logdir of 1,000 small runs; an idle reload reads nothing', async () => {
    const dir = join(tmp, 'many');
    const bytes = eventFileBytes([fileVersionEvent(), ...Array.from({ length: 50 }, (_, i) => scalarsEvent(i, { loss: 1 / (i + 1), acc: i / 50, lr: 0.1 }))]);
    for (let i = 0; i < 1000; i++) {
      const run = join(dir, `group${i % 10}`, `run${String(i).padStart(4, '0')}`);
      mkdirSync(run, { recursive: true });
      writeFileSync(join(run, 'events.out.tfevents.1700000000.host.1.0'), bytes);
    }
    const logdir = new Logdir(dir);
    const report = await logdir.reload();
    expect(report.runs).toBe(1000);
    expect(report.events).toBe(1000 * 51);
    expect(report.bytesRead).toBe(1000 * bytes.length);
    expect(logdir.timeSeries('group3/run0003', 'loss')!.count).toBe(50);
    const again = await logdir.reload();
    expect(again.bytesRead).toBe(0);
    expect(again.events).toBe(0);
  });
});
