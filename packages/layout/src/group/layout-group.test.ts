/**
 * layoutGroup on the small real fixtures, both orientations: where edges meet collapsed nodes
 * with annotations (through the port, along the shape's axis, never over an annotation), and
 * bridge edges (one drawn piece per drawn bridge of the render model, each continued outside
 * its group from the same border point).
 */
import { afterAll, describe, expect, it } from 'vitest';
import { needShared } from '@tbg/testkit';
import type { RenderModel } from '@tbg/hierarchy';
import { EdgeFlag, NodeFlag, NodeKind, ShapeKind, type Geometry } from '../geometry/types.js';
import { annotationCrossings } from '../invariants/annotation-crossings.js';
import { checkInvariants } from '../invariants/check.js';
import type { Direction } from '../elk/task.js';
import { applyExpandMode, collapseAll } from '../session/expansion.js';
import { LayoutSession, type ViewLayout } from '../session/layout-session.js';
import { fixtureModel, expandSome } from '../test-support/models.js';
import { createInlineRunner } from '../worker/inline-runner.js';
import { portKey, type GroupLayout } from './types.js';

const runner = createInlineRunner();
afterAll(() => runner.close());

/** The small fixtures (up to ≈ 450 ops). */
const SMALL: ReadonlyArray<[string, string]> = [
  ['graphs', 'tb_app_demo_tiny.pbtxt'],
  ['graphs', 'tb_demo_xla_118.pbtxt'],
  ['graphs', 'tf2onnx_regression_model.meta'],
  ['graphs', 'tf2onnx_regression_saved_model.pb'],
  ['graphs', 'tf2onnx_lstm_frozen.pb'],
  ['graphs', 'zhacmsra_fc_quant_defun_461.pbtxt'],
];

/** Views of a fixture: the collapsed root, depth 1, a seeded mix and everything expanded. */
async function* views(dir: string, file: string, direction: Direction): AsyncGenerator<[string, RenderModel, ViewLayout]> {
  const model = fixtureModel(dir, file);
  const session = new LayoutSession(model, { runner, params: { direction } });
  yield ['root', model, await session.layout()];
  applyExpandMode(model, { kind: 'depth', depth: 1 });
  yield ['depth 1', model, await session.layout()];
  collapseAll(model);
  expandSome(model, 5);
  yield ['mix', model, await session.layout()];
  applyExpandMode(model, { kind: 'all' });
  yield ['all', model, await session.layout()];
}

const pointsOf = (g: Geometry, k: number) => Array.from(g.edges.points.subarray(2 * g.edges.pointStart[k]!, 2 * g.edges.pointStart[k + 1]!));

/**
 * Problems with the ends of edges at collapsed nodes with annotations: the route must reach the
 * box's border on the shape's axis (the port) and run along that axis to the shape's outline —
 * every point of it inside the box on the axis, the last one on the outline.
 */
