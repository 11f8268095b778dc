/**
 * Damaged, non-event, half-written and unreadable files of the logdirs, for `/data/tbg/data_loss`
 * and for the server log (each file logged once, when its problem is first seen).
 *
 * A file whose very first record is not a valid record (damage at offset 0 and no record read)
 * is "not an event file" (a PNG, random bytes): its run is left out when it has nothing else.
 */
import type { DataLossKind } from '@tbg/events';
import { servedRunName, type DataSource } from './data-source.js';

export type FileProblemKind = 'not-event-file' | 'damaged' | 'incomplete' | 'empty' | 'unreadable' | 'broken-link' | 'cycle' | 'outside-logdir';

export interface FileProblem {
  kind: FileProblemKind;
  /** The served run name ('' for paths outside any run). */
  run: string;
  /** The path as found under the logdir. */
  path: string;
  size?: number;
  /** Intact records read from the file. */
  records?: number;
  /** Bytes at the end waiting for the rest of their record (being written, or cut off). */
  truncatedBytes?: number;
  /** Data-loss kinds of @tbg/events, or the problem kind for skipped paths. */
  errors: Array<{ offset: number; kind: DataLossKind | FileProblemKind; resumedAt?: number; message: string }>;
}

function fileKind(size: number, records: number, firstErrorOffset: number | undefined, truncatedBytes: number): FileProblemKind | null {
  if (size === 0) return 'empty';
  if (firstErrorOffset === 0 && records === 0) return 'not-event-file';
  if (firstErrorOffset !== undefined) return 'damaged';
  if (truncatedBytes > 0) return 'incomplete';
  return null;
}

/** Every file with a problem, logdir by logdir, run by run. */
export function fileProblems(source: DataSource): FileProblem[] {
  const out: FileProblem[] = [];
  for (const root of source.roots) {
    for (const inner of root.logdir.runs()) {
      const run = servedRunName(root.spec, inner);
      for (const f of root.logdir.files(inner)) {
        const kind = fileKind(f.size, f.records, f.dataLoss[0]?.offset, f.truncatedBytes);
        if (!kind) continue;
        const errors = f.dataLoss.map((e) => ({ offset: e.offset, kind: e.kind, resumedAt: e.resumedAt, message: e.detail }));
        out.push({ kind, run, path: f.path, size: f.size, records: f.records, truncatedBytes: f.truncatedBytes, errors });
      }
    }
    for (const s of root.logdir.lastSkipped) out.push({ kind: s.reason, run: '', path: s.path, errors: [{ offset: 0, kind: s.reason, message: s.message }] });
  }
  return out;
}

/** Logs each file's problem once (an empty file or incomplete tail is normal while a writer runs: not logged). */
export class ProblemLog {
  private readonly seen = new Set<string>();

  constructor(private readonly log: (line: string) => void) {}

  report(problems: readonly FileProblem[]): void {
    for (const p of problems) {
      if (p.kind === 'incomplete' || p.kind === 'empty') continue;
      const key = `${p.kind}\0${p.path}`;
      if (this.seen.has(key)) continue;
      this.seen.add(key);
      this.log(describe(p));
    }
  }
}

function describe(p: FileProblem): string {
  const first = p.errors[0];
  switch (p.kind) {
    case 'not-event-file':
      return `warning: ${p.path}: not an event file (no valid record at offset 0: ${first?.message ?? ''}); left out`;
    case 'outside-logdir':
      return `warning: ${p.path}: ${first?.message ?? 'outside the logdir'}; left out, unread`;
    case 'damaged':
      return `warning: ${p.path}: ${p.errors.length} damaged record(s), first at byte offset ${first?.offset} (${first?.kind}); ${p.records} intact record(s) served`;
    default:
      return `warning: ${p.path}: ${p.kind}: ${first?.message ?? ''}`;
  }
}
