import { computeTemplates, type Templates } from '@tbg/hierarchy';
import { NodeKind } from '@tbg/layout';
import { describe, expect, it } from 'vitest';
import { exampleView } from '../test-support/example-geometry.js';
import { STRUCTURE_COLORS, structureColor, TB_COLORS } from './palette.js';
import { distinctSuffixes, structureLegend, structurePaint, structureRanks } from './structure-paint.js';

describe('colour by structure', () => {
  it('metanodes of one template share a palette colour; unique structures are #eee; ops stay white', async () => {
    const { geometry: g, hierarchy: h } = await exampleView('none');
    const templates = computeTemplates(h);
    const paint = structurePaint(g, h, templates);
    const byLabel = new Map<string, number>();
    for (let i = 0; i < g.nodes.count; i++) byLabel.set(g.nodes.label[i]!, i);
    // TensorBoard's demo graph: Slice, Slice_1 and Slice_2 have the same structure.
    const slices = ['Slice', 'Slice_1', 'Slice_2'].map((l) => byLabel.get(l)!);
    expect(slices.every((i) => i !== undefined)).toBe(true);
    const colour = paint.fill[slices[0]!]!;
    expect(slices.map((i) => paint.fill[i])).toEqual([colour, colour, colour]);
    expect(colour).not.toBe(TB_COLORS.unknown);
    expect([...Array(STRUCTURE_COLORS).keys()].map((k) => structureColor(k))).toContain(colour);
    let unique = 0;
    for (let i = 0; i < g.nodes.count; i++) {
      if (g.nodes.kind[i] === NodeKind.op) expect(paint.fill[i]).toBe(TB_COLORS.opFill);
      if (g.nodes.kind[i] === NodeKind.meta && paint.fill[i] === TB_COLORS.unknown) unique++;
    }
    expect(unique).toBeGreaterThan(0);
    const legend = structureLegend(templates);
    expect(legend.at(-1)).toEqual({ label: 'unique structure', color: TB_COLORS.unknown });
    expect(legend.map((l) => l.color)).toContain(colour);
    // Named by a first member: the Slice row says which groups share that colour.
    const named = structureLegend(templates, (group) => h.groups[group]!.name);
    const row = named.find((l) => l.color === colour && /Slice/.test(l.label));
    expect(row?.label).toMatch(/^3 similar: Slice(_\d)?, …$/);
    // The most repeated structures first.
    const counts = named.slice(0, -1).map((l) => Number(/^(\d+) similar/.exec(l.label)?.[1] ?? 1));
    expect(counts).toEqual([...counts].sort((a, b) => b - a));
  }, 60_000);

  it('gives the most repeated structures the first, distinct colours (TensorBoard gave template k colour k mod 10)', () => {
    // Clusters in template order, not by size: 12 of them, with 1..12 groups.
    const sizes = [3, 12, 1, 7, 5, 9, 2, 11, 4, 10, 6, 8];
    const templates = { clusters: sizes.map((n, id) => ({ id, signature: `s${id}`, level: 1, groups: Array.from({ length: n }, (_, i) => i) })) } as unknown as Templates;
    const rank = structureRanks(templates);
    expect([...rank].map((r) => sizes.slice().sort((a, b) => b - a)[r])).toEqual(sizes);
    const legend = structureLegend(templates);
    expect(legend.slice(0, -1).map((l) => l.label)).toEqual([12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1].map((n) => `${n} similar`));
    const colours = legend.slice(0, -1).map((l) => l.color);
    expect(new Set(colours).size).toBe(12);
    expect(colours).toEqual(colours.map((_, k) => structureColor(k)));
  });
});

describe('distinctSuffixes', () => {
  it('keeps last segments, and adds scopes only where two would read the same', () => {
    expect(distinctSuffixes(['a/dense/Variable', 'a/dense_1/Variable', 'b/conv2', 'c/conv2', 'x/tuple', ''])).toEqual(['dense/Variable', 'dense_1/Variable', 'b/conv2', 'c/conv2', 'tuple', '']);
    // The same name twice (or one a suffix of the other) goes as deep as it can.
    expect(distinctSuffixes(['m/a/b', 'n/a/b', 'a/b'])).toEqual(['m/a/b', 'n/a/b', 'a/b']);
  });
});
