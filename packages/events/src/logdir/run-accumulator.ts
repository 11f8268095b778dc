/**
 * One run's time series, built from its events in file order: a reservoir per tag (sampled as
 * Python TensorBoard does), plus run-level facts (file_version, event counts, log messages,
 * session logs) and TensorBoard's orphaned-data purging (`plugin_event_accumulator.py`
 * `_MaybePurgeOrphanedData`):
 * - `file_version` "brain.Event:2" parses to 2 (anything unparsable to -1);
 * - with file_version >= 2, a `SessionLog` START purges, in every tag, the points with
 *   `step >= event.step`;
 * - otherwise (no or older file_version) a summary event whose step is lower than the most
 *   recent summary step purges, in that event's tags only, the points with `step >= event.step`;
 * - every summary event then becomes the most recent step.
 * The purge runs before the event's own values are added. As in TensorBoard, `graph_def` and
 * `tagged_run_metadata` events count as summary events (its loader turns them into summaries
 * at tags `__run_graph__` and the run-metadata tag).
 *
 * Points keep no view into the reader's chunks: byte fields are copied, so memory is bounded
 * by the reservoirs. Universal: no Node APIs.
 */
import { tensorflow } from '@tbg/proto';
import type { EventRecord } from '../read-events.js';
import { eventKind, eventPoints, SeriesMetadataMemo, stepOf, type EventKind } from '../event/event-points.js';
import { FastEventDecoder, type EventSink } from '../event/fast-decode.js';
import type { SeriesMetadata, SummaryData, SummaryPoint } from '../event/summary-data.js';
import type { TensorData } from '../event/tensor.js';
import { Reservoir } from './reservoir.js';
import { Sampling, type SamplesPerPlugin } from './sampling.js';

/** One kept value of a time series. */
export interface TimePoint {
  step: number;
  wallTime: number;
  data: SummaryData;
}

export interface TimeSeries {
  readonly tag: string;
  /** The metadata of the tag's first value (writers strip it from later ones). */
  readonly metadata: SeriesMetadata;
  /** The kept points, in arrival order; the newest value is always the last one. */
  readonly points: Reservoir<TimePoint>;
  /** Values read for this tag (all of them, kept or not, purged or not). */
  count: number;
  /** Kept points removed by orphaned-data purges. */
  purged: number;
  /** Steps and wall times over every value read. */
  firstStep: number;
  lastStep: number;
  minStep: number;
  maxStep: number;
  firstWallTime: number;
  lastWallTime: number;
}

/** `LogMessage.Level` by name; a level TensorFlow does not define is kept as its number. */
export type LogLevel = 'UNKNOWN' | 'DEBUGGING' | 'INFO' | 'WARN' | 'ERROR' | 'FATAL' | `${number}`;

/** `SessionLog.SessionStatus` by name; a status TensorFlow does not define is kept as its number. */
export type SessionLogStatus = 'STATUS_UNSPECIFIED' | 'START' | 'STOP' | 'CHECKPOINT' | `${number}`;

export interface LogMessageRecord {
  step: number;
  wallTime: number;
  level: LogLevel;
  message: string;
}

export interface SessionLogRecord {
  step: number;
  wallTime: number;
  status: SessionLogStatus;
  msg: string;
  checkpointPath: string;
}

export interface PurgeRecord {
  /** `session-start`: a SessionLog START (file_version >= 2); `out-of-order`: a step went back. */
  reason: 'session-start' | 'out-of-order';
  /** Points with `step >= step` were removed. */
  step: number;
  wallTime: number;
  /** The most recent summary step before the purge. */
  previousStep: number;
  fileIndex: number | undefined;
  /** Byte offset of the event that caused it. */
  offset: number;
  /** Kept points removed. */
  removed: number;
  /** Series that lost points. */
  series: number;
}

export interface RunAccumulatorOptions {
  /** Samples kept per plugin (overrides TensorBoard's defaults; 0 and `'all'` keep all). */
  samplesPerPlugin?: SamplesPerPlugin | string;
  /** A prepared Sampling (takes precedence over `samplesPerPlugin`). */
  sampling?: Sampling;
  /** TensorBoard's `--purge_orphaned_data`, default true. */
  purgeOrphanedData?: boolean;
  /** Log messages kept (the newest), default 100. */
  maxLogMessages?: number;
  /** Session logs kept (the newest), default 100. */
  maxSessionLogs?: number;
  /** Purge records kept (the newest), default 100; totals are always exact. */
  maxPurgeRecords?: number;
}

