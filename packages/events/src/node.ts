/**
 * @tbg/events for Node: everything of the universal build, plus file paths as sources, logdirs,
 * file writers and the native CRC-32C (installed on import when its binary is present).
 */
import { installNativeCrc32c } from './crc/native.js';
import { readEvents as readEventsUniversal, readEventsFromChunks, type EventStream, type ReadEventsOptions } from './read-events.js';
import type { ByteSource } from './source/chunks.js';
import { fileChunks } from './source/file.js';

installNativeCrc32c();

export * from './index.js';
export { installNativeCrc32c, NATIVE_CRC_THRESHOLD } from './crc/native.js';
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

/** Reads Events from a file path (streamed), or any source the universal build takes. */
export function readEvents(source: string | ByteSource, options: ReadEventsOptions = {}): EventStream {
  if (typeof source === 'string') return readEventsFromChunks(fileChunks(source, options.fromOffset ?? 0), { file: source, ...options });
  return readEventsUniversal(source, options);
}
