/**
 * TensorBoard's expand button (tensorboard-graph.md §9.2): a disc of radius 3 at the top-right
 * of every metanode and series, `+` when collapsed and `−` when expanded. TensorBoard shows it
 * only on expanded groups and on the hovered node (elsewhere it is nearly transparent but still
 * clickable); the shader does the same from the highlight state.
 */
import { NodeFlag, NodeKind, ShapeKind, type Geometry } from '@tbg/layout';
import type { LodThresholds } from './lod.js';
import { allocateQuads, BUTTON_MINUS, BUTTON_PLUS, QuadRole, quadSpec, writeShapeQuad, type NodeQuads } from './node-quads.js';

export const EXPAND_BUTTON_RADIUS = 3;

/** Metanodes and series have one; ops, sections and the root do not. */
export function hasExpandButton(g: Geometry, i: number): boolean {
  const kind = g.nodes.kind[i];
  if (kind !== NodeKind.meta && kind !== NodeKind.series) return false;
  return (g.nodes.flags[i]! & NodeFlag.root) === 0 && g.nodes.shapeKind[i] !== ShapeKind.none;
}

/** The button's centre: 6 px in from the shape's top-right corner (a collapsed series' stamp: 10 right, 2 up more). */
export function expandButtonCentre(g: Geometry, i: number): [number, number] {
  const s = g.nodes.shape;
  let x = s[4 * i]! + s[4 * i + 2]! - 6;
  let y = s[4 * i + 1]! + 6;
  if (g.nodes.kind[i] === NodeKind.series && !(g.nodes.flags[i]! & NodeFlag.expanded)) {
    x += 10;
    y -= 2;
  }
  return [x, y];
}

/** The buttons of the nodes listed in `nodes` that have one. */
export function buildExpandButtonQuads(g: Geometry, nodes: ArrayLike<number>, lod: LodThresholds | null = null): NodeQuads {
  const withButton: number[] = [];
  for (let k = 0; k < nodes.length; k++) if (hasExpandButton(g, nodes[k]!)) withButton.push(nodes[k]!);
  const q = allocateQuads(withButton.length);
  const spec = quadSpec();
  spec.role = QuadRole.expandButton;
  const r = EXPAND_BUTTON_RADIUS;
  withButton.forEach((i, k) => {
    const [cx, cy] = expandButtonCentre(g, i);
    [spec.x, spec.y, spec.w, spec.h] = [cx - r, cy - r, 2 * r, 2 * r];
    spec.kind = g.nodes.flags[i]! & NodeFlag.expanded ? BUTTON_MINUS : BUTTON_PLUS;
    spec.id = i;
    spec.hide = lod ? lod.nodeHide[i]! : 0;
    // Colours come from the theme.
    writeShapeQuad(q, k, spec);
  });
  return q;
}
