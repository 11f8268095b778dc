/**
 * @tbg/events benchmark: prints JSON lines. Every case runs in a fresh process (so peak RSS and
 * JIT state are its own). Synthetic inputs are cached in the OS temp dir.
 * - events.read: a ≥200 MB scalar file, bulk path (fast decoder into a sink) with each checksum
 *   mode, and readEvents (full Event objects); a histogram/image-heavy file.
 * - events.read.vs-tfrecord: the npm `tfrecord` package (framing + CRC only) against our full
 *   decode on the same file: small scalar records, and the histogram/image-heavy file.
 * - events.crc: JS vs native CRC-32C by input size (the basis of the native threshold).
 * - events.write: SummaryWriter throughput into memory and into a file.
 * - events.logdir: one run holding a scalar file of two sizes (peak RSS stays flat: memory is
 *   bounded by the reservoirs, not the file), and a logdir of 1,000 runs: time and peak RSS.
 * Usage: node --expose-gc bench-dist/bench.js [--quick]
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createRequire } from 'node:module';
import { heavyFile, scalarFile } from './synthetic-files.js';
import { logdirOfRuns } from './synthetic-logdir.js';
import { fileChunks, jsCrc32c, nativeCrc32c, readEvents } from '../src/node.js';
import { readIntoSink } from '../src/read-batches.js';
import { FastEventDecoder, type EventSink } from '../src/event/fast-decode.js';
import { SeriesMetadataMemo } from '../src/event/event-points.js';
import { createMemoryWriter } from '../src/writer/memory-sink.js';
import { createFileWriter } from '../src/writer/file-writer.js';
import { Logdir } from '../src/logdir/logdir.js';
import type { ChecksumMode } from '../src/record/reader.js';

const quick = process.argv.includes('--quick');
const MB = 1024 * 1024;
const emit = (o: object) => process.stdout.write(JSON.stringify(o) + '\n');
const round = (x: number, d = 2) => Math.round(x * 10 ** d) / 10 ** d;
const rssMB = () => round(process.resourceUsage().maxRSS / 1024);

/** The CRC-32C every case reads and writes with: `--js-crc` forces the JS one, else native where installed. */
const native = nativeCrc32c();
const crc32c = process.argv.includes('--js-crc') || !native ? jsCrc32c : native;
const crcName = crc32c === jsCrc32c ? 'js' : 'native+js';

const SCALAR_MB = quick ? 20 : 210;
const HEAVY_MB = quick ? 20 : 100;
/** The smaller of the two files the logdir memory bound is shown on. */
const SMALL_MB = quick ? 5 : 40;

function countingSink(): EventSink & { events: number; values: number; sum: number } {
  return {
    events: 0,
    values: 0,
    sum: 0,
    event() {
      this.events++;
    },
    scalar(_t, _m, _s, _w, v) {
      this.values++;
      this.sum += v;
    },
    point() {
      this.values++;
    },
  };
}

type Case = () => object | Promise<object>;

