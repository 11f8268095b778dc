import { spawn } from 'node:child_process';
import { appendFileSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createFileWriter } from '@tbg/events';
import { TBG_BIN } from '../test-support/tbg-bin.js';
import { tail } from './tail.js';

const tmp = mkdtempSync(join(tmpdir(), 'tbg-tail-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

type Line = { file?: string; step?: number; values?: Array<{ tag: string; plugin: string; value: unknown }>; note?: string };

/** Runs `tail` in-process until `done(lines)` holds (or 10 s pass); returns the lines. */
async function follow(path: string, fromStart: boolean, during: () => void, done: (lines: Line[]) => boolean): Promise<Line[]> {
  const lines: Line[] = [];
  const stop = new AbortController();
  const running = tail(path, { fromStart, intervalMs: 20, write: (l) => lines.push(JSON.parse(l) as Line), signal: stop.signal });
  await new Promise((r) => setTimeout(r, 60));
  during();
  for (let i = 0; i < 500 && !done(lines); i++) await new Promise((r) => setTimeout(r, 20));
  stop.abort();
  await running;
  return lines;
}

describe('tbg events tail', () => {
  it('follows a logdir from its end: new records of a growing file and of a new run, with their plugin', async () => {
    const dir = join(tmp, 'logdir');
    const train = createFileWriter(join(dir, 'train'), { maxQueue: 1 });
    train.scalar('loss', 1, 0);
    train.flush();
    const lines = await follow(dir, false, () => {
      train.scalar('loss', 0.5, 1);
      train.flush();
      const evalRun = createFileWriter(join(dir, 'eval'));
      evalRun.scalar('acc', 0.75, 1);
      evalRun.close();
    }, (ls) => ls.filter((l) => l.values?.length).length >= 2);
    train.close();
    const values = lines.filter((l) => l.values?.length).map((l) => [l.file!.includes('train') ? 'train' : 'eval', l.step, l.values![0]!.tag, l.values![0]!.plugin, l.values![0]!.value]);
    // The step-0 loss was there before: not printed. Each new value once, with its plugin.
    expect(values.sort()).toEqual([['eval', 1, 'acc', 'scalars', 0.75], ['train', 1, 'loss', 'scalars', 0.5]].sort());
  });

  it('prints a record still being written once it is whole; --from-start prints what is there', async () => {
    const dir = join(tmp, 'partial');
    const w = createFileWriter(dir);
    w.scalar('x', 1, 0);
    w.close();
    const file = join(dir, readdirSync(dir)[0]!);
    // Another file's scalar record (after its file_version record: 16 bytes of framing + payload).
    const other = createFileWriter(join(tmp, 'scratch'));
    other.scalar('x', 2, 1);
    other.close();
    const next = readFileSync(join(tmp, 'scratch', readdirSync(join(tmp, 'scratch'))[0]!));
    const scalarRecord = next.subarray(16 + Number(next.readBigUInt64LE(0)));
    const lines = await follow(file, true, () => {
      appendFileSync(file, scalarRecord.subarray(0, 10));
      setTimeout(() => appendFileSync(file, scalarRecord.subarray(10)), 100);
    }, (ls) => ls.filter((l) => l.values?.length).length >= 2);
    expect(lines.filter((l) => l.values?.length).map((l) => l.step)).toEqual([0, 1]);
    expect(lines.some((l) => 'error' in l)).toBe(false);
  });

  it('runs as a command until interrupted; a bad interval is a usage error', async () => {
    const child = spawn(process.execPath, [TBG_BIN, 'events', 'tail', join(tmp, 'logdir'), '--from-start', '--interval', '0.05']);
    let out = '';
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    for (let i = 0; i < 200 && !out.includes('"acc"'); i++) await new Promise((r) => setTimeout(r, 25));
    child.kill();
    expect(out).toContain('"tag":"acc"');
    const bad = spawn(process.execPath, [TBG_BIN, 'events', 'tail', tmp, '--interval', '0']);
    const code = await new Promise((r) => bad.on('exit', r));
    expect(code).toBe(2);
  });
});
