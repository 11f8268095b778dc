/**
 * Run metadata (StepStats) joined onto the hierarchy (tensorboard-graph.md §12), as plain data
 * with typed arrays per op and per group.
 *
 * Differences from TensorBoard (quirk 18):
 * - (a) The graph's own `device` is never overwritten: the devices an op ran on are listed in
 *   `observedDevices` (an op can run on several).
 * - (b) Group device histograms are computed fresh on every aggregation, from the observed
 *   devices (TB resets the device histogram but keeps adding to the XLA histogram).
 * - (c) The colour domains span every op and every group (the root, which is never drawn,
 *   excluded), not just the top-level nodes.
 * - (d) Output sizes come from the first execution that reports outputs (TB: the first execution,
 *   even when it reports none).
 * Also: times fall back to the `*_nanos` fields when the `*_micros` ones are zero (newer TF
 * versions fill both), negative byte counts and durations are ignored and counted in `warnings`,
 * and stats for names that match no op are counted per name in `unmatched` (TB drops them
 * silently). As in TB, an execution counts for time only when its duration is > 0.
 */
import type { tensorflow } from '@tbg/proto';
import type { Hierarchy, NodeRef } from '../hierarchy/types.js';

/** A protobuf int64 as decoded (Long) or as a plain number. */
type Int64 = number | { toNumber(): number } | null | undefined;

const num = (v: Int64): number => (v == null ? 0 : typeof v === 'number' ? v : v.toNumber());

/** Stats per op node (index = op id `0 … n−1`). */
export interface NodeStatsTable {
  readonly n: number;
  /** Matched executions (node_stats entries) per op; 0 = no stats. */
  readonly executions: Uint32Array;
  /** Union of the op's execution intervals (min start, max end), in µs since the epoch; NaN when none. */
  readonly computeStartMicros: Float64Array;
  readonly computeEndMicros: Float64Array;
  /** Max over executions of Σ `memory[*].total_bytes`; NaN when no execution reported memory. */
  readonly totalBytes: Float64Array;
  /** Max of `memory[*].peak_bytes` over executions and allocators; NaN when none. */
  readonly peakBytes: Float64Array;
  /**
   * Output shapes (`node_stats.output[*].tensor_description.shape`, −1 for unknown dims, null for
   * an unknown rank or a missing description), from the first execution reporting outputs.
   */
  readonly outputSizes: Array<Array<number[] | null> | null>;
  /** The `dev_stats` devices that were joined, in first-seen order. */
  readonly devices: string[];
  /** Per op: indices into `devices` of the devices it ran on (ascending), or null. Shared: don't mutate. */
  readonly observedDevices: Array<readonly number[] | null>;
  /** node_stats entries joined to an op. */
  readonly matched: number;
  /** node_stats entries that named no op (e.g. `_SOURCE`, `_SINK`, Const embeddings, renamed nodes). */
  readonly unmatchedCount: number;
  /** Distinct unmatched names, in first-seen order. `embedding` marks Const/Summary annotations. */
  readonly unmatched: Array<{ name: string; device: string; executions: number; embedding: boolean }>;
  readonly warnings: string[];
}

export interface JoinOptions {
  /** Only join these `dev_stats` devices (TB's "Devices included in stats"); default: all. */
  devices?: readonly string[];
}

/** TensorBoard's `DEVICE_NAMES_INCLUDE`: only real devices (`…device:TYPE:N`), not streams or memcpy. */
export const STATS_DEVICE_INCLUDE = /device:([^:]+:[0-9]+)$/;

/** The `dev_stats` devices of a RunMetadata, with their node_stats count and TB's default selection. */
export function runMetadataDevices(rm: tensorflow.RunMetadata.$Properties): Array<{ device: string; nodeStats: number; included: boolean }> {
  const out = new Map<string, { device: string; nodeStats: number; included: boolean }>();
  for (const ds of rm.step_stats?.dev_stats ?? []) {
    const device = ds.device ?? '';
    let d = out.get(device);
    if (!d) out.set(device, (d = { device, nodeStats: 0, included: STATS_DEVICE_INCLUDE.test(device) }));
    d.nodeStats += ds.node_stats?.length ?? 0;
  }
  return [...out.values()];
}

/** The devices TensorBoard selects by default: those matching `STATS_DEVICE_INCLUDE`. */
export function defaultStatsDevices(rm: tensorflow.RunMetadata.$Properties): string[] {
  return runMetadataDevices(rm)
    .filter((d) => d.included)
    .map((d) => d.device);
}

