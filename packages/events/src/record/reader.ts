/**
 * An incremental TFRecord reader: push bytes in any chunking, pull complete records out.
 * - A partial record at the end is not an error: `next()` returns null and the reader waits
 *   (for a file being written, read again later from `offset`).
 * - A bad length CRC makes the length untrustworthy: the reader reports a DataLossError and
 *   resynchronises by scanning for the next header whose CRC checks out.
 * - A bad data CRC (with a good length) skips just that record.
 * Records come out as views into the reader's buffer; they stay valid (nothing is overwritten),
 * but retaining one retains its chunk, so copy what you keep for long.
 */
import { DataLossError } from '../errors.js';
import { jsCrc32c, maskCrc, type Crc32c } from '../crc/crc32c.js';
import { FOOTER_BYTES, HEADER_BYTES, OVERHEAD_BYTES } from './frame.js';

/**
 * - `always`: check the length CRC and the data CRC of every record (the default).
 * - `on-parse-failure`: check the length CRC; check the data CRC only for payloads that fail
 *   to decode (RustBoard's default, faster). The caller reports parse failures via `verifyData`.
 * - `never`: trust everything (lengths included).
 */
export type ChecksumMode = 'always' | 'on-parse-failure' | 'never';

export interface RawRecord {
  /** Byte offset of the record's header in the file. */
  offset: number;
  data: Uint8Array;
  /** Whether the data CRC was verified (false when the mode skipped it). */
  dataCrcChecked: boolean;
  /** The stored masked data CRC, for a later check. */
  storedDataCrc: number;
}

/**
 * A record located in the reader's buffer, without a view being made: `buf[start, end)` is the
 * payload. The object is reused by every `nextRange()` call (no allocation per record).
 */
export interface RecordRange {
  offset: number;
  buf: Uint8Array;
  start: number;
  end: number;
  dataCrcChecked: boolean;
  storedDataCrc: number;
}

export interface RecordReaderOptions {
  file?: string;
  /** Offset in the file of the first byte that will be pushed (default 0). */
  startOffset?: number;
  checksum?: ChecksumMode;
  /** Records claiming more bytes than this are treated as damage (default 1 GiB). */
  maxRecordBytes?: number;
  /** The CRC-32C implementation (default: the JS one; the Node entry offers `nativeCrc32c()`). */
  crc32c?: Crc32c;
}

const DEFAULT_MAX_RECORD = 1 << 30;

export class RecordReader {
  private buf: Uint8Array = new Uint8Array(0);
  private view: DataView = new DataView(this.buf.buffer);
  /** Start of unconsumed bytes in `buf`. */
  private pos = 0;
  /** End of valid bytes in `buf`. */
  private end = 0;
  /** Whether `buf` is ours to append into (not a caller's chunk). */
  private owned = false;
  /** File offset of `buf[0]`. */
  private base: number;
  /** Bytes the record being assembled needs, so the next push allocates once. */
  private want = 0;
  /** Set while scanning for a valid header after a bad length CRC: the damaged record's offset. */
  private damagedAt = -1;
  private damageKind: 'length-crc' | 'too-large' = 'length-crc';
  readonly checksum: ChecksumMode;
  readonly file: string | undefined;
  /** The CRC-32C implementation this reader checks with. */
  readonly crc32c: Crc32c;
  private readonly maxRecord: number;
  /** Records read so far (including skipped damaged ones). */
  records = 0;

  constructor(options: RecordReaderOptions = {}) {
    this.base = options.startOffset ?? 0;
    this.checksum = options.checksum ?? 'always';
    this.file = options.file;
    this.maxRecord = options.maxRecordBytes ?? DEFAULT_MAX_RECORD;
    this.crc32c = options.crc32c ?? jsCrc32c;
  }

  /** File offset of the next unread record: where to resume reading later. */
  get offset(): number {
    return this.base + this.pos;
  }

  /** Bytes held that do not yet make a complete record. */
  get pendingBytes(): number {
    return this.end - this.pos;
  }

  /** True while resynchronising after damage (the bytes pending are being searched). */
  get resyncing(): boolean {
    return this.damagedAt >= 0;
  }

  push(chunk: Uint8Array): void {
    if (chunk.length === 0) return;
    const remaining = this.end - this.pos;
    if (remaining === 0) {
      this.base += this.end;
      this.buf = chunk;
      this.view = new DataView(chunk.buffer, chunk.byteOffset, chunk.byteLength);
      this.pos = 0;
      this.end = chunk.length;
      this.owned = false;
      return;
    }
    if (this.owned && this.buf.length - this.end >= chunk.length) {
      this.buf.set(chunk, this.end);
      this.end += chunk.length;
      return;
    }
    // Compact the unread tail into a new buffer big enough for the record being assembled.
    const need = remaining + chunk.length;
    let cap = Math.max(need, this.want, 64 * 1024);
    if (cap < need * 2 && this.want <= need) cap = need * 2;
    const nb = new Uint8Array(cap);
    nb.set(this.buf.subarray(this.pos, this.end));
    nb.set(chunk, remaining);
    this.base += this.pos;
    this.buf = nb;
    this.view = new DataView(nb.buffer);
    this.pos = 0;
    this.end = need;
    this.owned = true;
  }

