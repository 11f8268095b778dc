/** Serves the built demo (dist/) on 127.0.0.1 for browser tests, like any static host would. */
import { existsSync, readFileSync, statSync } from 'node:fs';
import { extname, join, normalize, sep } from 'node:path';
import { startTestServer, type TestServer } from '@tbg/testkit';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript',
  '.css': 'text/css',
  '.svg': 'image/svg+xml',
  '.json': 'application/json',
  '.md': 'text/markdown; charset=utf-8',
  '.pbtxt': 'text/plain; charset=utf-8',
  '.map': 'application/json',
};

/** The file under `dir` that `urlPath` names (index.html for `/`), or null. */
export function fileFor(dir: string, urlPath: string): string | null {
  const path = decodeURIComponent(urlPath.split(/[?#]/)[0]!);
  const rel = normalize(path === '/' ? '/index.html' : path);
  if (rel.split(sep).includes('..')) return null;
  const file = join(dir, rel);
  return existsSync(file) && statSync(file).isFile() ? file : null;
}

export function serveDir(dir: string): Promise<TestServer> {
  return startTestServer((path) => {
    const file = fileFor(dir, path);
    return file ? { body: readFileSync(file), type: TYPES[extname(file)] ?? 'application/octet-stream' } : null;
  });
}
