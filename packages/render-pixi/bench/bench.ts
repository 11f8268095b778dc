/**
 * @tbg/render-pixi benchmark: prints JSON lines. The per-layout and per-frame work of the scene
 * core on synthetic node boxes laid out like a big expanded graph: building the spatial index
 * and the tiles once per layout, then one viewport query and one hit test per frame.
 * Usage: node --expose-gc bench-dist/bench.js [--quick]
 */
import { performance } from 'node:perf_hooks';
import { NodeKind, ShapeKind, type Geometry } from '@tbg/layout';
import { buildNodeIndex } from '../src/scene/spatial-index.js';
import { buildTiles, visibleTiles } from '../src/scene/tiles.js';

const quick = process.argv.includes('--quick');
const sizes = quick ? [10_000] : [10_000, 100_000];

/** n op nodes in rows, 60×40 boxes with 20 px gaps (only the columns the index reads). */
function syntheticGeometry(n: number): Geometry {
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

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)]!;
}

const r3 = (x: number) => Math.round(x * 1000) / 1000;
// Warm up the JIT on a small scene, so the first size is not charged for compilation.
{
  const warm = syntheticGeometry(5000);
  for (let k = 0; k < 3; k++) {
    buildNodeIndex(warm).query({ x: 0, y: 0, width: 500, height: 500 });
    visibleTiles(buildTiles(warm.nodes.box, 5000, { x: 0, y: 0, width: warm.width, height: warm.height }), { x: 0, y: 0, width: 500, height: 500 });
  }
}
for (const n of sizes) {
  const g = syntheticGeometry(n);
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
