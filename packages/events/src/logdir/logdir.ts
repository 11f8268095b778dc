/**
 * A logdir (Node): its runs, each a RunAccumulator fed by the run's event files in name order,
 * loaded incrementally. Each `reload()` rediscovers runs and files, stats every known file and
 * reads only the bytes after where the last read stopped: nothing is read twice except the
 * partial record at a file's end, which is retried once the file has grown. Damaged records are
 * collected as DataLossErrors (file + offset) and reading goes on past them.
 *
 * Reloads never overlap: a `reload()` called while one is running waits for it and runs next
 * (calls made meanwhile share that one). Runs are read a few at a time, each run's files in
 * order.
 */
import { stat } from 'node:fs/promises';
import { fileChunks } from '../source/file.js';
import { basename } from 'node:path';
import { performance } from 'node:perf_hooks';
import { DataLossError } from '../errors.js';
import { payloadError, type ReadState } from '../read-events.js';
import type { Crc32c } from '../crc/crc32c.js';
import { defaultFileCrc32c } from '../crc/native.js';
import { RecordReader, type ChecksumMode } from '../record/reader.js';
import { compareNames, discoverLogdir, type DiscoverOptions, type Discovery, type SkippedPath } from './discover.js';
import { RunAccumulator, type TimeSeries } from './run-accumulator.js';
import { Sampling, type SamplesPerPlugin } from './sampling.js';

export interface LogdirOptions {
  /** Samples kept per plugin; `0` and `'all'` keep everything. TensorBoard's defaults otherwise. */
  samplesPerPlugin?: SamplesPerPlugin | string;
  /** Record CRC checking, default `always` (see ChecksumMode). */
  checksum?: ChecksumMode;
  /** The CRC-32C implementation. Default: `nativeCrc32c()` when @node-rs/crc32 is installed, else the JS one. */
  crc32c?: Crc32c;
  /** TensorBoard's `--purge_orphaned_data`, default true. */
  purgeOrphanedData?: boolean;
  /** Runs read at once (default 16). */
  concurrency?: number;
  /** Directories listed at once during discovery (default 16). */
  discoverConcurrency?: DiscoverOptions['concurrency'];
  /** Never open what a symlink outside the logdir points to (see DiscoverOptions.confine). Default false. */
  confine?: boolean;
  /** Log messages kept per run (default 100). */
  maxLogMessages?: number;
}

/** One event file of a run, as far as it has been read. */
export interface LogdirFile {
  path: string;
  name: string;
  /** Size at the last stat. */
  size: number;
  /** Where the next read starts (a record boundary). */
  nextOffset: number;
  /** Records read (damaged ones excluded). */
  records: number;
  /** Bytes after `nextOffset` waiting for the rest of their record. */
  truncatedBytes: number;
  /** Damaged records found so far. */
  dataLoss: DataLossError[];
}

export interface ReloadReport {
  /** Runs known after this reload. */
  runs: number;
  newRuns: string[];
  /** Runs whose directory (or every event file) is gone: dropped with their data. */
  removedRuns: string[];
  /** Paths of files seen for the first time. */
  newFiles: string[];
  /** Bytes read from disk by this reload (new bytes, plus re-read partial records). */
  bytesRead: number;
  /** Events added by this reload. */
  events: number;
  /** Damaged records found by this reload. */
  dataLoss: DataLossError[];
  /** Values (kept points) removed by orphaned-data purges during this reload. */
  purgedValues: number;
  /** Directories, links and files that could not be read this time. */
  skipped: SkippedPath[];
  ms: number;
}

interface FileEntry extends LogdirFile {
  /** Bytes consumed so far: `nextOffset + truncatedBytes`. */
  end: number;
  /** When the last read ended inside a damaged region: where it will resume (else -1). */
  damageResumesAt: number;
}

interface RunEntry {
  name: string;
  dir: string;
  acc: RunAccumulator;
  files: FileEntry[];
  byPath: Map<string, FileEntry>;
}

interface Tally {
  bytesRead: number;
  events: number;
  dataLoss: DataLossError[];
  skipped: SkippedPath[];
}

function errMessage(err: unknown): string {
  const e = err as NodeJS.ErrnoException;
  return e?.code ? `${e.code}: ${e.message}` : String((err as Error)?.message ?? err);
}

/** Runs `fn` over `items`, at most `limit` at a time. */
async function forEachLimit<T>(items: readonly T[], limit: number, fn: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < items.length) await fn(items[next++]!);
  };
  await Promise.all(Array.from({ length: Math.min(Math.max(1, limit), items.length) }, worker));
}

