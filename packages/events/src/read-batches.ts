/**
 * Bulk reading for loaders: records go through the fast decoder into an EventSink, with one
 * await per ~1 MiB chunk instead of one per record, and no allocation per scalar. Same damage
 * handling and resume semantics as readEvents.
 */
import { DataLossError } from './errors.js';
import { RecordReader } from './record/reader.js';
import { FastEventDecoder, type EventSink } from './event/fast-decode.js';
import { payloadError, type ReadEventsOptions, type ReadState } from './read-events.js';

/** Reads every record of `chunks` into `sink`; resolves with where reading ended. */
export async function readIntoSink(chunks: AsyncIterable<Uint8Array>, decoder: FastEventDecoder, sink: EventSink, options: ReadEventsOptions = {}): Promise<ReadState> {
  const state: ReadState = { nextOffset: options.fromOffset ?? 0, truncatedBytes: 0, records: 0, errors: [] };
  const reader = new RecordReader({ file: options.file, startOffset: options.fromOffset ?? 0, checksum: options.checksum, crc32c: options.crc32c });
  const lose = (e: DataLossError) => {
    state.errors.push(e);
    options.onDataLoss?.(e);
  };
  for await (const chunk of chunks) {
    if (options.signal?.aborted) break;
    reader.push(chunk);
    for (;;) {
      const r = reader.nextRange();
      if (r === null) break;
      if (r instanceof DataLossError) {
        lose(r);
        continue;
      }
      try {
        decoder.decode(r.buf, r.start, r.end, r.offset, sink);
        state.records++;
      } catch (err) {
        lose(payloadError(r, reader, err));
      }
    }
    state.nextOffset = reader.offset;
  }
  const err = reader.finish();
  if (err) lose(err);
  state.nextOffset = reader.offset;
  state.truncatedBytes = reader.pendingBytes;
  return state;
}
