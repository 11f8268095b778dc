/**
 * tbg events ls PATH   — runs of a logdir (or one file): files, tags, plugins, counts, steps.
 * tbg events cat FILE  — one JSON line per record: {offset, wall_time, step, what, values}.
 * tbg events tail PATH — cat's lines for new records, following a file or a logdir.
 * Damaged records print {offset, error} in place, and reading goes on.
 */
import { statSync, type Stats } from 'node:fs';
import type { ChecksumMode } from '@tbg/events';
import { usageError, type CliSpec } from '../shell/run-cli.js';
import { checkEventFile } from './event-file-check.js';
import { listLogdir } from './list-logdir.js';
import { readRecords } from './record-lines.js';
import { tail } from './tail.js';

const USAGE = `usage: tbg events ls PATH
       tbg events cat FILE [--checksum always|on-parse-failure|never] [--from OFFSET]
       tbg events tail PATH [--from-start] [--interval SECONDS]

ls   prints JSON: the runs under PATH (a logdir or one event file), and per run its files,
     tags, plugins, value counts and step ranges. Files whose first record is not an event
     record are left out, with a warning on stderr.
cat  prints one JSON line per record: {offset, wall_time, step, what, values: [{tag, plugin, value}]}.
     A damaged record prints {offset, error} and reading continues.
tail follows PATH (an event file, or every event file under a logdir, new ones included) and
     prints each new record as cat does, with its file, until interrupted: from the current end,
     or from the start with --from-start; polls every --interval seconds (default 1). A record
     still being written is printed once it is whole.`;

let out: string[] = [];
function emit(line: string): void {
  out.push(line);
  if (out.length >= 1024) flushOut();
}
function flushOut(): void {
  if (out.length) process.stdout.write(out.join('\n') + '\n');
  out = [];
}

async function cat(file: string, checksum: ChecksumMode, from: number): Promise<number> {
  const state = await readRecords(file, { checksum, from }, emit);
  if (state.truncatedBytes) emit(JSON.stringify({ offset: state.nextOffset, truncated: state.truncatedBytes, note: 'incomplete last record (still being written?); read again from this offset' }));
  flushOut();
  return 0;
}

/** Options each subcommand takes (each with a value); any other option is a usage error. */
const OPTIONS: Record<string, readonly string[]> = { cat: ['--checksum', '--from'], ls: [], tail: ['--interval', '--from-start'] };

/** Options that take no value. */
const FLAGS = new Set(['--from-start']);

function parseArgs(cmd: string, rest: string[]): { path: string; opts: Map<string, string> } {
  const allowed = OPTIONS[cmd] ?? usageError(`unknown command ${cmd}`);
  const opts = new Map<string, string>();
  let path: string | undefined;
  for (let i = 0; i < rest.length; i++) {
    const a = rest[i]!;
    if (a.startsWith('-')) {
      if (!allowed.includes(a)) usageError(`${a} does not apply to ${cmd}${allowed.length ? ` (options: ${allowed.join(', ')})` : ''}`);
      opts.set(a, FLAGS.has(a) ? 'true' : (rest[++i] ?? usageError(`${a} needs a value`)));
    } else if (path === undefined) path = a;
    else usageError(`only one PATH (got ${path} and ${a})`);
  }
  return { path: path ?? usageError('missing PATH'), opts };
}

function statPath(path: string): Stats {
  try {
    return statSync(path);
  } catch (err) {
    throw new Error(`${path}: ${(err as NodeJS.ErrnoException).code === 'ENOENT' ? 'no such file or directory' : (err as Error).message}`, { cause: err });
  }
}

async function main(args: string[]): Promise<number> {
  const [cmd, ...rest] = args;
  if (!cmd) usageError('missing command');
  const { path, opts } = parseArgs(cmd, rest);
  if (cmd === 'cat') {
    const checksum = (opts.get('--checksum') ?? 'always') as ChecksumMode;
    if (!['always', 'on-parse-failure', 'never'].includes(checksum)) usageError(`bad --checksum ${checksum}`);
    const from = Number(opts.get('--from') ?? 0);
    if (!Number.isInteger(from) || from < 0) usageError('--from needs a byte offset');
    if (statPath(path).isDirectory()) throw new Error(`${path}: is a directory; cat reads one event file (tbg events ls lists a logdir)`);
    checkEventFile(path);
    return cat(path, checksum, from);
  }
  if (cmd === 'tail') {
    const interval = Number(opts.get('--interval') ?? 1);
    if (!(interval > 0)) usageError('--interval needs a number of seconds above 0');
    statPath(path);
    return tail(path, { fromStart: opts.has('--from-start'), intervalMs: interval * 1000, write: (line) => process.stdout.write(line + '\n') });
  }
  statPath(path);
  const summary = await listLogdir(path, (line) => process.stderr.write(`tbg events ls: ${line}\n`));
  process.stdout.write(JSON.stringify(summary, null, 2) + '\n');
  return 0;
}

export const eventsCommand: CliSpec = { name: 'tbg events', usage: USAGE, run: main };
