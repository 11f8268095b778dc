/**
 * Selection and hover as one byte of state per node and per edge (slots: nodes, then edges),
 * which the shaders read from a texture: a highlight change rewrites a few bytes, never a vertex
 * buffer. The hovered node's neighbourhood is the edges that touch it and the nodes at their far
 * ends; an edge that crosses a group border is drawn in parts (one per group it passes through),
 * so the walk continues through parts that meet end to end on that border.
 */
import { NodeFlag, type Geometry } from '@tbg/layout';
import type { Rect } from './camera.js';

/**
 * Bits of a state byte. `insideHovered`: inside a lit expanded group, hovered or a neighbour (its nodes, and edges
 * drawn in it). Not lit, so faded like the rest, but drawn in the hover's pass over the view
 * cache's picture: the group's opaque fill, drawn lit there, would otherwise cover them.
 */
export const HighlightBit = { selected: 1, hovered: 2, neighbour: 4, insideHovered: 8 } as const;
export type HighlightBit = (typeof HighlightBit)[keyof typeof HighlightBit];

export interface Highlight {
  /** Selected nodes (geometry indices). */
  selected: readonly number[];
  /** The hovered node, −1 for none. */
  hovered: number;
}

/** Per node, its incident edges; per edge end lying on a group border, the parts continuing it. */
export interface EdgeGraph {
  /** Edges touching node i: `edges[start[i] … start[i+1]]`. */
  start: Uint32Array;
  edges: Uint32Array;
  /** Edge ends by position, for the walk across group borders: key → [edge, end (0 start, 1 end)] pairs. */
  ends: Map<number, number[]>;
}

/** A number key per whole world px (numbers hash faster than strings; coordinates within ±2^21). */
const endKey = (x: number, y: number) => (Math.round(x) + 2 ** 21) * 2 ** 23 + (Math.round(y) + 2 ** 21);

function endPoint(g: Geometry, e: number, end: 0 | 1): [number, number] {
  const p = end === 0 ? g.edges.pointStart[e]! : g.edges.pointStart[e + 1]! - 1;
  return [g.edges.points[2 * p]!, g.edges.points[2 * p + 1]!];
}

/** The node at an end of edge e (−1: its owner's border). */
const endNode = (g: Geometry, e: number, end: 0 | 1) => (end === 0 ? g.edges.v[e]! : g.edges.w[e]!);

export function buildEdgeGraph(g: Geometry): EdgeGraph {
  const n = g.nodes.count;
  const m = g.edges.count;
  const count = new Uint32Array(n + 1);
  for (let e = 0; e < m; e++) {
    if (g.edges.v[e]! >= 0) count[g.edges.v[e]! + 1]!++;
    if (g.edges.w[e]! >= 0) count[g.edges.w[e]! + 1]!++;
  }
  for (let i = 0; i < n; i++) count[i + 1]! += count[i]!;
  const start = count.slice();
  const fill = count.slice(0, n);
  const edges = new Uint32Array(start[n]!);
  const ends = new Map<number, number[]>();
  const pts = g.edges.points;
  for (let e = 0; e < m; e++) {
    for (let end = 0; end < 2; end++) {
      const v = end === 0 ? g.edges.v[e]! : g.edges.w[e]!;
      if (v >= 0) edges[fill[v]!++] = e;
      if (g.edges.pointStart[e + 1]! <= g.edges.pointStart[e]!) continue;
      const p = end === 0 ? g.edges.pointStart[e]! : g.edges.pointStart[e + 1]! - 1;
      const key = endKey(pts[2 * p]!, pts[2 * p + 1]!);
      const list = ends.get(key);
      if (list) list.push(e, end);
      else ends.set(key, [e, end]);
    }
  }
  return { start, edges, ends };
}

/** Whether an edge end stops on a border (its owner's, or an expanded group's) rather than at a node. */
function opensOnBorder(g: Geometry, e: number, end: 0 | 1): boolean {
  const v = endNode(g, e, end);
  return v < 0 || (g.nodes.flags[v]! & NodeFlag.expanded) !== 0;
}

/**
 * The hovered node's neighbourhood: every edge part on a path from or to it, and the nodes at the
 * far ends of those paths (state slots: node indices, node count + edge).
 */
export function neighbourhood(g: Geometry, eg: EdgeGraph, hovered: number): { nodes: number[]; edges: number[] } {
  const seen = new Set<number>();
  const nodes = new Set<number>();
  const queue: Array<[number, 0 | 1]> = [];
  for (let k = eg.start[hovered]!; k < eg.start[hovered + 1]!; k++) {
    const e = eg.edges[k]!;
    if (seen.has(e)) continue;
    seen.add(e);
    // Walk away from the hovered node: from the end that is not it.
    queue.push([e, g.edges.v[e] === hovered ? 1 : 0]);
  }
  while (queue.length) {
    const [e, far] = queue.pop()!;
    const v = endNode(g, e, far);
    const next = opensOnBorder(g, e, far) ? continuations(g, eg, e, far) : [];
    // A path ends at a node, or at a group border that no drawn part continues through.
    if (!next.length && v >= 0 && v !== hovered) nodes.add(v);
    for (const [f, fEnd] of next) {
      if (seen.has(f)) continue;
      seen.add(f);
      // The continuing part meets this one at `fEnd`; go on from its other end.
      queue.push([f, fEnd === 0 ? 1 : 0]);
    }
  }
  return { nodes: [...nodes], edges: [...seen] };
}

