/**
 * Fuzzing the readers: random truncations, bit flips, overwritten bursts and splices (bytes
 * deleted and/or inserted) of real event files, read by `readEventsSync` and by the bulk path
 * Logdir uses (`readIntoSink` + `FastEventDecoder`, fed in random chunks), in every checksum
 * mode. Nothing throws, damage is reported only as DataLossErrors, and intact records are
 * never lost:
 * - `always` and `on-parse-failure` check the length CRC, so every intact record is read, even
 *   after damage. One exception: bytes inserted or deleted inside a record, after its header,
 *   leave its length CRC good but the length wrong, and the reader goes on at the end that length
 *   claims, so intact records starting before that end may be skipped;
 * - `never` trusts lengths, so after a damaged length (or a splice) framing may be lost: every
 *   intact record before the first such damage is read, and with no such damage every record is.
 * Both paths, in any chunking, frame the same records and report the same resyncs.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { fixturePath, Rng } from '@tbg/testkit';
import { DataLossError } from './errors.js';
import { readEventsSync, type ReadState } from './read-events.js';
import { readIntoSink } from './read-batches.js';
import { chunksOf } from './source/chunks.js';
import type { ChecksumMode } from './record/reader.js';
import { FastEventDecoder, type EventSink } from './event/fast-decode.js';
import { SeriesMetadataMemo, type EventKind } from './event/event-points.js';
import type { SeriesMetadata, SummaryPoint } from './event/summary-data.js';
import { RunAccumulator } from './logdir/run-accumulator.js';

const FILES = [
  'pytorch-tensorboard-reducer/strict/run_1/events.out.tfevents.1622543341.janoshs-mbp.lan.86862.0',
  'tf1-tensorboard-profile/end_to_end.tfevents',
  'tf2-summary-api-custom/events.out.tfevents.1585383831.YONGXIdeMacBook-Pro.local.66143.345.v2',
  'tf2-hparams/hparam_tuning/run-3/events.out.tfevents.1585792174.ezio-virtual-machine.128712.563235.v2',
  'pytorch-tutorial-fashion-mnist/fashion_mnist_experiment_1/events.out.tfevents.1655100151.ziorathe.8535.0',
];
const MODES: readonly ChecksumMode[] = ['always', 'on-parse-failure', 'never'];
const ROUNDS = 120;

interface CleanRecord {
  offset: number;
  end: number;
  data: Uint8Array;
}

/** Damage in original-file coordinates: `[start, end)` changed; `start === end` is an insertion point. */
interface Damage {
  name: string;
  bytes: Uint8Array;
  touched: Array<[number, number]>;
  /** Where a clean record's header now is, for a record the damage left intact. */
  moved: (offset: number) => number;
  /** Whether offsets and lengths are unchanged (flips, bursts), so changed bytes can be compared in place. */
  inPlace: boolean;
  /**
   * The intact records a reader must still read in this mode. Trusting lengths (`never`),
   * framing holds only up to the first record whose length bytes were hit, or up to a splice.
   */
  mustRead: (clean: CleanRecord[], intact: CleanRecord[], checksum: ChecksumMode) => CleanRecord[];
  /** Whether, with lengths trusted, every record is still framed. */
  lengthsIntact: (clean: CleanRecord[]) => boolean;
}

function touches(r: CleanRecord, [s, e]: [number, number]): boolean {
  return s === e ? r.offset < s && s < r.end : r.offset < e && s < r.end;
}

