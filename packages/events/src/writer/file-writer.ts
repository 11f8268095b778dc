/**
 * Event files on disk (Node only): `createFileWriter(logdir)` like `tf.summary.create_file_writer`.
 *
 * Durability: the file is opened for append and every flush is one `fs.writeSync` of whole
 * records, so a crash can only cut the tail, never corrupt an earlier record (readers treat a
 * partial last record as "more later"). Queued events are flushed on process exit: one set of
 * `beforeExit`/`exit`/`SIGINT`/`SIGTERM` handlers serves all open writers, installed while at
 * least one is open.
 */
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { defaultFileCrc32c } from '../crc/native.js';
import { eventFileName } from './memory-sink.js';
import { SummaryWriter, type RecordSink, type SummaryWriterOptions } from './summary-writer.js';

/** SummaryWriter's options; `crc32c` defaults to `nativeCrc32c()` when @node-rs/crc32 is installed. */
export interface FileWriterOptions extends SummaryWriterOptions {
  /** Appended to the file name after `.<pid>.<uid>`. Default `.v2`. */
  filenameSuffix?: string;
}

/** Appends whole buffers to an open file descriptor, synchronously. */
class FileSink implements RecordSink {
  #fd: number | undefined;

  constructor(fd: number) {
    this.#fd = fd;
  }

  write(bytes: Uint8Array): void {
    if (this.#fd === undefined) throw new Error('file sink is closed');
    // writeSync may write less than asked (e.g. near a full disk): loop until all is out.
    let at = 0;
    while (at < bytes.length) at += fs.writeSync(this.#fd, bytes, at, bytes.length - at);
  }

  close(): void {
    if (this.#fd === undefined) return;
    const fd = this.#fd;
    this.#fd = undefined;
    fs.closeSync(fd);
  }
}

/** A SummaryWriter bound to one event file. */
export class FileSummaryWriter extends SummaryWriter {
  /** Absolute path of the event file. */
  readonly path: string;

  /** @internal use createFileWriter */
  constructor(filePath: string, sink: RecordSink, opts: SummaryWriterOptions) {
    super(sink, opts);
    this.path = filePath;
    openWriters.add(this);
    installExitHandlers();
  }

  override close(): void {
    openWriters.delete(this);
    if (openWriters.size === 0) removeExitHandlers();
    super.close();
  }
}

/** Process-wide writer counter for file names (TB's `_global_uid`), starting at 0. */
let nextUid = 0;

/**
 * Creates `logdir` (recursively) and a new event file in it named
 * `events.out.tfevents.<10-digit secs>.<hostname>.<pid>.<n><suffix>`.
 */
export function createFileWriter(logdir: string, opts: FileWriterOptions = {}): FileSummaryWriter {
  const { filenameSuffix = '.v2', crc32c = defaultFileCrc32c(), ...writerOpts } = opts;
  const dir = path.resolve(logdir);
  fs.mkdirSync(dir, { recursive: true });
  const clock = writerOpts.wallTime ?? (() => Date.now() / 1000);
  const name = eventFileName({ timeSecs: clock(), host: os.hostname(), pid: process.pid, uid: nextUid++, suffix: filenameSuffix });
  const filePath = path.join(dir, name);
  const fd = fs.openSync(filePath, 'a');
  const sink = new FileSink(fd);
  try {
    return new FileSummaryWriter(filePath, sink, { ...writerOpts, wallTime: clock, crc32c });
  } catch (e) {
    sink.close();
    throw e;
  }
}

// --- process-exit flushing, shared by all open file writers ---

const openWriters = new Set<FileSummaryWriter>();
const SIGNALS = ['SIGINT', 'SIGTERM'] as const;
let installed = false;

/** Flushes every open writer; never throws (we are on the way out). */
function flushAll(): void {
  for (const w of openWriters) {
    try {
      w.flush();
    } catch {
      // A failing writer must not stop the others from flushing.
    }
  }
}

function onSignal(signal: NodeJS.Signals): void {
  flushAll();
  if (process.listenerCount(signal) > 1) return; // the app handles this signal itself: leave it to it
  // Ours was the only listener, so Node's default (terminate) was suppressed: restore and re-raise.
  process.removeListener(signal, onSignal);
  process.kill(process.pid, signal);
}

function installExitHandlers(): void {
  if (installed) return;
  installed = true;
  process.on('beforeExit', flushAll);
  process.on('exit', flushAll);
  for (const s of SIGNALS) process.on(s, onSignal);
}

function removeExitHandlers(): void {
  if (!installed) return;
  installed = false;
  process.removeListener('beforeExit', flushAll);
  process.removeListener('exit', flushAll);
  for (const s of SIGNALS) process.removeListener(s, onSignal);
}
