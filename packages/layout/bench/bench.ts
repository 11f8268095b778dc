/**
 * @tbg/layout benchmarks, as JSON lines (each input in a fresh process):
 * - layout.elk-options: ELK option sets replayed on the ELK calls that real views make (every
 *   fixture and a generated graph, fully expanded, recorded with a high split threshold):
 *   time per call by call size, and crossings and edge length as quality;
 * - layout.view: per input, the first layout (collapsed root), each metanode expanded once
 *   from the collapsed root (p50, p95, max; sampled on big graphs), expanding everything, the
 *   largest single ELK call, SVG export, and the geometry invariants.
 * - layout.threshold: the split threshold (maxElkNodes) swept on flat graphs (a generated graph
 *   with its scopes flattened, so the root holds hundreds of ops): total time, largest call and
 *   its time, crossings and the view's size, the figures behind the default;
 * - layout.view-worker: the pipeline in a view worker, timed from the client, with the longest
 *   stall of the client's event loop (see view-worker-bench.ts).
 * Usage: node --expose-gc bench-dist/bench.js [--quick] [--only options|views|threshold|worker]
 */
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { buildHierarchy, buildSlimGraph, RenderModel } from '@tbg/hierarchy';
import { eventGraphReader } from '@tbg/events';
import { decodeColumnar, loadColumnarGraph } from '@tbg/proto';
import { encodeGraphDef, fixturePath, generateTrainingGraph, GRAPH_FIXTURES, hasShared } from '@tbg/testkit';
import { elkOptions } from '../src/elk/options.js';
import { syntheticTask } from '../src/elk/synthetic-task.js';
import { copyTask, type ElkTask } from '../src/elk/task.js';
import { checkInvariants } from '../src/invariants/check.js';
import { DEFAULT_LAYOUT_PARAMS } from '../src/params.js';
import { applyExpandMode, percentile, timeExpansions } from '../src/session/expansion.js';
import { LayoutSession } from '../src/session/layout-session.js';
import { toSVG } from '../src/svg/to-svg.js';
import { createInlineRunner } from '../src/worker/inline-runner.js';
import { createNodeWorkerPool } from '../src/worker/node-pool.js';
import { tappedRunner } from '../src/worker/tapped-runner.js';
import type { ElkRunner } from '../src/worker/runner.js';
import { crossings, edgeLength } from './quality.js';
import { viewWorkerChild } from './view-worker-bench.js';

const quick = process.argv.includes('--quick');
const only = process.argv.includes('--only') ? process.argv[process.argv.indexOf('--only') + 1] : undefined;
const emit = (o: object) => process.stdout.write(JSON.stringify(o) + '\n');
const r2 = (x: number) => Math.round(x * 100) / 100;

const FIXTURES = GRAPH_FIXTURES;


function loadModel(name: string): RenderModel {
  const m = /^generated-(\d+)$/.exec(name);
  if (m) return new RenderModel(buildHierarchy(buildSlimGraph(decodeColumnar(encodeGraphDef(generateTrainingGraph({ nodes: Number(m[1]), seed: 1, devices: 'cluster' }))))));
  const [dir, file] = FIXTURES.find(([, f]) => f === name)!;
  // Event-file fixtures load through @tbg/events (a dev dependency here).
  const { columnar } = loadColumnarGraph(new Uint8Array(readFileSync(fixturePath(dir, ...file.split('/')))), { name: file, eventReader: eventGraphReader });
  return new RenderModel(buildHierarchy(buildSlimGraph(columnar)));
}

