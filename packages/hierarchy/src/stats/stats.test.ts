import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { loadColumnarGraph, parsePbtxt, tensorflow } from '@tbg/proto';
import { fixturePath } from '@tbg/testkit';
import { buildSlimGraph } from '../graph/slim-graph.js';
import { ancestors, buildHierarchy } from '../hierarchy/build.js';
import type { Hierarchy } from '../hierarchy/types.js';
import {
  aggregateStats,
  computeMicros,
  defaultStatsDevices,
  displayableStatsMask,
  hasDisplayableStats,
  joinStepStats,
  memoryBytes,
  runMetadataDevices,
  statsDomains,
  strictName,
} from './stats.js';

const h: Hierarchy = buildHierarchy(buildSlimGraph(loadColumnarGraph(new Uint8Array(readFileSync(fixturePath('graphs', 'tb_demo_xla_118.pbtxt')))).columnar));
const op = (name: string) => {
  const i = h.graph.names.indexOf(name);
  if (i < 0) throw new Error(`no op ${name}`);
  return i;
};
const group = (name: string) => h.n + h.groupByName.get(name)!;

const CPU = '/job:localhost/replica:0/task:0/device:CPU:0';
const GPU = '/job:localhost/replica:0/task:0/device:GPU:0';
const STREAM = '/job:localhost/replica:0/task:0/device:GPU:0/stream:all';

type Exec = { name: string; start?: number; rel?: number; bytes?: number[]; peak?: number[]; out?: Array<number[] | null> };
function rmOf(devs: Array<[string, Exec[]]>): tensorflow.RunMetadata {
  const obj = {
    step_stats: {
      dev_stats: devs.map(([device, execs]) => ({
        device,
        node_stats: execs.map((e) => ({
          node_name: e.name,
          all_start_micros: e.start ?? 0,
          all_end_rel_micros: e.rel ?? 0,
          memory: (e.bytes ?? []).map((b, k) => ({ allocator_name: `a${k}`, total_bytes: b, peak_bytes: e.peak?.[k] ?? 0 })),
          output: (e.out ?? []).map((s, slot) => ({
            slot,
            tensor_description: { dtype: 1, shape: s === null ? { unknown_rank: true } : { dim: s.map((size) => ({ size })) } },
          })),
        })),
      })),
    },
  };
  // Through the wire, so int64 fields are Long as in real decoded files.
  return tensorflow.RunMetadata.decode(tensorflow.RunMetadata.encode(tensorflow.RunMetadata.fromObject(obj)).finish());
}

