/**
 * `SummaryWriter`: writes TensorBoard event records in the TF2 tensor forms (what
 * `tf.summary.*` writes) to any `RecordSink`. Universal: no Node APIs (the file sink lives in
 * file-writer.ts).
 *
 * Queueing follows TF's `SummaryFileWriter`: events wait in a queue and are written when it holds
 * more than `maxQueue` events, or once `flushMillis` has passed since the last flush (checked on
 * every write and by an unref'd timer), or on `flush()`/`close()`. A flush hands every queued
 * record to the sink in a single `write`, so a sink that appends whole buffers can only ever lose
 * a tail, never tear an earlier record.
 *
 * Metadata: like TF's FileWriter, the full `SummaryMetadata` is written with the **first** value
 * of each tag only, and omitted afterwards (readers take a tag's metadata from its first value).
 * So a `description` given after the first value of a tag is ignored. The exception is hparams,
 * whose data *is* the metadata: those values always carry it.
 */
import { tensorboard, tensorflow } from '@tbg/proto';
import { EventsUsageError } from '../errors.js';
import { jsCrc32c, type Crc32c } from '../crc/crc32c.js';
import { encodeRecord, encodeRecords } from '../record/frame.js';
import {
  checkStep,
  encodeEvent,
  encodeScalarEvent,
  encodeSummaryEvent,
  EventField,
  tagField,
  type Step,
} from './event-encoding.js';
import { DEFAULT_BUCKET_COUNT, histogramBuckets } from './histogram-buckets.js';
import {
  EXPERIMENT_TAG,
  experimentContent,
  SESSION_END_INFO_TAG,
  SESSION_START_INFO_TAG,
  sessionEndContent,
  sessionStartContent,
  type HParamsConfig,
  type HParamValue,
  type SessionStatus,
} from './hparams.js';
import { checkRawImage, encodePng, isPng, pngSize, type RawImage } from './png.js';
import { doubleTensor, nullTensor, stringTensor } from './tensors.js';
import { encodeWav, type PcmChannels } from './wav.js';

export type { Step } from './event-encoding.js';

/** Where framed records go. `write` receives whole records only (one or more per call). */
export interface RecordSink {
  write(bytes: Uint8Array): void;
  flush?(): void;
  close(): void;
}

export interface SummaryWriterOptions {
  /** Flush when more than this many events are queued (TF semantics). Default 10. */
  maxQueue?: number;
  /** Flush when this long has passed since the last flush. Default 120000; `Infinity` disables. */
  flushMillis?: number;
  /** Clock for event wall times, in **seconds** since the epoch. Default `Date.now() / 1000`. */
  wallTime?: () => number;
  /**
   * The CRC-32C implementation for the record framing. Default: the JS one (`createFileWriter` in
   * Node uses `nativeCrc32c()` when @node-rs/crc32 is installed).
   */
  crc32c?: Crc32c;
}

export interface WriteOptions {
  /** Markdown description; stored in the metadata of the tag's first value only. */
  description?: string;
  /** Wall time of this event in seconds (default: the writer's clock). */
  wallTime?: number;
}

/** An image: raw pixels, or PNG bytes (passed through; size read from IHDR). */
export type ImageInput = RawImage | Uint8Array;

/** A clip of PCM floats in [-1, 1]: mono samples, or one array per channel. */
export type AudioClip = Float32Array | readonly number[] | { channels: readonly ArrayLike<number>[] };

/** A string, or nested arrays of strings of a regular (non-ragged) shape. */
export type TextData = string | readonly TextData[];

export type RunMetadataKind = 'profile' | 'graph' | 'tagged';

export const FILE_VERSION = 'brain.Event:2';

const DataClass = tensorflow.DataClass;
type MetadataProps = tensorflow.SummaryMetadata.$Properties;

const utf8 = new TextEncoder();
/** content `"1"`: the graph plugin lists sub-plugin tags only when their content is b"1". */
const CONTENT_ONE = utf8.encode('1');
/**
 * `AudioPluginData{version: 0, encoding: WAV}`: the audio plugin reads the encoding from here.
 * Made at first use: at load time it would run in every bundle that imports this package's
 * readers (a bundler keeps a top-level call), 8 ms of a view worker's start.
 */
