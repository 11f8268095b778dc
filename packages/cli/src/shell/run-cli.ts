/**
 * The shell of the `tbg` command: exit codes (0 ok, 1 failure, 2 bad usage), errors as one line
 * rather than a stack, and a quiet end when the reader closes the pipe (`| head`).
 */

/** Thrown (via `usageError`) for bad arguments: the bin prints it with its usage text, exit 2. */
export class UsageError extends Error {
  override name = 'UsageError';
}

export function usageError(message: string): never {
  throw new UsageError(message);
}

export interface CliSpec {
  /** The command's name (`tbg graph`), prefixed to every message. */
  name: string;
  usage: string;
  /** Runs with the arguments after the command's name; returns the exit code. */
  run(args: string[]): number | Promise<number>;
}

/** Runs one command with its arguments (those after the command's name), setting the exit code. */
export function runCli(spec: CliSpec, args: string[]): void {
  process.stdout.on('error', (err: NodeJS.ErrnoException) => {
    if (err.code === 'EPIPE') process.exit(0);
    throw err;
  });
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