function damage(orig: Uint8Array, rng: Rng): Damage {
  const kind = rng.int(0, 2);
  if (kind === 0) {
    const bytes = orig.slice();
    const touched: Array<[number, number]> = [];
    for (let f = rng.int(1, 5); f > 0; f--) {
      const at = rng.int(0, bytes.length - 1);
      bytes[at] = bytes[at]! ^ (1 << rng.int(0, 7));
      touched.push([at, at + 1]);
    }
    return { name: 'flips', bytes, touched, ...inPlace(touched) };
  }
  if (kind === 1) {
    const bytes = orig.slice();
    const len = rng.int(1, Math.min(40, bytes.length));
    const at = rng.int(0, bytes.length - len);
    for (let i = at; i < at + len; i++) bytes[i] = rng.int(0, 255);
    const touched: Array<[number, number]> = [[at, at + len]];
    return { name: `burst of ${len} at ${at}`, bytes, touched, ...inPlace(touched) };
  }
  // Splice: delete `del` bytes at `at` and insert `ins` random ones there.
  const at = rng.int(0, orig.length);
  const del = rng.int(0, Math.min(40, orig.length - at));
  const ins = del === 0 ? rng.int(1, 40) : rng.int(0, 40);
  const bytes = new Uint8Array(orig.length - del + ins);
  bytes.set(orig.subarray(0, at));
  for (let i = 0; i < ins; i++) bytes[at + i] = rng.int(0, 255);
  bytes.set(orig.subarray(at + del), at + ins);
  const moved = (o: number) => (o >= at + del ? o - del + ins : o);
  const touched: Array<[number, number]> = [[at, at + del]];
  return {
    name: `splice -${del}+${ins} at ${at}`,
    bytes,
    touched,
    moved,
    inPlace: false,
    lengthsIntact: () => false,
    mustRead: (clean, intact, checksum) => {
      const before = intact.filter((r) => r.end <= at);
      if (checksum === 'never') return before;
      // A splice inside a record, after its header, leaves the length and its CRC good but wrong:
      // the reader goes on at the end that length claims (the record fails its data CRC or does
      // not parse), so intact records that now start before that end may be skipped.
      const hit = clean.find((r) => touches(r, touched[0]!));
      if (hit && at >= hit.offset + 12) return [...before, ...intact.filter((r) => r.end > at && moved(r.offset) >= hit.end)];
      return intact;
    },
  };
}

/** Flips and bursts: lengths change only where a record's 8 length bytes were hit. */
function inPlace(touched: Array<[number, number]>): Pick<Damage, 'moved' | 'inPlace' | 'mustRead' | 'lengthsIntact'> {
  const firstLengthHit = (clean: CleanRecord[]) => clean.find((r) => touched.some((t) => touches({ ...r, end: r.offset + 8 }, t)))?.offset ?? Infinity;
  return {
    moved: (o) => o,
    inPlace: true,
    lengthsIntact: (clean) => firstLengthHit(clean) === Infinity,
    mustRead: (clean, intact, checksum) => (checksum === 'never' ? intact.filter((r) => r.end <= firstLengthHit(clean)) : intact),
  };
}

interface SeenEvent {
  offset: number;
  what: string;
  step: number;
  wallTime: number;
  tags: string[];
}

/** An EventSink that records what arrives, checks its shape, and feeds a RunAccumulator too. */
class Recorder implements EventSink {
  readonly events: SeenEvent[] = [];
  readonly problems: string[] = [];
  private readonly acc = new RunAccumulator('.', { samplesPerPlugin: { '*': 5 } });
  event(offset: number, what: EventKind, step: number, wallTime: number, event: unknown): void {
    this.events.push({ offset, what, step, wallTime, tags: [] });
    this.guard(() => this.acc.event(offset, what, step, wallTime, event as Parameters<RunAccumulator['event']>[4]));
  }
  scalar(tag: string, metadata: SeriesMetadata, step: number, wallTime: number, value: number): void {
    this.value(tag, step, wallTime);
    this.guard(() => this.acc.scalar(tag, metadata, step, wallTime, value));
  }
  point(p: SummaryPoint): void {
    this.value(p.tag, p.step, p.wallTime);
    this.guard(() => this.acc.point(p));
  }
  private value(tag: string, step: number, wallTime: number): void {
    const e = this.events[this.events.length - 1];
    if (!e) return void this.problems.push(`value ${tag} before any event`);
    if (step !== e.step || !Object.is(wallTime, e.wallTime)) this.problems.push(`value ${tag} at step ${step}/${wallTime}, its event at ${e.step}/${e.wallTime}`);
    e.tags.push(tag);
  }
  private guard(f: () => void): void {
    try {
      f();
    } catch (err) {
      this.problems.push(`RunAccumulator threw: ${String(err)}`);
    }
  }
}

interface Outcome {
  /** Offset → the payload (sync) or what the sink saw (bulk), for each record read. */
  records: Map<number, Uint8Array | string>;
  state: ReadState;
}

