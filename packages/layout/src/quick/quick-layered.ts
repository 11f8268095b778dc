/**
 * A small layered layout of an ElkTask, in the thread that asks, for the moments before ELK is
 * ready (compiling ELK in a browser worker takes 1–2 s on the machine measured here; this takes
 * a few ms). Same input and output as an ELK call, so everything downstream is unchanged; the
 * result is marked `provisional` and is replaced by ELK's once ELK runs.
 *
 * Layers by longest path (cycles broken by DFS, border stubs first and last), long edges split
 * by dummies, order by barycentre sweeps (port offsets counted), positions in a layer pulled
 * towards the mean of their neighbours without overlap; edges run through their dummies.
 */
import { edgeCount, nodeCount, TaskNodeKindCode, type ElkResult, type ElkTask } from '../elk/task.js';

/** A node of the layered graph: a task node, or a dummy (size 0) on a long edge. */
interface LNode {
  layer: number;
  /** Extent across layers (along the flow) and within a layer. */
  along: number;
  across: number;
  /** Position of its left (or top) side within its layer, and its order. */
  pos: number;
  order: number;
  up: Link[];
  down: Link[];
}

/** A link between consecutive layers, with the offset of its end on each node (from its centre, across). */
interface Link {
  other: number;
  offsetHere: number;
  offsetThere: number;
}

const option = (task: ElkTask, key: string, fallback: number): number => {
  const v = Number(task.options[key]);
  return Number.isFinite(v) ? v : fallback;
};

export function quickLayered(task: ElkTask): ElkResult {
  const t0 = performance.now();
  const n = nodeCount(task);
  const m = edgeCount(task);
  const right = task.direction === 'RIGHT';
  const nodeSep = option(task, 'elk.spacing.nodeNode', 20);
  const rankSep = option(task, 'elk.layered.spacing.nodeNodeBetweenLayers', 20);
  const edgeSep = option(task, 'elk.spacing.edgeEdge', 10);
  const forward = orientEdges(task, n, m);
  const layers = assignLayers(task, n, m, forward);
  const nodes: LNode[] = [];
  for (let i = 0; i < n; i++) {
    const [w, h] = [task.nodeSize[2 * i]!, task.nodeSize[2 * i + 1]!];
    nodes.push({ layer: layers[i]!, along: right ? w : h, across: right ? h : w, pos: 0, order: 0, up: [], down: [] });
  }
  const chains = linkEdges(task, nodes, forward, right);
  const byLayer = orderLayers(nodes);
  placeAcross(nodes, byLayer, nodeSep, edgeSep);
  return toResult(task, nodes, chains, placeAlong(nodes, byLayer, rankSep), t0);
}

/** Whether each edge keeps its direction (false: reversed to break a cycle, or a self-loop). */
function orientEdges(task: ElkTask, n: number, m: number): boolean[] {
  const out: number[][] = Array.from({ length: n }, () => []);
  for (let e = 0; e < m; e++) out[task.edges[4 * e]!]!.push(e);
  const state = new Uint8Array(n); // 0 new, 1 on the stack, 2 done
  const forward = new Array<boolean>(m).fill(true);
  for (let root = 0; root < n; root++) {
    if (state[root]) continue;
    const stack: Array<[number, number]> = [[root, 0]];
    state[root] = 1;
    while (stack.length) {
      const top = stack[stack.length - 1]!;
      const [v, k] = top;
      if (k >= out[v]!.length) {
        state[v] = 2;
        stack.pop();
        continue;
      }
      top[1]++;
      const e = out[v]![k]!;
      const w = task.edges[4 * e + 2]!;
      if (state[w] === 1) forward[e] = false;
      else if (state[w] === 0) {
        state[w] = 1;
        stack.push([w, 0]);
      }
    }
  }
  return forward;
}