/** Name → op id (original GraphDef names and final strict names) and name → embedding, cached per hierarchy. */
interface NameIndex {
  ops: Map<string, number>;
  embeddings: Set<string>;
}
const nameIndexCache = new WeakMap<Hierarchy, NameIndex>();
function nameIndex(h: Hierarchy): NameIndex {
  let idx = nameIndexCache.get(h);
  if (idx) return idx;
  const ops = new Map<string, number>();
  const orig = h.graph.names;
  for (let i = 0; i < h.n; i++) ops.set(orig[i]!, i);
  for (let i = 0; i < h.n; i++) if (h.names[i] !== orig[i]) ops.set(h.names[i]!, i);
  const embeddings = new Set<string>([...h.graph.embeddings.names, ...h.embeddingNames]);
  idx = { ops, embeddings };
  nameIndexCache.set(h, idx);
  return idx;
}

/** TensorBoard's strict form of a name: `a/b` → `a/b/(b)`. */
export function strictName(name: string): string {
  return `${name}/(${name.slice(name.lastIndexOf('/') + 1)})`;
}

type NodeStats = tensorflow.NodeExecStats.$Properties;
type Unmatched = NodeStatsTable['unmatched'][number];

/** The table being filled by `joinStepStats`, with its counters. */
interface JoinState {
  readonly executions: Uint32Array;
  readonly computeStartMicros: Float64Array;
  readonly computeEndMicros: Float64Array;
  readonly totalBytes: Float64Array;
  readonly peakBytes: Float64Array;
  readonly outputSizes: Array<Array<number[] | null> | null>;
  readonly observedDevices: Array<readonly number[] | null>;
  readonly devices: string[];
  readonly deviceIndex: Map<string, number>;
  /** Per device index: the one-device list ops on that device share. */
  readonly single: number[][];
  readonly unmatchedByName: Map<string, Unmatched>;
  matched: number;
  unmatchedCount: number;
  negativeBytes: number;
  negativeTimes: number;
}

function newJoinState(n: number): JoinState {
  return {
    executions: new Uint32Array(n),
    computeStartMicros: new Float64Array(n).fill(NaN),
    computeEndMicros: new Float64Array(n).fill(NaN),
    totalBytes: new Float64Array(n).fill(NaN),
    peakBytes: new Float64Array(n).fill(NaN),
    outputSizes: new Array<Array<number[] | null> | null>(n).fill(null),
    observedDevices: new Array<readonly number[] | null>(n).fill(null),
    devices: [],
    deviceIndex: new Map(),
    single: [],
    unmatchedByName: new Map(),
    matched: 0,
    unmatchedCount: 0,
    negativeBytes: 0,
    negativeTimes: 0,
  };
}

/**
 * Joins a RunMetadata's step stats onto the ops of `h`. Nodes are found by `node_name` (the
 * GraphDef name, or the final name after strict renaming), then by TB's strict form
 * `a/b/(b)`. Linear in node_stats entries (plus building a name index once per hierarchy).
 */
export function joinStepStats(h: Hierarchy, runMetadata: tensorflow.RunMetadata.$Properties, options: JoinOptions = {}): NodeStatsTable {
  const s = newJoinState(h.n);
  const filter = options.devices ? new Set(options.devices) : null;
  const { ops, embeddings } = nameIndex(h);
  for (const ds of runMetadata.step_stats?.dev_stats ?? []) {
    const device = ds.device ?? '';
    if (filter && !filter.has(device)) continue;
    let d = -1; // the device's index, made on its first match
    for (const ns of ds.node_stats ?? []) {
      const name = ns.node_name ?? '';
      const i = ops.get(name) ?? ops.get(strictName(name));
      if (i === undefined) {
        recordUnmatched(s, name, device, embeddings);
        continue;
      }
      s.matched++;
      s.executions[i]!++;
      if (d < 0) d = deviceId(s, device);
      observeDevice(s, i, d);
      joinMemory(s, i, ns);
      joinTime(s, i, ns);
      if (s.outputSizes[i] === null && ns.output?.length) s.outputSizes[i] = outputShapes(ns.output);
    }
  }
  const warnings: string[] = [];
  if (s.negativeBytes) warnings.push(`${s.negativeBytes} negative memory byte counts were ignored`);
  if (s.negativeTimes) warnings.push(`${s.negativeTimes} negative execution durations were ignored`);
  if (s.unmatchedCount) warnings.push(`${s.unmatchedCount} node_stats entries (${s.unmatchedByName.size} names) match no op in the graph`);
  return {
    n: h.n,
    executions: s.executions,
    computeStartMicros: s.computeStartMicros,
    computeEndMicros: s.computeEndMicros,
    totalBytes: s.totalBytes,
    peakBytes: s.peakBytes,
    outputSizes: s.outputSizes,
    devices: s.devices,
    observedDevices: s.observedDevices,
    matched: s.matched,
    unmatchedCount: s.unmatchedCount,
    unmatched: [...s.unmatchedByName.values()],
    warnings,
  };
}

