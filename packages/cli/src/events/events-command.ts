/**
 * tbg events ls PATH   — runs of a logdir (or one file): files, tags, plugins, counts, steps.
 * tbg events cat FILE  — one JSON line per record: {offset, wall_time, step, what, values}.
 * Damaged records print {offset, error} in place, and reading goes on.
 */
import { statSync, type Stats } from 'node:fs';
import { eventKind, eventPoints, readEvents, SeriesMetadataMemo, stepOf, type ChecksumMode } from '@tbg/events';
import { usageError, type CliSpec } from '../shell/run-cli.js';
import { checkEventFile } from './event-file-check.js';
import { jsonValue } from './json-value.js';
import { listLogdir } from './list-logdir.js';

const USAGE = `usage: tbg events ls PATH
       tbg events cat FILE [--checksum always|on-parse-failure|never] [--from OFFSET]

ls   prints JSON: the runs under PATH (a logdir or one event file), and per run its files,
     tags, plugins, value counts and step ranges. Files whose first record is not an event
     record are left out, with a warning on stderr.
cat  prints one JSON line per record: {offset, wall_time, step, what, values: [{tag, plugin, value}]}.
     A damaged record prints {offset, error} and reading continues.`;

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
  const memo = new SeriesMetadataMemo();
  const stream = readEvents(file, {
    checksum,
    fromOffset: from,
    onDataLoss: (e) => emit(JSON.stringify({ offset: e.offset, error: e.message, kind: e.kind, resumedAt: e.resumedAt })),
  });
  for await (const { offset, event } of stream) {
    const values = eventPoints(event, memo).map((p) => ({ tag: p.tag, plugin: p.metadata.plugin, value: jsonValue(p.data) }));
    const rec: Record<string, unknown> = { offset, wall_time: event.wall_time, step: stepOf(event), what: eventKind(event), values };
    if (event.what === 'file_version') rec.file_version = event.file_version;
    if (event.what === 'session_log') rec.session_log = { status: event.session_log!.status, msg: event.session_log!.msg, checkpoint_path: event.session_log!.checkpoint_path };
    if (event.what === 'log_message') rec.log_message = { level: event.log_message!.level, message: event.log_message!.message };
    emit(JSON.stringify(rec));
  }
  const s = stream.state;
  if (s.truncatedBytes) emit(JSON.stringify({ offset: s.nextOffset, truncated: s.truncatedBytes, note: 'incomplete last record (still being written?); read again from this offset' }));
  flushOut();
  return 0;
}

/** Options each subcommand takes (each with a value); any other option is a usage error. */
const OPTIONS: Record<string, readonly string[]> = { cat: ['--checksum', '--from'], ls: [] };

function parseArgs(cmd: string, rest: string[]): { path: string; opts: Map<string, string> } {
  const allowed = OPTIONS[cmd] ?? usageError(`unknown command ${cmd}`);
  const opts = new Map<string, string>();
  let path: string | undefined;
  for (let i = 0; i < rest.length; i++) {
    const a = rest[i]!;
    if (a.startsWith('-')) {
      if (!allowed.includes(a)) usageError(`${a} does not apply to ${cmd}${allowed.length ? ` (options: ${allowed.join(', ')})` : ''}`);
      opts.set(a, rest[++i] ?? usageError(`${a} needs a value`));
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
  statPath(path);
  const summary = await listLogdir(path, (line) => process.stderr.write(`tbg events ls: ${line}\n`));
  process.stdout.write(JSON.stringify(summary, null, 2) + '\n');
  return 0;
}

export const eventsCommand: CliSpec = { name: 'tbg events', usage: USAGE, run: main };