  /** The next record, a DataLossError, or null when more bytes are needed. */
  next(): RawRecord | DataLossError | null {
    const r = this.nextRange();
    if (r === null || r instanceof DataLossError) return r;
    return { offset: r.offset, data: r.buf.subarray(r.start, r.end), dataCrcChecked: r.dataCrcChecked, storedDataCrc: r.storedDataCrc };
  }

  private readonly range: RecordRange = { offset: 0, buf: this.buf, start: 0, end: 0, dataCrcChecked: false, storedDataCrc: 0 };

  /** Like `next()`, but returns a reused RecordRange instead of allocating a view. */
  nextRange(): RecordRange | DataLossError | null {
    if (this.damagedAt >= 0) {
      const err = this.resync(false);
      if (err) return err;
      if (this.damagedAt >= 0) return null;
    }
    const avail = this.end - this.pos;
    if (avail < HEADER_BYTES) return null;
    const p = this.pos;
    const v = this.view;
    const lo = v.getUint32(p, true);
    const hi = v.getUint32(p + 4, true);
    if (this.checksum !== 'never' && maskCrc(this.crc32c(this.buf, p, p + 8)) !== v.getUint32(p + 8, true)) {
      return this.startResync('length-crc');
    }
    if (hi !== 0 || lo > this.maxRecord) return this.startResync('too-large');
    const total = OVERHEAD_BYTES + lo;
    if (avail < total) {
      this.want = total;
      return null;
    }
    this.want = 0;
    const start = p + HEADER_BYTES;
    const end = start + lo;
    const stored = v.getUint32(end, true);
    const offset = this.base + p;
    this.pos = p + total;
    this.records++;
    const checked = this.checksum === 'always';
    if (checked && maskCrc(this.crc32c(this.buf, start, end)) !== stored) {
      return new DataLossError('data-crc', offset, this.offset, this.file, `data CRC mismatch in a ${lo}-byte record; the record is skipped`);
    }
    const r = this.range;
    r.offset = offset;
    r.buf = this.buf;
    r.start = start;
    r.end = end;
    r.dataCrcChecked = checked;
    r.storedDataCrc = stored;
    return r;
  }

  /** For `on-parse-failure`: whether a record (read by this reader) whose payload failed to decode has a good CRC. */
  dataCrcOk(rec: RawRecord | RecordRange): boolean {
    const crc = 'data' in rec ? this.crc32c(rec.data, 0, rec.data.length) : this.crc32c(rec.buf, rec.start, rec.end);
    return maskCrc(crc) === rec.storedDataCrc;
  }

  /**
   * Call at the end of the available input. Returns a DataLossError if a resync never found
   * a valid record (the damage runs to the end), else null. Truncated tails are not errors:
   * `pendingBytes` says how many bytes wait for the rest of their record.
   */
  finish(): DataLossError | null {
    if (this.damagedAt < 0) return null;
    return this.resync(true);
  }

  private startResync(kind: 'length-crc' | 'too-large'): DataLossError | null {
    this.damagedAt = this.base + this.pos;
    this.damageKind = kind;
    this.pos += 1;
    this.want = 0;
    return this.resync(false);
  }

  /** Scans for the next plausible header; returns the DataLossError once the outcome is known. */
  private resync(atEnd: boolean): DataLossError | null {
    const buf = this.buf;
    const v = this.view;
    const crc = this.crc32c;
    let p = this.pos;
    for (; p + HEADER_BYTES <= this.end; p++) {
      if (maskCrc(crc(buf, p, p + 8)) !== v.getUint32(p + 8, true)) continue;
      const lo = v.getUint32(p, true);
      if (v.getUint32(p + 4, true) !== 0 || lo > this.maxRecord) continue;
      // Its data CRC must match too. Until the whole candidate is here, wait for it (so the
      // outcome does not depend on where chunks end); at the end of the input, take it.
      const total = OVERHEAD_BYTES + lo;
      if (p + total > this.end) {
        if (atEnd) return this.resolveDamage(p);
        this.pos = p;
        this.want = total;
        return null;
      }
      if (maskCrc(crc(buf, p + HEADER_BYTES, p + HEADER_BYTES + lo)) !== v.getUint32(p + total - FOOTER_BYTES, true)) continue;
      return this.resolveDamage(p);
    }
    this.pos = p;
    if (atEnd) return this.resolveDamage(this.end);
    return null;
  }

  private resolveDamage(at: number): DataLossError {
    const from = this.damagedAt;
    this.damagedAt = -1;
    this.pos = at;
    this.records++;
    const skipped = this.base + at - from;
    const what = this.damageKind === 'length-crc' ? 'length CRC mismatch' : 'record length is implausibly large';
    return new DataLossError(this.damageKind, from, this.base + at, this.file, `${what}; skipped ${skipped} bytes to the next valid record`);
  }
}
