/**
 * In-memory event files, for browsers (download as a Blob) and tests, plus the standard event
 * file name. Universal: no Node APIs.
 */
import { SummaryWriter, type RecordSink, type SummaryWriterOptions } from './summary-writer.js';

/** Collects everything written to it; `bytes()` is the complete event file so far. */
export class MemorySink implements RecordSink {
  #chunks: Uint8Array[] = [];
  #size = 0;
  #closed = false;

  write(bytes: Uint8Array): void {
    if (this.#closed) throw new Error('MemorySink is closed');
    // Copy: the caller may reuse its buffer.
    this.#chunks.push(bytes.slice());
    this.#size += bytes.length;
  }

  close(): void {
    this.#closed = true;
  }

  get closed(): boolean {
    return this.#closed;
  }

  /** Bytes written so far. */
  get size(): number {
    return this.#size;
  }

  /** The contents as one buffer (later calls reuse it until more is written). */
  bytes(): Uint8Array {
    if (this.#chunks.length !== 1) {
      const out = new Uint8Array(this.#size);
      let at = 0;
      for (const c of this.#chunks) {
        out.set(c, at);
        at += c.length;
      }
      this.#chunks = [out];
    }
    return this.#chunks[0] ?? new Uint8Array(0);
  }

  /** The contents as a Blob, e.g. for a download link. */
  blob(): Blob {
    return new Blob([this.bytes()], { type: 'application/octet-stream' });
  }
}

/** A writer into memory; `sink.bytes()`/`sink.blob()` give the event file. */
export function createMemoryWriter(opts: SummaryWriterOptions = {}): { writer: SummaryWriter; sink: MemorySink } {
  const sink = new MemorySink();
  return { writer: new SummaryWriter(sink, opts), sink };
}

export interface EventFileNameParts {
  /** Creation time in seconds since the epoch (floored, zero-padded to 10 digits). */
  timeSecs: number;
  host: string;
  pid: number;
  /** Per-process writer counter (TF's `ops.uid()`, TB's `_global_uid`). */
  uid: number;
  /** Default `.v2`, like `tf.summary.create_file_writer`. */
  suffix?: string;
}

/**
 * `events.out.tfevents.<10-digit secs>.<host>.<pid>.<uid><suffix>`: TF2's naming. The padded
 * seconds make files of one run sort by creation time; "tfevents" in the name is what readers
 * look for.
 */
export function eventFileName({ timeSecs, host, pid, uid, suffix = '.v2' }: EventFileNameParts): string {
  if (!Number.isFinite(timeSecs) || timeSecs < 0) throw new RangeError(`timeSecs must be a non-negative number, got ${timeSecs}`);
  return `events.out.tfevents.${String(Math.floor(timeSecs)).padStart(10, '0')}.${host}.${pid}.${uid}${suffix}`;
}
