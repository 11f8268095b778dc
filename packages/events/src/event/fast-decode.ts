/**
 * The hot path for bulk loading: decodes Event payloads straight from the wire into a sink.
 * Scalar values (legacy `simple_value`, or a rank-0 float tensor of a `scalars` series) reach
 * the sink as plain numbers, with no per-event allocation; anything else falls back to
 * protobufjs for that value or that event. Malformed bytes throw; the fast path is a little more lenient than Event.decode on damaged
 * payloads (that matters only with the data CRC off).
 */
import { tensorflow } from '@tbg/proto';
import { eventPoints, eventKind, stepOf, type EventKind, type SeriesMetadataMemo } from './event-points.js';
import { summaryData } from './migrate.js';
import type { SeriesMetadata, SummaryPoint } from './summary-data.js';

/** What a bulk consumer receives, in file order. */
export interface EventSink {
  /**
   * Every event, before its values: its kind (`summary`, `file_version`, `session_log`, …), step
   * and wall time. `event` is the fully decoded Event for anything but plain summaries.
   */
  event(offset: number, what: EventKind, step: number, wallTime: number, event: tensorflow.Event | null): void;
  scalar(tag: string, metadata: SeriesMetadata, step: number, wallTime: number, value: number): void;
  point(p: SummaryPoint): void;
}

const F32 = new Float32Array(1);
const F32B = new Uint8Array(F32.buffer);
const F64 = new Float64Array(1);
const F64B = new Uint8Array(F64.buffer);

function readF32(b: Uint8Array, p: number): number {
  F32B[0] = b[p]!;
  F32B[1] = b[p + 1]!;
  F32B[2] = b[p + 2]!;
  F32B[3] = b[p + 3]!;
  return F32[0]!;
}

function readF64(b: Uint8Array, p: number): number {
  for (let i = 0; i < 8; i++) F64B[i] = b[p + i]!;
  return F64[0]!;
}

class Malformed extends Error {}

/** A reusable cursor (no allocation per event). Varints are read as numbers (steps < 2^53). */
class Cursor {
  buf: Uint8Array = new Uint8Array(0);
  pos = 0;
  end = 0;
  varint(): number {
    const b = this.buf;
    let x = 0;
    let mul = 1;
    for (let i = 0; i < 10; i++) {
      if (this.pos >= this.end) throw new Malformed('truncated varint');
      const c = b[this.pos++]!;
      if (i === 9 && c > 1) throw new Malformed('varint too long');
      x += (c & 0x7f) * mul;
      if (c < 0x80) return x;
      mul *= 128;
    }
    throw new Malformed('varint too long');
  }
  /** Skips a field value of wire type `wt`. */
  skip(wt: number): void {
    if (wt === 0) this.varint();
    else if (wt === 1) this.pos += 8;
    else if (wt === 2) this.pos = this.lenEnd();
    else if (wt === 5) this.pos += 4;
    else throw new Malformed(`wire type ${wt}`);
    if (this.pos > this.end) throw new Malformed('field runs past the end');
  }
  lenEnd(): number {
    const n = this.varint();
    const e = this.pos + n;
    if (e > this.end) throw new Malformed('length runs past the end');
    return e;
  }
}

/** Short tags repeat on every event: cache their decoding by their bytes. */
class TagCache {
  private readonly map = new Map<number, Array<[Uint8Array, string]>>();
  private readonly decoder = new TextDecoder();
  get(b: Uint8Array, s: number, e: number): string {
    let h = e - s;
    for (let i = s; i < e; i++) h = (Math.imul(h, 31) + b[i]!) | 0;
    let bucket = this.map.get(h);
    if (bucket) {
      for (let j = 0; j < bucket.length; j++) {
        const bytes = bucket[j]![0];
        if (bytes.length !== e - s) continue;
        let k = 0;
        while (k < bytes.length && bytes[k] === b[s + k]) k++;
        if (k === bytes.length) return bucket[j]![1];
      }
    } else {
      bucket = [];
      this.map.set(h, bucket);
    }
    const str = this.decoder.decode(b.subarray(s, e));
    if (bucket.length < 8) bucket.push([b.slice(s, e), str]);
    return str;
  }
}

const SIMPLE_VALUE_STUB = { value: 'simple_value', metadata: null } as const;

/** Decodes Event payloads into a sink; one decoder per series-metadata memo (i.e. per run). */
export class FastEventDecoder {
  private readonly c = new Cursor();
  private readonly v = new Cursor();
  private readonly tags = new TagCache();
  // Values of the event being decoded, delivered only once the whole event has decoded, so a
  // malformed record never half-reaches the sink.
  private pendingTags: string[] = [];
  private pendingMeta: SeriesMetadata[] = [];
  private pendingValues: number[] = [];
  private pendingPoints: Array<SummaryPoint | null> = [];

  constructor(private readonly memo: SeriesMetadataMemo) {}

  /** Decodes `buf[start, end)`, the payload of the record at `offset`. */
  decode(buf: Uint8Array, start: number, end: number, offset: number, sink: EventSink): void {
    try {
      this.decodeFast(buf, start, end, offset, sink);
    } catch (err) {
      if (err instanceof Malformed) this.slow(buf.subarray(start, end), offset, sink);
      else throw err;
    }
  }

