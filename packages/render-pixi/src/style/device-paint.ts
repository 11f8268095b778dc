/**
 * TensorBoard's "device" and "XLA cluster" colour modes (tensorboard-graph.md §9.3): each device
 * (or cluster) gets a hue from STRUCTURE_PALETTE in the order the graph lists them; an op is filled
 * with its device's colour, a collapsed group with bands in proportion to its ops' devices
 * (histogram-paint.ts).
 */
import type { Hierarchy } from '@tbg/hierarchy';
import type { Geometry } from '@tbg/layout';
import { histogramPaint, type HistogramsOf } from './histogram-paint.js';
import type { NodePaint } from './paint.js';
import { structureColor } from './palette.js';

export interface DeviceLegendEntry {
  device: string;
  color: number;
}

/** The devices of the graph, each with its colour (the legend of this mode). */
export function deviceColors(h: Hierarchy): DeviceLegendEntry[] {
  return h.graph.devices.filter((d) => d).map((device, k) => ({ device, color: structureColor(k) }));
}

export function devicePaint(g: Geometry, h: Hierarchy, histogramsOf?: HistogramsOf): NodePaint {
  return histogramPaint(g, h, (hist) => hist.device, new Map(deviceColors(h).map((e) => [e.device, e.color])), histogramsOf);
}

/** The XLA clusters of the graph (`_XlaCluster` attributes), each with its colour; empty when it has none. */
export function xlaClusterColors(h: Hierarchy): Array<{ cluster: string; color: number }> {
  return h.graph.xlaClusters.map((cluster, k) => ({ cluster, color: structureColor(k) }));
}

/** Colour by XLA cluster: ops outside any cluster are #eee, as are groups with none. */
export function xlaClusterPaint(g: Geometry, h: Hierarchy, histogramsOf?: HistogramsOf): NodePaint {
  return histogramPaint(g, h, (hist) => hist.xlaCluster, new Map(xlaClusterColors(h).map((e) => [e.cluster, e.color])), histogramsOf);
}