function recordUnmatched(s: JoinState, name: string, device: string, embeddings: ReadonlySet<string>): void {
  s.unmatchedCount++;
  let u = s.unmatchedByName.get(name);
  if (!u) s.unmatchedByName.set(name, (u = { name, device, executions: 0, embedding: embeddings.has(name) }));
  u.executions++;
}

/** The index of a joined device in `devices`, added on first use. */
function deviceId(s: JoinState, device: string): number {
  let d = s.deviceIndex.get(device);
  if (d === undefined) {
    d = s.devices.length;
    s.devices.push(device);
    s.deviceIndex.set(device, d);
  }
  return d;
}

/** Adds device d to op i's observed devices. */
function observeDevice(s: JoinState, i: number, d: number): void {
  // Ops on one device share that device's list (copy on write when a second one shows up).
  const seen = s.observedDevices[i];
  if (!seen) s.observedDevices[i] = s.single[d] ??= [d];
  else if (!seen.includes(d)) s.observedDevices[i] = [...seen, d].sort((x, y) => x - y);
}

/** Memory: the sum over allocators for this execution; the max over executions. */
function joinMemory(s: JoinState, i: number, ns: NodeStats): void {
  const mem = ns.memory ?? [];
  if (!mem.length) return;
  let sum = 0;
  let peak = -Infinity;
  for (const m of mem) {
    const tb = num(m.total_bytes);
    if (tb < 0) s.negativeBytes++;
    else sum += tb;
    const pb = num(m.peak_bytes);
    if (pb < 0) s.negativeBytes++;
    else if (pb > peak) peak = pb;
  }
  if (!(s.totalBytes[i]! >= sum)) s.totalBytes[i] = sum;
  if (peak > -Infinity && !(s.peakBytes[i]! >= peak)) s.peakBytes[i] = peak;
}

/** Time: the union span of executions with a positive duration (µs, else ns fields). */
function joinTime(s: JoinState, i: number, ns: NodeStats): void {
  let start = num(ns.all_start_micros);
  let rel = num(ns.all_end_rel_micros);
  if (start === 0 && rel === 0) {
    start = num(ns.all_start_nanos) / 1000;
    rel = num(ns.all_end_rel_nanos) / 1000;
  }
  if (rel < 0) s.negativeTimes++;
  else if (rel > 0) {
    if (!(s.computeStartMicros[i]! <= start)) s.computeStartMicros[i] = start;
    if (!(s.computeEndMicros[i]! >= start + rel)) s.computeEndMicros[i] = start + rel;
  }
}

/** Output shapes of one execution: dims, or null for an unknown rank or a missing description. */
function outputShapes(output: readonly tensorflow.NodeOutput.$Properties[]): Array<number[] | null> {
  return output.map((o) => {
    const shape = o.tensor_description?.shape;
    if (!shape || shape.unknown_rank) return null;
    return (shape.dim ?? []).map((dim) => num(dim.size));
  });
}

/** Stats per group (index = group id), aggregated from the ops below. */
export interface GroupStats {
  /** Union span of the ops below (min start, max end); NaN when none. */
  readonly computeStartMicros: Float64Array;
  readonly computeEndMicros: Float64Array;
  /** Sum of the ops' `totalBytes` (as TensorBoard's `NodeStats.combine`); NaN when none. */
  readonly totalBytes: Float64Array;
  /**
   * Sum of the ops' `peakBytes`: an upper bound of the group's real peak (ops don't all hold
   * their peak at the same time), comparable across groups; NaN when none.
   */
  readonly peakBytes: Float64Array;
  /** Ops below with at least one matched execution. */
  readonly opsWithStats: Uint32Array;
  /**
   * Observed devices of the ops below: device → number of ops that ran there (an op on two
   * devices counts for both); null when no op below has stats. Built fresh on every call.
   */
  readonly deviceHistogram: Array<Record<string, number> | null>;
}

