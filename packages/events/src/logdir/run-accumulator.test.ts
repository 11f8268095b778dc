import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { fixturePath } from '@tbg/testkit';
import { tensorflow } from '@tbg/proto';
import { readEventsSync } from '../read-events.js';
import { parseFileVersion, RunAccumulator, type RunAccumulatorOptions } from './run-accumulator.js';
import { eventFileBytes, fileVersionEvent, graphEvent, logMessageEvent, scalarsEvent, sessionLogEvent, type EventInit } from './synthetic-events.js';

const START = tensorflow.SessionLog.SessionStatus.START;

function accumulate(events: EventInit[], options: RunAccumulatorOptions = {}): RunAccumulator {
  const acc = new RunAccumulator('run', options);
  for (const rec of readEventsSync(eventFileBytes(events)).records) acc.addEvent(rec, 0);
  return acc;
}

function steps(acc: RunAccumulator, tag: string): number[] {
  return acc.timeSeries(tag)!.points.items().map((p) => p.step);
}

const range = (a: number, b: number) => Array.from({ length: b - a }, (_, i) => a + i);

describe('RunAccumulator', () => {
  it('parses file_version like Python', () => {
    expect(parseFileVersion('brain.Event:2')).toBe(2);
    expect(parseFileVersion('brain.Event:1')).toBe(1);
    expect(parseFileVersion('brain.Event:2.5')).toBe(2.5);
    expect(parseFileVersion('3')).toBe(3);
    expect(parseFileVersion('brain.Event:')).toBe(-1);
    expect(parseFileVersion('garbage')).toBe(-1);
  });

  it('keeps one series per tag with counts, step and wall-time facts', () => {
    const acc = accumulate([fileVersionEvent(), ...range(0, 5).map((s) => scalarsEvent(s * 10, { a: s, b: -s }))]);
    expect(acc.tags()).toEqual(['a', 'b']);
    const a = acc.timeSeries('a')!;
    expect(a.metadata.plugin).toBe('scalars');
    expect(a.count).toBe(5);
    expect([a.firstStep, a.lastStep, a.minStep, a.maxStep]).toEqual([0, 40, 0, 40]);
    expect([a.firstWallTime, a.lastWallTime]).toEqual([1000, 1040]);
    expect(a.points.items().map((p) => p.data)).toEqual(range(0, 5).map((v) => ({ kind: 'scalar', value: v })));
    expect(acc.events).toBe(6);
    expect({ ...acc.eventKinds }).toEqual({ file_version: 1, summary: 5 });
    expect(acc.fileVersion).toBe('brain.Event:2');
    expect(acc.fileVersionNumber).toBe(2);
    expect(acc.values).toBe(10);
  });

  it('file_version >= 2: SessionLog START purges every tag at steps >= its step', () => {
    const acc = accumulate([
      fileVersionEvent(),
      ...range(0, 10).map((s) => scalarsEvent(s, { a: s, b: s })),
      scalarsEvent(3, { c: 1 }),
      sessionLogEvent(5, START),
      ...range(5, 8).map((s) => scalarsEvent(s, { a: s, b: s })),
    ]);
    expect(steps(acc, 'a')).toEqual(range(0, 8));
    expect(steps(acc, 'b')).toEqual(range(0, 8));
    expect(steps(acc, 'c')).toEqual([3]);
    expect(acc.timeSeries('a')!.count).toBe(13);
    expect(acc.timeSeries('a')!.purged).toBe(5);
    expect(acc.purgedValues).toBe(10);
    expect(acc.purgeCount).toBe(1);
    expect(acc.purges[0]).toMatchObject({ reason: 'session-start', step: 5, previousStep: 3, removed: 10, series: 2, fileIndex: 0 });
    expect(acc.sessionLogs).toEqual([{ step: 5, wallTime: 1005, status: 'START', msg: '', checkpointPath: '' }]);
  });

  it('file_version >= 2 without a SessionLog: steps going back purge nothing (restarts keep both copies)', () => {
    const acc = accumulate([fileVersionEvent(), ...range(0, 10).map((s) => scalarsEvent(s, { a: s })), ...range(0, 10).map((s) => scalarsEvent(s, { a: s }))]);
    expect(acc.timeSeries('a')!.count).toBe(20);
    expect(steps(acc, 'a')).toEqual([...range(0, 10), ...range(0, 10)]);
    expect(acc.purgedValues).toBe(0);
  });

  for (const [label, head] of [
    ['no file_version', []],
    ['file_version 1', [fileVersionEvent('brain.Event:1')]],
  ] as Array<[string, EventInit[]]>) {
    it(`${label}: an out-of-order step purges that event's tags only`, () => {
      const acc = accumulate([
        ...head,
        ...range(0, 10).map((s) => scalarsEvent(s, { a: s, b: s })),
        scalarsEvent(5, { a: 50 }),
        // 6 is not below the most recent summary step (5), so b is not purged.
        scalarsEvent(6, { b: 60 }),
      ]);
      expect(steps(acc, 'a')).toEqual(range(0, 6));
      expect(acc.timeSeries('a')!.points.last()!.data).toEqual({ kind: 'scalar', value: 50 });
      expect(steps(acc, 'b')).toEqual([...range(0, 10), 6]);
      expect(acc.purges).toHaveLength(1);
      expect(acc.purges[0]).toMatchObject({ reason: 'out-of-order', step: 5, previousStep: 9, removed: 5, series: 1 });
      // SessionLog START means nothing without file_version >= 2.
      const acc2 = accumulate([...head, ...range(0, 10).map((s) => scalarsEvent(s, { a: s })), sessionLogEvent(2, START)]);
      expect(acc2.purgedValues).toBe(0);
    });
  }

  it('graph_def events count as summaries (TensorBoard migrates them to __run_graph__)', () => {
    const acc = accumulate([scalarsEvent(10, { a: 1 }), graphEvent(3, new Uint8Array([1, 2, 3])), scalarsEvent(4, { a: 2 })]);
    // The graph at step 3 became the most recent step, so a's step 4 is in order.
    expect(steps(acc, 'a')).toEqual([10, 4]);
    expect(acc.timeSeries('__run_graph__')!.metadata.plugin).toBe('graphs');
  });

  it('purging can be turned off', () => {
    const events = [fileVersionEvent(), ...range(0, 10).map((s) => scalarsEvent(s, { a: s })), sessionLogEvent(5, START)];
    expect(accumulate(events, { purgeOrphanedData: false }).timeSeries('a')!.points.size).toBe(10);
    expect(accumulate(events).timeSeries('a')!.points.size).toBe(5);
    const ooo = [...range(0, 10).map((s) => scalarsEvent(s, { a: s })), scalarsEvent(0, { a: 0 })];
    expect(accumulate(ooo, { purgeOrphanedData: false }).timeSeries('a')!.points.size).toBe(11);
    expect(accumulate(ooo).timeSeries('a')!.points.size).toBe(1);
  });

  it('keeps the newest log messages, bounded', () => {
    const acc = accumulate(
      range(0, 5).map((i) => logMessageEvent(i, `m${i}`)),
      { maxLogMessages: 3 },
    );
    expect(acc.logMessageCount).toBe(5);
    expect(acc.logMessages.map((m) => m.message)).toEqual(['m2', 'm3', 'm4']);
    expect(acc.logMessages[0]!.level).toBe('INFO');
  });

  it('samples per plugin', () => {
    const acc = accumulate(range(0, 50).map((s) => scalarsEvent(s, { a: s })), { samplesPerPlugin: { scalars: 4 } });
    const a = acc.timeSeries('a')!;
    expect(a.count).toBe(50);
    expect(a.points.size).toBe(4);
    expect(a.points.last()!.step).toBe(49);
  });

  it("points and metadata own their bytes (no views into the reader's chunks)", () => {
    const graph = new Uint8Array(1000).fill(7);
    const acc = accumulate([graphEvent(0, graph)]);
    const blob = acc.timeSeries('__run_graph__')!.points.last()!.data;
    expect(blob.kind).toBe('blob');
    if (blob.kind === 'blob') {
      expect(blob.blobs[0]).toEqual(graph);
      expect(blob.blobs[0]!.buffer.byteLength).toBe(1000);
    }
    // hparams metadata content (plugin_data.content) is copied too.
    const bytes = new Uint8Array(readFileSync(fixturePath('events', 'tf2-hparams/hparam_tuning/run-0/events.out.tfevents.1585792155.ezio-virtual-machine.128712.150258.v2')));
    const run = new RunAccumulator('run-0');
    for (const rec of readEventsSync(bytes).records) run.addEvent(rec);
    const s = run.timeSeries('_hparams_/session_start_info')!;
    expect(s.metadata.plugin).toBe('hparams');
    expect(s.metadata.content.length).toBeGreaterThan(0);
    expect(s.metadata.content.buffer.byteLength).toBe(s.metadata.content.length);
    expect(s.points.last()!.data.kind).toBe('hparams');
  });
});
