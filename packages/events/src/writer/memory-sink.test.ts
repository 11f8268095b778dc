import { describe, expect, it } from 'vitest';
import { createMemoryWriter, eventFileName, MemorySink } from './memory-sink.js';
import { decodeEvents } from './test-util.js';

describe('MemorySink', () => {
  it('accumulates writes; bytes(), size and blob() agree', async () => {
    const sink = new MemorySink();
    expect(sink.size).toBe(0);
    expect(sink.bytes().length).toBe(0);
    const a = new Uint8Array([1, 2, 3]);
    sink.write(a);
    a[0] = 99; // the sink keeps its own copy
    sink.write(new Uint8Array([4]));
    expect(sink.size).toBe(4);
    expect(Array.from(sink.bytes())).toEqual([1, 2, 3, 4]);
    expect(sink.bytes()).toBe(sink.bytes()); // cached until the next write
    const blob = sink.blob();
    expect(blob.type).toBe('application/octet-stream');
    expect(blob.size).toBe(4);
    expect(Array.from(new Uint8Array(await blob.arrayBuffer()))).toEqual([1, 2, 3, 4]);
    sink.close();
    expect(sink.closed).toBe(true);
    expect(() => sink.write(new Uint8Array(1))).toThrow(/closed/);
    expect(sink.size).toBe(4);
  });

  it('createMemoryWriter gives a readable event file', () => {
    const { writer, sink } = createMemoryWriter();
    writer.scalar('x', 1, 1);
    writer.close();
    expect(sink.closed).toBe(true);
    const evs = decodeEvents(sink.bytes());
    expect(evs.map((e) => e.what)).toEqual(['file_version', 'summary']);
  });
});

describe('eventFileName', () => {
  it('builds events.out.tfevents.<10-digit secs>.<host>.<pid>.<uid><suffix>', () => {
    expect(eventFileName({ timeSecs: 1585792194.9, host: 'box', pid: 128712, uid: 5 })).toBe('events.out.tfevents.1585792194.box.128712.5.v2');
    expect(eventFileName({ timeSecs: 12, host: 'h.local', pid: 1, uid: 0, suffix: '' })).toBe('events.out.tfevents.0000000012.h.local.1.0');
    expect(eventFileName({ timeSecs: 1, host: 'h', pid: 1, uid: 0, suffix: '.profile-empty' })).toMatch(/^events\.out\.tfevents\.\d{10}\.h\.1\.0\.profile-empty$/);
    expect(() => eventFileName({ timeSecs: NaN, host: 'h', pid: 1, uid: 0 })).toThrow(RangeError);
  });
});
