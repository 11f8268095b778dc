/**
 * `tbg serve --logdir DIR`: TensorBoard's data API and the board, on loopback by default. Prints
 * the URL, a progress line while the first load runs, then serves until Ctrl-C (or SIGTERM),
 * which closes the server and exits 0.
 */
import { statSync } from 'node:fs';
import type { CliSpec } from '../shell/run-cli.js';
import { progressLine, type LoadProgress } from './load-progress.js';
import { openUrl } from './open-url.js';
import { parseServeArgs } from './serve-args.js';
import { startServer, type RunningServer } from './start-server.js';

const USAGE = `usage: tbg serve --logdir DIR [--port 6006] [--host 127.0.0.1] [--reload-interval 5]
                 [--samples-per-plugin scalars=1000,images=10,…] [--assets DIR] [--open]
       tbg serve --logdir_spec name:DIR,name:DIR …

Serves TensorBoard's JSON data API (/data/runs, /data/plugin/scalars/scalars?run=&tag=, …) and
the board for the runs under DIR. --port 0 picks a free port; --reload-interval 0 loads once;
--samples-per-plugin sets how many points each series keeps (0 or all = every point); --assets
serves the board from DIR (default: apps/board/dist of this checkout when built); --open opens
the URL in a browser. Only what lies under the logdir is ever served.`;

function checkDirs(paths: readonly string[]): void {
  for (const p of paths) {
    try {
      statSync(p);
    } catch {
      throw new Error(`${p}: no such file or directory`);
    }
  }
}

/** Shows loading progress: rewritten in place on a terminal, every few seconds otherwise. */
function showProgress(server: RunningServer): () => void {
  const tty = process.stderr.isTTY;
  const write = (p: LoadProgress, last: boolean) => {
    const line = `tbg serve: ${last ? progressLine(p).replace('loading:', 'loaded:') : progressLine(p)}`;
    process.stderr.write(tty ? `\r\x1b[K${line}${last ? '\n' : ''}` : `${line}\n`);
  };
  const timer = setInterval(() => write(server.progress(), false), tty ? 200 : 2000);
  let done = false;
  return () => {
    clearInterval(timer);
    if (!done) write(server.progress(), true);
    done = true;
  };
}

function untilSignal(): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      process.off('SIGINT', done);
      process.off('SIGTERM', done);
      resolve();
    };
    process.on('SIGINT', done);
    process.on('SIGTERM', done);
  });
}

async function listen(args: ReturnType<typeof parseServeArgs>): Promise<RunningServer> {
  try {
    return await startServer({ ...args, logdirs: args.logdirs });
  } catch (err) {
    const e = err as NodeJS.ErrnoException;
    if (e.code === 'EADDRINUSE') throw new Error(`port ${args.port} on ${args.host} is in use (try --port 0)`, { cause: err });
    if (e.code === 'EADDRNOTAVAIL' || e.code === 'ENOTFOUND') throw new Error(`cannot listen on host ${args.host}`, { cause: err });
    throw err;
  }
}

async function main(argv: string[]): Promise<number> {
  const args = parseServeArgs(argv);
  checkDirs(args.logdirs.map((l) => l.path));
  if (args.assetsDir !== undefined) checkDirs([args.assetsDir]);
  const server = await listen(args);
  process.stdout.write(`tbg serve: ${server.url}\n`);
  const stopProgress = showProgress(server);
  void server.firstLoad.then(stopProgress);
  if (args.open) openUrl(server.url, (line) => process.stderr.write(`tbg serve: ${line}\n`));
  await untilSignal();
  stopProgress();
  await server.close();
  return 0;
}

export const serveCommand: CliSpec = { name: 'tbg serve', usage: USAGE, run: main };
