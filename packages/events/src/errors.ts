/** Errors of event-file reading. Truncation at the end of a file is not one: it is "more later". */

export type DataLossKind = 'length-crc' | 'data-crc' | 'payload' | 'too-large';

/**
 * A damaged record: the reader reports it with the file and byte offset, resynchronises on the
 * next valid record and goes on, so no intact record after it is lost. That guarantee needs the
 * checksums: with `checksum: 'never'`, bytes inserted into or cut out of a payload leave its
 * length field valid but wrong, which nothing can detect, so records up to where that length
 * ends may be misread.
 */
export class DataLossError extends Error {
  override readonly name = 'DataLossError';
  constructor(
    readonly kind: DataLossKind,
    /** Byte offset of the damaged record's header. */
    readonly offset: number,
    /** Where reading resumed (the next valid record), or the end of the data seen. */
    readonly resumedAt: number,
    readonly file: string | undefined,
    readonly detail: string,
  ) {
    super(`${file ? `${file}: ` : ''}data loss at byte offset ${offset} (${kind}): ${detail}; resumed at byte ${resumedAt}`);
  }
}

/** Bad arguments or I/O problems that are not about the bytes of a file. */
export class EventsUsageError extends Error {
  override readonly name = 'EventsUsageError';
}
