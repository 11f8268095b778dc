/**
 * `tbg events ls`: the logdir summary of @tbg/events, without the files that are not event files.
 * Those are left out with a warning, and listed in `notEventFiles` (a whole run goes when none of
 * its files is left); a single
 * file that is not an event file is an error.
 */
import { statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { summarizeLogdir, type LogdirSummary } from '@tbg/events';
import { checkEventFile, NotAnEventFileError } from './event-file-check.js';

/** The logdir summary, and the files left out for not being event files (with why). */
export type LogdirListing = LogdirSummary & { notEventFiles: Array<{ file: string; message: string }> };

/** The summary of `path`; `warn` gets one line per file left out. */
export async function listLogdir(path: string, warn: (line: string) => void): Promise<LogdirListing> {
  const isDir = statSync(path).isDirectory();
  if (!isDir) checkEventFile(path);
  const summary: LogdirListing = { ...(await summarizeLogdir(path)), notEventFiles: [] };
  if (!isDir) return summary;
  const left = new Set<string>();
  for (const run of summary.runs) {
    run.files = run.files.filter((f) => {
      const file = join(path, run.name, f.name);
      try {
        checkEventFile(file);
        return true;
      } catch (err) {
        if (!(err instanceof NotAnEventFileError)) throw err;
        // The logdir reader has no file filter: records it found after the bad start stay counted.
        const counted = f.records ? `; its ${f.records} later records still count in run ${run.name}'s tags` : '';
        warn(`left out ${err.message}${counted}`);
        summary.notEventFiles.push({ file: resolve(file), message: err.message });
        left.add(resolve(file));
        return false;
      }
    });
  }
  summary.runs = summary.runs.filter((r) => r.files.length > 0);
  summary.dataLoss = summary.dataLoss.filter((d) => !left.has(resolve(d.file)));
  if (summary.runs.length === 0 && left.size === 0 && summary.skipped.length === 0) warn(`no event files (names containing "tfevents") under ${path}`);
  return summary;
}
