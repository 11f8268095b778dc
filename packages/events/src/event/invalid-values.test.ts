import { describe, expect, it } from 'vitest';
import { tensorflow } from '@tbg/proto';
import { readEventsSync } from '../read-events.js';
import { readIntoSink } from '../read-batches.js';
import { chunksOf } from '../source/chunks.js';
import { eventFileBytes } from '../logdir/synthetic-events.js';
import { eventPoints, SeriesMetadataMemo } from './event-points.js';
import { FastEventDecoder, type EventSink } from './fast-decode.js';
import type { SummaryPoint } from './summary-data.js';
import { decodeTensor, MAX_FILL_ELEMENTS } from './tensor.js';

const DT = tensorflow.DataType;

/** A file of three events: a good scalar, the bad value, another good scalar. */
function fileWith(bad: tensorflow.Summary.IValue): Uint8Array {
  const scalar = (step: number) => ({ step, wall_time: step, summary: { value: [{ tag: 'loss', simple_value: step / 10 }] } });
  return eventFileBytes([scalar(1), { step: 2, wall_time: 2, summary: { value: [bad, { tag: 'loss', simple_value: 0.2 }] } }, scalar(3)]);
}

async function bulkPoints(bytes: Uint8Array): Promise<{ points: SummaryPoint[]; scalars: number; errors: number }> {
  const points: SummaryPoint[] = [];
  let scalars = 0;
  const sink: EventSink = {
    event() {},
    scalar() {
      scalars++;
    },
    point(p) {
      points.push(p);
    },
  };
  const state = await readIntoSink(chunksOf(bytes), new FastEventDecoder(new SeriesMetadataMemo()), sink, { checksum: 'always' });
  return { points, scalars, errors: state.errors.length };
}

// A shape of 2^34 elements holding one float: filling it would need 128 GB.
const HUGE: tensorflow.Summary.IValue = {
  tag: 'huge',
  metadata: { plugin_data: { plugin_name: 'tensors' } },
  tensor: { dtype: DT.DT_FLOAT, tensor_shape: { dim: [{ size: 2 ** 34 }] }, float_val: [1] },
};

describe('values that cannot be decoded are "invalid"; the record and its other values are kept', () => {
  it('a tensor whose shape claims more elements than can be filled is refused, not allocated', () => {
    expect(() => decodeTensor(tensorflow.TensorProto.create(HUGE.tensor!))).toThrow(RangeError);
    // Up to the limit, a fill is TensorFlow's rule.
    const ok = decodeTensor(tensorflow.TensorProto.create({ dtype: DT.DT_FLOAT, tensor_shape: { dim: [{ size: 5 }] }, float_val: [1, 2] }));
    expect(Array.from(ok.numbers!)).toEqual([1, 2, 2, 2, 2]);
    expect(MAX_FILL_ELEMENTS).toBeGreaterThanOrEqual(1 << 20);
    const deep = tensorflow.TensorProto.create({ dtype: DT.DT_FLOAT, tensor_shape: { dim: Array.from({ length: 300 }, () => ({ size: 1 })) }, float_val: [1] });
    expect(() => decodeTensor(deep)).toThrow(/rank 300/);
  });

  for (const [what, bad] of [
    ['a huge tensor', HUGE],
    ['malformed hparams plugin content', { tag: '_hparams_/experiment', metadata: { plugin_data: { plugin_name: 'hparams', content: new Uint8Array([0x0a, 0xff, 0xff, 0xff]) } } }],
  ] as const) {
    it(`${what}: both readers keep every record, the value is invalid with a reason`, async () => {
      const bytes = fileWith(bad);
      const { records, state } = readEventsSync(bytes);
      expect(state.errors).toEqual([]);
      expect(records.map((r) => Number(r.event.step))).toEqual([1, 2, 3]);
      const pts = eventPoints(records[1]!.event, new SeriesMetadataMemo());
      expect(pts.map((p) => p.data.kind)).toEqual(['invalid', 'scalar']);
      expect((pts[0]!.data as { reason: string }).reason).toMatch(/\w/);

      const bulk = await bulkPoints(bytes);
      expect(bulk.errors).toBe(0);
      expect(bulk.scalars).toBe(3);
      expect(bulk.points.map((p) => p.data.kind)).toEqual(['invalid']);
    });
  }
});
