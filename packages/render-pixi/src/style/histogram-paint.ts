/**
 * The colour modes that fill a node by what its ops are (TensorBoard's device, XLA cluster and op
 * compatibility modes, tensorboard-graph.md §9.3): an op in the colour of its one value, a
 * collapsed group in bands as wide as each value's share of its ops, expanded groups #f0f0f0 and
 * nodes without the data #eee.
 */
import { histograms, type GroupHistograms, type Hierarchy } from '@tbg/hierarchy';
import { NodeFlag, NodeKind, type Geometry } from '@tbg/layout';
import { darker, TB_COLORS } from './palette.js';
import { plainPaint, type NodePaint } from './paint.js';

/** The counts per value of a node's ops, from its histograms (devices, clusters, …). */
export type HistogramOf = (h: GroupHistograms) => Record<string, number>;

/** A node's histograms by NodeRef: `histograms` itself, or a cache of it shared by several modes. */
export type HistogramsOf = (ref: number) => GroupHistograms;

/**
 * `colorOf` gives each value its colour; values it lacks are #eee. Bands go in `colorOf`'s order;
 * the node's own fill (what plain boxes, aggregates and the SVG export show) is its largest value's.
 */
export function histogramPaint(g: Geometry, h: Hierarchy, pick: HistogramOf, colorOf: ReadonlyMap<string, number>, histogramsOf: HistogramsOf = (ref) => histograms(h, ref)): NodePaint {
  const paint = plainPaint(g);
  const order = new Map([...colorOf.keys()].map((k, i) => [k, i]));
  const start = new Uint32Array(g.nodes.count + 1);
  const end: number[] = [];
  const color: number[] = [];
  for (let i = 0; i < g.nodes.count; i++) {
    start[i] = end.length;
    const ref = g.nodes.ref[i]!;
    if (ref < 0 || g.nodes.kind[i] === NodeKind.section) continue;
    if (g.nodes.flags[i]! & NodeFlag.expanded) {
      paint.fill[i] = TB_COLORS.expanded;
      continue;
    }
    const counts = Object.entries(pick(histogramsOf(ref)))
      .filter(([, c]) => c > 0)
      .sort(([a], [b]) => (order.get(a) ?? Infinity) - (order.get(b) ?? Infinity) || a.localeCompare(b));
    const total = counts.reduce((n, [, c]) => n + c, 0);
    if (total === 0) {
      paint.fill[i] = TB_COLORS.unknown;
      paint.stroke[i] = darker(TB_COLORS.unknown);
      continue;
    }
    const main = counts.reduce((best, c) => (c[1] > best[1] ? c : best));
    paint.fill[i] = colorOf.get(main[0]) ?? TB_COLORS.unknown;
    paint.stroke[i] = darker(paint.fill[i]!);
    if (counts.length < 2) continue;
    let acc = 0;
    for (const [value, c] of counts) {
      acc += c;
      end.push(acc / total);
      color.push(colorOf.get(value) ?? TB_COLORS.unknown);
    }
  }
  start[g.nodes.count] = end.length;
  paint.bands = { start, end: Float32Array.from(end), color: Uint32Array.from(color) };
  return paint;
}