/** Longest-path layers from the sources; sources then moved up to just below their first consumer; stubs first and last. */
function assignLayers(task: ElkTask, n: number, m: number, forward: boolean[]): Int32Array {
  const succ: number[][] = Array.from({ length: n }, () => []);
  const indeg = new Int32Array(n);
  for (let e = 0; e < m; e++) {
    let [s, t] = [task.edges[4 * e]!, task.edges[4 * e + 2]!];
    if (s === t) continue;
    if (!forward[e]) [s, t] = [t, s];
    succ[s]!.push(t);
    indeg[t]!++;
  }
  const layer = new Int32Array(n);
  const topo: number[] = [];
  for (let i = 0; i < n; i++) if (indeg[i] === 0) topo.push(i);
  for (let k = 0; k < topo.length; k++) {
    const v = topo[k]!;
    for (const w of succ[v]!) {
      layer[w] = Math.max(layer[w]!, layer[v]! + 1);
      if (--indeg[w]! === 0) topo.push(w);
    }
  }
  // Sources sit just below their nearest consumer (a constant next to the op it feeds).
  const hasPred = new Uint8Array(n);
  for (const v of topo) for (const w of succ[v]!) hasPred[w] = 1;
  for (let k = topo.length - 1; k >= 0; k--) {
    const v = topo[k]!;
    if (hasPred[v] || succ[v]!.length === 0 || task.nodeKind[v] !== TaskNodeKindCode.plain) continue;
    layer[v] = Math.min(...succ[v]!.map((w) => layer[w]!)) - 1;
  }
  return placeStubs(task, layer);
}

/** Stubs in: layer 0, everything else after; stubs out: one past the last. */
function placeStubs(task: ElkTask, layer: Int32Array): Int32Array {
  const n = layer.length;
  const hasIn = task.nodeKind.some((k) => k === TaskNodeKindCode.stubIn);
  let last = 0;
  for (let i = 0; i < n; i++) {
    if (task.nodeKind[i] === TaskNodeKindCode.stubIn) layer[i] = 0;
    else if (hasIn) layer[i] = layer[i]! + 1;
  }
  for (let i = 0; i < n; i++) if (task.nodeKind[i] !== TaskNodeKindCode.stubOut) last = Math.max(last, layer[i]!);
  for (let i = 0; i < n; i++) if (task.nodeKind[i] === TaskNodeKindCode.stubOut) layer[i] = last + 1;
  return layer;
}

/** Port offset across the node, from its centre (0 without a port). */
function portOffset(task: ElkTask, node: number, port: number, right: boolean): number {
  if (port < 0) return 0;
  const size = task.nodeSize[2 * node + (right ? 1 : 0)]!;
  return task.portXY[2 * port + (right ? 1 : 0)]! - size / 2;
}

/** Links between consecutive layers, with dummies on long edges; returns each edge's chain of nodes (source side first, in layer order). */
function linkEdges(task: ElkTask, nodes: LNode[], forward: boolean[], right: boolean): number[][] {
  const chains: number[][] = [];
  for (let e = 0; e < forward.length; e++) {
    let [s, sp, t, tp] = [task.edges[4 * e]!, task.edges[4 * e + 1]!, task.edges[4 * e + 2]!, task.edges[4 * e + 3]!];
    if (s === t || nodes[s]!.layer === nodes[t]!.layer) {
      chains.push([s, t]);
      continue;
    }
    if (nodes[s]!.layer > nodes[t]!.layer) [s, sp, t, tp] = [t, tp, s, sp];
    const chain = [s];
    for (let l = nodes[s]!.layer + 1; l < nodes[t]!.layer; l++) {
      nodes.push({ layer: l, along: 0, across: 0, pos: 0, order: 0, up: [], down: [] });
      chain.push(nodes.length - 1);
    }
    chain.push(t);
    for (let k = 0; k + 1 < chain.length; k++) {
      const [a, b] = [chain[k]!, chain[k + 1]!];
      const offA = k === 0 ? portOffset(task, s, sp, right) : 0;
      const offB = k + 2 === chain.length ? portOffset(task, t, tp, right) : 0;
      nodes[a]!.down.push({ other: b, offsetHere: offA, offsetThere: offB });
      nodes[b]!.up.push({ other: a, offsetHere: offB, offsetThere: offA });
    }
    chains.push(chain);
  }
  return chains;
}

/** Orders each layer: first by discovery, then barycentre sweeps down and up. */
function orderLayers(nodes: LNode[]): number[][] {
  const depth = nodes.reduce((d, v) => Math.max(d, v.layer + 1), 0);
  const byLayer: number[][] = Array.from({ length: depth }, () => []);
  nodes.forEach((v, i) => byLayer[v.layer]!.push(i));
  const renumber = (layer: number[]) => layer.forEach((v, k) => (nodes[v]!.order = k));
  byLayer.forEach(renumber);
  for (let sweep = 0; sweep < 8; sweep++) {
    const down = sweep % 2 === 0;
    for (let k = down ? 1 : depth - 2; down ? k < depth : k >= 0; k += down ? 1 : -1) {
      const layer = byLayer[k]!;
      const centre = layer.map((v) => barycentre(nodes, v, down ? nodes[v]!.up : nodes[v]!.down));
      const sorted = layer.map((v, j) => [v, centre[j]!] as const).sort((a, b) => a[1] - b[1] || nodes[a[0]]!.order - nodes[b[0]]!.order);
      byLayer[k] = sorted.map(([v]) => v);
      renumber(byLayer[k]!);
    }
  }
  return byLayer;
}