const STATUS_NAMES: Partial<Record<number, SessionLogStatus>> = { 0: 'STATUS_UNSPECIFIED', 1: 'START', 2: 'STOP', 3: 'CHECKPOINT' };
const LEVEL_NAMES: Partial<Record<number, LogLevel>> = { 0: 'UNKNOWN', 10: 'DEBUGGING', 20: 'INFO', 30: 'WARN', 40: 'ERROR', 50: 'FATAL' };

/** Python's `_ParseFileVersion`: the float after "brain.Event:", or -1 when there is none. */
export function parseFileVersion(fileVersion: string): number {
  const parts = fileVersion.split('brain.Event:');
  const tail = parts[parts.length - 1]!.trim();
  if (/^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/.test(tail)) return Number(tail);
  if (/^[+-]?(inf|infinity)$/i.test(tail)) return tail.startsWith('-') ? -Infinity : Infinity;
  return -1;
}

/** Owns `a`: the same array when it already owns its whole buffer, else a copy. */
function own<A extends Uint8Array | Float64Array>(a: A): A {
  return a.byteOffset === 0 && a.byteLength === a.buffer.byteLength ? a : (a.slice() as A);
}

function ownTensor(t: TensorData): TensorData {
  return {
    dtype: t.dtype,
    shape: t.shape,
    numbers: t.numbers && own(t.numbers),
    strings: t.strings && t.strings.map(own),
    bools: t.bools,
  };
}

/** The point's data with no views into the reader's chunks. */
function ownData(d: SummaryData): SummaryData {
  switch (d.kind) {
    case 'histogram':
      return { kind: 'histogram', buckets: own(d.buckets) };
    case 'pr_curve':
      return { kind: 'pr_curve', thresholds: d.thresholds, values: own(d.values) };
    case 'image':
      return { kind: 'image', width: d.width, height: d.height, images: d.images.map(own) };
    case 'audio':
      return { kind: 'audio', clips: d.clips.map((c) => ({ audio: own(c.audio), label: c.label })), sampleRate: d.sampleRate, contentType: d.contentType };
    case 'blob':
      return { kind: 'blob', blobs: d.blobs.map(own) };
    case 'tensor':
      return { kind: 'tensor', tensor: ownTensor(d.tensor) };
    default:
      // scalar, text (JS strings), hparams (decoded from the memo's own copy), empty.
      return d;
  }
}

/** The first-metadata memo, holding its own copy of `plugin_data.content`. */
class OwningMetadataMemo extends SeriesMetadataMemo {
  override forValue(value: tensorflow.Summary.Value): SeriesMetadata {
    const known = this.get(value.tag);
    if (known) return known;
    const m = super.forValue(value);
    // `initialMetadata` builds a fresh object: replace its content view by a copy.
    if (m.content.length > 0) m.content = own(m.content);
    return m;
  }
}

/** Events whose values TensorBoard's loader presents as summaries (for purging). */
function isSummaryLike(what: string | undefined): boolean {
  return what === 'summary' || what === 'graph_def' || what === 'tagged_run_metadata';
}

function pushBounded<T>(list: T[], item: T, max: number): void {
  if (max <= 0) return;
  list.push(item);
  if (list.length > max) list.splice(0, list.length - max);
}

export class RunAccumulator implements EventSink {
  readonly name: string;
  readonly sampling: Sampling;
  readonly purgeOrphanedData: boolean;
  private readonly memo = new OwningMetadataMemo();
  private readonly series = new Map<string, TimeSeries>();
  private readonly maxLogMessages: number;
  private readonly maxSessionLogs: number;
  private readonly maxPurgeRecords: number;

