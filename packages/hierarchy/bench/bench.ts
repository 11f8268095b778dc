/**
 * @tbg/hierarchy benchmark: prints JSON lines, each input in a fresh process.
 * - hierarchy.build: load (format unwrapping, text parsing, validation of every byte, large
 *   attrs left out) + decode + graph model + hierarchy + templates + root render model, in ms
 *   (`totalMs`, and `totalWithoutLoadMs` for bytes already checked); the heap retained beyond the decoded input (bytes per
 *   node, after a warm-up run so that compiled code is not counted per node); the heap's high
 *   water mark, sampled at the end of each phase before any forced GC;
 * - hierarchy.expand: building each metanode's render (its ancestors already built): p50, p95 and
 *   max in one pass with at most 256 renders cached (as a user's session holds), and the 10
 *   slowest re-timed in a fresh model (best of 3: their own cost, without GC pauses);
 * - hierarchy.search: a few regex searches.
 * Usage: node --expose-gc bench-dist/bench.js [--quick]
 */
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { decodeColumnar, loadColumnarGraph, loadGraphSource, type EventGraphReader } from '@tbg/proto';
import { eventGraphReader } from '@tbg/events';
import { encodeGraphDef, fixturePath, generateTrainingGraph, GRAPH_FIXTURES, hasShared } from '@tbg/testkit';
import { buildSlimGraph } from '../src/graph/slim-graph.js';
import { buildHierarchy } from '../src/hierarchy/build.js';
import { GROUP_META } from '../src/hierarchy/types.js';
import { RenderModel } from '../src/render/render-model.js';
import { computeTemplates } from '../src/templates/templates.js';
import { GraphSearch } from '../src/search/search.js';

const quick = process.argv.includes('--quick');
const gc = (globalThis as { gc?: () => void }).gc ?? (() => {});
const emit = (o: object) => process.stdout.write(JSON.stringify(o) + '\n');
const round = (x: number, d = 2) => Math.round(x * 10 ** d) / 10 ** d;

// Every fixture, event files too (through @tbg/events, a dev dependency here).
const FIXTURES = GRAPH_FIXTURES;

/** The input file's bytes, as a user hands them over (generated graphs: a binary GraphDef). */
function inputBytes(name: string): Uint8Array {
  const m = /^generated-(\d+)$/.exec(name);
  if (m) return encodeGraphDef(generateTrainingGraph({ nodes: Number(m[1]), seed: 1, devices: 'cluster' }));
  const [dir, file] = FIXTURES.find(([, f]) => f === name)!;
  return new Uint8Array(readFileSync(fixturePath(dir, ...file.split('/'))));
}

function percentile(xs: number[], p: number): number {
  if (!xs.length) return 0;
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor(p * s.length))]!;
}

/** The whole pipeline once, on a small graph: compiles the code paths before memory is measured. */
function warmUp(eventReader: EventGraphReader): void {
  const { columnar } = loadColumnarGraph(encodeGraphDef(generateTrainingGraph({ nodes: 2000, seed: 7 })), { eventReader });
  const h = buildHierarchy(buildSlimGraph(columnar));
  computeTemplates(h);
  const model = new RenderModel(h);
  for (const g of h.groupOrder) model.group(h.n + g);
}