let audioContentBytes: Uint8Array | null = null;
const audioContent = () => (audioContentBytes ??= tensorboard.AudioPluginData.encode({ version: 0, encoding: tensorboard.AudioPluginData.Encoding.WAV }).finish());
/** Tag-field cache bound for scalars: beyond it tags are just encoded per call. */
const SCALAR_TAG_CACHE_MAX = 100_000;
/** setTimeout's maximum delay. */
const MAX_TIMER_MS = 2 ** 31 - 1;

export class SummaryWriter {
  readonly #sink: RecordSink;
  readonly #maxQueue: number;
  readonly #flushMillis: number;
  readonly #clock: () => number;
  readonly #crc: Crc32c;
  #queue: Uint8Array[] = [];
  #lastFlush: number;
  #timer: ReturnType<typeof setTimeout> | undefined;
  #closed = false;
  /**
   * What a timer-driven flush threw, rethrown by the next call (a timer cannot throw to anyone).
   * Boxed, so that whatever the sink threw is rethrown as it was.
   */
  #pending: { thrown: unknown } | undefined;
  /** Tags whose metadata has been written. */
  readonly #seenTags = new Set<string>();
  /** Encoded `Summary.Value.tag` fields of scalar tags, so a repeated scalar allocates only its event. */
  readonly #scalarTags = new Map<string, Uint8Array>();

