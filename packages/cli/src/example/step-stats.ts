/**
 * The RunMetadata a TF1 session returns with `trace_level=FULL_TRACE`: per device, one
 * NodeExecStats per op that ran, with times, memory and output tensor sizes. TensorBoard's graph
 * dashboard colours nodes by compute time and memory from these.
 */
import type { tensorflow } from '@tbg/proto';
import type { Shape } from './graph-builder.js';
import type { MnistGraph } from './mnist-graph.js';
import type { SeededRandom } from './random.js';

const BATCH = 100;

/** Cost of an op relative to a cheap elementwise one, so MatMuls and ApplyAdam stand out. */
const OP_COST: Record<string, number> = { MatMul: 40, ApplyAdam: 25, SoftmaxCrossEntropyWithLogits: 8, RandomUniform: 6, TruncatedNormal: 6, ReluGrad: 4, Relu: 3, HistogramSummary: 12, ImageSummary: 15, MergeSummary: 3 };

function bytesOf(shape: Shape): number {
  if (shape === null) return 4 * BATCH;
  return 4 * shape.reduce((n, d) => n * (d < 0 ? BATCH : d), 1);
}

function allocator(device: string): string {
  return device.includes('GPU') ? 'GPU_0_bfc' : 'cpu';
}

/** One NodeExecStats: scheduled at `start` (µs), running for a time drawn around the op's cost. */
function nodeStats(n: MnistGraph['trainStep'][number], start: number, rng: SeededRandom): { stats: tensorflow.NodeExecStats.$Properties; end: number } {
  const cost = (OP_COST[n.op] ?? 1) * (n.device.includes('GPU') ? 1 : 2.5);
  const opStart = 1 + rng.int(3);
  const opEnd = opStart + Math.max(1, Math.round(cost * (0.8 + 0.4 * rng.next()) * 3));
  const end = opEnd + 1 + rng.int(2);
  const bytes = bytesOf(n.shape);
  const dims = n.shape === null ? [] : n.shape.map((d) => ({ size: d < 0 ? BATCH : d }));
  const alloc = allocator(n.device);
  const stats: tensorflow.NodeExecStats.$Properties = {
    node_name: n.name,
    all_start_micros: start,
    op_start_rel_micros: opStart,
    op_end_rel_micros: opEnd,
    all_end_rel_micros: end,
    memory: [{ allocator_name: alloc, total_bytes: bytes, peak_bytes: bytes, live_bytes: n.op === 'VariableV2' ? bytes : 0 }],
    output: [{ slot: 0, tensor_description: { dtype: 1, shape: { dim: dims }, allocation_description: { requested_bytes: bytes, allocated_bytes: bytes, allocator_name: alloc } } }],
    timeline_label: `${n.name} = ${n.op}()`,
    scheduled_micros: start - 1,
    thread_id: 1 + rng.int(4),
    memory_stats: n.op === 'VariableV2' ? { persistent_memory_size: bytes } : { temp_memory_size: 0 },
  };
  return { stats, end: start + end };
}

/** The RunMetadata of training step `step`, starting at `wallTime` (seconds). */
export function stepRunMetadata(graph: MnistGraph, wallTime: number, rng: SeededRandom): tensorflow.RunMetadata.$Properties {
  const byDevice = new Map<string, tensorflow.NodeExecStats.$Properties[]>();
  let t = Math.round(wallTime * 1e6);
  for (const n of graph.trainStep) {
    const { stats, end } = nodeStats(n, t, rng);
    t = end;
    const list = byDevice.get(n.device) ?? [];
    list.push(stats);
    byDevice.set(n.device, list);
  }
  return { step_stats: { dev_stats: [...byDevice].map(([device, node_stats]) => ({ device, node_stats })) } };
}
