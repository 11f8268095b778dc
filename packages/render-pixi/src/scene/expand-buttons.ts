/**
 * TensorBoard's expand button (tensorboard-graph.md §9.2): a disc at the top-right of every
 * metanode and series (where: @tbg/layout's expandButtonCentre, so that layout keeps labels
 * clear of it), `+` when collapsed and `−` when expanded. TensorBoard shows it
 * only on expanded groups and on the hovered node (elsewhere it is nearly transparent but still
 * clickable); the shader does the same from the highlight state.
 */
import { EXPAND_BUTTON_RADIUS, expandButtonCentre, hasExpandButton, NodeFlag, type Geometry } from '@tbg/layout';
import type { LodThresholds } from './lod.js';
import { allocateQuads, BUTTON_MINUS, BUTTON_PLUS, QuadRole, quadSpec, writeShapeQuad, type NodeQuads } from './node-quads.js';

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
