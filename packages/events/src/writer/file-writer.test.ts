import { spawn } from 'node:child_process';
import * as fs from 'node:fs';
import { createRequire } from 'node:module';
import * as os from 'node:os';
import * as path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createFileWriter, type FileSummaryWriter } from './file-writer.js';
import { decodeEvents, onlyValue, text } from './test-util.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const escapeRe = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const NAME_RE = new RegExp(`^events\\.out\\.tfevents\\.(\\d{10})\\.${escapeRe(os.hostname())}\\.${process.pid}\\.(\\d+)\\.v2$`);

let tmp: string;
const open: FileSummaryWriter[] = [];

beforeAll(() => {
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'tbg-writer-'));
});
afterEach(() => {
  for (const w of open.splice(0)) w.close();
});
afterAll(() => {
  fs.rmSync(tmp, { recursive: true, force: true });
});

function track(w: FileSummaryWriter): FileSummaryWriter {
  open.push(w);
  return w;
}

describe('createFileWriter', () => {
  it('creates the logdir, names the file like TF2 and writes the first record at once', () => {
    const logdir = path.join(tmp, 'runs', 'a', 'train');
    const before = Math.floor(Date.now() / 1000);
    const w = track(createFileWriter(logdir));
    const name = path.basename(w.path);
    const m = NAME_RE.exec(name);
    expect(m, name).not.toBeNull();
    expect(Number(m![1])).toBeGreaterThanOrEqual(before);
    expect(path.dirname(w.path)).toBe(path.resolve(logdir));
    const evs = decodeEvents(fs.readFileSync(w.path));
    expect(evs.length).toBe(1);
    expect(evs[0]!.file_version).toBe('brain.Event:2');
  });

  it('numbers writers with a process-wide counter and honours filenameSuffix', () => {
    const a = track(createFileWriter(path.join(tmp, 'uid')));
    const b = track(createFileWriter(path.join(tmp, 'uid')));
    const c = track(createFileWriter(path.join(tmp, 'uid'), { filenameSuffix: '.custom' }));
    const uid = (w: FileSummaryWriter) => Number(/\.(\d+)\.[^.]+$/.exec(w.path)![1]);
    expect(uid(b)).toBe(uid(a) + 1);
    expect(uid(c)).toBe(uid(a) + 2);
    expect(c.path.endsWith(`.${process.pid}.${uid(c)}.custom`)).toBe(true);
    expect(new Set([a.path, b.path, c.path]).size).toBe(3);
  });

  it('queues in memory; after flush() the file holds every byte', () => {
    const w = track(createFileWriter(path.join(tmp, 'flush'), { maxQueue: 100 }));
    const initial = fs.statSync(w.path).size;
    for (let i = 0; i < 50; i++) w.scalar('loss', 1 / (i + 1), i);
    w.image('img', { width: 2, height: 2, channels: 1, data: new Uint8Array([0, 64, 128, 255]) }, 1);
    expect(fs.statSync(w.path).size).toBe(initial);
    w.flush();
    const bytes = fs.readFileSync(w.path);
    const evs = decodeEvents(bytes);
    expect(evs.length).toBe(52);
    expect(evs.slice(1, 51).map((e) => Number(e.step))).toEqual(Array.from({ length: 50 }, (_, i) => i));
    expect(text(onlyValue(evs[51]!).tensor!.string_val[0]!)).toBe('2');
  });

  it('close() flushes and closes the file; the writer then refuses writes', () => {
    const w = createFileWriter(path.join(tmp, 'close'), { maxQueue: 100 });
    w.text('t', 'bye', 1);
    w.close();
    expect(decodeEvents(fs.readFileSync(w.path)).length).toBe(2);
    expect(() => w.text('t', 'more', 2)).toThrow(/closed/);
  });

  it('installs one set of exit/signal handlers while writers are open and removes it after the last closes', () => {
    const count = () => ['beforeExit', 'exit', 'SIGINT', 'SIGTERM'].map((e) => process.listenerCount(e));
    const base = count();
    const a = createFileWriter(path.join(tmp, 'handlers'));
    const b = createFileWriter(path.join(tmp, 'handlers'));
    expect(count()).toEqual(base.map((n) => n + 1));
    a.close();
    expect(count()).toEqual(base.map((n) => n + 1));
    b.close();
    expect(count()).toEqual(base);
    const c = createFileWriter(path.join(tmp, 'handlers'));
    expect(count()).toEqual(base.map((n) => n + 1));
    c.close();
    expect(count()).toEqual(base);
  });
});

// --- process exit: real child processes running the bundled writer ---

let bundle: string;