  /** The latest `file_version` string seen, and its parsed number (Python's semantics). */
  fileVersion: string | null = null;
  fileVersionNumber: number | null = null;
  /** `source_metadata.writer` of the latest event that had one. */
  sourceWriter: string | null = null;
  /** Events added. */
  events = 0;
  /** Events by kind (`summary`, `file_version`, `graph_def`, …; `wall_time` for none). */
  readonly eventKinds: Partial<Record<EventKind, number>> = Object.create(null) as Partial<Record<EventKind, number>>;
  firstWallTime: number | null = null;
  lastWallTime: number | null = null;
  /** The newest log messages (bounded), and how many were seen in all. */
  readonly logMessages: LogMessageRecord[] = [];
  logMessageCount = 0;
  /** The newest session logs (bounded), and how many were seen in all. */
  readonly sessionLogs: SessionLogRecord[] = [];
  sessionLogCount = 0;
  /** The newest purges (bounded), and exact totals. */
  readonly purges: PurgeRecord[] = [];
  purgeCount = 0;
  purgedValues = 0;
  /** Summary values that could not be turned into points (malformed tensors, …). */
  badValues = 0;
  lastBadValue: string | null = null;
  /** Python's `most_recent_step` (-1 before any summary). */
  private mostRecentStep = -1;
  /** Set while the current event's step went backwards: its tags get purged as they arrive. */
  private outOfOrder: { step: number; wallTime: number; offset: number; previousStep: number; done: Set<string> } | null = null;
  private fileIndex: number | undefined;
  private readonly decoder = new FastEventDecoder(this.memo);

  constructor(name = '.', options: RunAccumulatorOptions = {}) {
    this.name = name;
    this.sampling = options.sampling ?? new Sampling(options.samplesPerPlugin);
    this.purgeOrphanedData = options.purgeOrphanedData ?? true;
    this.maxLogMessages = options.maxLogMessages ?? 100;
    this.maxSessionLogs = options.maxSessionLogs ?? 100;
    this.maxPurgeRecords = options.maxPurgeRecords ?? 100;
  }

  /** Adds one decoded event; call in file order (files sorted by name, records by offset). */
  addEvent(record: EventRecord, fileIndex?: number): void {
    const e = record.event;
    let points: SummaryPoint[];
    try {
      points = eventPoints(e, this.memo);
    } catch (err) {
      points = [];
      this.badValues += e.summary?.value.length ?? 1;
      this.lastBadValue = `offset ${record.offset}: ${(err as Error).message}`;
    }
    this.fileIndex = fileIndex;
    this.event(record.offset, eventKind(e), stepOf(e), e.wall_time, e);
    for (const p of points) this.point(p);
  }

  /**
   * Adds one event straight from its payload bytes through the fast decoder (the bulk path:
   * scalars arrive as numbers, with no protobuf objects). Throws on a malformed payload.
   */
  addPayload(buf: Uint8Array, start: number, end: number, offset: number, fileIndex?: number): void {
    this.fileIndex = fileIndex;
    this.decoder.decode(buf, start, end, offset, this);
  }

  /** EventSink: the event's own facts, and purging, before its values arrive. */
  event(offset: number, what: EventKind, step: number, wallTime: number, e: tensorflow.Event | null): void {
    this.events++;
    this.eventKinds[what] = (this.eventKinds[what] ?? 0) + 1;
    if (this.firstWallTime === null) this.firstWallTime = wallTime;
    this.lastWallTime = wallTime;
    if (e?.source_metadata?.writer) this.sourceWriter = e.source_metadata.writer;
    switch (e?.what) {
      case 'file_version':
        this.fileVersion = e.file_version!;
        this.fileVersionNumber = parseFileVersion(e.file_version!);
        break;
      case 'log_message': {
        const m = e.log_message!;
        this.logMessageCount++;
        pushBounded(this.logMessages, { step, wallTime, level: LEVEL_NAMES[m.level] ?? `${m.level}`, message: m.message }, this.maxLogMessages);
        break;
      }
      case 'session_log': {
        const s = e.session_log!;
        this.sessionLogCount++;
        pushBounded(
          this.sessionLogs,
          { step, wallTime, status: STATUS_NAMES[s.status] ?? `${s.status}`, msg: s.msg, checkpointPath: s.checkpoint_path },
          this.maxSessionLogs,
        );
        break;
      }
    }
    this.outOfOrder = null;
    if (this.purgeOrphanedData) this.maybePurge(what, e, step, wallTime, offset);
  }

