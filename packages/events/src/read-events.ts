/**
 * `readEvents`: the Events of a TFRecord event file, streamed from any byte source. Damaged
 * records are reported (DataLossError) and skipped, the reader resynchronises and goes on; a
 * truncated tail ends the stream quietly, and `nextOffset` says where to resume once the file
 * grows. Memory is bounded by the chunk size, not the file size.
 */
import { tensorflow } from '@tbg/proto';
import { DataLossError } from './errors.js';
import type { Crc32c } from './crc/crc32c.js';
import { RecordReader, type ChecksumMode, type RawRecord, type RecordRange } from './record/reader.js';
import { chunksOf, type ByteSource } from './source/chunks.js';

export interface ReadEventsOptions {
  /** Default `always`. See ChecksumMode. */
  checksum?: ChecksumMode;
  /** Start at this byte offset, which must be a record boundary (a previous `nextOffset`). */
  fromOffset?: number;
  /** File name for errors. */
  file?: string;
  /** Called for each damaged record, in file order, as it is found. Errors are also collected in `errors`. */
  onDataLoss?: (err: DataLossError) => void;
  signal?: AbortSignal;
  /**
   * The CRC-32C implementation. Default: the JS one; the Node entry's `readEvents` of a file path
   * uses `nativeCrc32c()` when @node-rs/crc32 is installed.
   */
  crc32c?: Crc32c;
}

export interface EventRecord {
  /** Byte offset of the record in the file. */
  offset: number;
  /** Payload size in bytes. */
  length: number;
  event: tensorflow.Event;
}

/** Where a read ended: resume from `nextOffset`; `truncatedBytes` wait for the rest of a record. */
export interface ReadState {
  nextOffset: number;
  truncatedBytes: number;
  records: number;
  errors: DataLossError[];
}

/**
 * The DataLossError for a record whose payload failed to decode: with CRCs checked only on
 * parse failure, a bad CRC now explains it; otherwise the payload itself is bad.
 */
export function payloadError(rec: RawRecord | RecordRange, reader: RecordReader, err: unknown): DataLossError {
  const length = 'data' in rec ? rec.data.length : rec.end - rec.start;
  const crcBad = !rec.dataCrcChecked && reader.checksum === 'on-parse-failure' && !reader.dataCrcOk(rec);
  const detail = crcBad ? 'data CRC mismatch (the payload does not parse either)' : `the payload is not a valid Event: ${(err as Error).message}`;
  return new DataLossError(crcBad ? 'data-crc' : 'payload', rec.offset, rec.offset + 16 + length, reader.file, detail);
}

/** Decodes a raw record's payload, turning failures into DataLossErrors. */
export function decodeRecord(rec: RawRecord, reader: RecordReader): EventRecord | DataLossError {
  try {
    return { offset: rec.offset, length: rec.data.length, event: tensorflow.Event.decode(rec.data) };
  } catch (err) {
    return payloadError(rec, reader, err);
  }
}

/** Pulls every complete record out of `reader`, decoded. */
export function* drainRecords(reader: RecordReader, state: ReadState, onDataLoss?: (e: DataLossError) => void): Generator<EventRecord> {
  for (;;) {
    const r = reader.next();
    if (r === null) return;
    const out = r instanceof DataLossError ? r : decodeRecord(r, reader);
    if (out instanceof DataLossError) {
      state.errors.push(out);
      onDataLoss?.(out);
      continue;
    }
    state.records++;
    yield out;
  }
}

function finishState(reader: RecordReader, state: ReadState, onDataLoss?: (e: DataLossError) => void): void {
  const err = reader.finish();
  if (err) {
    state.errors.push(err);
    onDataLoss?.(err);
  }
  state.nextOffset = reader.offset;
  state.truncatedBytes = reader.pendingBytes;
}

/** An async stream of EventRecords; its `state` is final once iteration ends. */
export interface EventStream extends AsyncIterable<EventRecord> {
  readonly state: ReadState;
}

export function readEventsFromChunks(chunks: AsyncIterable<Uint8Array>, options: ReadEventsOptions = {}): EventStream {
  const state: ReadState = { nextOffset: options.fromOffset ?? 0, truncatedBytes: 0, records: 0, errors: [] };
  const reader = new RecordReader({ file: options.file, startOffset: options.fromOffset ?? 0, checksum: options.checksum, crc32c: options.crc32c });
  async function* run(): AsyncGenerator<EventRecord> {
    for await (const chunk of chunks) {
      if (options.signal?.aborted) break;
      reader.push(chunk);
      for (const rec of drainRecords(reader, state, options.onDataLoss)) {
        state.nextOffset = reader.offset;
        yield rec;
      }
      state.nextOffset = reader.offset;
    }
    finishState(reader, state, options.onDataLoss);
  }
  return { state, [Symbol.asyncIterator]: run };
}

/** Reads Events from a Uint8Array, Blob, ReadableStream or async iterable of chunks. */
export function readEvents(source: ByteSource, options: ReadEventsOptions = {}): EventStream {
  return readEventsFromChunks(chunksOf(source, options.fromOffset ?? 0), options);
}

/** Synchronous reading of bytes already in memory. */
export function readEventsSync(bytes: Uint8Array, options: ReadEventsOptions = {}): { records: EventRecord[]; state: ReadState } {
  const from = options.fromOffset ?? 0;
  const state: ReadState = { nextOffset: from, truncatedBytes: 0, records: 0, errors: [] };
  const reader = new RecordReader({ file: options.file, startOffset: from, checksum: options.checksum, crc32c: options.crc32c });
  reader.push(bytes.subarray(from));
  const records = [...drainRecords(reader, state, options.onDataLoss)];
  finishState(reader, state, options.onDataLoss);
  return { records, state };
}
