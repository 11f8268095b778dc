/** A logdir of many small runs (a hyperparameter sweep), cached in the OS temp dir. */
import { existsSync, mkdirSync, writeFileSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { tensorflow } from '@tbg/proto';
import { encodeRecords, writeRecord } from '../src/record/frame.js';
import { BENCH_DIR, scalarEvent } from './synthetic-files.js';

export function logdirOfRuns(runs: number, eventsPerRun: number): { dir: string; runs: number; bytes: number; events: number } {
  const dir = join(BENCH_DIR, `logdir-${runs}x${eventsPerRun}`);
  const meta = join(dir, '.meta.json');
  if (existsSync(meta)) return JSON.parse(readFileSync(meta, 'utf8')) as { dir: string; runs: number; bytes: number; events: number };
  const enc = new TextEncoder();
  const tags = ['loss', 'accuracy', 'val/loss', 'val/accuracy'].map((t) => enc.encode(t));
  const first = encodeRecords([tensorflow.Event.encode(new tensorflow.Event({ wall_time: 1.6e9, file_version: 'brain.Event:2' })).finish()]);
  const payload = new Uint8Array(128);
  let bytes = 0;
  for (let r = 0; r < runs; r++) {
    const runDir = join(dir, `lr_${(r % 10) + 1}e-4`, `trial_${String(r).padStart(4, '0')}`);
    mkdirSync(runDir, { recursive: true });
    const out = new Uint8Array(first.length + eventsPerRun * 80);
    out.set(first);
    let o = first.length;
    for (let i = 0; i < eventsPerRun; i++) {
      const n = scalarEvent(payload, 0, tags[i % 4]!, i >> 2, 1.6e9 + i, Math.exp(-i / 300) + r * 1e-4);
      o = writeRecord(out, o, payload.subarray(0, n));
    }
    writeFileSync(join(runDir, `events.out.tfevents.1600000000.host.${r}.0.v2`), out.subarray(0, o));
    bytes += o;
  }
  const info = { dir, runs, bytes, events: runs * (eventsPerRun + 1) };
  writeFileSync(meta, JSON.stringify(info));
  return info;
}
