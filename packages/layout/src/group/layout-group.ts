/**
 * Layout of one expanded group (tensorboard-graph.md §8.2), in five steps: its core graph
 * (core-graph.ts) through `layoutCompound` (bounded ELK calls), with bridge edges through stubs
 * that become ports on the group's border; its frame (group-frame.ts), with the auxiliary
 * columns (in-extract, out-extract, functions) to the right of the core, side by side so they
 * never overlap (TensorBoard #3878); its children's places (place-children.ts); its border
 * ports (border-ports.ts); and its edges (edge-routes.ts).
 */
import type { RenderGroup } from '@tbg/hierarchy';
import { layoutCompound } from '../compound/layout-compound.js';
import { borderPorts } from './border-ports.js';
import { childInfo, type GroupLayoutContext } from './child-info.js';
import { buildCoreGraph } from './core-graph.js';
import { placeEdges } from './edge-routes.js';
import { groupFrame } from './group-frame.js';
import { placeChildren } from './place-children.js';
import type { GroupLayout } from './types.js';

export async function layoutGroup(rg: RenderGroup, ctx: GroupLayoutContext): Promise<GroupLayout> {
  const p = ctx.params;
  const core = rg.core.map((c) => childInfo(rg, c, ctx));
  const cg = buildCoreGraph(rg, core, p.direction);
  const lg = await layoutCompound(cg.graph, ctx.compound);
  const frame = groupFrame(rg, core.length ? lg.width : 0, core.length ? lg.height : 0, ctx);
  const { pad, labelH, labelPx, coreX, coreY, width, height } = frame;
  const children = placeChildren(cg, lg, frame, p.extractYOffset);
  const ports = borderPorts(cg, lg, frame, p.direction === 'UP');
  return {
    ref: rg.ref,
    width,
    height,
    label: ctx.measurer.truncate(frame.label, labelPx, Math.max(0, width - 2 * (pad || p.metaPadding))),
    labelX: width / 2,
    labelY: pad + labelH / 2,
    labelPx,
    ports,
    children,
    edges: placeEdges(cg, lg, frame, children, ports, ctx),
    sections: lg.sections.map((s) => ({ x: coreX + s.x, y: coreY + s.y, width: s.width, height: s.height, parent: s.parent })),
    maxElkNodes: lg.maxElkNodes,
    maxElkMs: lg.maxElkMs,
    elkCalls: lg.elkCalls,
  };
}
