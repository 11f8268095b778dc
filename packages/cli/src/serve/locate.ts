/**
 * Files found relative to this module (its place differs between `src/serve/` in tests and the
 * bundled `dist/`): the board's build (`dist/board/`, or `<repo>/apps/board/dist`) and the cli's package.json.
 */
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

function* ancestors(from: string, levels = 6): Generator<string> {
  let dir = from;
  for (let i = 0; i <= levels; i++) {
    yield dir;
    const up = dirname(dir);
    if (up === dir) return;
    dir = up;
  }
}

const here = (): string => dirname(fileURLToPath(import.meta.url));

/**
 * The board's files: `board/` beside the bundled cli (how the package ships them), else
 * `<repo>/apps/board/dist` (in a checkout), when it has an index.html; else null.
 */
export function defaultAssetsDir(): string | null {
  const shipped = join(here(), 'board');
  if (existsSync(join(shipped, 'index.html'))) return shipped;
  for (const dir of ancestors(here())) {
    const candidate = join(dir, 'apps', 'board', 'dist');
    if (existsSync(join(candidate, 'index.html'))) return candidate;
  }
  return null;
}

/** The version of @tbg/cli, from its package.json. */
export function cliVersion(): string {
  for (const dir of ancestors(here(), 3)) {
    try {
      const pkg = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as { name?: string; version?: string };
      if (pkg.name === '@tbg/cli') return pkg.version ?? '0.0.0';
    } catch {
      // not here
    }
  }
  return '0.0.0';
}
