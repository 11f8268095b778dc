import { mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync, chmodSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, posix } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { available, fixturePath } from '@tbg/testkit';
import { compareNames, discoverLogdir, discoverRuns, isEventFileName } from './discover.js';

const manifest = JSON.parse(readFileSync(fixturePath('events', 'manifest.json'), 'utf8')) as { files: Array<{ file: string }> };
const EVENTS = fixturePath('events');

const tmp = mkdtempSync(join(tmpdir(), 'tbg-discover-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

function touch(path: string, content = ''): void {
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, content);
}

describe('discoverRuns', () => {
  it('tf2-hparams/hparam_tuning: the logdir itself is run "." with 4 files, plus run-0..run-7', async () => {
    const root = fixturePath('events', 'tf2-hparams', 'hparam_tuning');
    const runs = await discoverRuns(root);
    expect(runs.map((r) => r.run)).toEqual(['.', ...Array.from({ length: 8 }, (_, i) => `run-${i}`)]);
    expect(runs[0]!.dir).toBe(root);
    expect(runs[0]!.files).toHaveLength(4);
    expect(runs[1]!.files.map((f) => f.slice(root.length + 1))).toEqual([
      'run-0/events.out.tfevents.1585791950.ezio-virtual-machine.127024.454313.v2',
      'run-0/events.out.tfevents.1585792155.ezio-virtual-machine.128712.150258.v2',
    ]);
    for (const r of runs.slice(2)) expect(r.files).toHaveLength(1);
  });

  it('the whole fixtures dir: one run per directory holding event files, as in manifest.json', async () => {
    const expected = new Map<string, string[]>();
    for (const f of manifest.files) {
      const dir = posix.dirname(f.file);
      const run = dir === '' ? '.' : dir;
      expected.set(run, [...(expected.get(run) ?? []), posix.basename(f.file)]);
    }
    const { runs, skipped } = await discoverLogdir(EVENTS);
    expect(skipped).toEqual([]);
    expect(runs.map((r) => r.run)).toEqual([...expected.keys()].sort(compareNames));
    for (const r of runs) {
      expect(r.files.map((f) => f.slice(r.dir.length + 1))).toEqual([...expected.get(r.run)!].sort(compareNames));
      expect(r.dir).toBe(r.run === '.' ? EVENTS : join(EVENTS, ...r.run.split('/')));
    }
    // Names are not required to start with "events": end_to_end.tfevents counts.
    expect(runs.find((r) => r.run === 'tf1-tensorboard-profile')!.files).toHaveLength(1);
  });

  it('sorts files by code point, not by number or locale (uid .10 before .4)', async () => {
    const [run] = await discoverRuns(fixturePath('events', 'pytorch-tutorial-fashion-mnist'));
    expect(run!.run).toBe('fashion_mnist_experiment_1');
    const names = run!.files.map((f) => f.slice(run!.dir.length + 1));
    expect(names).toHaveLength(29);
    const i10 = names.indexOf('events.out.tfevents.1655101228.ziorathe.9443.10');
    const i4 = names.indexOf('events.out.tfevents.1655101228.ziorathe.9443.4');
    expect(i10).toBeGreaterThanOrEqual(0);
    expect(i10).toBeLessThan(i4);
    expect(names).toEqual([...names].sort());
  });

  it('compareNames is code-point order', () => {
    expect(compareNames('a.10', 'a.4')).toBeLessThan(0);
    expect(compareNames('B', 'a')).toBeLessThan(0);
    expect(compareNames('a', 'ab')).toBeLessThan(0);
    expect(compareNames('x', 'x')).toBe(0);
    // U+1F600 (a surrogate pair) sorts after U+FFFD, as in UTF-8 byte order.
    expect(compareNames('\u{1F600}', '\uFFFD')).toBeGreaterThan(0);
    expect(['b', '\u{1F600}', '\uFFFD', 'a'].sort(compareNames)).toEqual(['a', 'b', '\uFFFD', '\u{1F600}']);
    expect(isEventFileName('events.out.tfevents.1.host')).toBe(true);
    expect(isEventFileName('end_to_end.tfevents')).toBe(true);
    expect(isEventFileName('checkpoint')).toBe(false);
  });

  it('nested runs, ignored non-event files, a single file path', async () => {
    const root = join(tmp, 'nested');
    touch(join(root, 'a', 'events.out.tfevents.1.h'));
    touch(join(root, 'a', 'train', 'events.out.tfevents.2.h'));
    touch(join(root, 'a', 'train', 'checkpoint'));
    touch(join(root, 'b', 'notes.txt'));
    touch(join(root, 'c', 'd', 'e', 'f', 'g', 'events.out.tfevents.3.h'));
    const runs = await discoverRuns(root);
    expect(runs.map((r) => r.run)).toEqual(['a', 'a/train', 'c/d/e/f/g']);
    expect(runs[1]!.files).toEqual([join(root, 'a', 'train', 'events.out.tfevents.2.h')]);

    const single = join(root, 'a', 'train', 'events.out.tfevents.2.h');
    const one = await discoverLogdir(single);
    expect(one.singleFile).toBe(true);
    expect(one.runs).toEqual([{ run: '.', dir: join(root, 'a', 'train'), files: [single] }]);

    const missing = await discoverLogdir(join(root, 'nope'));
    expect(missing.runs).toEqual([]);
    expect(missing.skipped[0]!.reason).toBe('unreadable');
  });

  it('walks deep trees iteratively', async () => {
    const parts = Array.from({ length: 120 }, (_, i) => `d${i}`);
    const deep = join(tmp, 'deep', ...parts);
    touch(join(deep, 'x.tfevents'));
    const runs = await discoverRuns(join(tmp, 'deep'));
    expect(runs.map((r) => r.run)).toEqual([parts.join('/')]);
  });

  it('follows symlinks, skips cycles and broken links and reports them', async () => {
    const root = join(tmp, 'links');
    const outside = join(tmp, 'outside');
    touch(join(outside, 'events.out.tfevents.9.h'));
    touch(join(root, 'real', 'events.out.tfevents.1.h'));
    symlinkSync(outside, join(root, 'linked'));
    symlinkSync(join(root, 'real'), join(root, 'alias'));
    symlinkSync(root, join(root, 'real', 'loop'));
    symlinkSync(join(tmp, 'does-not-exist'), join(root, 'broken'));
    symlinkSync(join(outside, 'events.out.tfevents.9.h'), join(root, 'real', 'events.out.tfevents.5.link'));
    const { runs, skipped } = await discoverLogdir(root);
    // alias is a second name for real (not a cycle): both are runs, as with RustBoard.
    expect(runs.map((r) => r.run)).toEqual(['alias', 'linked', 'real']);
    expect(runs.find((r) => r.run === 'real')!.files.map((f) => f.slice(join(root, 'real').length + 1))).toEqual([
      'events.out.tfevents.1.h',
      'events.out.tfevents.5.link',
    ]);
    expect(skipped.map((s) => [s.path.slice(root.length + 1), s.reason])).toEqual([
      ['alias/loop', 'cycle'],
      ['broken', 'broken-link'],
      ['real/loop', 'cycle'],
    ]);
    // Confined (a server's rule), links out of the logdir, to a directory or a file, are left out unopened.
    const confined = await discoverLogdir(root, { confine: true });
    expect(confined.runs.map((r) => r.run)).toEqual(['alias', 'real']);
    expect(confined.runs.find((r) => r.run === 'real')!.files.map((f) => f.slice(join(root, 'real').length + 1))).toEqual(['events.out.tfevents.1.h']);
    expect(confined.skipped.map((s) => [s.path.slice(root.length + 1), s.reason])).toEqual([
      ['alias/events.out.tfevents.5.link', 'outside-logdir'],
      ['alias/loop', 'cycle'],
      ['broken', 'broken-link'],
      ['linked', 'outside-logdir'],
      ['real/events.out.tfevents.5.link', 'outside-logdir'],
      ['real/loop', 'cycle'],
    ]);
  });

  const UNREADABLE = 'discoverRuns: skips unreadable directories';
  const permissionsApply = available(UNREADABLE, process.getuid?.() !== 0, 'running as root: directory permissions are not enforced', false);
  it.skipIf(!permissionsApply)('skips unreadable directories and reports them', async () => {
    const root = join(tmp, 'perm');
    touch(join(root, 'ok', 'events.out.tfevents.1.h'));
    touch(join(root, 'locked', 'events.out.tfevents.1.h'));
    chmodSync(join(root, 'locked'), 0o000);
    try {
      const { runs, skipped } = await discoverLogdir(root);
      expect(runs.map((r) => r.run)).toEqual(['ok']);
      expect(skipped).toMatchObject([{ path: join(root, 'locked'), reason: 'unreadable' }]);
    } finally {
      chmodSync(join(root, 'locked'), 0o755);
    }
  });
});
