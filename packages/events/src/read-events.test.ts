import { readFileSync, writeFileSync, appendFileSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { fixturePath } from '@tbg/testkit';
import { DataLossError } from './errors.js';
import { readEvents } from './node.js';
import { readEventsSync, readEventsFromChunks, type EventRecord } from './read-events.js';
import { chunksOf } from './source/chunks.js';

const STRICT = 'pytorch-tensorboard-reducer/strict/run_1/events.out.tfevents.1622543341.janoshs-mbp.lan.86862.0';
const edge = (name: string) => new Uint8Array(readFileSync(fixturePath('events', 'derived-edge-cases', name, 'events.out.tfevents.1622543341.janoshs-mbp.lan.86862.0')));
const original = () => new Uint8Array(readFileSync(fixturePath('events', STRICT)));
const scalarOf = (r: EventRecord) => r.event.summary?.value[0]?.simple_value;

/** `bytes` cut into copies of `size` bytes (the last may be shorter). */
function* slices(bytes: Uint8Array, size: number): Generator<Uint8Array> {
  for (let i = 0; i < bytes.length; i += size) yield bytes.slice(i, i + size);
}

async function collect(stream: AsyncIterable<EventRecord>): Promise<EventRecord[]> {
  const out: EventRecord[] = [];
  for await (const r of stream) out.push(r);
  return out;
}

describe('readEvents on the derived edge cases', () => {
  it('a truncated payload gives every complete record, then resumes from the same spot', () => {
    const bytes = edge('truncated_mid_payload');
    const { records, state } = readEventsSync(bytes);
    expect(records).toHaveLength(100);
    expect(state.errors).toEqual([]);
    expect(state.truncatedBytes).toBe(28);
    expect(state.nextOffset).toBe(bytes.length - 28);
    // The file grows to its full length: reading from nextOffset yields exactly the last record.
    const full = original();
    const rest = readEventsSync(full, { fromOffset: state.nextOffset });
    expect(rest.records).toHaveLength(1);
    expect(rest.records[0]!.offset).toBe(state.nextOffset);
    expect(rest.state.truncatedBytes).toBe(0);
    expect(rest.state.nextOffset).toBe(full.length);
  });

  it('a truncated header waits as well', () => {
    const { records, state } = readEventsSync(edge('truncated_mid_header'));
    expect(records).toHaveLength(100);
    expect([state.truncatedBytes, state.errors.length]).toEqual([5, 0]);
  });

  it('a bad data CRC is reported at its offset and only that record is skipped', () => {
    const { records, state } = readEventsSync(edge('bad_data_crc_record50'), { file: 'x' });
    expect(records).toHaveLength(100);
    expect(state.errors).toHaveLength(1);
    const e = state.errors[0]!;
    expect(e).toBeInstanceOf(DataLossError);
    expect([e.kind, e.offset, e.resumedAt, e.file]).toEqual(['data-crc', 2413, 2413 + 16 + 33, 'x']);
    expect(e.message).toMatch(/^x: data loss at byte offset 2413 \(data-crc\)/);
    // Every record after it is intact and read.
    const want = readEventsSync(original()).records.filter((r) => r.offset !== 2413);
    expect(records.map((r) => r.offset)).toEqual(want.map((r) => r.offset));
  });

  it('checksum modes: never accepts everything; on-parse-failure accepts payloads that parse', () => {
    expect(readEventsSync(edge('bad_data_crc_record50'), { checksum: 'never' }).records).toHaveLength(101);
    expect(readEventsSync(edge('bad_data_crc_record50'), { checksum: 'on-parse-failure' }).records).toHaveLength(101);
    const flipped = readEventsSync(edge('payload_bitflip_record50'));
    expect(flipped.records).toHaveLength(100);
    expect(flipped.state.errors.map((e) => [e.kind, e.offset])).toEqual([['data-crc', 2413]]);
    const unchecked = readEventsSync(edge('payload_bitflip_record50'), { checksum: 'never' });
    const at = (rs: EventRecord[]) => scalarOf(rs.find((r) => r.offset === 2413)!);
    expect(at(unchecked.records)).not.toBe(at(readEventsSync(original()).records));
  });

  it('a bad length CRC resynchronises on the next record and loses nothing after it', () => {
    const { records, state } = readEventsSync(edge('bad_length_crc_record50'));
    expect(state.errors.map((e) => [e.kind, e.offset, e.resumedAt])).toEqual([['length-crc', 2413, 2462]]);
    const want = readEventsSync(original()).records.filter((r) => r.offset !== 2413);
    expect(records.map((r) => r.offset)).toEqual(want.map((r) => r.offset));
    expect(records.map(scalarOf)).toEqual(want.map(scalarOf));
  });

  it('garbage runs to the end: one error, nothing invented', () => {
    const good = original().subarray(0, 2413);
    const junk = new Uint8Array(5000).map((_, i) => (i * 131 + 7) & 0xff);
    const bytes = new Uint8Array(good.length + junk.length);
    bytes.set(good);
    bytes.set(junk, good.length);
    const { records, state } = readEventsSync(bytes);
    expect(records).toHaveLength(50);
    expect(state.errors).toHaveLength(1);
    expect(state.errors[0]!.offset).toBe(2413);
    expect(state.errors[0]!.resumedAt).toBe(bytes.length);
  });
});

describe('sources and chunking', () => {
  const bytes = original();
  const want = readEventsSync(bytes).records.map((r) => [r.offset, scalarOf(r)]);

  it('gives the same records for any chunking', async () => {
    for (const size of [1, 3, 12, 13, 100, 4096]) {
      const got = await collect(readEventsFromChunks(chunksOf(slices(bytes, size))));
      expect(got.map((r) => [r.offset, scalarOf(r)]), `chunk ${size}`).toEqual(want);
    }
  });

  it('damage is reported the same for any chunking (a resync waits for a whole candidate record)', async () => {
    // Record 50's length CRC and record 51's payload are both damaged: scanning on from 50, the
    // header of 51 checks out but its data does not, so the damage runs on to record 52.
    const recs = readEventsSync(bytes).records;
    const [r50, r51, r52] = [recs[50]!, recs[51]!, recs[52]!];
    const damaged = bytes.slice();
    damaged[r50.offset + 8]! ^= 1;
    damaged[r51.offset + 12 + 5]! ^= 1;
    const whole = readEventsSync(damaged);
    expect(whole.state.errors.map((e) => [e.kind, e.offset, e.resumedAt])).toEqual([['length-crc', r50.offset, r52.offset]]);
    expect(whole.records).toHaveLength(recs.length - 2);
    for (const size of [1, 7, 16, 30, 64, 4096]) {
      const s = readEventsFromChunks(chunksOf(slices(damaged, size)));
      const got = await collect(s);
      expect(s.state.errors.map((e) => [e.kind, e.offset, e.resumedAt]), `chunk ${size}`).toEqual([['length-crc', r50.offset, r52.offset]]);
      expect(got.map((r) => r.offset), `chunk ${size}`).toEqual(whole.records.map((r) => r.offset));
    }
  });

  it('reads a Uint8Array, a Blob, a ReadableStream and a file path', async () => {
    const blob = new Blob([bytes]);
    const stream = new Blob([bytes]).stream();
    for (const src of [bytes, blob, stream, fixturePath('events', STRICT)]) {
      const s = readEvents(src);
      const got = await collect(s);
      expect(got.map((r) => [r.offset, scalarOf(r)])).toEqual(want);
      expect(s.state.nextOffset).toBe(bytes.length);
    }
  });

  it('resumes a file from an offset', async () => {
    const from = readEventsSync(bytes).records[60]!.offset;
    const got = await collect(readEvents(fixturePath('events', STRICT), { fromOffset: from }));
    expect(got.map((r) => [r.offset, scalarOf(r)])).toEqual(want.slice(60));
  });

  it('tails a file that grows in pieces, even mid-record', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'tbg-tail-'));
    const path = join(dir, 'events.out.tfevents.1.host');
    writeFileSync(path, bytes.subarray(0, 0));
    const seen: Array<[number, number | null | undefined]> = [];
    let offset = 0;
    for (const cut of [5, 100, 1000, 1001, 2500, 4000, bytes.length]) {
      appendFileSync(path, bytes.subarray(readFileSync(path).length, cut));
      const s = readEvents(path, { fromOffset: offset });
      for await (const r of s) seen.push([r.offset, scalarOf(r)]);
      offset = s.state.nextOffset;
      expect(s.state.errors).toEqual([]);
    }
    expect(seen).toEqual(want);
  });
});
