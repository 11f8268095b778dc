/**
 * Byte sources for the reader, as async iterables of chunks: Uint8Array, Blob, ReadableStream,
 * any AsyncIterable. Nothing here reads a whole source into memory.
 */
import { EventsUsageError } from '../errors.js';

export type ByteSource = Uint8Array | Blob | ReadableStream<Uint8Array> | AsyncIterable<Uint8Array> | Iterable<Uint8Array>;

const CHUNK = 1 << 20;

export async function* chunksOf(source: ByteSource, fromOffset = 0): AsyncGenerator<Uint8Array> {
  if (source instanceof Uint8Array) {
    // Views, not copies: the reader never writes into pushed chunks.
    for (let at = fromOffset; at < source.length; at += CHUNK) yield source.subarray(at, Math.min(source.length, at + CHUNK));
    return;
  }
  if (typeof Blob !== 'undefined' && source instanceof Blob) {
    for (let at = fromOffset; at < source.size; at += CHUNK) {
      yield new Uint8Array(await source.slice(at, Math.min(source.size, at + CHUNK)).arrayBuffer());
    }
    return;
  }
  if (typeof ReadableStream !== 'undefined' && source instanceof ReadableStream) {
    const reader = source.getReader();
    let skip = fromOffset;
    try {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) return;
        if (skip >= value.length) {
          skip -= value.length;
          continue;
        }
        yield skip ? value.subarray(skip) : value;
        skip = 0;
      }
    } finally {
      reader.releaseLock();
    }
  }
  if (Symbol.asyncIterator in Object(source) || Symbol.iterator in Object(source)) {
    let skip = fromOffset;
    for await (const value of source as AsyncIterable<Uint8Array>) {
      if (!(value instanceof Uint8Array)) throw new EventsUsageError('a byte stream must yield Uint8Array chunks');
      if (skip >= value.length) {
        skip -= value.length;
        continue;
      }
      yield skip ? value.subarray(skip) : value;
      skip = 0;
    }
    return;
  }
  throw new EventsUsageError('readEvents needs a Uint8Array, Blob, ReadableStream or async iterable of Uint8Array (file paths need the Node entry of @tbg/events)');
}