const CASES: Record<string, Case> = {
  async 'scalars-bulk-always'() {
    return bulk(await scalarFile(SCALAR_MB), 'always', 'scalars');
  },
  async 'scalars-bulk-on-parse-failure'() {
    return bulk(await scalarFile(SCALAR_MB), 'on-parse-failure', 'scalars');
  },
  async 'scalars-bulk-never'() {
    return bulk(await scalarFile(SCALAR_MB), 'never', 'scalars');
  },
  async 'scalars-readEvents'() {
    return viaReadEvents(await scalarFile(SCALAR_MB), 'always', `scalars-${SCALAR_MB}mb`);
  },
  async 'heavy-bulk-always'() {
    return bulk(await heavyFile(HEAVY_MB), 'always', 'histograms+images');
  },
  async 'heavy-bulk-never'() {
    return bulk(await heavyFile(HEAVY_MB), 'never', 'histograms+images');
  },
  async 'scalars-readEvents-never'() {
    return viaReadEvents(await scalarFile(SCALAR_MB), 'never', `scalars-${SCALAR_MB}mb`);
  },
  async 'heavy-readEvents'() {
    return viaReadEvents(await heavyFile(HEAVY_MB), 'always', `histograms+images-${HEAVY_MB}mb`);
  },
  async 'heavy-readEvents-never'() {
    return viaReadEvents(await heavyFile(HEAVY_MB), 'never', `histograms+images-${HEAVY_MB}mb`);
  },
  async 'vs-tfrecord-scalars'() {
    // tfrecord issues two reads per record: a small scalar file keeps its run short.
    return vsTfrecord(await scalarFile(8), 'scalars-8mb');
  },
  async 'vs-tfrecord-heavy'() {
    return vsTfrecord(await heavyFile(HEAVY_MB), `histograms+images-${HEAVY_MB}mb`);
  },
  crc() {
    const out: object[] = [];
    const allNative = nativeCrc32c(0);
    for (const size of [16, 64, 256, 1024, 4096, 65536, MB]) {
      const buf = new Uint8Array(size).map((_, i) => (i * 31) & 0xff);
      const reps = Math.max(10, Math.floor((quick ? 20 : 200) * MB / size));
      const run = () => {
        let x = 0;
        const t0 = performance.now();
        for (let i = 0; i < reps; i++) x ^= crcFn(buf, 0, size);
        return [performance.now() - t0, x] as const;
      };
      let crcFn = jsCrc32c;
      run();
      const [jsMs] = run();
      let nativeMs: number | null = null;
      if (allNative) {
        crcFn = allNative;
        run();
        nativeMs = run()[0];
      }
      const mb = (size * reps) / MB;
      out.push({ bench: 'events.crc', bytes: size, jsMBps: round(mb / (jsMs / 1000)), nativeMBps: nativeMs === null ? null : round(mb / (nativeMs / 1000)) });
    }
    return out;
  },
  'write-memory'() {
    const { writer, sink } = createMemoryWriter({ maxQueue: 1000, crc32c });
    const n = quick ? 200_000 : 1_000_000;
    const tags = ['loss', 'accuracy', 'lr', 'grad_norm'];
    const t0 = performance.now();
    for (let i = 0; i < n; i++) writer.scalar(tags[i & 3]!, Math.sin(i), i >> 2);
    writer.close();
    const ms = performance.now() - t0;
    return { bench: 'events.write', sink: 'memory', kind: 'scalar', events: n, bytes: sink.size, ms: round(ms), eventsPerSec: Math.round(n / (ms / 1000)) };
  },
  'write-file'() {
    const dir = mkdtempSync(join(tmpdir(), 'tbg-write-'));
    const writer = createFileWriter(dir, { maxQueue: 1000, crc32c });
    const n = quick ? 200_000 : 1_000_000;
    const t0 = performance.now();
    for (let i = 0; i < n; i++) writer.scalar('loss', Math.sin(i), i);
    writer.close();
    const ms = performance.now() - t0;
    const histT0 = performance.now();
    const hw = createFileWriter(dir, { crc32c });
    const values = Float64Array.from({ length: 10_000 }, (_, i) => Math.sin(i) * i);
    const hn = quick ? 200 : 2000;
    for (let i = 0; i < hn; i++) hw.histogram('weights', values, i);
    hw.close();
    const histMs = performance.now() - histT0;
    return [
      { bench: 'events.write', sink: 'file', kind: 'scalar', events: n, ms: round(ms), eventsPerSec: Math.round(n / (ms / 1000)) },
      { bench: 'events.write', sink: 'file', kind: 'histogram (10k values, 30 buckets)', events: hn, ms: round(histMs), eventsPerSec: Math.round(hn / (histMs / 1000)) },
    ];
  },
  async 'logdir-small-file'() {
    return logdirOneFile(SMALL_MB);
  },
  async 'logdir-big-file'() {
    return logdirOneFile(SCALAR_MB);
  },
  async 'logdir-1000-runs'() {
    const { dir, runs, bytes, events } = logdirOfRuns(1000, quick ? 50 : 400);
    const t0 = performance.now();
    const ld = new Logdir(dir, { crc32c });
    const report = await ld.reload();
    const ms = performance.now() - t0;
    const t1 = performance.now();
    const again = await ld.reload();
    const reloadMs = performance.now() - t1;
    return {
      bench: 'events.logdir',
      runs,
      files: runs,
      bytes,
      events,
      loadedRuns: ld.runs().length,
      loadedEvents: report.events,
      ms: round(ms),
      eventsPerSec: Math.round(report.events / (ms / 1000)),
      noChangeReloadMs: round(reloadMs),
      noChangeBytesRead: again.bytesRead,
      peakRssMB: rssMB(),
    };
  },
};

