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

// The universal build, by name (`readEvents` is extended below).
export {
  DataLossError,
  EventsUsageError,
  type DataLossKind,
  jsCrc32c,
  maskedCrc32c,
  maskCrc,
  type Crc32c,
  encodeRecord,
  encodeRecords,
  writeRecord,
  HEADER_BYTES,
  FOOTER_BYTES,
  OVERHEAD_BYTES,
  RecordReader,
  type RawRecord,
  type RecordRange,
  type RecordReaderOptions,
  type ChecksumMode,
  readEventsSync,
  readEventsFromChunks,
  decodeRecord,
  type ReadEventsOptions,
  type EventRecord,
  type EventStream,
  type ReadState,
  chunksOf,
  type ByteSource,
  decodeTensor,
  dtypeName,
  nest,
  halfToNumber,
  type TensorData,
  initialMetadata,
  summaryData,
  migrateHistogram,
  eventPoints,
  eventKind,
  stepOf,
  SeriesMetadataMemo,
  RUN_GRAPH_TAG,
  RUN_META_GRAPH_TAG,
  type EventKind,
  type SummaryData,
  type SummaryPoint,
  type SeriesMetadata,
  type DataClass,
  listEventGraphs,
  eventGraphReader,
  loadGraphFromEvents,
  loadColumnarGraphFromEvents,
  type EventGraphEntry,
  SummaryWriter,
  FILE_VERSION,
  type RecordSink,
  type SummaryWriterOptions,
  type WriteOptions,
  type ImageInput,
  type AudioClip,
  type TextData,
  type RunMetadataKind,
  type Step,
  MemorySink,
  createMemoryWriter,
  eventFileName,
  type EventFileNameParts,
  histogramBuckets,
  DEFAULT_BUCKET_COUNT,
  type HistogramBuckets,
  encodeWav,
  type PcmChannels,
  encodePng,
  pngSize,
  type RawImage,
  type HParamValue,
  type HParamDomain,
  type HParamSpec,
  type MetricSpec,
  type HParamsConfig,
  type SessionStatus,
  type DatasetType,
  FastEventDecoder,
  type EventSink,
  readIntoSink,
  Reservoir,
  PythonRandom,
  Sampling,
  parseSamplesPerPlugin,
  sampleCapacity,
  samplesFor,
  DEFAULT_SAMPLES_PER_PLUGIN,
  DEFAULT_SAMPLES,
  type SampleLimit,
  type SamplesPerPlugin,
  RunAccumulator,
  parseFileVersion,
  type TimeSeries,
  type TimePoint,
  type RunAccumulatorOptions,
  type PurgeRecord,
  type LogMessageRecord,
  type LogLevel,
  type SessionLogRecord,
  type SessionLogStatus,
} from './index.js';

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