const label = (name: string) => name.replace(/^generated-(\d+)000$/, 'generated-$1k').replace(/^.*\//, '');

// ---------------------------------------------------------------- ELK option sets

const BASE = elkOptions(DEFAULT_LAYOUT_PARAMS, 1000, 0);
const OPTION_SETS: Record<string, (n: number, m: number) => Record<string, string>> = {
  'th7-poly': () => ({ ...BASE, 'elk.layered.thoroughness': '7' }),
  'th3-poly': () => ({ ...BASE, 'elk.layered.thoroughness': '3' }),
  'th1-poly': () => ({ ...BASE, 'elk.layered.thoroughness': '1' }),
  'th1-poly-greedy-off': () => ({ ...BASE, 'elk.layered.thoroughness': '1', 'elk.layered.crossingMinimization.greedySwitch.type': 'OFF' }),
  'th1-poly-simple-placement': () => ({ ...BASE, 'elk.layered.thoroughness': '1', 'elk.layered.nodePlacement.strategy': 'SIMPLE' }),
  'th1-poly-network-simplex': () => ({ ...BASE, 'elk.layered.thoroughness': '1', 'elk.layered.nodePlacement.strategy': 'NETWORK_SIMPLEX' }),
  'th1-orthogonal': () => ({ ...BASE, 'elk.layered.thoroughness': '1', 'elk.edgeRouting': 'ORTHOGONAL' }),
  'th1-splines': () => ({ ...BASE, 'elk.layered.thoroughness': '1', 'elk.edgeRouting': 'SPLINES' }),
  'th1-layering-longest-path': () => ({ ...BASE, 'elk.layered.thoroughness': '1', 'elk.layered.layering.strategy': 'LONGEST_PATH' }),
  'th1-layering-coffman-graham': () => ({ ...BASE, 'elk.layered.thoroughness': '1', 'elk.layered.layering.strategy': 'COFFMAN_GRAHAM' }),
  chosen: (n, m) => elkOptions(DEFAULT_LAYOUT_PARAMS, n, m),
};
const BUCKETS: Array<[number, number]> = [
  [1, 10],
  [11, 40],
  [41, 80],
  [81, 150],
  [151, 300],
];


async function optionsChild(): Promise<void> {
  // Record the ELK calls of fully expanded views, split only above 300 nodes.
  const inline = createInlineRunner();
  const corpus: ElkTask[] = [];
  const recorder = tappedRunner(inline, (t) => void corpus.push(copyTask(t)));
  const inputs = (quick ? ['tb_demo_xla_118.pbtxt'] : FIXTURES.map(([, f]) => f)).concat(['generated-3000']);
  for (const name of inputs) {
    if (!name.startsWith('generated') && !hasShared()) continue;
    const model = loadModel(name);
    applyExpandMode(model, { kind: 'all' });
    await new LayoutSession(model, { runner: recorder, params: { maxElkNodes: 300, maxElkEdges: 800 } }).layout();
  }
  // At most 40 calls per size bucket, spread over the corpus.
  const picked: ElkTask[] = [];
  for (const [lo, hi] of BUCKETS) {
    const inBucket = corpus.filter((t) => t.nodeKind.length >= lo && t.nodeKind.length <= hi);
    const step = Math.max(1, inBucket.length / (quick ? 8 : 40));
    for (let i = 0; i < inBucket.length; i += step) picked.push(inBucket[Math.floor(i)]!);
  }
  // Real views have few big calls: add synthetic group-shaped DAGs (with ports and stubs) to the big buckets.
  const synthetic: ElkTask[] = [];
  for (const [lo, hi] of BUCKETS.slice(2)) {
    for (let k = 0; k < (quick ? 3 : 12); k++) synthetic.push(syntheticTask({ nodes: lo + Math.floor(((hi - lo) * (k + 0.5)) / (quick ? 3 : 12)), seed: 100 + k, ports: true, stubs: true }));
  }
  await inline.warmup();
  for (const [corpusName, all] of [
    ['real', picked],
    ['synthetic', synthetic],
  ] as const)
  for (const [setName, opts] of Object.entries(OPTION_SETS)) {
    for (const [lo, hi] of BUCKETS) {
      const tasks = all.filter((t) => t.nodeKind.length >= lo && t.nodeKind.length <= hi);
      if (!tasks.length) continue;
      const times: number[] = [];
      let cross = 0;
      let edges = 0;
      let length = 0;
      for (const t of tasks) {
        const task = copyTask(t);
        task.options = opts(task.nodeKind.length, task.edges.length / 4);
        const r = await inline.run(task);
        times.push(r.elkMs);
        cross += crossings(r);
        edges += task.edges.length / 4;
        length += edgeLength(r);
      }
      emit({
        bench: 'layout.elk-options',
        corpus: corpusName,
        set: setName,
        nodes: `${lo}-${hi}`,
        calls: tasks.length,
        p50Ms: r2(percentile(times, 0.5)),
        p95Ms: r2(percentile(times, 0.95)),
        maxMs: r2(Math.max(...times)),
        crossingsPerEdge: r2(cross / Math.max(1, edges)),
        edgeLengthPerEdge: r2(length / Math.max(1, edges)),
      });
    }
  }
  await inline.close();
}

// ---------------------------------------------------------------- split threshold

/** A generated training graph with its scopes flattened (`a/b/c` → `a_b_c`): one root group of every op, like Netron's view. */
function flatModel(nodes: number): RenderModel {
  const g = generateTrainingGraph({ nodes, seed: 1, functions: false });
  const flat = (s: string) => s.replace(/\//g, '_');
  const flattened = { ...g, nodes: g.nodes.map((n) => ({ ...n, name: flat(n.name), inputs: n.inputs.map(flat) })) };
  return new RenderModel(buildHierarchy(buildSlimGraph(decodeColumnar(encodeGraphDef(flattened)))));
}

async function thresholdChild(): Promise<void> {
  const inline = createInlineRunner();
  await inline.warmup();
  // Flat graphs: their root holds hundreds of nodes, so the threshold decides how it is cut.
  for (const nodes of quick ? [600] : [600, 2000]) {
    const model = flatModel(nodes);
    const name = `flat-${nodes}`;
    for (const maxElkNodes of [40, 60, 90, 120, 160, 240]) {
      let cross = 0;
      let edges = 0;
      let maxCallMs = 0;
      let maxCallNodes = 0;
      let calls = 0;
      const measuring: ElkRunner = {
        ...inline,
        size: 1,
        stats: inline.stats,
        warmup: () => inline.warmup(),
        close: () => inline.close(),
        run: async (t, signal) => {
          const n = t.nodeKind.length;
          const m = t.edges.length / 4;
          const r = await inline.run(t, signal);
          calls++;
          cross += crossings(r);
          edges += m;
          if (r.elkMs > maxCallMs) maxCallMs = r.elkMs;
          maxCallNodes = Math.max(maxCallNodes, n);
          return r;
        },
      };
      const session = new LayoutSession(model, { runner: measuring, params: { maxElkNodes, maxElkEdges: Math.round((maxElkNodes * 8) / 3) } });
      const t0 = performance.now();
      const view = await session.layout();
      emit({
        bench: 'layout.threshold',
        input: name,
        rootChildren: model.group(model.root).core.length,
        maxElkNodes,
        totalMs: r2(performance.now() - t0),
        elkCalls: calls,
        maxCallNodes,
        maxCallMs: r2(maxCallMs),
        crossingsPerEdge: r2(cross / Math.max(1, edges)),
        viewWidth: Math.round(view.geometry.width),
        viewHeight: Math.round(view.geometry.height),
      });
    }
  }
  await inline.close();
}

// ---------------------------------------------------------------- views

async function viewChild(name: string): Promise<void> {
  const pool = createNodeWorkerPool();
  // TBG_SLOW_MS=N logs every ELK call slower than N ms to stderr (size, edges, thoroughness).
  const slow = Number(process.env.TBG_SLOW_MS ?? Infinity);
  const runner: ElkRunner = {
    get size() {
      return pool.size;
    },
    get stats() {
      return pool.stats;
    },
    warmup: () => pool.warmup(),
    close: () => pool.close(),
    run: async (t, signal) => {
      const nodes = t.nodeKind.length;
      const edges = t.edges.length / 4;
      const ports = t.portSide.length;
      const th = t.options['elk.layered.thoroughness'];
      const r = await pool.run(t, signal);
      if (r.elkMs > slow) process.stderr.write(`slow ELK call: ${r.elkMs.toFixed(0)} ms, ${nodes} nodes, ${edges} edges, ${ports} ports, thoroughness ${th}\n`);
      return r;
    },
  };
  const warmMs = await runner.warmup();
  const model = loadModel(name);
  const big = model.hierarchy.n > 5000;
  const session = new LayoutSession(model, { runner });
  const t0 = performance.now();
  const first = await session.layout();
  const firstLayoutMs = performance.now() - t0;
  const expands = await timeExpansions(session, model, big ? (quick ? 30 : 300) : Infinity);
  // Expanding everything, from scratch (a fresh session: nothing cached).
  const all = new LayoutSession(model, { runner });
  applyExpandMode(model, { kind: 'all' });
  let expandAllMs = -1;
  let view = first;
  if (!quick || !big) {
    const t1 = performance.now();
    view = await all.layout();
    expandAllMs = performance.now() - t1;
  }
  const t2 = performance.now();
  const svg = toSVG(view.geometry);
  const svgMs = performance.now() - t2;
  const inv = checkInvariants(view.geometry);
  emit({
    bench: 'layout.view',
    input: label(name),
    ops: model.hierarchy.n,
    workers: runner.size,
    warmupMs: r2(warmMs),
    firstLayoutMs: r2(firstLayoutMs),
    firstNodes: first.geometry.nodes.count,
    metanodes: expands.metanodes,
    expandsTimed: expands.timed,
    expandP50Ms: r2(percentile(expands.times, 0.5)),
    expandP95Ms: r2(percentile(expands.times, 0.95)),
    expandMaxMs: r2(expands.maxMs),
    slowestExpand: expands.slowest,
    expandAllMs: r2(expandAllMs),
    allNodes: view.geometry.nodes.count,
    allEdges: view.geometry.edges.count,
    maxElkNodes: runner.stats.maxElkNodes,
    maxElkMs: r2(runner.stats.maxElkMs),
    elkCalls: runner.stats.tasks,
    svgMs: r2(svgMs),
    svgKB: Math.round(svg.length / 1024),
    invariantsOk: inv.ok,
    violations: inv.violations.length + inv.more,
  });
  await runner.close();
}

async function main(): Promise<void> {
  const ci = process.argv.indexOf('--child');
  if (ci >= 0) {
    const what = process.argv[ci + 1]!;
    if (what === 'options') await optionsChild();
    else if (what === 'threshold') await thresholdChild();
    else if (what.startsWith('worker:')) await viewWorkerChild(what.slice(7), emit, quick ? 5 : 40);
    else await viewChild(what);
    return;
  }
  const self = fileURLToPath(import.meta.url);
  const runs: string[] = [];
  if (!only || only === 'options') runs.push('options');
  if (!only || only === 'threshold') runs.push('threshold');
  if (!only || only === 'views') {
    runs.push(...(hasShared() ? FIXTURES.map(([, f]) => f) : []));
    runs.push(...(quick ? ['generated-10000'] : ['generated-10000', 'generated-50000', 'generated-100000']));
  }
  if (!only || only === 'worker') {
    if (hasShared()) runs.push('worker:scalable_agent_impala_2124.pbtxt');
    runs.push(...(quick ? ['worker:generated-10000'] : ['worker:generated-10000', 'worker:generated-100000']));
  }
  for (const what of runs) {
    const r = spawnSync(process.execPath, ['--expose-gc', '--max-old-space-size=8192', self, '--child', what, ...(quick ? ['--quick'] : [])], { encoding: 'utf8', stdio: ['ignore', 'inherit', 'pipe'], maxBuffer: 1 << 26 });
    if (r.status !== 0) throw new Error(`${what}: ${r.stderr}`);
  }
}

await main();