function endProblems(g: Geometry, direction: Direction): string[] {
  const n = g.nodes;
  const e = g.edges;
  const hosts = new Set(Array.from(g.annotations.host));
  const out: string[] = [];
  for (let k = 0; k < e.count; k++) {
    const pts = pointsOf(g, k);
    for (const [node, first] of [
      [e.v[k]!, true],
      [e.w[k]!, false],
    ] as const) {
      if (node < 0 || !hosts.has(node) || n.flags[node]! & NodeFlag.expanded) continue;
      const [bx, by, bw, bh] = n.box.subarray(4 * node, 4 * node + 4);
      const [sx, sy, sw, sh] = n.shape.subarray(4 * node, 4 * node + 4);
      const cx = sx! + sw! / 2;
      const cy = sy! + sh! / 2;
      const seq = first ? pts : pts.slice().reverse().map((_, i, r) => r[i % 2 === 0 ? i + 1 : i - 1]!);
      const what = `edge ${k} (${n.label[e.v[k]!] ?? '-'} → ${n.label[e.w[k]!] ?? '-'}) at ${n.label[node]}`;
      // The end: on the shape's outline.
      const [x0, y0] = [seq[0]!, seq[1]!];
      const off = n.shapeKind[node] === ShapeKind.ellipse ? Math.abs(Math.hypot((x0 - cx) / (sw! / 2), (y0 - cy) / (sh! / 2)) - 1) : Math.abs(Math.max(Math.abs(x0 - cx) / (sw! / 2), Math.abs(y0 - cy) / (sh! / 2)) - 1);
      if (off > 1e-3) out.push(`${what}: does not end on the shape`);
      // Then every point inside the box is on the axis, up to one on the border.
      let reached = false;
      for (let i = 0; i < seq.length; i += 2) {
        const [x, y] = [seq[i]!, seq[i + 1]!];
        const onAxis = direction === 'UP' ? Math.abs(x - cx) < 0.01 : Math.abs(y - cy) < 0.01;
        if (!onAxis) {
          out.push(`${what}: leaves the shape's axis at (${x.toFixed(1)}, ${y.toFixed(1)}) inside the box`);
          break;
        }
        const border = direction === 'UP' ? Math.abs(y - (first ? by! : by! + bh!)) < 0.01 : Math.abs(x - (first ? bx! + bw! : bx!)) < 0.01;
        if (border) {
          reached = true;
          break;
        }
      }
      if (!reached && !out.at(-1)?.startsWith(what)) out.push(`${what}: does not reach the box's border on the axis`);
    }
  }
  return out;
}

/** GroupLayout of every expanded group of a view, by NodeRef. */
function groupLayouts(root: GroupLayout): Map<number, GroupLayout> {
  const out = new Map<number, GroupLayout>();
  const stack = [root];
  while (stack.length) {
    const gl = stack.pop()!;
    out.set(gl.ref, gl);
    for (const c of gl.children) if (c.expanded) stack.push(c.expanded);
  }
  return out;
}

/**
 * Problems with the bridges of a view: every drawn bridge of the render model has exactly one
 * drawn piece (a bridge edge of its group from or to its port), no drawn piece is left over,
 * and the edge it continues in the parent (the adjoining metaedge, or the parent's own bridge)
 * ends at the same border point.
 */
