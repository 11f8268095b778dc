/**
 * TensorBoard's edge labels (tensorboard-graph.md §9.5): the tensor shape (`?×784`, `scalar`,
 * `3 tensors`) in 3.5 px text at the middle of the edge's curve, along it. TensorBoard centres
 * the text on the path; here it sits just beside the stroke so the line does not cross it, and
 * is turned to read left to right. Being 3.5 px, it is the first text the zoom hides.
 */
import { LabelAlign, type Geometry } from '@tbg/layout';
import { flattenBasis } from './edge-strokes.js';
import type { LabelSpec } from './label-glyphs.js';
import type { LodThresholds } from './lod.js';

/** TensorBoard's Edge.LABEL font size. */
export const EDGE_LABEL_PX = 3.5;

/** The point halfway along a polyline and the direction there (radians). */
export function midpointAlong(line: ArrayLike<number>): { x: number; y: number; angle: number } | null {
  let total = 0;
  for (let k = 0; k + 3 < line.length; k += 2) total += Math.hypot(line[k + 2]! - line[k]!, line[k + 3]! - line[k + 1]!);
  if (total <= 0) return null;
  let left = total / 2;
  for (let k = 0; k + 3 < line.length; k += 2) {
    const [ax, ay, bx, by] = [line[k]!, line[k + 1]!, line[k + 2]!, line[k + 3]!];
    const len = Math.hypot(bx - ax, by - ay);
    if (len >= left && len > 0) {
      const t = left / len;
      return { x: ax + (bx - ax) * t, y: ay + (by - ay) * t, angle: Math.atan2(by - ay, bx - ax) };
    }
    left -= len;
  }
  return null;
}

/** Labels of the edges listed in `edges` that have one. */
export function edgeLabels(g: Geometry, edges: ArrayLike<number>, lod: LodThresholds | null = null): LabelSpec[] {
  const out: LabelSpec[] = [];
  for (let k = 0; k < edges.length; k++) {
    const e = edges[k]!;
    const text = g.edges.label[e];
    if (!text) continue;
    const mid = midpointAlong(flattenBasis(g.edges.points.subarray(2 * g.edges.pointStart[e]!, 2 * g.edges.pointStart[e + 1]!)));
    if (!mid) continue;
    // Upright: a label never reads upside down; vertical ones read upwards.
    let angle = mid.angle;
    if (angle >= Math.PI / 2 - 1e-6) angle -= Math.PI;
    else if (angle < -Math.PI / 2 - 1e-6) angle += Math.PI;
    // Beside the stroke, on the label's upper side.
    const gap = EDGE_LABEL_PX / 2 + g.edges.width[e]! / 2 + 0.5;
    const [ux, uy] = [Math.sin(angle), -Math.cos(angle)];
    out.push({ text, x: mid.x + ux * gap, y: mid.y + uy * gap, px: EDGE_LABEL_PX, align: LabelAlign.middle, role: 'edge', id: g.nodes.count + e, hide: lod ? lod.edgeHide[e]! : 0, angle });
  }
  return out;
}
