/** How far loading has got, summed over every logdir: runs, files, records, reloads. */
import type { DataSource } from './data-source.js';

export interface LoadProgress {
  /** True until the first load has finished. */
  loading: boolean;
  reloads: number;
  runs: number;
  files: number;
  records: number;
  /** Milliseconds the last reload took. */
  lastReloadMs: number;
}

export function countLoaded(source: DataSource): Pick<LoadProgress, 'runs' | 'files' | 'records'> {
  let runs = 0;
  let files = 0;
  let records = 0;
  for (const root of source.roots) {
    for (const run of root.logdir.runs()) {
      runs++;
      for (const f of root.logdir.files(run)) {
        files++;
        records += f.records;
      }
    }
  }
  return { runs, files, records };
}

export function progressLine(p: Pick<LoadProgress, 'runs' | 'files' | 'records'>): string {
  return `loading: ${p.runs} run(s), ${p.files} file(s), ${p.records} record(s)`;
}