function bridgeProblems(model: RenderModel, view: ViewLayout): { problems: string[]; bridges: number } {
  const g = view.geometry;
  const n = g.nodes;
  const e = g.edges;
  const h = model.hierarchy;
  const index = new Map<number, number>();
  for (let i = 0; i < n.count; i++) if (n.ref[i]! >= 0) index.set(n.ref[i]!, i);
  const enclosing = (i: number) => {
    let p = n.parent[i]!;
    while (p >= 0 && n.kind[p] === NodeKind.section) p = n.parent[p]!;
    return p;
  };
  const layouts = groupLayouts(view.root);
  const problems: string[] = [];
  const used = new Set<number>();
  let bridges = 0;
  const near = (x: number, y: number, p: readonly [number, number]) => Math.abs(x - p[0]) <= 0.01 && Math.abs(y - p[1]) <= 0.01;
  // The end of edge k at `node` (the first point when it leaves node, else the last).
  const endAt = (k: number, node: number): [number, number] => {
    const pts = pointsOf(g, k);
    return e.v[k] === node ? [pts[0]!, pts[1]!] : [pts[pts.length - 2]!, pts[pts.length - 1]!];
  };
  for (const [ref, gl] of layouts) {
    if (ref === h.n) continue;
    const gi = index.get(ref)!;
    const pi = enclosing(gi);
    const name = h.groups[ref - h.n]!.name;
    const [gx, gy] = [n.box[4 * gi]!, n.box[4 * gi + 1]!];
    for (const b of model.group(ref).bridges) {
      if (!b.drawn) continue;
      bridges++;
      const what = `${name}: bridge ${b.inbound ? 'from' : 'to'} ${b.other} ${b.inbound ? 'to' : 'from'} ${b.child}`;
      const port = gl.ports.get(portKey(b.other, b.inbound));
      if (!port) {
        problems.push(`${what}: no port`);
        continue;
      }
      const at = [gx + port.x, gy + port.y] as const;
      // Its drawn piece in the group.
      const child = index.get(b.child)!;
      const pieces: number[] = [];
      for (let k = 0; k < e.count; k++) {
        if (e.owner[k] !== gi || !(e.flags[k]! & EdgeFlag.bridge)) continue;
        const inner = b.inbound ? e.w[k] : e.v[k];
        const border = b.inbound ? e.v[k] : e.w[k];
        if (inner !== child || border !== -1) continue;
        const pts = pointsOf(g, k);
        const [x, y] = b.inbound ? [pts[0]!, pts[1]!] : [pts[pts.length - 2]!, pts[pts.length - 1]!];
        if (near(x, y, at)) pieces.push(k);
      }
      if (pieces.length !== 1) problems.push(`${what}: ${pieces.length} drawn pieces`);
      for (const k of pieces) {
        if (used.has(k)) problems.push(`${what}: edge ${k} draws another bridge too`);
        used.add(k);
      }
      // The edge it continues outside, ending at the same point.
      let outside = -1;
      for (let k = 0; k < e.count && outside < 0; k++) {
        if (e.owner[k] !== pi || (b.inbound ? e.w[k] : e.v[k]) !== gi) continue;
        if (b.adjoiningMetaedge >= 0 ? e.metaedge[k] === b.adjoiningMetaedge : e.flags[k]! & EdgeFlag.bridge && near(...endAt(k, gi), at)) outside = k;
      }
      if (outside < 0) problems.push(`${what}: the edge it continues (${b.adjoiningMetaedge >= 0 ? `metaedge ${b.adjoiningMetaedge}` : `parent bridge ${b.adjoiningBridge}`}) is not drawn`);
      else if (!near(...endAt(outside, gi), at)) problems.push(`${what}: the edge outside ends at ${endAt(outside, gi).map((v) => v.toFixed(2)).join(',')}, the piece inside at ${at.map((v) => v.toFixed(2)).join(',')}`);
    }
  }
  for (let k = 0; k < e.count; k++) {
    if (e.flags[k]! & EdgeFlag.bridge && !(n.flags[e.owner[k]!]! & NodeFlag.root) && !used.has(k)) problems.push(`edge ${k} is a drawn bridge piece with no drawn bridge`);
  }
  return { problems, bridges };
}

describe.skipIf(!needShared('layoutGroup on the small fixtures'))('layoutGroup on the small fixtures', () => {
  for (const [dir, file] of SMALL) {
    for (const direction of ['UP', 'RIGHT'] as const) {
      it(`${file} ${direction}: edges reach annotated nodes along the shape's axis and cross no annotation; bridges are continuous and 1:1`, async () => {
        let ends = 0;
        let bridges = 0;
        for await (const [what, model, view] of views(dir, file, direction)) {
          const g = view.geometry;
          const label = `${file} ${direction} ${what}`;
          expect(checkInvariants(g).violations, label).toEqual([]);
          expect(endProblems(g, direction), label).toEqual([]);
          // The drawn curves too, and no edge crosses any annotation in its group at all.
          expect(annotationCrossings(g, { scope: 'endpoints', curve: true }), label).toEqual([]);
          expect(annotationCrossings(g, { scope: 'group' }), label).toEqual([]);
          const br = bridgeProblems(model, view);
          expect(br.problems, label).toEqual([]);
          bridges += br.bridges;
          const hosts = new Set(Array.from(g.annotations.host));
          for (let k = 0; k < g.edges.count; k++) if (hosts.has(g.edges.v[k]!) || hosts.has(g.edges.w[k]!)) ends++;
        }
        // The checks saw what they are about (the tiny fixture has no annotated edge ends).
        if (!file.startsWith('tb_app_demo_tiny')) expect(ends).toBeGreaterThan(5);
        if (!file.startsWith('tb_app_demo_tiny')) expect(bridges).toBeGreaterThan(3);
      });
    }
  }
});