/** One run holding one scalar file: time, and memory bounded by the reservoirs (1000 points per tag), not by the file. */
async function logdirOneFile(mb: number): Promise<object> {
  const f = await scalarFile(mb);
  const dir = join(dirname(f.path), `logdir-big-${mb}`, 'run');
  mkdirSync(dir, { recursive: true });
  const link = join(dir, 'events.out.tfevents.1600000000.host.1.0.v2');
  if (!existsSync(link)) symlinkSync(f.path, link);
  const t0 = performance.now();
  const ld = new Logdir(dirname(dir), { crc32c });
  const report = await ld.reload();
  const ms = performance.now() - t0;
  const kept = ld.run('run')!.allTimeSeries().reduce((n, s) => n + s.points.size, 0);
  return {
    bench: 'events.logdir',
    input: `one run, scalars-${mb}mb`,
    bytes: f.bytes,
    events: report.events,
    keptPoints: kept,
    ms: round(ms),
    eventsPerSec: Math.round(report.events / (ms / 1000)),
    MBps: round(f.bytes / MB / (ms / 1000)),
    peakRssMB: rssMB(),
  };
}

async function viaReadEvents(f: { path: string; bytes: number }, checksum: ChecksumMode, input: string): Promise<object> {
  const t0 = performance.now();
  let n = 0;
  for await (const r of readEvents(f.path, { checksum, crc32c })) if (r.event) n++;
  const ms = performance.now() - t0;
  return { bench: 'events.read', input, api: 'readEvents (Event objects)', checksum, bytes: f.bytes, events: n, ms: round(ms), MBps: round(f.bytes / MB / (ms / 1000)), eventsPerSec: Math.round(n / (ms / 1000)), peakRssMB: rssMB() };
}

async function vsTfrecord(f: { path: string; bytes: number }, input: string): Promise<object> {
  const require = createRequire(import.meta.url);
  const { RecordReader } = require('tfrecord') as { RecordReader: { create(p: string): Promise<{ readRecord(): Promise<Uint8Array | null> }> } };
  const t0 = performance.now();
  const rr = await RecordReader.create(f.path);
  let n = 0;
  while ((await rr.readRecord()) !== null) n++;
  const tfMs = performance.now() - t0;
  const t1 = performance.now();
  let m = 0;
  for await (const r of readEvents(f.path, { crc32c })) if (r.event) m++;
  const ourMs = performance.now() - t1;
  const sink = countingSink();
  const t2 = performance.now();
  await readIntoSink(fileChunks(f.path), new FastEventDecoder(new SeriesMetadataMemo()), sink, { checksum: 'always', crc32c });
  const bulkMs = performance.now() - t2;
  return {
    bench: 'events.read.vs-tfrecord',
    input,
    bytes: f.bytes,
    records: n,
    tfrecordMs: round(tfMs),
    tfrecordMBps: round(f.bytes / MB / (tfMs / 1000)),
    readEventsMs: round(ourMs),
    bulkMs: round(bulkMs),
    speedupReadEvents: round(tfMs / ourMs),
    speedupBulk: round(tfMs / bulkMs),
    target: 1.5,
    note: 'tfrecord only frames and checks CRCs; ours also decodes every Event (CRC checked too)',
    sameCount: n === m && m === sink.events,
  };
}

async function bulk(f: { path: string; bytes: number; events: number }, checksum: ChecksumMode, kind: string): Promise<object> {
  const sink = countingSink();
  const t0 = performance.now();
  const state = await readIntoSink(fileChunks(f.path), new FastEventDecoder(new SeriesMetadataMemo()), sink, { checksum, crc32c });
  const ms = performance.now() - t0;
  return {
    bench: 'events.read',
    input: `${kind}-${Math.round(f.bytes / MB)}mb`,
    api: 'bulk (fast decoder into a sink)',
    checksum,
    crc: crcName,
    bytes: f.bytes,
    events: sink.events,
    values: sink.values,
    errors: state.errors.length,
    ms: round(ms),
    MBps: round(f.bytes / MB / (ms / 1000)),
    eventsPerSec: Math.round(sink.events / (ms / 1000)),
    peakRssMB: rssMB(),
  };
}

async function main(): Promise<void> {
  const ci = process.argv.indexOf('--case');
  if (ci >= 0) {
    const r = await CASES[process.argv[ci + 1]!]!();
    process.stdout.write(JSON.stringify(r));
    return;
  }
  // Build inputs first (cached), so cases time only reading.
  await scalarFile(SCALAR_MB);
  await scalarFile(8);
  await scalarFile(SMALL_MB);
  await heavyFile(HEAVY_MB);
  const self = fileURLToPath(import.meta.url);
  for (const name of Object.keys(CASES)) {
    const args = ['--expose-gc', self, '--case', name, ...(quick ? ['--quick'] : [])];
    const r = spawnSync(process.execPath, args, { encoding: 'utf8', maxBuffer: 1 << 24 });
    if (r.status !== 0) throw new Error(`${name}: ${r.stderr}`);
    const out = JSON.parse(r.stdout) as object | object[];
    for (const o of Array.isArray(out) ? out : [out]) emit(o);
  }
}

await main();
