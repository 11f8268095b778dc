/** `--open`: opens a URL with the platform's opener, if there is one. Never throws. */
import { spawn } from 'node:child_process';

export function openUrl(url: string, log: (line: string) => void): void {
  const [cmd, args] =
    process.platform === 'darwin' ? ['open', [url]] : process.platform === 'win32' ? ['cmd', ['/c', 'start', '""', url]] : ['xdg-open', [url]];
  try {
    const child = spawn(cmd, args, { stdio: 'ignore', detached: true });
    child.on('error', () => log(`--open: no ${cmd} here; open ${url} yourself`));
    child.unref();
  } catch {
    log(`--open: could not start ${cmd}; open ${url} yourself`);
  }
}