describe('joinStepStats', () => {
  it('reads the real step99 sample: `_SOURCE` is unmatched and reported', () => {
    const rm = parsePbtxt<tensorflow.RunMetadata>(readFileSync(fixturePath('graphs', 'tb_run_metadata_step99.pbtxt')), 'tensorflow.RunMetadata');
    const t = joinStepStats(h, rm);
    expect(t.matched).toBe(0);
    expect(t.unmatchedCount).toBe(1);
    expect(t.unmatched).toEqual([{ name: '_SOURCE', device: '/job:localhost/replica:0/task:0/cpu:0', executions: 1, embedding: false }]);
    expect(t.warnings.join()).toMatch(/match no op/);
    expect(t.executions.every((x) => x === 0)).toBe(true);
    expect(runMetadataDevices(rm)).toEqual([{ device: '/job:localhost/replica:0/task:0/cpu:0', nodeStats: 1, included: false }]);
    // The same stats joined onto a graph that has `_SOURCE` match it, with 0 bytes and 52 µs.
    const src = buildHierarchy(
      buildSlimGraph(loadColumnarGraph(tensorflow.GraphDef.encode({ node: [{ name: '_SOURCE', op: 'NoOp' }] }).finish()).columnar),
    );
    const t2 = joinStepStats(src, rm);
    expect(t2.matched).toBe(1);
    expect(t2.totalBytes[0]).toBe(0);
    expect(t2.computeEndMicros[0]! - t2.computeStartMicros[0]!).toBe(52);
    expect(t2.computeStartMicros[0]).toBe(1459365298611334);
  });

  it('joins times, bytes and output shapes', () => {
    const rm = rmOf([[CPU, [{ name: 'MatMul', start: 1000, rel: 50, bytes: [400, 24], peak: [512, 100], out: [[100, 10], null] }]]]);
    const t = joinStepStats(h, rm);
    const i = op('MatMul');
    expect(t.matched).toBe(1);
    expect(t.executions[i]).toBe(1);
    expect(t.computeStartMicros[i]).toBe(1000);
    expect(t.computeEndMicros[i]).toBe(1050);
    expect(t.totalBytes[i]).toBe(424);
    expect(t.peakBytes[i]).toBe(512);
    expect(t.outputSizes[i]).toEqual([[100, 10], null]);
    expect(t.devices).toEqual([CPU]);
    expect(t.observedDevices[i]).toEqual([0]);
    // Ops without stats stay empty.
    const j = op('Relu');
    expect(t.executions[j]).toBe(0);
    expect(t.computeStartMicros[j]).toBeNaN();
    expect(t.totalBytes[j]).toBeNaN();
    expect(t.outputSizes[j]).toBeNull();
    expect(t.observedDevices[j]).toBeNull();
  });

  it('takes the max bytes and the union span over two executions; outputs of the first reporting one', () => {
    const rm = rmOf([
      [
        CPU,
        [
          { name: 'Relu', start: 100, rel: 10, bytes: [300], peak: [300] },
          { name: 'Relu', start: 50, rel: 20, bytes: [200, 200], peak: [150, 250], out: [[4]] },
          { name: 'Relu', start: 500, rel: 0, bytes: [1] },
          { name: 'Relu', start: 90, rel: 30, out: [[8]] },
        ],
      ],
    ]);
    const t = joinStepStats(h, rm);
    const i = op('Relu');
    expect(t.executions[i]).toBe(4);
    expect(t.computeStartMicros[i]).toBe(50);
    expect(t.computeEndMicros[i]).toBe(120); // zero-duration executions don't count, as in TB
    expect(t.totalBytes[i]).toBe(400);
    expect(t.peakBytes[i]).toBe(300);
    expect(t.outputSizes[i]).toEqual([[4]]);
  });

  it('lists every device an op ran on and leaves the graph device alone', () => {
    const i = op('MatMul');
    const graphDevice = h.graph.devices[h.graph.device[i]!];
    const rm = rmOf([
      [GPU, [{ name: 'MatMul', start: 10, rel: 5 }]],
      [CPU, [{ name: 'MatMul', start: 30, rel: 5 }, { name: 'add', start: 1, rel: 1 }]],
    ]);
    const t = joinStepStats(h, rm);
    expect(t.devices).toEqual([GPU, CPU]);
    expect(t.observedDevices[i]!.map((d) => t.devices[d])).toEqual([GPU, CPU]);
    expect(t.observedDevices[op('add')]).toEqual([1]);
    expect(h.graph.devices[h.graph.device[i]!]).toBe(graphDevice);
    expect(t.computeStartMicros[i]).toBe(10);
    expect(t.computeEndMicros[i]).toBe(35);
    // Device filter.
    const onlyCpu = joinStepStats(h, rm, { devices: [CPU] });
    expect(onlyCpu.devices).toEqual([CPU]);
    expect(onlyCpu.computeStartMicros[i]).toBe(30);
    expect(onlyCpu.matched).toBe(2);
  });

  it('finds ops by their GraphDef name, their strict name, and counts embeddings and unknown names', () => {
    // `logits_biases` is an op and a scope: its final name is `logits_biases/(logits_biases)`.
    const i = op('logits_biases');
    expect(h.names[i]).toBe('logits_biases/(logits_biases)');
    expect(strictName('logits_biases')).toBe(h.names[i]);
    const rm = rmOf([
      [
        CPU,
        [
          { name: 'logits_biases', start: 1, rel: 2 },
          { name: 'logits_biases/(logits_biases)', start: 10, rel: 2 },
          { name: 'gradients/add_grad/Shape_1', start: 1, rel: 1 }, // a Const: shown as an annotation
          { name: '_SINK', start: 1, rel: 1 },
          { name: '_SINK', start: 2, rel: 1 },
          { name: 'MatMul:0', start: 1, rel: 1 },
        ],
      ],
    ]);
    const t = joinStepStats(h, rm);
    expect(t.executions[i]).toBe(2);
    expect(t.computeEndMicros[i]! - t.computeStartMicros[i]!).toBe(11);
    expect(t.matched).toBe(2);
    expect(t.unmatchedCount).toBe(4);
    expect(t.unmatched.map((u) => [u.name, u.executions, u.embedding])).toEqual([
      ['gradients/add_grad/Shape_1', 1, true],
      ['_SINK', 2, false],
      ['MatMul:0', 1, false],
    ]);
  });

  it('ignores negative bytes and durations, with a warning', () => {
    const rm = rmOf([[CPU, [{ name: 'add', start: 100, rel: -5, bytes: [-10, 30] }]]]);
    const t = joinStepStats(h, rm);
    const i = op('add');
    expect(t.totalBytes[i]).toBe(30);
    expect(t.computeStartMicros[i]).toBeNaN();
    expect(t.warnings.join('\n')).toMatch(/negative memory/);
    expect(t.warnings.join('\n')).toMatch(/negative execution durations/);
  });

  it('uses nanosecond fields when the microsecond ones are empty', () => {
    const rm = tensorflow.RunMetadata.fromObject({
      step_stats: { dev_stats: [{ device: CPU, node_stats: [{ node_name: 'add', all_start_nanos: 5_000_000, all_end_rel_nanos: 2500 }] }] },
    });
    const t = joinStepStats(h, rm);
    expect(t.computeStartMicros[op('add')]).toBe(5000);
    expect(t.computeEndMicros[op('add')]).toBe(5002.5);
  });

  it('selects devices like TensorBoard', () => {
    const rm = rmOf([
      [CPU, [{ name: 'add' }]],
      [STREAM, [{ name: 'add' }, { name: 'MatMul' }]],
      [GPU, []],
    ]);
    expect(runMetadataDevices(rm)).toEqual([
      { device: CPU, nodeStats: 1, included: true },
      { device: STREAM, nodeStats: 2, included: false },
      { device: GPU, nodeStats: 0, included: true },
    ]);
    expect(defaultStatsDevices(rm)).toEqual([CPU, GPU]);
  });
});

