/**
 * Fuzzing the reader: random truncations and byte flips of real event files never throw, report
 * damage only as DataLossErrors, and never lose an intact record.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { fixturePath, Rng } from '@tbg/testkit';
import { DataLossError } from './errors.js';
import { readEventsSync } from './read-events.js';

const FILES = [
  'pytorch-tensorboard-reducer/strict/run_1/events.out.tfevents.1622543341.janoshs-mbp.lan.86862.0',
  'tf1-tensorboard-profile/end_to_end.tfevents',
  'tf2-summary-api-custom/events.out.tfevents.1585383831.YONGXIdeMacBook-Pro.local.66143.345.v2',
  'tf2-hparams/hparam_tuning/run-3/events.out.tfevents.1585792174.ezio-virtual-machine.128712.563235.v2',
  'pytorch-tutorial-fashion-mnist/fashion_mnist_experiment_1/events.out.tfevents.1655100151.ziorathe.8535.0',
];

const key = (offset: number, data: Uint8Array) => `${offset}:${data.length}:${Buffer.from(data).toString('base64')}`;

describe('reader fuzzing', () => {
  for (const file of FILES) {
    it(file.split('/')[0]!, () => {
      const orig = new Uint8Array(readFileSync(fixturePath('events', file)));
      const clean = readEventsSync(orig).records.map((r) => ({ offset: r.offset, end: r.offset + 16 + r.length, data: orig.subarray(r.offset + 12, r.offset + 12 + r.length) }));
      const rng = new Rng(file);
      for (let round = 0; round < 300; round++) {
        // Truncation: every record that ends before the cut is read, the rest waits.
        const cut = rng.int(0, orig.length);
        const t = readEventsSync(orig.subarray(0, cut));
        const complete = clean.filter((r) => r.end <= cut);
        expect(t.records.map((r) => r.offset)).toEqual(complete.map((r) => r.offset));
        expect(t.state.errors).toEqual([]);
        expect(t.state.nextOffset + t.state.truncatedBytes).toBe(cut);

        // Byte flips: records that no flip touched are all still there, unchanged.
        const bytes = orig.slice();
        const hits: number[] = [];
        for (let f = rng.int(1, 6); f > 0; f--) {
          const at = rng.int(0, bytes.length - 1);
          bytes[at] = bytes[at]! ^ (1 << rng.int(0, 7));
          hits.push(at);
        }
        let got: ReturnType<typeof readEventsSync>;
        try {
          got = readEventsSync(bytes);
        } catch (e) {
          throw new Error(`round ${round}: reading threw ${String(e)}`);
        }
        for (const e of got.state.errors) expect(e).toBeInstanceOf(DataLossError);
        const out = new Set(got.records.map((r) => key(r.offset, bytes.subarray(r.offset + 12, r.offset + 12 + r.length))));
        for (const r of clean) {
          if (hits.some((h) => h >= r.offset && h < r.end)) continue;
          expect(out.has(key(r.offset, r.data)), `round ${round}: intact record at ${r.offset} lost`).toBe(true);
        }
        // Damage never goes unnoticed: a record whose bytes changed is not returned, and is reported.
        const changed = clean.filter((r) => hits.some((h) => h >= r.offset && h < r.end) && bytes.subarray(r.offset, r.end).some((b, i) => b !== orig[r.offset + i]));
        for (const r of changed) expect(got.records.some((g) => g.offset === r.offset), `round ${round}: damaged record at ${r.offset} returned`).toBe(false);
        if (changed.length) expect(got.state.errors.length).toBeGreaterThan(0);
      }
    });
  }
});