export class Logdir {
  readonly path: string;
  private readonly checksum: ChecksumMode;
  private readonly crc32c: Crc32c;
  private readonly purgeOrphanedData: boolean;
  private readonly sampling: Sampling;
  private readonly concurrency: number;
  private readonly discoverConcurrency: number | undefined;
  private readonly confine: boolean;
  private readonly maxLogMessages: number | undefined;
  private readonly runMap = new Map<string, RunEntry>();
  private sortedNames: string[] | null = null;
  private running: Promise<ReloadReport> | null = null;
  private queued: Promise<ReloadReport> | null = null;
  /** What the last reload had to skip. */
  lastSkipped: SkippedPath[] = [];
  /** Reloads completed. */
  reloads = 0;

  constructor(path: string, options: LogdirOptions = {}) {
    this.path = path;
    this.checksum = options.checksum ?? 'always';
    this.crc32c = options.crc32c ?? defaultFileCrc32c();
    this.purgeOrphanedData = options.purgeOrphanedData ?? true;
    // Validates the overrides now, not at the first series.
    this.sampling = new Sampling(options.samplesPerPlugin);
    this.concurrency = options.concurrency ?? 16;
    this.discoverConcurrency = options.discoverConcurrency;
    this.confine = options.confine ?? false;
    this.maxLogMessages = options.maxLogMessages;
  }

  /** Loads what is new since the last reload (everything, the first time). */
  reload(): Promise<ReloadReport> {
    if (!this.running) return this.start();
    if (!this.queued) {
      this.queued = this.running
        .catch(() => undefined)
        .then(() => {
          this.queued = null;
          return this.start();
        });
    }
    return this.queued;
  }

  private start(): Promise<ReloadReport> {
    const p: Promise<ReloadReport> = this.doReload().finally(() => {
      if (this.running === p) this.running = null;
    });
    this.running = p;
    return p;
  }

  private async doReload(): Promise<ReloadReport> {
    const t0 = performance.now();
    const found = await discoverLogdir(this.path, { concurrency: this.discoverConcurrency, confine: this.confine });
    const removedRuns = this.forgetVanished(found);
    const newRuns: string[] = [];
    const newFiles: string[] = [];
    for (const r of found.runs) {
      let run = this.runMap.get(r.run);
      if (!run) {
        run = {
          name: r.run,
          dir: r.dir,
          acc: new RunAccumulator(r.run, { sampling: this.sampling, purgeOrphanedData: this.purgeOrphanedData, maxLogMessages: this.maxLogMessages }),
          files: [],
          byPath: new Map(),
        };
        this.runMap.set(r.run, run);
        newRuns.push(r.run);
        this.sortedNames = null;
      }
      let added = false;
      for (const path of r.files) {
        if (run.byPath.has(path)) continue;
        const entry: FileEntry = { path, name: basename(path), size: 0, nextOffset: 0, records: 0, truncatedBytes: 0, dataLoss: [], end: 0, damageResumesAt: -1 };
        run.byPath.set(path, entry);
        run.files.push(entry);
        newFiles.push(path);
        added = true;
      }
      if (added) run.files.sort((a, b) => compareNames(a.name, b.name));
    }

    const tally: Tally = { bytesRead: 0, events: 0, dataLoss: [], skipped: [...found.skipped] };
    const purgedBefore = this.totalPurged();
    const runs = this.runNames().map((n) => this.runMap.get(n)!);
    await forEachLimit(runs, this.concurrency, (run) => this.readRun(run, tally));
    this.lastSkipped = tally.skipped;
    this.reloads++;
    return {
      runs: this.runMap.size,
      newRuns,
      removedRuns,
      newFiles,
      bytesRead: tally.bytesRead,
      events: tally.events,
      dataLoss: tally.dataLoss,
      purgedValues: this.totalPurged() - purgedBefore,
      skipped: tally.skipped,
      ms: performance.now() - t0,
    };
  }

  /**
   * Drops the runs discovery no longer finds (their data with them), and from the runs it does
   * find, the files that are gone (what they held stays: a run's data is only ever added to).
   * Nothing is dropped when the logdir itself could not be read this time.
   */
  private forgetVanished(found: Discovery): string[] {
    if (found.skipped.some((s) => s.path === this.path)) return [];
    const present = new Map(found.runs.map((r) => [r.run, new Set(r.files)]));
    const removed: string[] = [];
    for (const [name, run] of this.runMap) {
      const files = present.get(name);
      if (!files) {
        this.runMap.delete(name);
        removed.push(name);
        continue;
      }
      if (run.files.every((f) => files.has(f.path))) continue;
      run.files = run.files.filter((f) => files.has(f.path));
      for (const path of run.byPath.keys()) if (!files.has(path)) run.byPath.delete(path);
    }
    if (removed.length) this.sortedNames = null;
    return removed;
  }