  constructor(sink: RecordSink, opts: SummaryWriterOptions = {}) {
    const { maxQueue = 10, flushMillis = 120_000, wallTime = () => Date.now() / 1000, crc32c = jsCrc32c } = opts;
    if (!Number.isInteger(maxQueue) || maxQueue < 0) throw new RangeError(`maxQueue must be a non-negative integer, got ${maxQueue}`);
    if (typeof flushMillis !== 'number' || !(flushMillis >= 0)) throw new RangeError(`flushMillis must be >= 0, got ${flushMillis}`);
    this.#sink = sink;
    this.#maxQueue = maxQueue;
    this.#flushMillis = flushMillis;
    this.#clock = wallTime;
    this.#crc = crc32c;
    // The first record identifies the file format; written and flushed at once, as TF does.
    sink.write(encodeRecord(encodeEvent(this.#time(undefined), 0, EventField.FILE_VERSION, utf8.encode(FILE_VERSION)), crc32c));
    sink.flush?.();
    this.#lastFlush = Date.now();
    this.#armTimer(flushMillis);
  }

  /** True once `close()` has been called. */
  get closed(): boolean {
    return this.#closed;
  }

  /** Number of events waiting to be written. */
  get pending(): number {
    return this.#queue.length;
  }

  /** A scalar: rank-0 DT_FLOAT tensor (4 bytes LE in tensor_content), plugin `scalars`. */
  scalar(name: string, value: number, step: Step, opts?: WriteOptions): void {
    this.#check();
    checkTag(name);
    checkStep(step);
    if (typeof value !== 'number') throw new TypeError(`scalar value must be a number, got ${typeof value}`);
    const wall = this.#time(opts?.wallTime);
    let tag = this.#scalarTags.get(name);
    let meta: Uint8Array | null = null;
    if (tag === undefined) {
      tag = tagField(name);
      if (this.#scalarTags.size < SCALAR_TAG_CACHE_MAX) this.#scalarTags.set(name, tag);
      meta = this.#metadataField(name, 'scalars', DataClass.DATA_CLASS_SCALAR, opts?.description);
    }
    this.#enqueue(encodeScalarEvent(wall, step, tag, value, meta));
  }

  /**
   * A histogram: DT_DOUBLE `[k, 3]` of `[left, right, count]`, bucketed exactly like TF2's
   * `tf.summary.histogram` (see histogram-buckets.ts; NaN/±Inf values are ignored).
   */
  histogram(name: string, values: ArrayLike<number>, step: Step, opts?: WriteOptions & { buckets?: number }): void {
    this.#check();
    checkTag(name);
    checkStep(step);
    const b = histogramBuckets(values, opts?.buckets ?? DEFAULT_BUCKET_COUNT);
    this.#summary(name, step, opts, doubleTensor(b.data, [b.rows, 3]), 'histograms', DataClass.DATA_CLASS_TENSOR);
  }

  /**
   * Images: DT_STRING `[2 + n]` = `[width, height, png_1 … png_n]` (decimal ASCII sizes), the first
   * `maxOutputs` (default 3) images. All images must have the same width and height.
   */
  image(name: string, data: ImageInput | readonly ImageInput[], step: Step, opts?: WriteOptions & { maxOutputs?: number }): void {
    this.#check();
    checkTag(name);
    checkStep(step);
    const maxOutputs = checkMaxOutputs(opts?.maxOutputs);
    const images: readonly ImageInput[] = Array.isArray(data) ? data : [data as ImageInput];
    if (images.length === 0) throw new RangeError('image() needs at least one image (its size goes into the summary)');
    let width = -1;
    let height = -1;
    images.forEach((img, i) => {
      const size = imageSize(img);
      if (i === 0) ({ width, height } = size);
      else if (size.width !== width || size.height !== height) {
        throw new RangeError(`all images in one call must have the same size: image 0 is ${width}x${height}, image ${i} is ${size.width}x${size.height}`);
      }
    });
    const pngs = images.slice(0, maxOutputs).map((img) => (img instanceof Uint8Array ? img : encodePng(img)));
    const tensor = stringTensor([utf8.encode(String(width)), utf8.encode(String(height)), ...pngs], [2 + pngs.length]);
    this.#summary(name, step, opts, tensor, 'images', DataClass.DATA_CLASS_BLOB_SEQUENCE);
  }

  /**
   * Audio: each clip becomes a 16-bit PCM WAV; DT_STRING `[n, 2]` of `[wav, label]` rows for the
   * first `maxOutputs` (default 3) clips. `labels`, if given, has one (Markdown) label per clip.
   */
  audio(
    name: string,
    clips: AudioClip | readonly AudioClip[],
    sampleRate: number,
    step: Step,
    opts?: WriteOptions & { maxOutputs?: number; labels?: readonly string[] },
  ): void {
    this.#check();
    checkTag(name);
    checkStep(step);
    const maxOutputs = checkMaxOutputs(opts?.maxOutputs);
    const all = normalizeClips(clips);
    const labels = opts?.labels;
    if (labels && labels.length !== all.length) throw new RangeError(`audio() got ${all.length} clips but ${labels.length} labels`);
    const limited = all.slice(0, maxOutputs);
    const cells: Uint8Array[] = [];
    limited.forEach((channels, i) => {
      cells.push(encodeWav(channels, sampleRate), utf8.encode(labels?.[i] ?? ''));
    });
    this.#summary(name, step, opts, stringTensor(cells, [limited.length, 2]), 'audio', DataClass.DATA_CLASS_BLOB_SEQUENCE, audioContent());
  }

  /** Text (Markdown): DT_STRING tensor of the nested array's shape (rank 0 for a plain string). */
  text(name: string, data: TextData, step: Step, opts?: WriteOptions): void {
    this.#check();
    checkTag(name);
    checkStep(step);
    const { values, shape } = textTensor(data);
    this.#summary(name, step, opts, stringTensor(values, shape), 'text', DataClass.DATA_CLASS_TENSOR);
  }

  /**
   * A run graph: `Event.graph_def` (step 0 unless given). Like `sessionLog`, this is a bare
   * Event field with no SummaryMetadata, so the format has no place for a description.
   */
  graph(graphDef: tensorflow.GraphDef.$Properties | Uint8Array, opts?: { step?: Step; wallTime?: number }): void {
    this.#check();
    const step = opts?.step ?? 0;
    checkStep(step);
    const bytes = graphDef instanceof Uint8Array ? graphDef : tensorflow.GraphDef.encode(graphDef).finish();
    this.#enqueue(encodeEvent(this.#time(opts?.wallTime), step, EventField.GRAPH_DEF, bytes));
  }

  /**
   * RunMetadata for the graphs dashboard. `kind`:
   * - `'profile'` (default): like TF2 `trace_export(profiler=True)`: rank-0 DT_STRING holding the
   *   serialized RunMetadata, plugin `graph_run_metadata`, content `"1"`;
   * - `'graph'`: like `trace_export(profiler=False)`: plugin `graph_run_metadata_graph`, and a
   *   RunMetadata object is reduced to its `function_graphs` and `partition_graphs` as TF does
   *   (bytes are written as given);
   * - `'tagged'`: TF1 `FileWriter.add_run_metadata`: `Event.tagged_run_metadata{tag, run_metadata}`.
   */
  runMetadata(
    tag: string,
    runMetadata: tensorflow.RunMetadata.$Properties | Uint8Array,
    step: Step,
    opts?: WriteOptions & { kind?: RunMetadataKind },
  ): void {
    this.#check();
    checkTag(tag);
    checkStep(step);
    const kind = opts?.kind ?? 'profile';
    let rm: tensorflow.RunMetadata.$Properties | Uint8Array = runMetadata;
    if (kind === 'graph' && !(rm instanceof Uint8Array)) {
      rm = { function_graphs: rm.function_graphs ?? [], partition_graphs: rm.partition_graphs ?? [] };
    }
    const bytes = rm instanceof Uint8Array ? rm : tensorflow.RunMetadata.encode(rm).finish();
    if (kind === 'tagged') {
      const payload = tensorflow.TaggedRunMetadata.encode({ tag, run_metadata: bytes }).finish();
      this.#enqueue(encodeEvent(this.#time(opts?.wallTime), step, EventField.TAGGED_RUN_METADATA, payload));
      return;
    }
    if (kind !== 'profile' && kind !== 'graph') throw new TypeError(`unknown runMetadata kind ${String(kind)}`);
    const plugin = kind === 'profile' ? 'graph_run_metadata' : 'graph_run_metadata_graph';
    this.#summary(tag, step, opts, stringTensor([bytes], []), plugin, DataClass.DATA_CLASS_BLOB_SEQUENCE, CONTENT_ONE);
  }

  /** A Keras model config (`model.to_json()`): plugin `graph_keras_model`, rank-0 DT_STRING. */
  kerasModel(name: string, modelJson: string | object, step: Step = 0, opts?: WriteOptions): void {
    this.#check();
    checkTag(name);
    checkStep(step);
    const json = typeof modelJson === 'string' ? modelJson : JSON.stringify(modelJson);
    this.#summary(name, step, opts, stringTensor([utf8.encode(json)], []), 'graph_keras_model', DataClass.DATA_CLASS_BLOB_SEQUENCE, CONTENT_ONE);
  }

  /** The hparams experiment config (`_hparams_/experiment`), like `hp.hparams_config`. */
  hparamsConfig(config: HParamsConfig, opts?: WriteOptions): void {
    this.#check();
    const wall = this.#time(opts?.wallTime);
    const description = opts?.description ?? config.description;
    this.#hparamsValue(EXPERIMENT_TAG, experimentContent({ ...config, ...(description ? { description } : {}) }, wall), wall, description);
  }

  /**
   * This run's hparam values (`_hparams_/session_start_info`), like `hp.hparams`. The group name
   * is `trialId`, or else TB's hash of the values (sessions with equal values are grouped).
   */
  hparams(values: Readonly<Record<string, HParamValue>>, opts?: WriteOptions & { trialId?: string; startTimeSecs?: number }): void {
    this.#check();
    const wall = this.#time(opts?.wallTime);
    this.#hparamsValue(SESSION_START_INFO_TAG, sessionStartContent(values, opts ?? {}, wall), wall, opts?.description);
  }

  /** The end of this run's session (`_hparams_/session_end_info`); status defaults to success. */
  hparamsEnd(opts?: WriteOptions & { status?: SessionStatus; endTimeSecs?: number }): void {
    this.#check();
    const wall = this.#time(opts?.wallTime);
    this.#hparamsValue(SESSION_END_INFO_TAG, sessionEndContent(opts ?? {}, wall), wall, opts?.description);
  }

  /**
   * `Event.session_log`. A writer that restarts from a checkpoint at step `s` should write
   * `'start'` at `s`, so readers purge the orphaned steps >= s of the earlier attempt.
   */
  sessionLog(status: 'start' | 'stop' | 'checkpoint', step: Step, opts?: { checkpointPath?: string; msg?: string; wallTime?: number }): void {
    this.#check();
    checkStep(step);
    const S = tensorflow.SessionLog.SessionStatus;
    const code = status === 'start' ? S.START : status === 'stop' ? S.STOP : status === 'checkpoint' ? S.CHECKPOINT : undefined;
    if (code === undefined) throw new TypeError(`unknown session status ${String(status)}`);
    const log: tensorflow.SessionLog.$Properties = { status: code };
    if (opts?.checkpointPath) log.checkpoint_path = opts.checkpointPath;
    if (opts?.msg) log.msg = opts.msg;
    this.#enqueue(encodeEvent(this.#time(opts?.wallTime), step, EventField.SESSION_LOG, tensorflow.SessionLog.encode(log).finish()));
  }

  /** Queues an arbitrary event (a serialized `Event`, or one to encode). An escape hatch. */
  writeEvent(event: tensorflow.Event.$Properties | Uint8Array): void {
    this.#check();
    this.#enqueue(event instanceof Uint8Array ? event : tensorflow.Event.encode(event).finish());
  }

  /** Writes every queued record to the sink in one `write`, then calls `sink.flush()`. */
  flush(): void {
    this.#check();
    this.#flushQueue();
    this.#sink.flush?.();
  }

  /**
   * Flushes, stops the timer and closes the sink. Calling it again does nothing; every other
   * method throws after it.
   */
  close(): void {
    if (this.#closed) return;
    this.#closed = true;
    if (this.#timer !== undefined) clearTimeout(this.#timer);
    this.#timer = undefined;
    try {
      this.#flushQueue();
      this.#sink.flush?.();
    } finally {
      this.#sink.close();
    }
    this.#throwPending();
  }

  // --- internals ---

  #check(): void {
    if (this.#closed) throw new EventsUsageError('SummaryWriter is closed; create a new writer to write more events');
    this.#throwPending();
  }

  #throwPending(): void {
    const pending = this.#pending;
    if (pending === undefined) return;
    this.#pending = undefined;
    throw pending.thrown;
  }

  #time(wallTime: number | undefined): number {
    const t = wallTime ?? this.#clock();
    // A NaN wall time makes RustBoard drop the whole file; refuse it here.
    if (typeof t !== 'number' || !Number.isFinite(t)) throw new RangeError(`wall time must be a finite number of seconds, got ${String(t)}`);
    return t;
  }

  #enqueue(payload: Uint8Array): void {
    this.#queue.push(payload);
    if (this.#queue.length > this.#maxQueue || Date.now() - this.#lastFlush >= this.#flushMillis) this.flush();
  }

  #flushQueue(): void {
    this.#lastFlush = Date.now();
    const q = this.#queue;
    if (q.length === 0) return;
    // Take the queue before writing: if the sink throws, the batch is not written twice later.
    this.#queue = [];
    this.#sink.write(q.length === 1 ? encodeRecord(q[0]!, this.#crc) : encodeRecords(q, this.#crc));
  }

  #armTimer(delay: number): void {
    if (!(this.#flushMillis > 0) || !Number.isFinite(this.#flushMillis) || this.#closed) return;
    const t = setTimeout(this.#onTimer, Math.min(Math.max(delay, 1), MAX_TIMER_MS));
    // Never keep a Node process alive just to flush; process-exit handling covers the end.
    (t as { unref?: () => void }).unref?.();
    this.#timer = t;
  }

  readonly #onTimer = (): void => {
    this.#timer = undefined;
    if (this.#closed) return;
    const elapsed = Date.now() - this.#lastFlush;
    if (elapsed >= this.#flushMillis) {
      if (this.#queue.length > 0) {
        try {
          this.#flushQueue();
          this.#sink.flush?.();
        } catch (e) {
          this.#pending ??= { thrown: e };
        }
      }
      this.#armTimer(this.#flushMillis);
    } else {
      this.#armTimer(this.#flushMillis - elapsed);
    }
  };

  /** The encoded `Summary.Value.metadata` field for the first value of `tag`, else null. */
  #metadataField(tag: string, plugin: string, dataClass: tensorflow.DataClass, description?: string, content?: Uint8Array): Uint8Array | null {
    if (this.#seenTags.has(tag)) return null;
    this.#seenTags.add(tag);
    return encodeMetadataField(metadata(plugin, dataClass, description, content));
  }

  /** A tensor summary value: tag, tensor, and the metadata on the tag's first value. */
  #summary(
    tag: string,
    step: Step,
    opts: WriteOptions | undefined,
    tensor: tensorflow.TensorProto.$Properties,
    plugin: string,
    dataClass: tensorflow.DataClass,
    content?: Uint8Array,
  ): void {
    const wall = this.#time(opts?.wallTime);
    const value = tensorflow.Summary.Value.encode({ tag, tensor }).finish();
    const meta = this.#metadataField(tag, plugin, dataClass, opts?.description, content);
    this.#enqueue(encodeSummaryEvent(wall, step, meta ? [value, meta] : [value]));
  }

  /** hparams values carry their data in the metadata, so it is written every time (step 0, like TB). */
  #hparamsValue(tag: string, content: Uint8Array, wall: number, description?: string): void {
    this.#seenTags.add(tag);
    const value = tensorflow.Summary.Value.encode({ tag, tensor: nullTensor() }).finish();
    const meta = encodeMetadataField(metadata('hparams', DataClass.DATA_CLASS_TENSOR, description, content));
    this.#enqueue(encodeSummaryEvent(wall, 0, [value, meta]));
  }
}

function metadata(plugin: string, dataClass: tensorflow.DataClass, description?: string, content?: Uint8Array): MetadataProps {
  const md: MetadataProps = {
    plugin_data: content && content.length > 0 ? { plugin_name: plugin, content } : { plugin_name: plugin },
    data_class: dataClass,
  };
  if (description) md.summary_description = description;
  return md;
}

/** `Summary.Value.metadata` (field 9) alone; appended after the tag and tensor fields. */
function encodeMetadataField(md: MetadataProps): Uint8Array {
  return tensorflow.Summary.Value.encode({ metadata: md }).finish();
}

function checkTag(tag: string): void {
  if (typeof tag !== 'string') throw new TypeError(`summary name must be a string, got ${typeof tag}`);
}

function checkMaxOutputs(n: number | undefined): number {
  const v = n ?? 3;
  if (!Number.isInteger(v) || v < 0) throw new RangeError(`maxOutputs must be a non-negative integer, got ${v}`);
  return v;
}

function imageSize(img: ImageInput): { width: number; height: number } {
  if (img instanceof Uint8Array) {
    if (!isPng(img)) throw new TypeError('a Uint8Array image must be PNG bytes; pass raw pixels as { width, height, channels, data }');
    return pngSize(img);
  }
  if (img === null || typeof img !== 'object' || !('data' in img)) throw new TypeError('an image must be PNG bytes or { width, height, channels, data }');
  checkRawImage(img);
  return { width: img.width, height: img.height };
}

function isSampleArray(x: unknown): x is ArrayLike<number> {
  return (ArrayBuffer.isView(x) && !(x instanceof DataView)) || (Array.isArray(x) && x.length > 0 && typeof x[0] === 'number');
}

/**
 * Clips as channel lists. A typed array or a `number[]` is one mono clip; `{ channels }` is one
 * clip; any other array is a list of clips (so `[]` is zero clips).
 */
function normalizeClips(clips: AudioClip | readonly AudioClip[]): PcmChannels[] {
  const one = (c: unknown, i: number): PcmChannels => {
    if (isSampleArray(c)) return [c];
    if (Array.isArray(c) && c.length === 0) return [c];
    if (c !== null && typeof c === 'object' && 'channels' in c && Array.isArray(c.channels)) {
      const ch = (c as { channels: ArrayLike<number>[] }).channels;
      if (ch.length === 0) throw new RangeError(`audio clip ${i} has no channels`);
      return ch;
    }
    throw new TypeError(`audio clip ${i} must be a Float32Array, a number[] or { channels: Float32Array[] }`);
  };
  if (isSampleArray(clips)) return [[clips]];
  if (Array.isArray(clips)) return clips.map((c, i) => one(c, i));
  return [one(clips, 0)];
}

/** Shape and row-major UTF-8 values of a string or a regular nested array of strings. */
function textTensor(data: TextData): { values: Uint8Array[]; shape: number[] } {
  const shape: number[] = [];
  let cur: TextData = data;
  while (Array.isArray(cur)) {
    shape.push(cur.length);
    if (cur.length === 0) break;
    cur = (cur as readonly TextData[])[0]!;
  }
  const values: Uint8Array[] = [];
  const walk = (node: TextData, depth: number, path: string): void => {
    if (depth === shape.length) {
      if (typeof node !== 'string') throw new TypeError(`text: expected a string at ${path || 'the top'}, got ${Array.isArray(node) ? 'an array (ragged nesting)' : typeof node}`);
      values.push(utf8.encode(node));
      return;
    }
    if (!Array.isArray(node)) throw new TypeError(`text: ragged array: expected an array at ${path || 'the top'}, got ${typeof node}`);
    if (node.length !== shape[depth]) throw new RangeError(`text: ragged array: ${path || 'the top'} has length ${node.length}, expected ${shape[depth]}`);
    (node as readonly TextData[]).forEach((child, i) => walk(child, depth + 1, `${path}[${i}]`));
  };
  walk(data, 0, '');
  return { values, shape };
}