  private decodeFast(buf: Uint8Array, start: number, end: number, offset: number, sink: EventSink): void {
    const c = this.c;
    c.buf = buf;
    c.pos = start;
    c.end = end;
    let wallTime = 0;
    let step = 0;
    let sumStart = -1;
    let sumEnd = -1;
    while (c.pos < end) {
      const tag = c.varint();
      const id = tag >>> 3;
      const wt = tag & 7;
      if (id === 1 && wt === 1) {
        if (c.pos + 8 > end) throw new Malformed('truncated wall_time');
        wallTime = readF64(buf, c.pos);
        c.pos += 8;
      } else if (id === 2 && wt === 0) {
        step = c.varint();
        // Negative steps (two's complement) take the full decoder.
        if (step >= 2 ** 53) throw new Malformed('large step');
      } else if (id === 5 && wt === 2 && sumStart < 0) {
        sumEnd = c.lenEnd();
        sumStart = c.pos;
        c.pos = sumEnd;
      } else if (id === 10) c.skip(wt);
      else throw new Malformed('not a plain summary event');
    }
    if (sumStart < 0) throw new Malformed('no summary');
    c.pos = sumStart;
    c.end = sumEnd;
    let n = 0;
    while (c.pos < sumEnd) {
      const t = c.varint();
      if (t !== 0x0a) {
        c.skip(t & 7);
        continue;
      }
      const ve = c.lenEnd();
      const vs = c.pos;
      c.pos = ve;
      let fast = false;
      try {
        fast = this.fastValue(buf, vs, ve, n);
      } catch (err) {
        if (!(err instanceof Malformed)) throw err;
      }
      if (!fast) this.pendingPoints[n] = this.slowValue(buf, vs, ve, step, wallTime);
      n++;
    }
    sink.event(offset, 'summary', step, wallTime, null);
    for (let i = 0; i < n; i++) {
      const p = this.pendingPoints[i];
      if (p) {
        sink.point(p);
        this.pendingPoints[i] = null;
      } else sink.scalar(this.pendingTags[i]!, this.pendingMeta[i]!, step, wallTime, this.pendingValues[i]!);
    }
  }

  /** Queues a plain scalar value as value `n`; false when the value needs the full decoder. */
  private fastValue(b: Uint8Array, s: number, e: number, n: number): boolean {
    const r = this.v;
    r.buf = b;
    r.pos = s;
    r.end = e;
    let tagS = -1;
    let tagE = -1;
    let simple = 0;
    let hasSimple = false;
    let tensorS = -1;
    let tensorE = -1;
    let hasMetadata = false;
    while (r.pos < e) {
      const t = r.varint();
      if (t === 0x0a) {
        tagE = r.lenEnd();
        tagS = r.pos;
        r.pos = tagE;
      } else if (t === 0x15) {
        if (r.pos + 4 > e) return false;
        simple = readF32(b, r.pos);
        hasSimple = true;
        r.pos += 4;
      } else if (t === 0x42) {
        tensorE = r.lenEnd();
        tensorS = r.pos;
        r.pos = tensorE;
      } else if (t === 0x4a) {
        hasMetadata = true;
        r.pos = r.lenEnd();
      } else if (t >>> 3 === 7) r.skip(t & 7);
      else return false;
    }
    if (tagS < 0) return false;
    const tag = this.tags.get(b, tagS, tagE);
    const known = this.memo.get(tag);
    // A tag's first metadata decides its series: let the full decoder read it.
    if (!known && hasMetadata) return false;
    if (hasSimple && tensorS < 0) {
      const md = known ?? this.memo.forValue({ tag, ...SIMPLE_VALUE_STUB } as unknown as tensorflow.Summary.Value);
      return this.queue(n, tag, md, simple);
    }
    if (tensorS >= 0 && !hasSimple && known?.plugin === 'scalars') {
      const v = this.scalarTensor(b, tensorS, tensorE);
      if (v !== null) return this.queue(n, tag, known, v);
    }
    return false;
  }

  private queue(n: number, tag: string, md: SeriesMetadata, value: number): true {
    this.pendingTags[n] = tag;
    this.pendingMeta[n] = md;
    this.pendingValues[n] = value;
    this.pendingPoints[n] = null;
    return true;
  }

  /** A rank-0 DT_FLOAT/DT_DOUBLE tensor's value, or null for anything else. */
  private scalarTensor(b: Uint8Array, s: number, e: number): number | null {
    const r = this.v;
    r.pos = s;
    r.end = e;
    let dtype = 0;
    let value: number | null = null;
    while (r.pos < e) {
      const t = r.varint();
      if (t === 0x08) dtype = r.varint();
      else if (t === 0x12) {
        const end = r.lenEnd();
        if (end > r.pos) return null; // a shape with dims is not a scalar
      } else if (t === 0x22) {
        const end = r.lenEnd();
        const n = end - r.pos;
        if (dtype === 1 && n === 4) value = readF32(b, r.pos);
        else if (dtype === 2 && n === 8) value = readF64(b, r.pos);
        else return null;
        r.pos = end;
      } else if (t === 0x2d) {
        if (r.pos + 4 > e) return null;
        value = readF32(b, r.pos);
        r.pos += 4;
      } else if (t === 0x2a) {
        const end = r.lenEnd();
        if (end - r.pos !== 4) return null;
        value = readF32(b, r.pos);
        r.pos = end;
      } else return null;
    }
    return dtype === 1 || dtype === 2 ? value : null;
  }

  private slowValue(b: Uint8Array, s: number, e: number, step: number, wallTime: number): SummaryPoint {
    const v = tensorflow.Summary.Value.decode(b.subarray(s, e));
    const metadata = this.memo.forValue(v);
    return { tag: v.tag, step, wallTime, metadata, data: summaryData(v, metadata) };
  }

  private slow(data: Uint8Array, offset: number, sink: EventSink): void {
    const e = tensorflow.Event.decode(data);
    const points = eventPoints(e, this.memo);
    sink.event(offset, eventKind(e), stepOf(e), e.wall_time, e);
    for (const p of points) sink.point(p);
  }
}