function barycentre(nodes: LNode[], v: number, links: Link[]): number {
  if (!links.length) return nodes[v]!.order;
  let sum = 0;
  for (const l of links) sum += nodes[l.other]!.order + l.offsetThere / 1000;
  return sum / links.length;
}

/** Packs each layer, then pulls nodes towards their neighbours' centres, keeping order and gaps. */
function placeAcross(nodes: LNode[], byLayer: number[][], nodeSep: number, edgeSep: number): void {
  const gap = (a: number, b: number) => (nodes[a]!.across === 0 && nodes[b]!.across === 0 ? edgeSep : nodes[a]!.across === 0 || nodes[b]!.across === 0 ? (nodeSep + edgeSep) / 2 : nodeSep);
  for (const layer of byLayer) {
    let x = 0;
    layer.forEach((v, k) => {
      if (k > 0) x += gap(layer[k - 1]!, v);
      nodes[v]!.pos = x;
      x += nodes[v]!.across;
    });
  }
  for (let pass = 0; pass < 8; pass++) {
    const down = pass % 2 === 0;
    const order = down ? byLayer : [...byLayer].reverse();
    for (const layer of order) {
      const want = layer.map((v) => {
        const node = nodes[v]!;
        const links = [...(down ? node.up : node.down), ...(pass > 3 ? (down ? node.down : node.up) : [])];
        if (!links.length) return node.pos;
        let sum = 0;
        for (const l of links) sum += nodes[l.other]!.pos + nodes[l.other]!.across / 2 + l.offsetThere - l.offsetHere;
        return sum / links.length - node.across / 2;
      });
      resolveOverlaps(nodes, layer, want, gap);
    }
  }
}

/** Moves a layer's nodes to their wanted positions as far as order and gaps allow (blocks of touching nodes move together). */
function resolveOverlaps(nodes: LNode[], layer: number[], want: number[], gap: (a: number, b: number) => number): void {
  // Pool adjacent violators: each block sits at the mean of its members' wanted offsets.
  const blocks: Array<{ start: number; end: number; sum: number; count: number; pos: number }> = [];
  const offsetIn: number[] = [];
  for (let k = 0; k < layer.length; k++) {
    let block = { start: k, end: k, sum: want[k]!, count: 1, pos: want[k]! };
    offsetIn[k] = 0;
    while (blocks.length) {
      const prev = blocks[blocks.length - 1]!;
      const prevEnd = prev.pos + offsetIn[prev.end]! + nodes[layer[prev.end]!]!.across + gap(layer[prev.end]!, layer[block.start]!);
      if (prevEnd <= block.pos) break;
      blocks.pop();
      const shift = offsetIn[prev.end]! + nodes[layer[prev.end]!]!.across + gap(layer[prev.end]!, layer[block.start]!);
      for (let j = block.start; j <= block.end; j++) offsetIn[j] = offsetIn[j]! + shift;
      let sum = prev.sum;
      for (let j = block.start; j <= block.end; j++) sum += want[j]! - offsetIn[j]!;
      const count = prev.count + block.count;
      block = { start: prev.start, end: block.end, sum, count, pos: sum / count };
    }
    blocks.push(block);
  }
  for (const b of blocks) for (let j = b.start; j <= b.end; j++) nodes[layer[j]!]!.pos = b.pos + offsetIn[j]!;
}

/** Where each layer starts along the flow (layer 0 first), how deep it is, and the total depth. */
interface Along {
  start: number[];
  depth: number[];
  total: number;
}

function placeAlong(nodes: LNode[], byLayer: number[][], rankSep: number): Along {
  const start: number[] = [];
  const depth: number[] = [];
  let at = 0;
  for (const layer of byLayer) {
    start.push(at);
    depth.push(Math.max(0, ...layer.map((v) => nodes[v]!.along)));
    at += depth[depth.length - 1]! + rankSep;
  }
  return { start, depth, total: Math.max(0, at - rankSep) };
}