function buildBundle(): string {
  // esbuild comes with tsup (a devDependency); resolve it through tsup so no new dependency is needed.
  const require = createRequire(import.meta.url);
  const esbuild = createRequire(require.resolve('tsup/package.json'))('esbuild') as { buildSync(options: Record<string, unknown>): unknown };
  const out = path.join(tmp, 'file-writer.bundle.mjs');
  esbuild.buildSync({
    entryPoints: [path.join(here, 'file-writer.ts')],
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    outfile: out,
    logLevel: 'error',
  });
  return out;
}

const CHILD = `
const [bundleUrl, mode, dir] = process.argv.slice(2);
if (mode === 'user-first') process.on('SIGTERM', () => { console.log('user handler'); process.exit(7); });
const { createFileWriter } = await import(bundleUrl);
const a = createFileWriter(dir, { maxQueue: 1000, flushMillis: 600000 });
const b = createFileWriter(dir, { maxQueue: 1000, flushMillis: 600000 });
for (let i = 0; i < 5; i++) a.scalar('x', i, i);
a.text('t', 'hello', 5);
b.scalar('y', 1, 1);
switch (mode) {
  case 'natural':
    break; // the event loop empties: beforeExit
  case 'exit':
    process.exit(0); // exit handler only
  case 'throw':
    throw new Error('boom'); // uncaught exception: exit handler
  case 'user-last':
    process.on('SIGTERM', () => { console.log('user handler'); process.exit(7); });
  // fall through
  case 'user-first':
  case 'signal':
    setInterval(() => {}, 1000); // stay alive until signalled
    console.log('ready');
    break;
}
`;

interface ChildResult {
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
}

function runChild(mode: string, dir: string, sendSignal?: NodeJS.Signals): Promise<ChildResult> {
  const script = path.join(tmp, 'child.mjs');
  if (!fs.existsSync(script)) fs.writeFileSync(script, CHILD);
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [script, pathToFileURL(bundle).href, mode, dir], { stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (d: string) => {
      stdout += d;
      if (sendSignal && stdout.includes('ready')) {
        const s = sendSignal;
        sendSignal = undefined;
        child.kill(s);
      }
    });
    child.stderr.setEncoding('utf8').on('data', (d: string) => (stderr += d));
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`child ${mode} did not exit; stdout=${stdout} stderr=${stderr}`));
    }, 30_000);
    child.on('error', reject);
    child.on('exit', (code, signal) => {
      clearTimeout(timer);
      resolve({ code, signal, stdout, stderr });
    });
  });
}

/** Every event file in `dir`, decoded; checks both child writers wrote everything. */
function expectAllOnDisk(dir: string): void {
  const files = fs.readdirSync(dir).sort();
  expect(files.length).toBe(2);
  const byTag = new Map<string, number>();
  for (const f of files) {
    const evs = decodeEvents(fs.readFileSync(path.join(dir, f)));
    expect(evs[0]!.file_version).toBe('brain.Event:2');
    for (const e of evs.slice(1)) {
      const tag = onlyValue(e).tag;
      byTag.set(tag, (byTag.get(tag) ?? 0) + 1);
    }
  }
  expect(Object.fromEntries(byTag)).toEqual({ x: 5, t: 1, y: 1 });
}

describe('flush on process exit (child processes)', () => {
  beforeAll(() => {
    bundle = buildBundle();
  });

  it('normal end of the program (beforeExit): everything on disk, and the unref’d timer does not hold the process', async () => {
    const dir = path.join(tmp, 'child-natural');
    const r = await runChild('natural', dir);
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    expectAllOnDisk(dir);
  });

  it('process.exit(): flushed by the exit handler', async () => {
    const dir = path.join(tmp, 'child-exit');
    const r = await runChild('exit', dir);
    expect(r.code).toBe(0);
    expectAllOnDisk(dir);
  });

  it('uncaught exception: flushed by the exit handler, exit code 1', async () => {
    const dir = path.join(tmp, 'child-throw');
    const r = await runChild('throw', dir);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/boom/);
    expectAllOnDisk(dir);
  });

  it.each(['SIGTERM', 'SIGINT'] as const)('%s: flushed, then the default termination by that signal', async (sig) => {
    const dir = path.join(tmp, `child-${sig}`);
    const r = await runChild('signal', dir, sig);
    expect(r.signal).toBe(sig);
    expect(r.code).toBeNull();
    expectAllOnDisk(dir);
  });

  it.each(['user-last', 'user-first'])('the app has its own SIGTERM listener (%s): no re-raise, its handler decides', async (mode) => {
    const dir = path.join(tmp, `child-${mode}`);
    const r = await runChild(mode, dir, 'SIGTERM');
    expect(r.stdout).toContain('user handler');
    expect(r.signal).toBeNull();
    expect(r.code).toBe(7);
    expectAllOnDisk(dir);
  });
});
