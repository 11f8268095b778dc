/**
 * TensorBoard's default colour mode, "structure" (tensorboard-graph.md §9.3): metanodes that
 * share a template share a colour from STRUCTURE_PALETTE, lightened when expanded; metanodes of a
 * unique structure are #eee; ops and series keep the plain colours. Unlike TensorBoard (ten
 * colours by template index, so that the legend's first rows could share one), colours go by how
 * often a structure repeats: the most repeated ones get the first, distinct colours.
 */
import { GROUP_META, type Hierarchy, type Templates } from '@tbg/hierarchy';
import { NodeFlag, NodeKind, type Geometry } from '@tbg/layout';
import { darker, structureColor, TB_COLORS } from './palette.js';
import { plainPaint, type NodePaint } from './paint.js';

/**
 * Each template cluster's rank by how many groups share it (most first; ties keep the clusters'
 * order): its colour and its row in the legend.
 */
export function structureRanks(templates: Pick<Templates, 'clusters'>): Int32Array {
  const order = templates.clusters.map((c, k) => [c.groups.length, k] as const).sort((a, b) => b[0] - a[0] || a[1] - b[1]);
  const rank = new Int32Array(templates.clusters.length);
  order.forEach(([, k], r) => (rank[k] = r));
  return rank;
}

export function structurePaint(g: Geometry, h: Hierarchy, templates: Templates): NodePaint {
  const paint = plainPaint(g);
  const rank = structureRanks(templates);
  const ops = h.graph.n;
  for (let i = 0; i < g.nodes.count; i++) {
    const ref = g.nodes.ref[i]!;
    if (g.nodes.kind[i] !== NodeKind.meta || ref < ops) continue;
    const group = ref - ops;
    if (h.groups[group]?.kind !== GROUP_META) continue;
    const cluster = templates.templateOf[group]!;
    if (cluster < 0 || cluster >= rank.length) continue;
    const colour = rank[cluster]!;
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
 * Rows go by rank (structureRanks), so the most repeated structures come first, in distinct colours.
 */
export function structureLegend(templates: Templates, nameOf?: (group: number) => string): Array<{ label: string; color: number }> {
  const rank = structureRanks(templates);
  const rows = new Array<{ label: string; color: number }>(templates.clusters.length);
  const full = templates.clusters.map((c) => (nameOf && c.groups.length ? nameOf(c.groups[0]!) : ''));
  const shown = distinctSuffixes(full);
  templates.clusters.forEach((c, k) => {
    const first = shown[k]!;
    const label = c.groups.length === 1 && first ? first : `${c.groups.length} similar${first ? `: ${first}, …` : ''}`;
    rows[rank[k]!] = { label, color: structureColor(rank[k]!) };
  });
  return [...rows, { label: 'unique structure', color: TB_COLORS.unknown }];
}

/**
 * Each name's last path segment, or as many more segments as it takes to tell it from the others
 * (`dense/Variable` and `dense_1/Variable`, not two rows of `Variable`).
 */
export function distinctSuffixes(names: readonly string[]): string[] {
  const parts = names.map((n) => n.split('/'));
  const depth = names.map(() => 1);
  const suffix = (k: number) => parts[k]!.slice(-depth[k]!).join('/');
  for (let round = 0; round < 64; round++) {
    const seen = new Map<string, number[]>();
    names.forEach((n, k) => n && seen.set(suffix(k), [...(seen.get(suffix(k)) ?? []), k]));
    let grew = false;
    for (const same of seen.values()) {
      if (same.length < 2) continue;
      for (const k of same)
        if (depth[k]! < parts[k]!.length) {
          depth[k]!++;
          grew = true;
        }
    }
    if (!grew) break;
  }
  return names.map((n, k) => (n ? suffix(k) : ''));
}
