/**
 * @tbg/events (universal build: browsers and workers): TFRecord framing and CRC-32C, a
 * streaming, resumable event reader, per-plugin values in TensorBoard's modern form, graphs in
 * event files, and the tf.summary-style writer that produces bytes or a Blob. CRC-32C is the
 * portable JS version unless a reader or writer is given another (`crc32c` option).
 * The Node entry adds file paths, logdirs, file writers and the native CRC.
 */
export { DataLossError, EventsUsageError, type DataLossKind } from './errors.js';
export { jsCrc32c, maskedCrc32c, maskCrc, type Crc32c } from './crc/crc32c.js';
export { encodeRecord, encodeRecords, writeRecord, HEADER_BYTES, FOOTER_BYTES, OVERHEAD_BYTES } from './record/frame.js';
export { RecordReader, type RawRecord, type RecordRange, type RecordReaderOptions, type ChecksumMode } from './record/reader.js';
export {
  readEvents,
  readEventsSync,
  readEventsFromChunks,
  decodeRecord,
  type ReadEventsOptions,
  type EventRecord,
  type EventStream,
  type ReadState,
} from './read-events.js';
export { chunksOf, type ByteSource } from './source/chunks.js';
export { decodeTensor, dtypeName, nest, halfToNumber, type TensorData } from './event/tensor.js';
export { initialMetadata, summaryData, migrateHistogram } from './event/migrate.js';
export { eventPoints, eventKind, stepOf, SeriesMetadataMemo, RUN_GRAPH_TAG, RUN_META_GRAPH_TAG, type EventKind } from './event/event-points.js';
export type { SummaryData, SummaryPoint, SeriesMetadata, DataClass } from './event/summary-data.js';
export { listEventGraphs, eventGraphReader, loadGraphFromEvents, loadColumnarGraphFromEvents, type EventGraphEntry } from './graph/event-graphs.js';
export {
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
} from './writer/summary-writer.js';
export { MemorySink, createMemoryWriter, eventFileName, type EventFileNameParts } from './writer/memory-sink.js';
export { histogramBuckets, DEFAULT_BUCKET_COUNT, type HistogramBuckets } from './writer/histogram-buckets.js';
export { encodeWav, type PcmChannels } from './writer/wav.js';
export { encodePng, pngSize, type RawImage } from './writer/png.js';
export type { HParamValue, HParamDomain, HParamSpec, MetricSpec, HParamsConfig, SessionStatus, DatasetType } from './writer/hparams.js';
export { FastEventDecoder, type EventSink } from './event/fast-decode.js';
export { readIntoSink } from './read-batches.js';
export { Reservoir, PythonRandom } from './logdir/reservoir.js';
export {
  Sampling,
  parseSamplesPerPlugin,
  sampleCapacity,
  samplesFor,
  DEFAULT_SAMPLES_PER_PLUGIN,
  DEFAULT_SAMPLES,
  type SampleLimit,
  type SamplesPerPlugin,
} from './logdir/sampling.js';
export {
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
} from './logdir/run-accumulator.js';
