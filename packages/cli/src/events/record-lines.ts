/**
 * An event file's records as JSON lines (what `tbg events cat` and `tail` print):
 * `{offset, wall_time, step, what, values: [{tag, plugin, value}]}`, and `{offset, error, kind,
 * resumedAt}` in place of a damaged record.
 */
import { eventKind, eventPoints, readEvents, SeriesMetadataMemo, stepOf, type ChecksumMode, type ReadState } from '@tbg/events';
import { jsonValue } from './json-value.js';

export interface ReadRecordsOptions {
  checksum?: ChecksumMode;
  /** The byte offset of a record boundary to start from. */
  from?: number;
  /** Added to every line (`tail` names the file). */
  extra?: Record<string, unknown>;
  memo?: SeriesMetadataMemo;
}

/** Writes one line per record of `file` from `from`; returns where reading stopped (before an incomplete record). */
export async function readRecords(file: string, o: ReadRecordsOptions, write: (line: string) => void): Promise<ReadState> {
  const memo = o.memo ?? new SeriesMetadataMemo();
  const extra = o.extra ?? {};
  const stream = readEvents(file, {
    checksum: o.checksum ?? 'always',
    fromOffset: o.from ?? 0,
    onDataLoss: (e) => write(JSON.stringify({ ...extra, offset: e.offset, error: e.message, kind: e.kind, resumedAt: e.resumedAt })),
  });
  for await (const { offset, event } of stream) {
    const values = eventPoints(event, memo).map((p) => ({ tag: p.tag, plugin: p.metadata.plugin, value: jsonValue(p.data) }));
    const rec: Record<string, unknown> = { ...extra, offset, wall_time: event.wall_time, step: stepOf(event), what: eventKind(event), values };
    if (event.what === 'file_version') rec.file_version = event.file_version;
    if (event.what === 'session_log') rec.session_log = { status: event.session_log!.status, msg: event.session_log!.msg, checkpoint_path: event.session_log!.checkpoint_path };
    if (event.what === 'log_message') rec.log_message = { level: event.log_message!.level, message: event.log_message!.message };
    write(JSON.stringify(rec));
  }
  return stream.state;
}
