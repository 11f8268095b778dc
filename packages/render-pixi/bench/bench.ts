/**
 * @tbg/render-pixi benchmark: prints JSON lines.
 * - Node: the per-layout and per-frame work of the scene core on synthetic node boxes laid out
 *   like a big expanded graph (index and tiles once per layout; a viewport query and a hit test
 *   per frame), the hover highlight's CPU work (neighbourhood and state bytes) at 10k nodes, and
 *   hit testing there (the first pick after a layout, and the ones after it).
 * - Chromium (skipped when absent, or with --node-only): frame time per pan/zoom step on a
 *   generated graph of ~10k and ~50k nodes all in view, levels of detail and culling on vs off
 *   in the same page; and the cost of a highlight change at 10k nodes.
 * Usage: node --expose-gc bench-dist/bench.js [--quick] [--node-only]
 */
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { performance } from 'node:perf_hooks';
import { NodeKind, roboto, ShapeKind, type Geometry } from '@tbg/layout';
import { CHROMIUM_PATH } from '@tbg/testkit';
import { buildEdgeGraph, writeHighlight } from '../src/scene/highlight.js';
import { lodThresholds } from '../src/scene/lod.js';
import { createPicker } from '../src/scene/pick.js';
import { buildNodeIndex } from '../src/scene/spatial-index.js';
import { buildTiles, visibleTiles } from '../src/scene/tiles.js';
import { syntheticGeometry, type SyntheticOptions } from '../src/test-support/synthetic-geometry.js';
import { browserBench } from './browser-bench.js';
import { median, r3 } from './stats.js';

const quick = process.argv.includes('--quick');
const sizes = quick ? [10_000] : [10_000, 100_000];

/** n op nodes in rows, 60×40 boxes with 20 px gaps (only the columns the index reads). */
function boxGeometry(n: number): Geometry {
  const perRow = Math.ceil(Math.sqrt(n));
  const box = new Float32Array(4 * n);
  for (let i = 0; i < n; i++) box.set([(i % perRow) * 80, Math.floor(i / perRow) * 60, 60, 40], 4 * i);
  const nodes = {
    count: n,
    parent: new Int32Array(n).fill(-1),
    kind: new Uint8Array(n).fill(NodeKind.op),
    shapeKind: new Uint8Array(n).fill(ShapeKind.ellipse),
    box,
    shape: box,
  };
  return { width: perRow * 80, height: Math.ceil(n / perRow) * 60, nodes } as unknown as Geometry;
}


function sceneCore(): void {
  // Warm up the JIT on a small scene, so the first size is not charged for compilation.
  const warm = boxGeometry(5000);
  for (let k = 0; k < 3; k++) {
    buildNodeIndex(warm).query({ x: 0, y: 0, width: 500, height: 500 });
    visibleTiles(buildTiles(warm.nodes.box, 5000, { x: 0, y: 0, width: warm.width, height: warm.height }), { x: 0, y: 0, width: 500, height: 500 });
  }
  for (const n of sizes) {
    const g = boxGeometry(n);
    const t0 = performance.now();
    const index = buildNodeIndex(g);
    const t1 = performance.now();
    const grid = buildTiles(g.nodes.box, n, { x: 0, y: 0, width: g.width, height: g.height });
    const t2 = performance.now();
    const query: number[] = [];
    const tiles: number[] = [];
    const hit: number[] = [];
    let visible = 0;
    let visibleTileCount = 0;
    for (let k = 0; k < 200; k++) {
      const view = { x: (k * 997) % g.width, y: (k * 613) % g.height, width: 1600, height: 900 };
      const a = performance.now();
      visible = index.query(view).length;
      const b = performance.now();
      visibleTileCount = visibleTiles(grid, view).length;
      const c = performance.now();
      index.hit(view.x + 30, view.y + 20);
      const d = performance.now();
      query.push(b - a);
      tiles.push(c - b);
      hit.push(d - c);
    }
    console.log(
      JSON.stringify({ bench: 'render-pixi', case: 'scene core', nodes: n, indexMs: r3(t1 - t0), tilesMs: r3(t2 - t1), tiles: grid.cols * grid.rows, queryMs: r3(median(query)), visibleNodes: visible, tileQueryMs: r3(median(tiles)), visibleTiles: visibleTileCount, hitMs: r3(median(hit)) }),
    );
  }
}

/** ~10k nodes: 4 groups × 25 subgroups × 99 ops (and the groups themselves). */
const SYNTHETIC_10K: SyntheticOptions = { groups: 4, subgroups: 25, ops: 99 };
/** ~50k nodes: 9 × 56 × 99. */
const SYNTHETIC_50K: SyntheticOptions = { groups: 9, subgroups: 56, ops: 99 };

function highlightCore(): void {
  const g = syntheticGeometry(SYNTHETIC_10K);
  const t0 = performance.now();
  const eg = buildEdgeGraph(g);
  const t1 = performance.now();
  const states = new Uint8Array(g.nodes.count + g.edges.count);
  let lit: number[] = [];
  const times: number[] = [];
  for (let k = 0; k < 500; k++) {
    const h = (k * 7919) % g.nodes.count;
    const a = performance.now();
    lit = writeHighlight(g, eg, states, lit, { selected: [h], hovered: h });
    times.push(performance.now() - a);
  }
  console.log(JSON.stringify({ bench: 'render-pixi', case: 'highlight core', nodes: g.nodes.count, edges: g.edges.count, edgeGraphMs: r3(t1 - t0), hoverMs: r3(median(times)), hoverMaxMs: r3(Math.max(...times)) }));
}

/** Hit testing at 10k nodes: the first pick after a layout (what it prepares) and the picks after it. */
function pickCore(): void {
  const g = syntheticGeometry(SYNTHETIC_10K);
  const picker = createPicker(g, buildNodeIndex(g), lodThresholds(g), roboto);
  const at = (k: number): [number, number] => [(k * 7919) % g.width, (k * 6007) % g.height];
  const t0 = performance.now();
  picker.pick(...at(0), 1, true);
  const firstMs = performance.now() - t0;
  const times: number[] = [];
  for (let k = 1; k < 500; k++) {
    const a = performance.now();
    picker.pick(...at(k), 1, true);
    times.push(performance.now() - a);
  }
  console.log(JSON.stringify({ bench: 'render-pixi', case: 'pick', nodes: g.nodes.count, annotations: g.annotations.count, firstPickMs: r3(firstMs), pickMs: r3(median(times)), pickMaxMs: r3(Math.max(...times)) }));
}

sceneCore();
highlightCore();
pickCore();
if (!process.argv.includes('--node-only') && existsSync(CHROMIUM_PATH)) {
  const supportDir = join(dirname(fileURLToPath(import.meta.url)), '..', 'src', 'test-support');
  await browserBench(supportDir, quick ? [SYNTHETIC_10K] : [SYNTHETIC_10K, SYNTHETIC_50K]);
}