/** Aggregates op stats up the hierarchy to the root. Linear in ops + groups × devices. */
export function aggregateStats(h: Hierarchy, table: NodeStatsTable): GroupStats {
  const { n, groups } = h;
  const G = groups.length;
  const start = new Float64Array(G).fill(NaN);
  const end = new Float64Array(G).fill(NaN);
  const bytes = new Float64Array(G).fill(NaN);
  const peak = new Float64Array(G).fill(NaN);
  const opsWithStats = new Uint32Array(G);
  const hist: Array<Record<string, number> | null> = new Array<Record<string, number> | null>(G).fill(null);

  const fold = (p: number, s: number, e: number, b: number, pk: number) => {
    if (!(start[p]! <= s)) start[p] = s;
    if (!(end[p]! >= e)) end[p] = e;
    if (b === b) bytes[p] = bytes[p] === bytes[p] ? bytes[p]! + b : b;
    if (pk === pk) peak[p] = peak[p] === peak[p] ? peak[p]! + pk : pk;
  };
  for (let i = 0; i < n; i++) {
    if (!table.executions[i]) continue;
    const p = h.parent[i]! - n;
    fold(p, table.computeStartMicros[i]!, table.computeEndMicros[i]!, table.totalBytes[i]!, table.peakBytes[i]!);
    opsWithStats[p]!++;
    const devs = table.observedDevices[i];
    if (devs) {
      const rec = (hist[p] ??= {});
      for (const d of devs) {
        const name = table.devices[d]!;
        rec[name] = (rec[name] ?? 0) + 1;
      }
    }
  }
  for (const g of h.groupOrder.slice().reverse()) {
    if (g === 0) continue;
    const p = groups[g]!.parent - n;
    if (!opsWithStats[g]) continue;
    fold(p, start[g]!, end[g]!, bytes[g]!, peak[g]!);
    opsWithStats[p]! += opsWithStats[g];
    const rec = hist[g];
    if (rec) {
      const up = (hist[p] ??= {});
      for (const k in rec) up[k] = (up[k] ?? 0) + rec[k]!;
    }
  }
  return { computeStartMicros: start, computeEndMicros: end, totalBytes: bytes, peakBytes: peak, opsWithStats, deviceHistogram: hist };
}

/** Compute time (µs) of an op or group: the span end − start; 0 when none. */
export function computeMicros(h: Pick<Hierarchy, 'n'>, table: NodeStatsTable, groupStats: GroupStats, ref: NodeRef): number {
  const d = ref < h.n ? table.computeEndMicros[ref]! - table.computeStartMicros[ref]! : groupStats.computeEndMicros[ref - h.n]! - groupStats.computeStartMicros[ref - h.n]!;
  return d === d ? d : 0;
}

/** Memory (bytes) of an op or group: `totalBytes`; 0 when none. */
export function memoryBytes(h: Pick<Hierarchy, 'n'>, table: NodeStatsTable, groupStats: GroupStats, ref: NodeRef): number {
  const b = ref < h.n ? table.totalBytes[ref]! : groupStats.totalBytes[ref - h.n]!;
  return b === b ? b : 0;
}

export interface StatsDomains {
  computeMicros: [number, number];
  bytes: [number, number];
}

/**
 * Colour-scale domains `[0, max]` over every op and every group of the graph (quirk 18c: TB
 * only looks at the top-level nodes). The root is left out: it is never drawn, and as group
 * values are sums and union spans, it would dwarf everything else.
 */
export function statsDomains(h: Hierarchy, table: NodeStatsTable, groupStats: GroupStats): StatsDomains {
  let micros = 0;
  let bytes = 0;
  for (let i = 0; i < h.n; i++) {
    const d = table.computeEndMicros[i]! - table.computeStartMicros[i]!;
    if (d > micros) micros = d;
    const b = table.totalBytes[i]!;
    if (b > bytes) bytes = b;
  }
  for (let g = 1; g < h.groups.length; g++) {
    const d = groupStats.computeEndMicros[g]! - groupStats.computeStartMicros[g]!;
    if (d > micros) micros = d;
    const b = groupStats.totalBytes[g]!;
    if (b > bytes) bytes = b;
  }
  return { computeMicros: [0, micros], bytes: [0, bytes] };
}

/**
 * TensorBoard's `hasDisplayableNodeStats`: bytes > 0, or compute time > 0, or (ops only) known
 * output sizes. Nodes without displayable stats are faded when stats are shown.
 */
export function hasDisplayableStats(h: Pick<Hierarchy, 'n'>, table: NodeStatsTable, groupStats: GroupStats, ref: NodeRef): boolean {
  if (memoryBytes(h, table, groupStats, ref) > 0 || computeMicros(h, table, groupStats, ref) > 0) return true;
  return ref < h.n && table.outputSizes[ref] != null;
}

/** `hasDisplayableStats` for every NodeRef (ops, then groups): 1 = show, 0 = fade. */
export function displayableStatsMask(h: Hierarchy, table: NodeStatsTable, groupStats: GroupStats): Uint8Array {
  const out = new Uint8Array(h.n + h.groups.length);
  for (let r = 0; r < out.length; r++) out[r] = hasDisplayableStats(h, table, groupStats, r) ? 1 : 0;
  return out;
}
