/**
 * The shell shared by tbg's small Node bins: exit codes (0 ok, 1 failure, 2 bad usage), errors
 * as one line rather than a stack, and a quiet end when the reader closes the pipe (`| head`).
 * Node-only: imported from `@tbg/proto/cli`, never from the browser entry.
 */
import { existsSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type { EventGraphReader } from '../load/load-graph.js';

/** Thrown (via `usageError`) for bad arguments: the bin prints it with its usage text, exit 2. */
export class UsageError extends Error {
  override name = 'UsageError';
}

export function usageError(message: string): never {
  throw new UsageError(message);
}

export interface CliSpec {
  /** The bin's name, prefixed to every message. */
  name: string;
  usage: string;
  /** Runs with the arguments after the script; returns the exit code. */
  run(args: string[]): number | Promise<number>;
}

export function runCli(spec: CliSpec, argv: readonly string[] = process.argv): void {
  process.stdout.on('error', (err: NodeJS.ErrnoException) => {
    if (err.code === 'EPIPE') process.exit(0);
    throw err;
  });
  const args = argv.slice(2);
  if (args.includes('-h') || args.includes('--help')) {
    process.stdout.write(spec.usage + '\n');
    return;
  }
  Promise.resolve()
    .then(() => spec.run(args))
    .then(
      (code) => {
        process.exitCode = code;
      },
      (err: unknown) => {
        if (err instanceof UsageError) {
          process.stderr.write(`${spec.name}: ${err.message}\n${spec.usage}\n`);
          process.exitCode = 2;
        } else {
          // Typed errors (bad input, missing files) are for the user: one line. A programming
          // error keeps its stack, for the bug report.
          const bug = err instanceof TypeError || err instanceof RangeError || err instanceof ReferenceError;
          const text = err instanceof Error ? (bug ? err.stack ?? err.message : err.message) : String(err);
          process.stderr.write(`${spec.name}: ${text}\n`);
          process.exitCode = 1;
        }
      },
    );
}

/** Candidates inside a directory, in the order they are tried. */
const GRAPH_FILES_IN_DIR = ['saved_model.pb', 'saved_model.pbtxt', 'model.json', 'graph.pbtxt', 'graph.pb'];

/** Reads a graph source given as a file, or as a SavedModel / TF.js / graph directory. */
export function readGraphFile(file: string): { path: string; bytes: Uint8Array } {
  let path = file;
  if (existsSync(path) && statSync(path).isDirectory()) {
    const found = GRAPH_FILES_IN_DIR.map((f) => join(path, f)).find(existsSync);
    if (!found) throw new Error(`${path} is a directory without ${GRAPH_FILES_IN_DIR.join(', ')}`);
    path = found;
  }
  try {
    return { path, bytes: new Uint8Array(readFileSync(path)) };
  } catch (err) {
    throw new Error(`cannot read ${path}: ${(err as Error).message}`);
  }
}

/**
 * The event-file reader of `@tbg/events`, when it is installed (an optional peer: proto itself
 * never reads TFRecords). The specifier is a variable so that neither tsc nor the bundler
 * tries to resolve the package, which is built after this one.
 */
export async function loadEventGraphReader(): Promise<EventGraphReader | undefined> {
  const specifier = '@tbg/events';
  try {
    const mod = (await import(specifier)) as { eventGraphReader?: EventGraphReader };
    return mod.eventGraphReader;
  } catch {
    return undefined;
  }
}
