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
import { dirname, join, sep } from 'node:path';

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
  /** `unreadable` (readdir/stat failed), `broken-link`, `cycle`, or `outside-logdir` (with `confine`). */
  reason: 'unreadable' | 'broken-link' | 'cycle' | 'outside-logdir';
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
  /**
   * Leave out (and report as `outside-logdir`) every symlink, to a file or a directory, whose
   * real path lies outside the logdir's: nothing outside is then ever opened (a server's rule).
   * Default false: links are followed wherever they lead, as TensorBoard does.
   */
  confine?: boolean;
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

/** What a walk has found so far, and the directories still to read. */
interface Walk {
  queue: DirNode[];
  runs: DiscoveredRun[];
  skipped: SkippedPath[];
  /** With `confine`: the logdir's real path, which every link must stay within. */
  confineTo: string | null;
}

/** Whether real path `p` is `root` or lies below it. */
function isWithin(root: string, p: string): boolean {
  return p === root || p.startsWith(root.endsWith(sep) ? root : root + sep);
}

function childNode(parent: DirNode, name: string, path: string, real: string): DirNode {
  return { path, rel: parent.rel === '.' ? name : `${parent.rel}/${name}`, real, parent };
}

/**
 * The walk's first directory: the logdir itself, or the whole Discovery when there is nothing to
 * walk (the path cannot be read, or it is a single file).
 */
async function rootNode(logdir: string, skipped: SkippedPath[]): Promise<DirNode | Discovery> {
  try {
    const st = await stat(logdir);
    if (!st.isDirectory()) return { runs: [{ run: '.', dir: dirname(logdir), files: [logdir] }], skipped, singleFile: true };
    return { path: logdir, rel: '.', real: await realpath(logdir), parent: null };
  } catch (err) {
    skipped.push({ path: logdir, reason: 'unreadable', message: errMessage(err) });
    return { runs: [], skipped, singleFile: false };
  }
}

/** Reads one directory: queues its subdirectories, follows its links, records it as a run if it holds event files. */
async function visitDir(node: DirNode, walk: Walk): Promise<void> {
  let entries: Dirent[];
  try {
    entries = await readdir(node.path, { withFileTypes: true });
  } catch (err) {
    walk.skipped.push({ path: node.path, reason: 'unreadable', message: errMessage(err) });
    return;
  }
  const files: string[] = [];
  const links: Dirent[] = [];
  for (const d of entries) {
    if (d.isDirectory()) walk.queue.push(childNode(node, d.name, join(node.path, d.name), join(node.real, d.name)));
    else if (d.isFile()) {
      if (isEventFileName(d.name)) files.push(d.name);
    } else if (d.isSymbolicLink() || (!d.isFIFO() && !d.isSocket() && !d.isCharacterDevice() && !d.isBlockDevice())) {
      // Symlinks, and entries of unknown type (some file systems do not report it).
      links.push(d);
    }
  }
  for (const d of links) await followLink(node, d, walk, files);
  if (files.length) {
    files.sort(compareNames);
    walk.runs.push({ run: node.rel, dir: node.path, files: files.map((f) => join(node.path, f)) });
  }
}

/** A symlink (or an entry of unknown type) in `node`: an event file joins `files`, a directory is queued unless it is a cycle. */
async function followLink(node: DirNode, d: Dirent, walk: Walk, files: string[]): Promise<void> {
  const p = join(node.path, d.name);
  let st: Stats;
  try {
    st = await stat(p);
  } catch (err) {
    walk.skipped.push({ path: p, reason: d.isSymbolicLink() ? 'broken-link' : 'unreadable', message: errMessage(err) });
    return;
  }
  if (!st.isFile() && !st.isDirectory()) return;
  if (st.isFile() && !isEventFileName(d.name)) return;
  let real: string;
  try {
    real = d.isSymbolicLink() ? await realpath(p) : join(node.real, d.name);
  } catch (err) {
    walk.skipped.push({ path: p, reason: 'unreadable', message: errMessage(err) });
    return;
  }
  if (walk.confineTo !== null && !isWithin(walk.confineTo, real)) {
    walk.skipped.push({ path: p, reason: 'outside-logdir', message: `symlink to ${real}, outside the logdir ${walk.confineTo}` });
    return;
  }
  if (st.isFile()) {
    files.push(d.name);
    return;
  }
  if (isAncestorReal(node, real)) {
    walk.skipped.push({ path: p, reason: 'cycle', message: `symlink to ${real}, which is an ancestor of it` });
    return;
  }
  walk.queue.push(childNode(node, d.name, p, real));
}

/** Visits every queued directory (and those they queue), at most `limit` at a time. */
function drainQueue(walk: Walk, limit: number): Promise<void> {
  return new Promise<void>((resolve) => {
    let active = 0;
    const pump = (): void => {
      while (active < limit && walk.queue.length) {
        const node = walk.queue.pop()!;
        active++;
        void visitDir(node, walk)
          .catch((err: unknown) => walk.skipped.push({ path: node.path, reason: 'unreadable', message: errMessage(err) }))
          .finally(() => {
            active--;
            if (active === 0 && walk.queue.length === 0) resolve();
            else pump();
          });
      }
    };
    pump();
  });
}

/** Discovers the runs under `logdir`, reporting what had to be skipped. */
export async function discoverLogdir(logdir: string, options: DiscoverOptions = {}): Promise<Discovery> {
  const skipped: SkippedPath[] = [];
  const root = await rootNode(logdir, skipped);
  if (!('rel' in root)) return root;
  const walk: Walk = { queue: [root], runs: [], skipped, confineTo: options.confine ? root.real : null };
  await drainQueue(walk, Math.max(1, options.concurrency ?? 16));
  walk.runs.sort((a, b) => compareNames(a.run, b.run));
  skipped.sort((a, b) => compareNames(a.path, b.path));
  return { runs: walk.runs, skipped, singleFile: false };
}

/** The runs under `logdir` (see `discoverLogdir` for what was skipped). */
export async function discoverRuns(logdir: string, options: DiscoverOptions = {}): Promise<DiscoveredRun[]> {
  return (await discoverLogdir(logdir, options)).runs;
}
