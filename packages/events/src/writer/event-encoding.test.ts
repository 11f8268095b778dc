import { describe, expect, it } from 'vitest';
import Long from 'long';
import { tensorflow } from '@tbg/proto';
import { checkStep, encodeEvent, encodeScalarEvent, encodeSummaryEvent, EventField, tagField, varintSize, writeVarint } from './event-encoding.js';
import { floatScalarTensor } from './tensors.js';

const hex = (b: Uint8Array) => Buffer.from(b).toString('hex');

/** What protobufjs makes of the same event: our hand encoding must be byte-identical. */
function reference(props: tensorflow.Event.$Properties): Uint8Array {
  return tensorflow.Event.encode(props).finish();
}

const stepLong = (s: number | bigint) => (typeof s === 'bigint' ? Long.fromBigInt(s) : Long.fromNumber(s));

describe('event envelope encoding', () => {
  const steps: (number | bigint)[] = [0, 1, 127, 128, 300, 2 ** 31, 2 ** 32 + 5, Number.MAX_SAFE_INTEGER, -1, -300, 0n, 5n, 2n ** 63n - 1n, -(2n ** 63n)];

  it.each(steps)('matches protobufjs for step %s', (step) => {
    const payload = new TextEncoder().encode('brain.Event:2');
    const ours = encodeEvent(1234.5, step, EventField.FILE_VERSION, payload);
    expect(hex(ours)).toBe(hex(reference({ wall_time: 1234.5, step: stepLong(step), file_version: 'brain.Event:2' })));
  });

  it('omits a zero wall time, like proto3', () => {
    const ours = encodeEvent(0, 3, EventField.GRAPH_DEF, new Uint8Array([1, 2]));
    expect(hex(ours)).toBe('1003' + '2202' + '0102');
  });

  it('scalar fast path equals the protobufjs encoding, with and without metadata', () => {
    const md = tensorflow.Summary.Value.encode({ metadata: { plugin_data: { plugin_name: 'scalars' }, data_class: tensorflow.DataClass.DATA_CLASS_SCALAR } }).finish();
    for (const [step, meta] of [[77, md], [2n ** 40n, null], [-5, null]] as const) {
      const ours = encodeScalarEvent(99.25, step, tagField('accuracy'), 0.99, meta);
      const ref = reference({
        wall_time: 99.25,
        step: stepLong(step),
        summary: {
          value: [
            {
              tag: 'accuracy',
              tensor: floatScalarTensor(0.99),
              ...(meta ? { metadata: { plugin_data: { plugin_name: 'scalars' }, data_class: tensorflow.DataClass.DATA_CLASS_SCALAR } } : {}),
            },
          ],
        },
      });
      expect(hex(ours)).toBe(hex(ref));
    }
  });

  it('reproduces the TF2 scalar record layout from events.md §1.1 (plus data_class)', () => {
    const md = tensorflow.Summary.Value.encode({ metadata: { plugin_data: { plugin_name: 'scalars' }, data_class: tensorflow.DataClass.DATA_CLASS_SCALAR } }).finish();
    const ev = encodeScalarEvent(1, 77, tagField('accuracy'), 0.99, md);
    const accuracy = hex(new TextEncoder().encode('accuracy'));
    const scalars = hex(new TextEncoder().encode('scalars'));
    // TF writes `4a 0b 0a 09 0a 07 "scalars"`; we add `20 01` (data_class SCALAR), so lengths grow by 2.
    expect(hex(ev.subarray(9))).toBe(`104d2a270a250a08${accuracy}420a08011200` + `2204a4707d3f` + `4a0d0a090a07${scalars}2001`);
  });

  it('summary events with several parts concatenate them as one Summary.Value', () => {
    const value = tensorflow.Summary.Value.encode({ tag: 't', tensor: floatScalarTensor(1) }).finish();
    const md = tensorflow.Summary.Value.encode({ metadata: { plugin_data: { plugin_name: 'x' } } }).finish();
    const ours = encodeSummaryEvent(5, 6, [value, md]);
    const ref = reference({ wall_time: 5, step: Long.fromNumber(6), summary: { value: [{ tag: 't', tensor: floatScalarTensor(1), metadata: { plugin_data: { plugin_name: 'x' } } }] } });
    expect(hex(ours)).toBe(hex(ref));
  });

  it('varints', () => {
    for (const v of [0, 1, 127, 128, 16383, 16384, 2 ** 35, Number.MAX_SAFE_INTEGER]) {
      const out = new Uint8Array(varintSize(v));
      expect(writeVarint(out, 0, v)).toBe(out.length);
      let x = 0;
      let mul = 1;
      for (const b of out) {
        x += (b & 0x7f) * mul;
        mul *= 128;
      }
      expect(x).toBe(v);
    }
  });

  it('rejects steps that are not int64 integers', () => {
    expect(() => checkStep(1.5)).toThrow(RangeError);
    expect(() => checkStep(NaN)).toThrow(RangeError);
    expect(() => checkStep(2 ** 60)).toThrow(RangeError);
    expect(() => checkStep(2n ** 63n)).toThrow(RangeError);
    expect(() => checkStep(-(2n ** 63n) - 1n)).toThrow(RangeError);
    expect(() => checkStep(2n ** 63n - 1n)).not.toThrow();
  });
});