  /** EventSink: a plain scalar value. */
  scalar(tag: string, metadata: SeriesMetadata, step: number, wallTime: number, value: number): void {
    if (this.outOfOrder) this.purgeTagOutOfOrder(tag);
    this.seriesFor(tag, metadata, step, wallTime).points.add({ step, wallTime, data: { kind: 'scalar', value } });
  }

  /** EventSink: any other value. */
  point(p: SummaryPoint): void {
    if (this.outOfOrder) this.purgeTagOutOfOrder(p.tag);
    this.seriesFor(p.tag, p.metadata, p.step, p.wallTime).points.add({ step: p.step, wallTime: p.wallTime, data: ownData(p.data) });
  }

  /**
   * Python's `_MaybePurgeOrphanedData`. A SessionLog START purges every tag at once; an
   * out-of-order step purges only the tags of its own event, as their values arrive.
   */
  private maybePurge(what: string, e: tensorflow.Event | null, step: number, wallTime: number, offset: number): void {
    const summaryLike = isSummaryLike(what);
    // Python: `if self.file_version and self.file_version >= 2` (None, 0, -1 and NaN all fail).
    const v = this.fileVersionNumber;
    if (v !== null && v >= 2) {
      if (e?.what === 'session_log' && e.session_log!.status === tensorflow.SessionLog.SessionStatus.START) {
        this.purge('session-start', step, wallTime, this.series.values(), offset, this.fileIndex);
      }
    } else if (summaryLike && step < this.mostRecentStep) {
      this.outOfOrder = { step, wallTime, offset, previousStep: this.mostRecentStep, done: new Set() };
    }
    if (summaryLike) this.mostRecentStep = step;
  }

  private purgeTagOutOfOrder(tag: string): void {
    const o = this.outOfOrder!;
    if (o.done.has(tag)) return;
    o.done.add(tag);
    const s = this.series.get(tag);
    if (s) this.purge('out-of-order', o.step, o.wallTime, [s], o.offset, this.fileIndex, o.previousStep);
  }

  private purge(reason: PurgeRecord['reason'], step: number, wallTime: number, targets: Iterable<TimeSeries>, offset: number, fileIndex: number | undefined, previousStep = this.mostRecentStep): void {
    let removed = 0;
    let series = 0;
    for (const s of targets) {
      const n = s.points.filter((p) => p.step < step);
      if (n > 0) {
        s.purged += n;
        removed += n;
        series++;
      }
    }
    if (removed === 0) return;
    this.purgeCount++;
    this.purgedValues += removed;
    pushBounded(this.purges, { reason, step, wallTime, previousStep, fileIndex, offset, removed, series }, this.maxPurgeRecords);
  }

  /** The series of `tag`, created on first sight, with its counters updated for a new value. */
  private seriesFor(tag: string, metadata: SeriesMetadata, step: number, wallTime: number): TimeSeries {
    let s = this.series.get(tag);
    if (!s) {
      s = {
        tag,
        metadata,
        points: new Reservoir<TimePoint>(this.sampling.capacity(metadata.plugin)),
        count: 0,
        purged: 0,
        firstStep: step,
        lastStep: step,
        minStep: step,
        maxStep: step,
        firstWallTime: wallTime,
        lastWallTime: wallTime,
      };
      this.series.set(tag, s);
    }
    s.count++;
    s.lastStep = step;
    s.lastWallTime = wallTime;
    if (step < s.minStep) s.minStep = step;
    if (step > s.maxStep) s.maxStep = step;
    return s;
  }

  /** Tags in order of first appearance. */
  tags(): string[] {
    return [...this.series.keys()];
  }

  timeSeries(tag: string): TimeSeries | undefined {
    return this.series.get(tag);
  }

  /** Every time series, in order of first appearance. */
  allTimeSeries(): TimeSeries[] {
    return [...this.series.values()];
  }

  /** Values read, over all tags. */
  get values(): number {
    let n = 0;
    for (const s of this.series.values()) n += s.count;
    return n;
  }
}
