/**
 * TensorBoard's default colour mode, "structure" (tensorboard-graph.md §9.3): metanodes that
 * share a template share a hue from STRUCTURE_PALETTE, lightened when expanded; metanodes of a
 * unique structure are #eee; ops and series keep the plain colours.
 */
import { GROUP_META, templateColorIndex, TB_TEMPLATE_PALETTE_SIZE, type Hierarchy, type Templates } from '@tbg/hierarchy';
import { NodeFlag, NodeKind, type Geometry } from '@tbg/layout';
import { darker, structureColor, TB_COLORS } from './palette.js';
import { plainPaint, type NodePaint } from './paint.js';

export function structurePaint(g: Geometry, h: Hierarchy, templates: Templates): NodePaint {
  const paint = plainPaint(g);
  const ops = h.graph.n;
  for (let i = 0; i < g.nodes.count; i++) {
    const ref = g.nodes.ref[i]!;
    if (g.nodes.kind[i] !== NodeKind.meta || ref < ops) continue;
    const group = ref - ops;
    if (h.groups[group]?.kind !== GROUP_META) continue;
    const colour = templateColorIndex(templates, templates.templateOf[group]!, TB_TEMPLATE_PALETTE_SIZE);
    if (colour < 0) continue;
    const expanded = (g.nodes.flags[i]! & NodeFlag.expanded) !== 0;
    paint.fill[i] = structureColor(colour, expanded);
    paint.stroke[i] = darker(paint.fill[i]!);
  }
  return paint;
}

/**
 * The legend of the structure mode: one swatch per template cluster present, plus "unique". With
 * `nameOf` (a group id's full name), each row names its first member, so that one can tell which
 * groups share a structure: `4 similar: dense_1, …`; a template of one library function is named alone.
 */
export function structureLegend(templates: Templates, nameOf?: (group: number) => string): Array<{ label: string; color: number }> {
  const out = templates.clusters.map((c, k) => {
    const first = nameOf && c.groups.length ? nameOf(c.groups[0]!).split('/').pop()! : '';
    const label = c.groups.length === 1 && first ? first : `${c.groups.length} similar${first ? `: ${first}, …` : ''}`;
    return { label, color: structureColor(templateColorIndex(templates, k, TB_TEMPLATE_PALETTE_SIZE)), count: c.groups.length };
  });
  // The most repeated structures first (a stable sort: ties keep the templates' order).
  out.sort((a, b) => b.count - a.count);
  return [...out.map(({ label, color }) => ({ label, color })), { label: 'unique structure', color: TB_COLORS.unknown }];
}
