/**
 * @tbg/events for Node: everything of the universal build, plus file paths as sources, logdirs,
 * file writers and the native CRC-32C. Importing it does nothing by itself: the native CRC is a
 * value (`nativeCrc32c()`, undefined when @node-rs/crc32 is not installed) that the file
 * functions here (`readEvents` of a path, `Logdir`, `summarizeLogdir`, `createFileWriter`) use
 * when no `crc32c` option is given; everything else defaults to the JS CRC, as in the browser.
 */
import { defaultFileCrc32c } from './crc/native.js';
import { readEvents as readEventsUniversal, readEventsFromChunks, type EventStream, type ReadEventsOptions } from './read-events.js';
import type { ByteSource } from './source/chunks.js';
import { fileChunks } from './source/file.js';

// Everything of the universal build (the `readEvents` below, which also takes file paths, takes
// precedence over the universal one).
export * from './index.js';

// Node only.
export { nativeCrc32c, NATIVE_CRC_THRESHOLD } from './crc/native.js';
export { fileChunks } from './source/file.js';
export { createFileWriter, FileSummaryWriter, type FileWriterOptions } from './writer/file-writer.js';
export {
  discoverRuns,
  discoverLogdir,
  compareNames,
  isEventFileName,
  type DiscoveredRun,
  type Discovery,
  type DiscoverOptions,
  type SkippedPath,
} from './logdir/discover.js';
export { Logdir, type LogdirOptions, type LogdirFile, type ReloadReport } from './logdir/logdir.js';
export { summarizeLogdir, summarize, type LogdirSummary, type RunSummary, type TagSummary, type FileSummary, type DataLossSummary } from './logdir/summarize.js';

/**
 * Reads Events from a file path (streamed), or any source the universal build takes. For a path,
 * the CRC-32C defaults to `nativeCrc32c()` when @node-rs/crc32 is installed (else the JS one);
 * other sources default to the JS one, as in the universal build.
 */
export function readEvents(source: string | ByteSource, options: ReadEventsOptions = {}): EventStream {
  if (typeof source === 'string') {
    return readEventsFromChunks(fileChunks(source, options.fromOffset ?? 0), { file: source, ...options, crc32c: options.crc32c ?? defaultFileCrc32c() });
  }
  return readEventsUniversal(source, options);
}
