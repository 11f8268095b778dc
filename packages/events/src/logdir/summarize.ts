/**
 * A logdir as plain, JSON-serialisable facts (Node): runs, their files, tags with value counts
 * and step ranges, values per plugin, and every damaged record. This is what `tbg-events ls`
 * prints.
 */
import { stat } from 'node:fs/promises';
import { EventsUsageError } from '../errors.js';
import type { DataClass } from '../event/summary-data.js';
import { compareNames, type SkippedPath } from './discover.js';
import { Logdir, type LogdirOptions } from './logdir.js';

export interface FileSummary {
  name: string;
  bytes: number;
  records: number;
  truncatedBytes: number;
  /** Damaged records in this file. */
  dataLoss: number;
}

export interface TagSummary {
  tag: string;
  plugin: string;
  dataClass: DataClass;
  /** Values read. */
  count: number;
  /** Values kept by the reservoir (after sampling and purges). */
  kept: number;
  /** [min, max] step over the values read. */
  stepRange: [number, number] | null;
}

export interface RunSummary {
  name: string;
  files: FileSummary[];
  /** Sorted by tag. */
  tags: TagSummary[];
  /** Values read per plugin name. */
  plugins: Record<string, number>;
  /** Values read, all tags. */
  values: number;
  stepRange: [number, number] | null;
  fileVersion: string | null;
  events: number;
  /** Kept points removed by orphaned-data purges. */
  purgedValues: number;
}

export interface DataLossSummary {
  /** Path of the file. */
  file: string;
  offset: number;
  kind: string;
  message: string;
}

export interface LogdirSummary {
  logdir: string;
  runs: RunSummary[];
  dataLoss: DataLossSummary[];
  /** Directories, links or files that could not be read. */
  skipped: SkippedPath[];
}

/** The summary of an already loaded Logdir. */
export function summarize(logdir: Logdir): LogdirSummary {
  const runs: RunSummary[] = [];
  const dataLoss: DataLossSummary[] = [];
  for (const name of logdir.runs()) {
    const acc = logdir.run(name)!;
    const files = logdir.files(name);
    for (const f of files) {
      for (const e of f.dataLoss) dataLoss.push({ file: f.path, offset: e.offset, kind: e.kind, message: e.detail });
    }
    const plugins: Record<string, number> = {};
    let values = 0;
    let lo = Infinity;
    let hi = -Infinity;
    const tags: TagSummary[] = acc
      .allTimeSeries()
      .sort((a, b) => compareNames(a.tag, b.tag))
      .map((s) => {
        const plugin = s.metadata.plugin;
        plugins[plugin] = (plugins[plugin] ?? 0) + s.count;
        values += s.count;
        const has = s.count > 0;
        if (has) {
          lo = Math.min(lo, s.minStep);
          hi = Math.max(hi, s.maxStep);
        }
        return { tag: s.tag, plugin, dataClass: s.metadata.dataClass, count: s.count, kept: s.points.size, stepRange: has ? [s.minStep, s.maxStep] : null };
      });
    runs.push({
      name,
      files: files.map((f) => ({ name: f.name, bytes: f.size, records: f.records, truncatedBytes: f.truncatedBytes, dataLoss: f.dataLoss.length })),
      tags,
      plugins,
      values,
      stepRange: lo <= hi ? [lo, hi] : null,
      fileVersion: acc.fileVersion,
      events: acc.events,
      purgedValues: acc.purgedValues,
    });
  }
  return { logdir: logdir.path, runs, dataLoss, skipped: logdir.lastSkipped.slice() };
}

/** Loads `path` (a logdir or a single event file) once and summarises it. */
export async function summarizeLogdir(path: string, options: LogdirOptions = {}): Promise<LogdirSummary> {
  try {
    await stat(path);
  } catch (err) {
    throw new EventsUsageError(`cannot read logdir ${path}: ${(err as Error).message}`);
  }
  const logdir = new Logdir(path, options);
  await logdir.reload();
  return summarize(logdir);
}