/** Parts of other edges that touch end `end` of edge e on the same border point. */
function continuations(g: Geometry, eg: EdgeGraph, e: number, end: 0 | 1): Array<[number, 0 | 1]> {
  const [x, y] = endPoint(g, e, end);
  const out: Array<[number, 0 | 1]> = [];
  for (let dx = -1; dx <= 1; dx++) {
    for (let dy = -1; dy <= 1; dy++) {
      const list = eg.ends.get(endKey(x + dx, y + dy));
      if (!list) continue;
      for (let k = 0; k < list.length; k += 2) {
        const [f, fEnd] = [list[k]!, list[k + 1] as 0 | 1];
        // Parts continue each other when they meet head to tail, both open on a border.
        if (f === e || fEnd === end || !opensOnBorder(g, f, fEnd)) continue;
        const [fx, fy] = endPoint(g, f, fEnd);
        if (Math.hypot(fx - x, fy - y) <= 1) out.push([f, fEnd]);
      }
    }
  }
  return out;
}

/**
 * Writes a highlight into `states` (one byte per slot), clearing the slots `lit` held before;
 * returns the slots now lit. Only those bytes change.
 */
export function writeHighlight(g: Geometry, eg: EdgeGraph, states: Uint8Array, lit: readonly number[], h: Highlight): number[] {
  for (const s of lit) states[s] = 0;
  const now: number[] = [];
  const set = (slot: number, bit: number) => {
    if (slot < 0 || slot >= states.length) return;
    if (!states[slot]) now.push(slot);
    states[slot]! |= bit;
  };
  for (const i of h.selected) if (i >= 0 && i < g.nodes.count) set(i, HighlightBit.selected);
  if (h.hovered >= 0 && h.hovered < g.nodes.count) {
    set(h.hovered, HighlightBit.hovered);
    const near = neighbourhood(g, eg, h.hovered);
    for (const v of near.nodes) set(v, HighlightBit.neighbour);
    for (const e of near.edges) set(g.nodes.count + e, HighlightBit.neighbour);
    // A lit expanded group (hovered, or at the end of an edge into it) is drawn lit, opaque, over
    // the view cache's picture: what it holds is drawn in that pass too, faded.
    const groups = [h.hovered, ...near.nodes].filter((v) => (g.nodes.flags[v]! & NodeFlag.expanded) !== 0);
    if (groups.length) markInside(g, groups, (slot) => set(slot, HighlightBit.insideHovered));
  }
  return now;
}

/** Calls `mark` with the slot of every node inside one of `groups` and of every edge drawn in it (at any depth). */
function markInside(g: Geometry, groups: readonly number[], mark: (slot: number) => void): void {
  const n = g.nodes.count;
  // Per node: 1 inside, 2 outside, 0 not yet known (parents may come after their children).
  const known = new Uint8Array(n);
  for (const group of groups) known[group] = 1;
  const inside = (v: number): boolean => {
    const path: number[] = [];
    let u = v;
    while (u >= 0 && !known[u]) {
      path.push(u);
      u = g.nodes.parent[u]!;
    }
    const answer = u >= 0 && known[u] === 1 ? 1 : 2;
    for (const w of path) known[w] = answer;
    return answer === 1;
  };
  const lit = new Set(groups);
  for (let v = 0; v < n; v++) if (!lit.has(v) && inside(v)) mark(v);
  for (let e = 0; e < g.edges.count; e++) {
    const owner = g.edges.owner[e]!;
    if (owner >= 0 && inside(owner)) mark(n + e);
  }
}

/** Room around lit things for what is drawn beyond their boxes: strokes, arrowheads, label overhang (world px). */
const LIT_PAD = 24;

/**
 * The world rectangle holding what `lit` (state slots: node indices, then node count + edge)
 * draws: the nodes' full boxes (which hold their labels and annotations), the edges' points.
 * Null when nothing is lit.
 */
export function litBounds(g: Geometry, lit: readonly number[]): Rect | null {
  let [x0, y0, x1, y1] = [Infinity, Infinity, -Infinity, -Infinity];
  const add = (x: number, y: number, w = 0, h = 0) => {
    x0 = Math.min(x0, x);
    y0 = Math.min(y0, y);
    x1 = Math.max(x1, x + w);
    y1 = Math.max(y1, y + h);
  };
  const n = g.nodes.count;
  for (const slot of lit) {
    if (slot < n) {
      const b = g.nodes.box;
      add(b[4 * slot]!, b[4 * slot + 1]!, b[4 * slot + 2], b[4 * slot + 3]);
    } else if (slot - n < g.edges.count) {
      const e = slot - n;
      for (let p = g.edges.pointStart[e]!; p < g.edges.pointStart[e + 1]!; p++) add(g.edges.points[2 * p]!, g.edges.points[2 * p + 1]!);
    }
  }
  if (x0 > x1) return null;
  return { x: x0 - LIT_PAD, y: y0 - LIT_PAD, width: x1 - x0 + 2 * LIT_PAD, height: y1 - y0 + 2 * LIT_PAD };
}

/** Where two rectangles overlap, or null. */
export function intersect(a: Rect, b: Rect): Rect | null {
  const x = Math.max(a.x, b.x);
  const y = Math.max(a.y, b.y);
  const right = Math.min(a.x + a.width, b.x + b.width);
  const bottom = Math.min(a.y + a.height, b.y + b.height);
  return right > x && bottom > y ? { x, y, width: right - x, height: bottom - y } : null;
}