  private totalPurged(): number {
    let n = 0;
    for (const r of this.runMap.values()) n += r.acc.purgedValues;
    return n;
  }

  private async readRun(run: RunEntry, tally: Tally): Promise<void> {
    for (let i = 0; i < run.files.length; i++) await this.readFile(run, run.files[i]!, i, tally);
  }

  private async readFile(run: RunEntry, f: FileEntry, index: number, tally: Tally): Promise<void> {
    let size: number;
    try {
      size = (await stat(f.path)).size;
    } catch (err) {
      tally.skipped.push({ path: f.path, reason: 'unreadable', message: errMessage(err) });
      return;
    }
    f.size = size;
    // Nothing new (a shrunk or replaced file is left alone: its values were already taken).
    if (size <= f.end) return;

    const from = f.nextOffset;
    const reader = new RecordReader({ file: f.path, startOffset: from, checksum: this.checksum, crc32c: this.crc32c });
    const state: ReadState = { nextOffset: from, truncatedBytes: 0, records: 0, errors: [] };
    let read = 0;
    try {
      for await (const chunk of fileChunks(f.path, from, size)) {
        read += chunk.length;
        reader.push(chunk);
        for (;;) {
          const r = reader.nextRange();
          if (r === null) break;
          if (r instanceof DataLossError) {
            state.errors.push(r);
            continue;
          }
          try {
            run.acc.addPayload(r.buf, r.start, r.end, r.offset, index);
            state.records++;
          } catch (err) {
            state.errors.push(payloadError(r, reader, err));
          }
        }
      }
    } catch (err) {
      tally.skipped.push({ path: f.path, reason: 'unreadable', message: errMessage(err) });
    }
    // A damaged region running to the end of the data (reported now): its last few bytes,
    // too few for a header, may start the record being written, so the next read starts there,
    // and a damage found right there is the same region, not reported twice.
    const scanAt = reader.resyncing ? reader.offset : -1;
    const err = reader.finish();
    if (err) state.errors.push(err);
    if (f.damageResumesAt >= 0 && state.errors[0]?.offset === f.damageResumesAt) state.errors.shift();
    const end = from + read;
    f.nextOffset = scanAt >= 0 ? scanAt : reader.offset;
    f.truncatedBytes = end - f.nextOffset;
    f.end = end;
    f.damageResumesAt = scanAt;
    f.records += state.records;
    for (const e of state.errors) {
      f.dataLoss.push(e);
      tally.dataLoss.push(e);
    }
    tally.bytesRead += read;
    tally.events += state.records;
  }

  /** Run names, sorted. */
  runs(): string[] {
    return this.runNames().slice();
  }

  private runNames(): string[] {
    return (this.sortedNames ??= [...this.runMap.keys()].sort(compareNames));
  }

  /** A run's accumulator. */
  run(name: string): RunAccumulator | undefined {
    return this.runMap.get(name)?.acc;
  }

  /** A run's directory. */
  runDir(name: string): string | undefined {
    return this.runMap.get(name)?.dir;
  }

  /** A run's event files, in read order, as far as they have been read. */
  files(run: string): LogdirFile[] {
    const r = this.runMap.get(run);
    if (!r) return [];
    return r.files.map((f) => ({
      path: f.path,
      name: f.name,
      size: f.size,
      nextOffset: f.nextOffset,
      records: f.records,
      truncatedBytes: f.truncatedBytes,
      dataLoss: f.dataLoss.slice(),
    }));
  }

  timeSeries(run: string, tag: string): TimeSeries | undefined {
    return this.runMap.get(run)?.acc.timeSeries(tag);
  }

  /**
   * Reloads now and then every `intervalMs` after each reload ends (setTimeout, unref'd, so it
   * never keeps the process alive). Returns a function that stops it.
   */
  watch(intervalMs: number, onReload?: (report: ReloadReport) => void, onError?: (err: unknown) => void): () => void {
    let stopped = false;
    let timer: ReturnType<typeof setTimeout> | null = null;
    const tick = async (): Promise<void> => {
      timer = null;
      if (stopped) return;
      try {
        const report = await this.reload();
        if (!stopped) onReload?.(report);
      } catch (err) {
        if (!stopped) onError?.(err);
      }
      if (stopped) return;
      timer = setTimeout(() => void tick(), Math.max(0, intervalMs));
      timer.unref?.();
    };
    timer = setTimeout(() => void tick(), 0);
    timer.unref?.();
    return () => {
      stopped = true;
      if (timer) clearTimeout(timer);
      timer = null;
    };
  }
}
