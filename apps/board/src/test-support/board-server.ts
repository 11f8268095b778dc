/**
 * The real `tbg serve` (packages/cli/dist/tbg.js, built) on a logdir, serving the built board
 * from dist/: browser tests talk to it exactly as a person's browser would.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { repoRoot } from '@tbg/testkit';

const APP = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
export const DIST = join(APP, 'dist');

export interface BoardServer {
  origin: string;
  output: () => string;
  close(): Promise<void>;
}

function waitForUrl(child: ChildProcess, log: { text: string }, timeout: number): Promise<string> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`tbg serve printed no URL within ${timeout} ms:\n${log.text}`)), timeout);
    const check = (): void => {
      const m = /tbg serve: (http:\/\/127\.0\.0\.1:\d+)\//.exec(log.text);
      if (m) {
        clearTimeout(timer);
        resolve(m[1]!);
      }
    };
    child.stdout!.on('data', (d: Buffer) => ((log.text += d.toString()), check()));
    child.stderr!.on('data', (d: Buffer) => ((log.text += d.toString()), check()));
    child.on('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`tbg serve exited (${code}) before printing its URL:\n${log.text}`));
    });
  });
}

export async function startBoardServer(logdir: string, extra: string[] = []): Promise<BoardServer> {
  const cli = join(repoRoot(), 'packages', 'cli', 'dist', 'tbg.js');
  if (!existsSync(cli)) throw new Error(`${cli} is missing: build the cli first (pnpm -s turbo run build --filter=@tbg/cli...)`);
  if (!existsSync(join(DIST, 'index.html'))) throw new Error(`${DIST} is missing: build the board first (pnpm --filter @tbg/board build)`);
  const child = spawn(process.execPath, [cli, 'serve', '--logdir', logdir, '--port', '0', '--assets', DIST, ...extra], { stdio: ['ignore', 'pipe', 'pipe'] });
  const log = { text: '' };
  const origin = await waitForUrl(child, log, 60_000);
  return {
    origin,
    output: () => log.text,
    close: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}