function child(name: string): void {
  const eventReader: EventGraphReader = eventGraphReader;
  const bytes = inputBytes(name);
  warmUp(eventReader);
  gc();
  gc();
  const heap = (m: NodeJS.MemoryUsage) => m.heapUsed + m.arrayBuffers;
  const base = process.memoryUsage();
  let highWater = 0;
  const sample = () => (highWater = Math.max(highWater, heap(process.memoryUsage())));
  // Loading (sniffing, validating every byte of an untrusted file, leaving large attrs out) and
  // the columnar decode, timed apart: an app that already holds checked GraphDef bytes skips the first.
  const t0 = performance.now();
  const source = loadGraphSource(bytes, { name, eventReader });
  const tLoad = performance.now();
  const columnar = decodeColumnar(source.graphBytes, { file: name });
  const t1 = performance.now();
  sample();
  gc();
  gc();
  const afterDecode = process.memoryUsage();
  const t2 = performance.now();
  const slim = buildSlimGraph(columnar);
  const t3 = performance.now();
  sample();
  const h = buildHierarchy(slim);
  const t4 = performance.now();
  sample();
  const templates = computeTemplates(h);
  const t5 = performance.now();
  sample();
  const model = new RenderModel(h);
  model.group(h.n);
  const t6 = performance.now();
  sample();
  gc();
  gc();
  const after = process.memoryUsage();
  const n = slim.n;
  const measurable = columnar.nodes.count >= 5000;
  emit({
    bench: 'hierarchy.build',
    input: name.replace(/^generated-(\d+)000$/, 'generated-$1k'),
    nodes: columnar.nodes.count,
    opNodes: n,
    groups: h.groups.length,
    metaedges: h.metaedges.count,
    templates: templates.clusters.length,
    loadMs: round(tLoad - t0),
    decodeMs: round(t1 - tLoad),
    graphMs: round(t3 - t2),
    hierarchyMs: round(t4 - t3),
    templatesMs: round(t5 - t4),
    rootRenderMs: round(t6 - t5),
    totalMs: round(t1 - t0 + (t6 - t2)),
    totalWithoutLoadMs: round(t1 - tLoad + (t6 - t2)),
    // Below ~5k nodes the heap's own noise (a few MB) is larger than the graph: not reported.
    decodedInputMB: measurable ? round((heap(afterDecode) - heap(base)) / 1048576) : null,
    bytesPerNodeBeyondInput: measurable ? Math.round((heap(after) - heap(afterDecode)) / Math.max(1, columnar.nodes.count)) : null,
    heapHighWaterMB: measurable ? round((highWater - heap(base)) / 1048576) : null,
    peakRssMB: round(process.resourceUsage().maxRSS / 1024),
  });
  // Expanding each metanode once from the collapsed root: ancestors are built first (they are
  // open whenever the group is visible), then the group itself is timed.
  const times: number[] = [];
  let worst = '';
  let worstMs = 0;
  const metas = h.groupOrder.filter((g) => h.groups[g]!.kind === GROUP_META && g !== 0);
  // Every metanode (a sample in quick mode). A fresh model every 256 groups: a session holds
  // the renders of what its user opened, not of all 33k groups at once.
  const step = quick ? Math.max(1, Math.floor(metas.length / 300)) : 1;
  let pass = model;
  for (let k = 0; k < metas.length; k += step) {
    const g = metas[k]!;
    if (times.length % 256 === 255) pass = new RenderModel(h);
    const parent = h.groups[g]!.parent;
    pass.group(parent);
    const s = performance.now();
    pass.group(h.n + g);
    const ms = performance.now() - s;
    times.push(ms);
    if (ms > worstMs) {
      worstMs = ms;
      worst = h.groups[g]!.name;
    }
  }
  // One pass over 30k groups keeps every render cached, so GC pauses land on random groups.
  // Re-time the 10 slowest in a fresh model (best of 3) to separate their own cost from GC.
  const slowest = Array.from(metas)
    .map((g, k) => [g, times[Math.floor(k / step)] ?? 0] as const)
    .sort((a, b) => b[1] - a[1])
    .slice(0, 10);
  let retimedMax = 0;
  let retimedWorst = '';
  for (const [g] of slowest) {
    let best = Infinity;
    for (let trial = 0; trial < 3; trial++) {
      const fresh = new RenderModel(h);
      const chain: number[] = [];
      for (let a = h.groups[g]!.parent; a >= 0; a = h.groups[a - h.n]!.parent) chain.push(a);
      for (const a of chain.reverse()) fresh.group(a);
      const s = performance.now();
      fresh.group(h.n + g);
      best = Math.min(best, performance.now() - s);
    }
    if (best > retimedMax) {
      retimedMax = best;
      retimedWorst = h.groups[g]!.name;
    }
  }
  emit({
    bench: 'hierarchy.expand',
    input: name.replace(/^generated-(\d+)000$/, 'generated-$1k'),
    metanodes: metas.length,
    timed: times.length,
    p50Ms: round(percentile(times, 0.5), 3),
    p95Ms: round(percentile(times, 0.95), 3),
    maxMs: round(worstMs, 3),
    slowest: worst,
    retimedMaxMs: round(retimedMax, 3),
    retimedSlowest: retimedWorst,
  });
  if (n >= 10_000) {
    const search = new GraphSearch(h);
    // The attribute index is built once, on idle after loading (off the UI's critical path).
    const p0 = performance.now();
    search.prepare();
    emit({ bench: 'hierarchy.search.index', input: name.replace(/^generated-(\d+)000$/, 'generated-$1k'), ms: round(performance.now() - p0) });
    for (const [q, fields] of [
      ['conv', ['name']],
      ['^MatMul$', ['op']],
      ['GPU:1', ['device']],
      ['NHWC', ['attr']],
      ['DT_INT32', ['attr']],
      ['gradients/.*conv', ['name', 'op', 'device', 'attr']],
    ] as const) {
      const s = performance.now();
      const r = search.search(q, { fields: [...fields] });
      emit({ bench: 'hierarchy.search', input: name.replace(/^generated-(\d+)000$/, 'generated-$1k'), query: q, fields, total: r.total, ms: round(performance.now() - s) });
    }
  }
}

function main(): void {
  const ci = process.argv.indexOf('--child');
  if (ci >= 0) {
    child(process.argv[ci + 1]!);
    return;
  }
  const self = fileURLToPath(import.meta.url);
  const names = (quick ? ['generated-10000'] : ['generated-10000', 'generated-50000', 'generated-100000', 'generated-200000']).concat(hasShared() ? FIXTURES.map(([, f]) => f) : []);
  for (const name of names) {
    const r = spawnSync(process.execPath, ['--expose-gc', '--max-old-space-size=4096', self, '--child', name, ...(quick ? ['--quick'] : [])], { encoding: 'utf8', maxBuffer: 1 << 24 });
    if (r.status !== 0) throw new Error(`${name}: ${r.stderr}`);
    process.stdout.write(r.stdout);
  }
}

main();