const same = (a: Uint8Array | string | undefined, b: Uint8Array | string | undefined) =>
  a instanceof Uint8Array && b instanceof Uint8Array ? Buffer.from(a.buffer, a.byteOffset, a.length).equals(b) : a === b;
const seenKey = (e: SeenEvent) => JSON.stringify([e.what, e.step, String(e.wallTime), e.tags]);

function readSync(bytes: Uint8Array, checksum: ChecksumMode): Outcome {
  const { records, state } = readEventsSync(bytes, { checksum });
  const m = new Map<number, Uint8Array>();
  for (const r of records) m.set(r.offset, bytes.subarray(r.offset + 12, r.offset + 12 + r.length));
  expect(m.size).toBe(records.length);
  return { records: m, state };
}

async function readBulk(bytes: Uint8Array, checksum: ChecksumMode, rng: Rng): Promise<Outcome> {
  // Random chunking (1 byte to 64 KiB) exercises the reader's buffering across chunk edges.
  const chunks: Uint8Array[] = [];
  for (let at = 0; at < bytes.length; ) {
    const n = Math.min(bytes.length - at, rng.int(1, 2 ** rng.int(0, 16)));
    chunks.push(bytes.subarray(at, at + n));
    at += n;
  }
  const sink = new Recorder();
  const state = await readIntoSink(
    chunksOf(chunks),
    new FastEventDecoder(new SeriesMetadataMemo()),
    sink,
    { checksum },
  );
  expect(sink.problems, `bulk, ${checksum}`).toEqual([]);
  // Only whole records reach the sink: one event call per record read, none for damaged ones.
  expect(sink.events.length, `bulk, ${checksum}: sink events vs records read`).toBe(state.records);
  const m = new Map<number, string>();
  for (const e of sink.events) m.set(e.offset, seenKey(e));
  expect(m.size, `bulk, ${checksum}: one event per offset`).toBe(sink.events.length);
  return { records: m, state };
}

/** Offsets of every record the reader framed: read, or reported as a bad record (not a resync). */
function framed(o: Outcome): number[] {
  const perRecord = o.state.errors.filter((e) => e.kind === 'data-crc' || e.kind === 'payload').map((e) => e.offset);
  return [...o.records.keys(), ...perRecord].sort((a, b) => a - b);
}
const resyncs = (o: Outcome) => o.state.errors.filter((e) => e.kind === 'length-crc' || e.kind === 'too-large').map((e) => [e.kind, e.offset, e.resumedAt]);
const PATHS = ['sync', 'bulk'] as const;

