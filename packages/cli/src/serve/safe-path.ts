/**
 * Maps a URL path onto a file under a root directory, refusing everything that could reach
 * outside it: a malformed or NUL-bearing encoding, `..` or `.` segments (also when encoded as
 * `%2e%2e`), backslashes, absolute paths (`//etc/passwd`, `C:`) → 400; a path whose real path
 * (symlinks resolved) is outside the root's real path → 403; nothing there → 404.
 */
import { realpath, stat } from 'node:fs/promises';
import { isAbsolute, join, relative, sep } from 'node:path';
import { invalidArgument, notFound, permissionDenied } from './reply.js';

/** The decoded segments of a URL path, or a 400 for anything that is not a plain relative path. */
export function pathSegments(urlPath: string): string[] {
  let decoded: string;
  try {
    decoded = decodeURIComponent(urlPath);
  } catch {
    throw invalidArgument('malformed percent-encoding in path');
  }
  if (decoded.includes('\0')) throw invalidArgument('NUL in path');
  if (decoded.includes('\\')) throw invalidArgument('backslash in path');
  if (!decoded.startsWith('/')) throw invalidArgument('path must start with /');
  const rest = decoded.slice(1);
  if (rest.startsWith('/') || /^[A-Za-z]:/.test(rest) || isAbsolute(rest)) throw invalidArgument('absolute paths are not served');
  const segments = rest.split('/');
  if (segments.some((s) => s === '..' || s === '.')) throw invalidArgument('path traversal is not allowed');
  return segments.filter((s) => s !== '');
}

/** Whether `child` (a real path) is `root` (a real path) or lies under it. */
export function isInside(root: string, child: string): boolean {
  const rel = relative(root, child);
  return rel === '' || (!rel.startsWith('..' + sep) && rel !== '..' && !isAbsolute(rel));
}

/** The real path of the regular file that `urlPath` names under `root`. */
export async function resolveUnder(root: string, urlPath: string): Promise<string> {
  const segments = pathSegments(urlPath);
  const rootReal = await realpath(root);
  let real: string;
  try {
    real = await realpath(join(rootReal, ...segments));
  } catch {
    throw notFound();
  }
  if (!isInside(rootReal, real)) throw permissionDenied('the path leads outside the served directory');
  const st = await stat(real).catch(() => null);
  if (!st?.isFile()) throw notFound();
  return real;
}