function toResult(task: ElkTask, nodes: LNode[], chains: number[][], along: Along, t0: number): ElkResult {
  const n = nodeCount(task);
  const right = task.direction === 'RIGHT';
  const minPos = Math.min(0, ...nodes.map((v) => v.pos));
  const acrossMax = Math.max(0, ...nodes.map((v) => v.pos - minPos + v.across));
  // Flow coordinates (along, across) to x, y; UP flows from the bottom, so layer 0 is at the bottom.
  const toXY = (f: number, a: number): [number, number] => (right ? [f, a - minPos] : [a - minPos, along.total - f]);
  const near = (v: number) => along.start[nodes[v]!.layer]! + (along.depth[nodes[v]!.layer]! - nodes[v]!.along) / 2;
  const nodeXY = new Float64Array(2 * n);
  for (let i = 0; i < n; i++) {
    const [x, y] = toXY(near(i) + (right ? 0 : nodes[i]!.along), nodes[i]!.pos);
    [nodeXY[2 * i], nodeXY[2 * i + 1]] = [x, y];
  }
  const route: Route = { task, nodes, along, nodeXY, toXY, right, minPos };
  const polylines = chains.map((chain, e) => edgePolyline(route, chain, e));
  const edgePointStart = new Uint32Array(chains.length + 1);
  polylines.forEach((p, e) => (edgePointStart[e + 1] = edgePointStart[e]! + p.length / 2));
  const edgePoints = Float64Array.from(polylines.flat());
  const [width, height] = right ? [along.total, acrossMax] : [acrossMax, along.total];
  return { nodeXY, edgePointStart, edgePoints, width, height, elkMs: performance.now() - t0, provisional: true };
}

interface Route {
  task: ElkTask;
  nodes: LNode[];
  along: Along;
  nodeXY: Float64Array;
  toXY: (f: number, a: number) => [number, number];
  right: boolean;
  /** The smallest position across layers: toXY shifts every position by it. */
  minPos: number;
}

/** Where an edge meets a task node: its port, or the middle of the side facing the edge's next layer. */
function anchor(r: Route, v: number, port: number, exit: boolean): [number, number] {
  const [x, y] = [r.nodeXY[2 * v]!, r.nodeXY[2 * v + 1]!];
  if (port >= 0) return [x + r.task.portXY[2 * port]!, y + r.task.portXY[2 * port + 1]!];
  const [w, h] = [r.task.nodeSize[2 * v]!, r.task.nodeSize[2 * v + 1]!];
  // UP: the next layer is above (exit through the top); RIGHT: to the right.
  return r.right ? [exit ? x + w : x, y + h / 2] : [x + w / 2, exit ? y : y + h];
}

/**
 * An edge from its source's anchor to its target's: straight out to the edge of its layer, across
 * the gaps between layers, straight through the layers of its dummies: the slanted parts run
 * only where no node is, so no edge crosses a node or a group's title on its way.
 */
function edgePolyline(r: Route, chain: number[], e: number): number[] {
  const t = r.task;
  const [s, sp, d, dp] = [t.edges[4 * e]!, t.edges[4 * e + 1]!, t.edges[4 * e + 2]!, t.edges[4 * e + 3]!];
  const forward = chain[0] === s;
  const [first, firstPort, last, lastPort] = forward ? [s, sp, d, dp] : [d, dp, s, sp];
  // A point's position across layers, in layer coordinates.
  const acrossOf = (p: [number, number]) => (r.right ? p[1] : p[0]) + r.minPos;
  const layerOf = (v: number) => r.nodes[v]!.layer;
  const start = anchor(r, first, firstPort, true);
  const end = anchor(r, last, lastPort, false);
  const pts: Array<[number, number]> = [start];
  if (chain.length > 1 && layerOf(first) !== layerOf(last)) {
    const exitF = (l: number) => r.along.start[l]! + r.along.depth[l]!;
    const entryF = (l: number) => r.along.start[l]!;
    pts.push(r.toXY(exitF(layerOf(first)), acrossOf(start)));
    for (const dummy of chain.slice(1, -1)) {
      const a = r.nodes[dummy]!.pos;
      pts.push(r.toXY(entryF(layerOf(dummy)), a), r.toXY(exitF(layerOf(dummy)), a));
    }
    pts.push(r.toXY(entryF(layerOf(last)), acrossOf(end)));
  }
  pts.push(end);
  const path = dedupe(pts);
  if (!forward) path.reverse();
  return path.flat();
}

function dedupe(pts: Array<[number, number]>): Array<[number, number]> {
  return pts.filter((p, k) => k === 0 || Math.abs(p[0] - pts[k - 1]![0]) > 1e-9 || Math.abs(p[1] - pts[k - 1]![1]) > 1e-9);
}
