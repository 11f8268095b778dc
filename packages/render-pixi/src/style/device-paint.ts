/**
 * TensorBoard's "device" colour mode (tensorboard-graph.md §9.3): each device gets a hue from
 * STRUCTURE_PALETTE in the order the graph lists its devices; an op is filled with its device's
 * colour, a collapsed group with bands in proportion to its ops' devices; expanded groups are
 * #f0f0f0 and nodes without a device #eee.
 */
import { histograms, type Hierarchy } from '@tbg/hierarchy';
import { NodeFlag, NodeKind, type Geometry } from '@tbg/layout';
import { darker, structureColor, TB_COLORS } from './palette.js';
import { plainPaint, type NodePaint } from './paint.js';

export interface DeviceLegendEntry {
  device: string;
  color: number;
}

/** The devices of the graph, each with its colour (the legend of this mode). */
export function deviceColors(h: Hierarchy): DeviceLegendEntry[] {
  return h.graph.devices.filter((d) => d).map((device, k) => ({ device, color: structureColor(k) }));
}

export function devicePaint(g: Geometry, h: Hierarchy): NodePaint {
  const paint = plainPaint(g);
  const colorOf = new Map(deviceColors(h).map((e) => [e.device, e.color]));
  const start = new Uint32Array(g.nodes.count + 1);
  const end: number[] = [];
  const color: number[] = [];
  for (let i = 0; i < g.nodes.count; i++) {
    start[i] = end.length;
    const ref = g.nodes.ref[i]!;
    const expanded = (g.nodes.flags[i]! & NodeFlag.expanded) !== 0;
    if (ref < 0 || g.nodes.kind[i] === NodeKind.section) continue;
    if (expanded) {
      paint.fill[i] = TB_COLORS.expanded;
      continue;
    }
    const counts = Object.entries(histograms(h, ref).device).sort(([a], [b]) => (colorOf.get(a) ?? 0) - (colorOf.get(b) ?? 0) || a.localeCompare(b));
    const total = counts.reduce((n, [, c]) => n + c, 0);
    if (total === 0) {
      paint.fill[i] = TB_COLORS.unknown;
      paint.stroke[i] = darker(TB_COLORS.unknown);
      continue;
    }
    paint.fill[i] = colorOf.get(counts[0]![0]) ?? TB_COLORS.unknown;
    paint.stroke[i] = darker(paint.fill[i]!);
    if (counts.length < 2) continue;
    let acc = 0;
    for (const [d, c] of counts) {
      acc += c;
      end.push(acc / total);
      color.push(colorOf.get(d) ?? TB_COLORS.unknown);
    }
  }
  start[g.nodes.count] = end.length;
  paint.bands = { start, end: Float32Array.from(end), color: Uint32Array.from(color) };
  return paint;
}
