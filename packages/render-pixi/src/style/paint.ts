/**
 * What each node is filled and stroked with, as plain arrays that the mesh builders read:
 * 0xRRGGBB per node. Colour modes (structure, device) produce one of these; `plainPaint` is
 * TensorBoard's `none` mode, computed from the geometry alone.
 */
import { NodeFlag, NodeKind, ShapeKind, type Geometry } from '@tbg/layout';
import { darker, TB_COLORS } from './palette.js';

export interface NodePaint {
  fill: Uint32Array;
  stroke: Uint32Array;
  /**
   * Optional horizontal bands (TensorBoard's device and XLA gradients): node i has bands
   * `start[i] … start[i+1]` of `end` (each band's right edge as a fraction of the width, the
   * last 1) and `color`. A node with fewer than two bands is filled with `fill`.
   */
  bands?: NodeBands;
}

export interface NodeBands {
  start: Uint32Array;
  end: Float32Array;
  color: Uint32Array;
}

/** The `none` colour mode (tensorboard-graph.md §9.3). */
export function plainPaint(g: Geometry): NodePaint {
  const n = g.nodes.count;
  const fill = new Uint32Array(n);
  const stroke = new Uint32Array(n);
  for (let i = 0; i < n; i++) {
    fill[i] = plainFill(g, i);
    stroke[i] = g.nodes.kind[i] === NodeKind.op ? TB_COLORS.opStroke : darker(fill[i]!);
  }
  return { fill, stroke };
}

function plainFill(g: Geometry, i: number): number {
  const kind = g.nodes.kind[i];
  const expanded = (g.nodes.flags[i]! & NodeFlag.expanded) !== 0;
  if (kind === NodeKind.meta) return expanded ? TB_COLORS.expanded : TB_COLORS.unknown;
  if (kind === NodeKind.series) return expanded ? TB_COLORS.expanded : TB_COLORS.opFill;
  if (kind === NodeKind.section) return TB_COLORS.expanded;
  const shape = g.nodes.shapeKind[i];
  if (shape === ShapeKind.triangleIn) return TB_COLORS.functionInput;
  if (shape === ShapeKind.triangleOut) return TB_COLORS.functionOutput;
  return TB_COLORS.opFill;
}
