/**
 * `tbg events tail PATH`: follows an event file, or every event file under a logdir (new runs
 * and files included), and prints each new whole record as `cat` does, with its file. Polls:
 * a file that grew is read from where the last read stopped, which is always a record boundary,
 * so a record still being written is printed once it is whole; a file that shrank (rewritten)
 * is read again from its start, with a note.
 */
import { statSync } from 'node:fs';
import { discoverLogdir, SeriesMetadataMemo } from '@tbg/events';
import { readRecords } from './record-lines.js';

export interface TailOptions {
  /** Print what the files hold already, then follow; else start at their current ends. */
  fromStart: boolean;
  intervalMs: number;
  write: (line: string) => void;
  /** Stops following (tests); by default it runs until the process is interrupted. */
  signal?: AbortSignal;
}

interface Followed {
  offset: number;
  memo: SeriesMetadataMemo;
}

async function eventFiles(path: string): Promise<string[]> {
  if (!statSync(path).isDirectory()) return [path];
  return (await discoverLogdir(path)).runs.flatMap((r) => r.files);
}

const sizeOf = (file: string): number => {
  try {
    return statSync(file).size;
  } catch {
    return -1;
  }
};

/** One poll: new files are read from their start (those found by the first poll, from their end unless fromStart); grown files are read on. */
async function poll(path: string, followed: Map<string, Followed>, first: boolean, o: TailOptions): Promise<void> {
  for (const file of await eventFiles(path)) {
    const size = sizeOf(file);
    if (size < 0) continue;
    let f = followed.get(file);
    if (!f) {
      f = { offset: 0, memo: new SeriesMetadataMemo() };
      followed.set(file, f);
      // Starting at the end: read through what is there unprinted, to stop on a record boundary
      // and to know each tag's plugin (only a tag's first value carries it).
      if (first && !o.fromStart) f.offset = (await readRecords(file, { memo: f.memo }, () => undefined)).nextOffset;
    }
    if (size < f.offset) {
      o.write(JSON.stringify({ file, note: `the file shrank from ${f.offset} to ${size} bytes (rewritten?); reading it again from the start` }));
      f.offset = 0;
    }
    if (size === f.offset) continue;
    const state = await readRecords(file, { from: f.offset, extra: { file }, memo: f.memo }, o.write);
    f.offset = state.nextOffset;
  }
}

export async function tail(path: string, o: TailOptions): Promise<number> {
  const followed = new Map<string, Followed>();
  let first = true;
  while (!o.signal?.aborted) {
    await poll(path, followed, first, o);
    first = false;
    await new Promise<void>((resolve) => {
      const t = setTimeout(resolve, o.intervalMs);
      o.signal?.addEventListener('abort', () => (clearTimeout(t), resolve()), { once: true });
    });
  }
  return 0;
}
