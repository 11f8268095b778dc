/**
 * Is this an event file? TensorBoard's readers take any file and report its bytes as data loss;
 * a user who passes a PNG or a model then sees an empty run. The rule here: a file is an event
 * file when its first record is a whole TFRecord (length and data checksums right) holding an
 * Event, or a record still being written (right length checksum, data not all there yet).
 */
import { closeSync, fstatSync, openSync, readSync } from 'node:fs';
import { maskedCrc32c } from '@tbg/events';
import { tensorflow } from '@tbg/proto';
import { whatItLooksLike } from '../shell/what-it-looks-like.js';

/** Thrown for a file whose first record is not an event record: the message names the file. */
export class NotAnEventFileError extends Error {
  override name = 'NotAnEventFileError';
  constructor(
    readonly file: string,
    readonly why: string,
  ) {
    super(`${file}: not an event file (${why})`);
  }
}

const HEADER = 12;
/** A first record above this is only checked by its length checksum (no event starts that big). */
const MAX_CHECKED_RECORD = 16 << 20;

function readAt(fd: number, at: number, n: number): Uint8Array {
  const buf = new Uint8Array(n);
  let got = 0;
  while (got < n) {
    const k = readSync(fd, buf, got, n - got, at + got);
    if (k === 0) break;
    got += k;
  }
  return buf.subarray(0, got);
}

/** Why the first record at the start of `fd` is not an event record, or null when it is one. */
function firstRecordProblem(fd: number, size: number): string | null {
  if (size === 0) return 'the file is empty';
  const head = readAt(fd, 0, Math.min(size, 64));
  const what = whatItLooksLike(head);
  const hint = what ? `; it looks like ${what}` : '';
  if (size < HEADER) return `only ${size} bytes, less than one record header${hint}`;
  const view = new DataView(head.buffer, head.byteOffset, head.byteLength);
  if (maskedCrc32c(head, 0, 8) !== view.getUint32(8, true)) return `the first record's length checksum is wrong${hint}`;
  const length = Number(view.getBigUint64(0, true));
  // Right length checksum but not all there: a record being written. That is an event file.
  if (HEADER + length + 4 > size || length > MAX_CHECKED_RECORD) return null;
  const data = readAt(fd, HEADER, length + 4);
  const crc = new DataView(data.buffer, data.byteOffset).getUint32(length, true);
  if (maskedCrc32c(data, 0, length) !== crc) return "the first record's data checksum is wrong";
  try {
    tensorflow.Event.decode(data.subarray(0, length));
  } catch (err) {
    return `the first record is a TFRecord but not an Event (${(err as Error).message})`;
  }
  return null;
}

/** Throws NotAnEventFileError unless `file` starts with an event record. */
export function checkEventFile(file: string): void {
  const fd = openSync(file, 'r');
  try {
    const problem = firstRecordProblem(fd, fstatSync(fd).size);
    if (problem) throw new NotAnEventFileError(file, problem);
  } finally {
    closeSync(fd);
  }
}
