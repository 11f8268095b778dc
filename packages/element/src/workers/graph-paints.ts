/**
 * The fills of every colour mode for one layout, computed in the view worker where the
 * hierarchy lives (structure colours need templates, device colours each group's devices), so
 * that switching modes on the page is instant and costs no worker round trip.
 */
import { histograms, type GroupHistograms, type Hierarchy, type Templates } from '@tbg/hierarchy';
import type { Geometry } from '@tbg/layout';
import { COMPATIBILITY_COLORS, compatibilityPaint, deviceColors, devicePaint, plainPaint, structureLegend, structurePaint, xlaClusterColors, xlaClusterPaint, type NodePaint } from '@tbg/render-pixi/style';
import { paintSetBuffers } from '../render/paint-buffers.js';
import type { ColorBy, PaintSet } from '../render/render-types.js';


export interface LegendEntry {
  label: string;
  /** 0xRRGGBB */
  color: number;
}

export interface GraphPaints {
  paint: PaintSet;
  legend: Record<ColorBy, LegendEntry[]>;
}

export interface PaintContext {
  hierarchy: Hierarchy;
  templates(): Templates;
}

export function graphPaints(ctx: PaintContext, g: Geometry): { value: GraphPaints; transfer: ArrayBuffer[] } {
  const h = ctx.hierarchy;
  // Three modes read each node's histograms: computed once per node for all of them.
  const cache = new Map<number, GroupHistograms>();
  const histogramsOf = (ref: number) => cache.get(ref) ?? cache.set(ref, histograms(h, ref)).get(ref)!;
  const paint: Record<ColorBy, NodePaint> = {
    structure: structurePaint(g, h, ctx.templates()),
    device: devicePaint(g, h, histogramsOf),
    'xla-cluster': xlaClusterPaint(g, h, histogramsOf),
    'op-compatibility': compatibilityPaint(g, h, histogramsOf),
    none: plainPaint(g),
  };
  const legend: Record<ColorBy, LegendEntry[]> = {
    structure: structureLegend(ctx.templates(), (group) => h.groups[group]!.name),
    device: deviceColors(h).map((d) => ({ label: d.device, color: d.color })),
    'xla-cluster': xlaClusterColors(h).map((c) => ({ label: c.cluster, color: c.color })),
    'op-compatibility': [
      { label: 'TPU compatible', color: COMPATIBILITY_COLORS.compatible },
      { label: 'not TPU compatible', color: COMPATIBILITY_COLORS.incompatible },
    ],
    none: [],
  };
  return { value: { paint, legend }, transfer: paintSetBuffers(paint) };
}