describe('aggregateStats', () => {
  const rm = rmOf([
    [GPU, [{ name: 'gradients/add_grad/Sum', start: 100, rel: 10, bytes: [64], peak: [64] }]],
    [
      CPU,
      [
        { name: 'gradients/add_grad/Reshape', start: 120, rel: 30, bytes: [32], peak: [40] },
        { name: 'gradients/add_grad/Sum', start: 300, rel: 5, bytes: [16] },
        { name: 'gradients/MatMul_grad/MatMul', start: 90, rel: 5, bytes: [1000] },
        { name: 'MatMul', start: 10, rel: 20, bytes: [8] },
      ],
    ],
  ]);
  const t = joinStepStats(h, rm);
  const gs = aggregateStats(h, t);

  it('sums bytes, unions spans and counts ops up to the root', () => {
    const g = group('gradients/add_grad') - h.n;
    expect(gs.computeStartMicros[g]).toBe(100);
    expect(gs.computeEndMicros[g]).toBe(305);
    expect(gs.totalBytes[g]).toBe(64 + 32);
    expect(gs.peakBytes[g]).toBe(64 + 40);
    expect(gs.opsWithStats[g]).toBe(2);
    expect(gs.deviceHistogram[g]).toEqual({ [GPU]: 1, [CPU]: 2 });

    const grads = group('gradients') - h.n;
    expect(gs.totalBytes[grads]).toBe(64 + 32 + 1000);
    expect(gs.computeStartMicros[grads]).toBe(90);
    expect(gs.opsWithStats[grads]).toBe(3);

    expect(gs.totalBytes[0]).toBe(64 + 32 + 1000 + 8);
    expect(gs.computeStartMicros[0]).toBe(10);
    expect(gs.computeEndMicros[0]).toBe(305);
    expect(gs.opsWithStats[0]).toBe(4);
    expect(gs.deviceHistogram[0]).toEqual({ [GPU]: 1, [CPU]: 4 });
    // Every ancestor of a joined op has stats.
    for (const a of ancestors(h, op('gradients/add_grad/Reshape'))) expect(gs.opsWithStats[a - h.n]).toBeGreaterThan(0);
    // Groups without stats stay empty.
    const none = group('GradientDescent') - h.n;
    expect(gs.opsWithStats[none]).toBe(0);
    expect(gs.totalBytes[none]).toBeNaN();
    expect(gs.deviceHistogram[none]).toBeNull();
  });

  it('builds device histograms fresh on every call', () => {
    const again = aggregateStats(h, t);
    expect(again.deviceHistogram[0]).toEqual(gs.deviceHistogram[0]);
    expect(again.deviceHistogram[0]).not.toBe(gs.deviceHistogram[0]);
    const other = aggregateStats(h, joinStepStats(h, rm, { devices: [GPU] }));
    expect(other.deviceHistogram[0]).toEqual({ [GPU]: 1 });
  });

  it('gives domains over every node and TB-like fading', () => {
    const d = statsDomains(h, t, gs);
    // The largest non-root group: `gradients` spans 90 … 305; bytes 1096.
    expect(d.computeMicros).toEqual([0, 215]);
    expect(d.bytes).toEqual([0, 1096]);
    expect(computeMicros(h, t, gs, op('MatMul'))).toBe(20);
    expect(memoryBytes(h, t, gs, op('MatMul'))).toBe(8);
    expect(computeMicros(h, t, gs, op('Relu'))).toBe(0);
    expect(hasDisplayableStats(h, t, gs, op('MatMul'))).toBe(true);
    expect(hasDisplayableStats(h, t, gs, op('Relu'))).toBe(false);
    expect(hasDisplayableStats(h, t, gs, group('gradients'))).toBe(true);
    expect(hasDisplayableStats(h, t, gs, group('GradientDescent'))).toBe(false);
    const mask = displayableStatsMask(h, t, gs);
    expect(mask.length).toBe(h.n + h.groups.length);
    expect(mask[op('MatMul')]).toBe(1);
    expect(mask[op('Relu')]).toBe(0);
    // An op with only output sizes is displayable.
    const only = joinStepStats(h, rmOf([[CPU, [{ name: 'Relu', out: [[3]] }]]]));
    expect(hasDisplayableStats(h, only, aggregateStats(h, only), op('Relu'))).toBe(true);
  });
});
