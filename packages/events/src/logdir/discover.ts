/**
 * Run discovery (Node): a run is any directory that directly holds at least one file whose
 * basename contains `tfevents` (TensorBoard's rule in both backends). Its name is its path
 * relative to the logdir with `/` separators, `.` for the logdir itself; runs nest.
 *
 * - The walk is iterative (a work queue, a few directories read concurrently), so depth is no
 *   problem.
 * - Symlinks are followed. A symlinked directory whose real path is the real path of one of its
 *   own ancestors is a cycle and is skipped (reported). Other aliases are walked, as RustBoard's
 *   `WalkDir::follow_links(true)` does, so `logdir/a -> logdir/b` makes both `a` and `b` runs
 *   and neither hides the other.
 * - Unreadable directories and broken links are skipped and reported; the rest goes on.
 * - Files of a run are sorted by name in code-point order (= UTF-8 byte order, the order of
 *   RustBoard's BTreeMap and of Python's `sorted`); for names without astral characters this is
 *   plain `<` on the strings. Never `localeCompare`: `…9443.10` sorts before `…9443.4`.
 * - Runs are sorted by name the same way.
 * - A path that is itself a file is one run `.` holding just that file, whatever its name.
 */
import type { Dirent, Stats } from 'node:fs';
import { readdir, realpath, stat } from 'node:fs/promises';
import { dirname, join } from 'node:path';

export interface DiscoveredRun {
  /** Path relative to the logdir with `/` separators; `.` for the logdir itself. */
  run: string;
  /** The run's directory (the logdir path joined with the relative path). */
  dir: string;
  /** Full paths of the run's event files, sorted by basename. */
  files: string[];
}

export interface SkippedPath {
  path: string;
  /** `unreadable` (readdir/stat failed), `broken-link`, or `cycle`. */
  reason: 'unreadable' | 'broken-link' | 'cycle';
  message: string;
}

export interface Discovery {
  runs: DiscoveredRun[];
  skipped: SkippedPath[];
  /** Whether the logdir path is a single file (then `runs` is just `.`). */
  singleFile: boolean;
}

export interface DiscoverOptions {
  /** Directories read at once (default 16). */
  concurrency?: number;
}

/** The basename rule of TensorBoard and RustBoard. */
export function isEventFileName(name: string): boolean {
  return name.includes('tfevents');
}

/**
 * Compares strings by Unicode code point (UTF-8 byte order), TensorBoard's file order. Equal to
 * code-unit order except that astral characters (surrogate pairs) sort after U+E000–U+FFFF.
 */
export function compareNames(a: string, b: string): number {
  if (a === b) return 0;
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) {
    const x = a.charCodeAt(i);
    const y = b.charCodeAt(i);
    if (x === y) continue;
    const xs = x >= 0xd800 && x <= 0xdfff;
    const ys = y >= 0xd800 && y <= 0xdfff;
    if (xs !== ys) return xs ? 1 : -1;
    return x - y;
  }
  return a.length - b.length;
}

interface DirNode {
  /** The path as walked (logdir joined with `rel`). */
  path: string;
  rel: string;
  /** Its real path (ancestors' real paths are used for the cycle check). */
  real: string;
  parent: DirNode | null;
}

function errMessage(err: unknown): string {
  const e = err as NodeJS.ErrnoException;
  return e?.code ? `${e.code}: ${e.message}` : String((err as Error)?.message ?? err);
}

function isAncestorReal(node: DirNode | null, real: string): boolean {
  for (let n = node; n; n = n.parent) if (n.real === real) return true;
  return false;
}

/** Discovers the runs under `logdir`, reporting what had to be skipped. */
export async function discoverLogdir(logdir: string, options: DiscoverOptions = {}): Promise<Discovery> {
  const skipped: SkippedPath[] = [];
  let rootStat: Stats;
  try {
    rootStat = await stat(logdir);
  } catch (err) {
    skipped.push({ path: logdir, reason: 'unreadable', message: errMessage(err) });
    return { runs: [], skipped, singleFile: false };
  }
  if (!rootStat.isDirectory()) {
    return { runs: [{ run: '.', dir: dirname(logdir), files: [logdir] }], skipped, singleFile: true };
  }
  let rootReal: string;
  try {
    rootReal = await realpath(logdir);
  } catch (err) {
    skipped.push({ path: logdir, reason: 'unreadable', message: errMessage(err) });
    return { runs: [], skipped, singleFile: false };
  }

  const runs: DiscoveredRun[] = [];
  const queue: DirNode[] = [{ path: logdir, rel: '.', real: rootReal, parent: null }];
  const limit = Math.max(1, options.concurrency ?? 16);

  async function visit(node: DirNode): Promise<void> {
    let entries: Dirent[];
    try {
      entries = await readdir(node.path, { withFileTypes: true });
    } catch (err) {
      skipped.push({ path: node.path, reason: 'unreadable', message: errMessage(err) });
      return;
    }
    const files: string[] = [];
    const links: Dirent[] = [];
    for (const d of entries) {
      if (d.isDirectory()) {
        queue.push({ path: join(node.path, d.name), rel: node.rel === '.' ? d.name : `${node.rel}/${d.name}`, real: join(node.real, d.name), parent: node });
      } else if (d.isFile()) {
        if (isEventFileName(d.name)) files.push(d.name);
      } else if (d.isSymbolicLink() || (!d.isFIFO() && !d.isSocket() && !d.isCharacterDevice() && !d.isBlockDevice())) {
        // Symlinks, and entries of unknown type (some file systems do not report it).
        links.push(d);
      }
    }
    for (const d of links) {
      const p = join(node.path, d.name);
      let st: Stats;
      try {
        st = await stat(p);
      } catch (err) {
        skipped.push({ path: p, reason: d.isSymbolicLink() ? 'broken-link' : 'unreadable', message: errMessage(err) });
        continue;
      }
      if (st.isFile()) {
        if (isEventFileName(d.name)) files.push(d.name);
      } else if (st.isDirectory()) {
        let real: string;
        try {
          real = d.isSymbolicLink() ? await realpath(p) : join(node.real, d.name);
        } catch (err) {
          skipped.push({ path: p, reason: 'unreadable', message: errMessage(err) });
          continue;
        }
        if (isAncestorReal(node, real)) {
          skipped.push({ path: p, reason: 'cycle', message: `symlink to ${real}, which is an ancestor of it` });
          continue;
        }
        queue.push({ path: p, rel: node.rel === '.' ? d.name : `${node.rel}/${d.name}`, real, parent: node });
      }
    }
    if (files.length) {
      files.sort(compareNames);
      runs.push({ run: node.rel, dir: node.path, files: files.map((f) => join(node.path, f)) });
    }
  }

  await new Promise<void>((resolve) => {
    let active = 0;
    const pump = (): void => {
      while (active < limit && queue.length) {
        const node = queue.pop()!;
        active++;
        void visit(node)
          .catch((err: unknown) => skipped.push({ path: node.path, reason: 'unreadable', message: errMessage(err) }))
          .finally(() => {
            active--;
            if (active === 0 && queue.length === 0) resolve();
            else pump();
          });
      }
    };
    pump();
  });

  runs.sort((a, b) => compareNames(a.run, b.run));
  skipped.sort((a, b) => compareNames(a.path, b.path));
  return { runs, skipped, singleFile: false };
}

/** The runs under `logdir` (see `discoverLogdir` for what was skipped). */
export async function discoverRuns(logdir: string, options: DiscoverOptions = {}): Promise<DiscoveredRun[]> {
  return (await discoverLogdir(logdir, options)).runs;
}