describe('reader fuzzing', () => {
  for (const file of FILES) {
    it(file.split('/')[0]!, async () => {
      const orig = new Uint8Array(readFileSync(fixturePath('events', file)));
      const clean: CleanRecord[] = readEventsSync(orig).records.map((r) => ({ offset: r.offset, end: r.offset + 16 + r.length, data: orig.subarray(r.offset + 12, r.offset + 12 + r.length) }));
      expect(clean.length).toBeGreaterThan(0);
      const rng = new Rng(file);
      const cleanBulk = await readBulk(orig, 'always', rng);
      expect(cleanBulk.state.errors).toEqual([]);
      expect([...cleanBulk.records.keys()]).toEqual(clean.map((r) => r.offset));
      const expected = { sync: new Map(clean.map((r) => [r.offset, r.data])), bulk: cleanBulk.records };
      // Fewer rounds for the big file (each round reads it 8 times), so the suite stays quick.
      const rounds = orig.length > 50_000 ? ROUNDS / 4 : ROUNDS;

      for (let round = 0; round < rounds; round++) {
        // Truncation: every record that ends before the cut is read, the rest waits.
        const cut = rng.int(0, orig.length);
        const complete = clean.filter((r) => r.end <= cut).map((r) => r.offset);
        const truncMode = rng.pick(MODES);
        for (const t of [readSync(orig.subarray(0, cut), truncMode), await readBulk(orig.subarray(0, cut), truncMode, rng)]) {
          const at = `round ${round}: cut at ${cut}, ${truncMode}`;
          expect([...t.records.keys()], at).toEqual(complete);
          expect(t.state.errors, at).toEqual([]);
          expect(t.state.nextOffset + t.state.truncatedBytes, at).toBe(cut);
        }

        const d = damage(orig, rng);
        const where = `round ${round}: ${d.name}`;
        const intact = clean.filter((r) => !d.touched.some((t) => touches(r, t)));
        const byMode = new Map<ChecksumMode, Record<(typeof PATHS)[number], Outcome>>();
        for (const checksum of MODES) {
          let outs: Record<(typeof PATHS)[number], Outcome>;
          try {
            outs = { sync: readSync(d.bytes, checksum), bulk: await readBulk(d.bytes, checksum, rng) };
          } catch (e) {
            throw new Error(`${where}, ${checksum}: reading threw ${String(e)}`, { cause: e });
          }
          byMode.set(checksum, outs);
          const mustRead = d.mustRead(clean, intact, checksum);
          for (const path of PATHS) {
            const o = outs[path];
            const at = `${where}, ${checksum}, ${path}`;
            expect(o.state.errors.filter((e) => !(e instanceof DataLossError)), at).toEqual([]);
            expect(o.state.nextOffset + o.state.truncatedBytes, at).toBeLessThanOrEqual(d.bytes.length);
            const lost = mustRead.filter((r) => !same(o.records.get(d.moved(r.offset)), expected[path].get(r.offset)));
            expect(lost.map((r) => r.offset), `${at}: intact records lost or changed`).toEqual([]);
            if (checksum === 'never' && d.lengthsIntact(clean)) {
              // Lengths intact: every record is framed, and only undecodable payloads are reported.
              expect(framed(o), at).toEqual(clean.map((r) => r.offset));
              expect(o.state.errors.filter((e) => e.kind !== 'payload'), at).toEqual([]);
            }
          }
          // Both paths frame the same records and resynchronise the same way (whatever the
          // chunking); with every CRC checked they decode only intact payloads, so they agree
          // record for record.
          expect(framed(outs.bulk), `${where}, ${checksum}`).toEqual(framed(outs.sync));
          expect(resyncs(outs.bulk), `${where}, ${checksum}`).toEqual(resyncs(outs.sync));
          if (checksum === 'always') {
            expect([...outs.bulk.records.keys()], where).toEqual([...outs.sync.records.keys()]);
            expect(outs.bulk.state.errors.map((e) => [e.kind, e.offset]), where).toEqual(outs.sync.state.errors.map((e) => [e.kind, e.offset]));
          }
        }

        // `on-parse-failure` frames exactly like `always` and accepts a superset: the extra
        // records are ones `always` rejected for their data CRC (their payloads still parse).
        for (const path of PATHS) {
          const always = byMode.get('always')![path];
          const opf = byMode.get('on-parse-failure')![path];
          const at = `${where}, ${path}`;
          expect(framed(opf), at).toEqual(framed(always));
          expect(resyncs(opf), at).toEqual(resyncs(always));
          expect([...always.records.keys()].filter((off) => !same(opf.records.get(off), always.records.get(off))), at).toEqual([]);
          const crcRejected = new Set(always.state.errors.filter((e) => e.kind === 'data-crc').map((e) => e.offset));
          expect([...opf.records.keys()].filter((off) => !always.records.has(off) && !crcRejected.has(off)), at).toEqual([]);
        }

        // Damage never goes unnoticed with CRCs: a record whose bytes changed is not returned
        // by `always` (nor by `on-parse-failure` when its header changed), and is reported.
        if (d.inPlace) {
          const differs = (r: CleanRecord, from: number, to: number) => d.bytes.subarray(r.offset + from, r.offset + to).some((b, i) => b !== orig[r.offset + from + i]);
          const changed = clean.filter((r) => differs(r, 0, r.end - r.offset));
          const headerChanged = changed.filter((r) => differs(r, 0, 12));
          for (const path of PATHS) {
            const always = byMode.get('always')![path];
            const opf = byMode.get('on-parse-failure')![path];
            expect(changed.filter((r) => always.records.has(r.offset)).map((r) => r.offset), `${where}, ${path}: damaged records returned`).toEqual([]);
            expect(headerChanged.filter((r) => opf.records.has(r.offset)).map((r) => r.offset), `${where}, ${path}: records with a damaged header returned`).toEqual([]);
            if (changed.length) expect(always.state.errors.length, where).toBeGreaterThan(0);
          }
        }
      }
    });
  }
});
