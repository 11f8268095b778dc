import { EdgeFlag, NodeFlag, NodeKind, type Geometry } from '@tbg/layout';
import { beforeAll, describe, expect, it } from 'vitest';
import { exampleGeometry } from '../test-support/example-geometry.js';
import { buildEdgeGraph, HighlightBit, intersect, litBounds, neighbourhood, writeHighlight } from './highlight.js';

let g: Geometry;
beforeAll(async () => {
  g = await exampleGeometry('all');
}, 60_000);

const byLabel = (label: string, parentLabel?: string) =>
  [...Array(g.nodes.count).keys()].find((i) => g.nodes.label[i] === label && (parentLabel === undefined || g.nodes.label[g.nodes.parent[i]!] === parentLabel))!;

describe('highlight', () => {
  it("an op's neighbourhood: its edges and the ops at their far ends", () => {
    const eg = buildEdgeGraph(g);
    const add = byLabel('add');
    const near = neighbourhood(g, eg, add);
    // In the example graph: MatMul and hidden_biases/read feed `add`, which feeds Relu.
    expect(near.nodes.map((v) => g.nodes.label[v]).sort()).toEqual(['MatMul', 'Relu', 'read'].sort());
    // Every edge touching it is in (the rest continue those across group borders).
    for (let e = 0; e < g.edges.count; e++) if (g.edges.v[e] === add || g.edges.w[e] === add) expect(near.edges).toContain(e);
  });

  it('follows an edge across group borders, part by part, to the node at the other end', () => {
    const eg = buildEdgeGraph(g);
    // gradients/add_1_grad/… ReluGrad sits in Relu_grad; its output leaves the group and enters add_grad.
    const reluGrad = byLabel('ReluGrad');
    const near = neighbourhood(g, eg, reluGrad);
    const inside = (v: number, group: string) => g.nodes.label[g.nodes.parent[v]!] === group;
    const reached = near.nodes.filter((v) => inside(v, 'add_grad'));
    expect(reached.length, near.nodes.map((v) => g.nodes.label[v]).join()).toBeGreaterThan(0);
    // Bridge parts were walked through.
    expect(near.edges.some((e) => g.edges.flags[e]! & EdgeFlag.bridge)).toBe(true);
    for (const v of reached) expect(g.nodes.kind[v]).toBe(NodeKind.op);
  });

  it('writes state bytes for selection, hover and neighbours, and clears exactly what it set before', () => {
    const eg = buildEdgeGraph(g);
    const states = new Uint8Array(g.nodes.count + g.edges.count);
    const add = byLabel('add');
    const group = [...Array(g.nodes.count).keys()].find((i) => g.nodes.flags[i]! & NodeFlag.expanded && g.nodes.parent[i]! >= 0)!;
    let lit = writeHighlight(g, eg, states, [], { selected: [group], hovered: add });
    expect(states[group]).toBe(HighlightBit.selected);
    expect(states[add]).toBe(HighlightBit.hovered);
    const near = neighbourhood(g, eg, add);
    for (const v of near.nodes) expect(states[v]).toBe(HighlightBit.neighbour);
    for (const e of near.edges) expect(states[g.nodes.count + e]).toBe(HighlightBit.neighbour);
    expect(lit.length).toBe(2 + near.nodes.length + near.edges.length);
    expect(states.filter((b) => b !== 0).length).toBe(lit.length);
    lit = writeHighlight(g, eg, states, lit, { selected: [], hovered: -1 });
    expect(lit).toEqual([]);
    expect(states.every((b) => b === 0)).toBe(true);
    // Out-of-range indices are ignored.
    expect(writeHighlight(g, eg, states, [], { selected: [-1, g.nodes.count + 5], hovered: 10 ** 6 })).toEqual([]);
  });

  it('a hovered expanded group marks every node inside it and every edge drawn in it, and clears them after', () => {
    const eg = buildEdgeGraph(g);
    const states = new Uint8Array(g.nodes.count + g.edges.count);
    const n = g.nodes.count;
    const top = [...Array(n).keys()].find((i) => g.nodes.flags[i]! & NodeFlag.expanded && g.nodes.parent[i] === -1 && [...Array(n).keys()].some((c) => g.nodes.parent[c] !== i && g.nodes.parent[g.nodes.parent[c]!] === i))!;
    expect(top).toBeGreaterThanOrEqual(0);
    const within = (v: number): boolean => v >= 0 && (g.nodes.parent[v] === top || within(g.nodes.parent[v]!));
    let lit = writeHighlight(g, eg, states, [], { selected: [], hovered: top });
    const insideBit = (slot: number) => (states[slot]! & HighlightBit.insideHovered) !== 0;
    const nodesInside = [...Array(n).keys()].filter(within);
    const edgesInside = [...Array(g.edges.count).keys()].filter((e) => g.edges.owner[e] === top || within(g.edges.owner[e]!));
    expect(nodesInside.length).toBeGreaterThan(2);
    expect(edgesInside.length).toBeGreaterThan(0);
    for (let v = 0; v < n; v++) expect(insideBit(v), g.nodes.label[v]).toBe(within(v));
    for (let e = 0; e < g.edges.count; e++) expect(insideBit(n + e)).toBe(edgesInside.includes(e));
    // The group itself is hovered, not inside itself.
    expect(states[top]).toBe(HighlightBit.hovered);
    lit = writeHighlight(g, eg, states, lit, { selected: [], hovered: -1 });
    expect(states.every((b) => b === 0)).toBe(true);
    // A hovered op marks nothing as inside.
    writeHighlight(g, eg, states, lit, { selected: [], hovered: byLabel('add') });
    expect(states.some((b) => (b & HighlightBit.insideHovered) !== 0)).toBe(false);
  });

  it("an expanded group at the end of a hovered op's edge marks what it holds, as a hovered one does", () => {
    const eg = buildEdgeGraph(g);
    const n = g.nodes.count;
    const expanded = (v: number) => (g.nodes.flags[v]! & NodeFlag.expanded) !== 0;
    // An op whose edge ends on an expanded group's border with no part continuing inside it.
    const op = [...Array(n).keys()].find((v) => g.nodes.kind[v] === NodeKind.op && neighbourhood(g, eg, v).nodes.some(expanded));
    expect(op, 'an op with an expanded group among its neighbours').toBeDefined();
    const group = neighbourhood(g, eg, op!).nodes.find(expanded)!;
    const states = new Uint8Array(n + g.edges.count);
    writeHighlight(g, eg, states, [], { selected: [], hovered: op! });
    const within = (v: number): boolean => v >= 0 && (g.nodes.parent[v] === group || within(g.nodes.parent[v]!));
    const held = [...Array(n).keys()].filter(within);
    expect(held.length).toBeGreaterThan(0);
    for (const v of held) expect(states[v]! & HighlightBit.insideHovered, g.nodes.label[v]).toBe(HighlightBit.insideHovered);
    expect(states[group]).toBe(HighlightBit.neighbour);
  });

  it('bounds what a highlight lights: node boxes, their annotations and edge points, padded', () => {
    const eg = buildEdgeGraph(g);
    const states = new Uint8Array(g.nodes.count + g.edges.count);
    const add = byLabel('add');
    const lit = writeHighlight(g, eg, states, [], { selected: [], hovered: add });
    const r = litBounds(g, lit)!;
    const inside = (x: number, y: number) => x >= r.x && y >= r.y && x <= r.x + r.width && y <= r.y + r.height;
    for (const slot of lit) {
      if (slot < g.nodes.count) {
        const b = g.nodes.box.subarray(4 * slot, 4 * slot + 4);
        expect(inside(b[0]!, b[1]!) && inside(b[0]! + b[2]!, b[1]! + b[3]!)).toBe(true);
      } else {
        const e = slot - g.nodes.count;
        for (let p = g.edges.pointStart[e]!; p < g.edges.pointStart[e + 1]!; p++) expect(inside(g.edges.points[2 * p]!, g.edges.points[2 * p + 1]!)).toBe(true);
      }
    }
    for (let a = 0; a < g.annotations.count; a++) {
      if (!lit.includes(g.annotations.host[a]!)) continue;
      expect(inside(g.annotations.box[4 * a]!, g.annotations.box[4 * a + 1]!)).toBe(true);
    }
    // Much less than the whole graph, and nothing lit, nothing bounded.
    expect(r.width * r.height).toBeLessThan(g.width * g.height);
    expect(litBounds(g, [])).toBeNull();
  });

  it('intersects rectangles', () => {
    expect(intersect({ x: 0, y: 0, width: 10, height: 10 }, { x: 5, y: -5, width: 10, height: 10 })).toEqual({ x: 5, y: 0, width: 5, height: 5 });
    expect(intersect({ x: 0, y: 0, width: 10, height: 10 }, { x: 10, y: 0, width: 5, height: 5 })).toBeNull();
  });
});
