/**
 * Layout of one expanded group (tensorboard-graph.md §8.2), in six steps: its core graph
 * (core-graph.ts) through `layoutCompound` (bounded ELK calls), with bridge edges through stubs
 * that become ports on the group's border; its frame (group-frame.ts), with the auxiliary
 * columns (in-extract, out-extract, functions) to the right of the core, side by side so they
 * never overlap (TensorBoard #3878); its children's places (place-children.ts); its border
 * ports (border-ports.ts); its edges (edge-routes.ts); and its title, clear of the edges
 * (label-place.ts), which may make the group wider (its ports and edges then follow).
 */
import type { RenderGroup } from '@tbg/hierarchy';
import type { LgLayout } from '../compound/layout-graph.js';
import { layoutCompound } from '../compound/layout-compound.js';
import { borderPorts } from './border-ports.js';
import { childInfo, type GroupLayoutContext } from './child-info.js';
import { buildCoreGraph, type CoreGraph } from './core-graph.js';
import { placeEdges } from './edge-routes.js';
import { bridgeArrows, edgeStyles, type EdgeStyle } from './edge-style.js';
import { groupFrame, widenFrame, type GroupFrame } from './group-frame.js';
import { placeLabel } from './label-place.js';
import { placeChildren } from './place-children.js';
import type { GroupLayout } from './types.js';

/** How many times the group may grow for its title (each time its edges to the right border move too). */
const LABEL_TRIES = 3;

export async function layoutGroup(rg: RenderGroup, ctx: GroupLayoutContext): Promise<GroupLayout> {
  const p = ctx.params;
  const core = rg.core.map((c) => childInfo(rg, c, ctx));
  const cg = buildCoreGraph(rg, core, p.direction);
  const styles = edgeStyles(ctx.hierarchy, cg.drawn);
  const lg = await layoutCompound(cg.graph, ctx.compound);
  let frame = groupFrame(rg, core.length ? lg.width : 0, core.length ? lg.height : 0, bridgeArrows(cg.drawn, styles), ctx);
  let placed = placeContent(cg, lg, frame, styles, ctx);
  let label = placeLabel(frame, placed.edges, ctx.measurer, p.edgeLabelPx);
  for (let i = 0; i < LABEL_TRIES && (label.width > frame.width || label.shift > 0); i++) {
    frame = widenFrame(frame, label.width, label.shift);
    placed = placeContent(cg, lg, frame, styles, ctx);
    label = placeLabel(frame, placed.edges, ctx.measurer, p.edgeLabelPx);
  }
  // (Never seen: the group grew and its edges took the new room again.) Centred, inside.
  if (label.width > frame.width || label.shift > 0) label = { ...label, x: frame.width / 2, width: frame.width, shift: 0 };
  const { coreX, coreY } = frame;
  return {
    ref: rg.ref,
    width: frame.width,
    height: frame.height,
    label: label.text,
    labelX: label.x,
    labelY: frame.labelY,
    labelPx: frame.labelPx,
    ...placed,
    sections: lg.sections.map((s) => ({ x: coreX + s.x, y: coreY + s.y, width: s.width, height: s.height, parent: s.parent })),
    maxElkNodes: lg.maxElkNodes,
    maxElkMs: lg.maxElkMs,
    elkCalls: lg.elkCalls,
  };
}

/** Steps 3–5 in a frame: the children's places, the border ports and the edges. */
function placeContent(cg: CoreGraph, lg: LgLayout, frame: GroupFrame, styles: readonly EdgeStyle[], ctx: GroupLayoutContext): Pick<GroupLayout, 'children' | 'ports' | 'edges'> {
  const children = placeChildren(cg, lg, frame, ctx.params.extractYOffset);
  const ports = borderPorts(cg, lg, frame, ctx.params.direction === 'UP');
  return { children, ports, edges: placeEdges(cg, lg, frame, children, ports, styles, ctx) };
}
