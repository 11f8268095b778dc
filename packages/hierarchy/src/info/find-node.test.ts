import { describe, expect, it } from 'vitest';
import { needShared } from '@tbg/testkit';
import { nameOf } from '../hierarchy/build.js';
import type { Hierarchy } from '../hierarchy/types.js';
import { fixtureHierarchy, generatedHierarchy, hierarchyOf } from '../test-support/graphs.js';
import { findEmbedding, findNode } from './find-node.js';

/** Every NodeRef found back from its own name. */
function roundTrips(h: Hierarchy): void {
  for (let r = 0; r < h.n + h.groups.length; r++) expect(findNode(h, nameOf(h, r))).toBe(r);
  h.embeddingNames.forEach((name, e) => expect(findEmbedding(h, name)).toBe(e));
}

describe('findNode', () => {
  it('finds ops, metanodes, strict-renamed ops and series members by full name', () => {
    const h = hierarchyOf([
      ['a/b', 'Neg', ['x']],
      ['a/b/c', 'Relu', ['a/b']],
      ...Array.from({ length: 6 }, (_, i): [string, string, string[]] => [`a/Add_${i + 1}`, 'Add', ['x']]),
      ['x', 'Placeholder'],
      ['k', 'Const'],
      ['y', 'Mul', ['x', 'k']],
    ]);
    expect(findNode(h, 'a/b')).toBe(h.n + h.groupByName.get('a/b')!);
    expect(h.names[findNode(h, 'a/b/(b)')]).toBe('a/b/(b)');
    expect(h.names[findNode(h, 'a/Add_3')]).toBe('a/Add_3');
    // The member sits in the series group, not directly in `a`.
    expect(h.groups[h.parent[findNode(h, 'a/Add_3')]! - h.n]!.kind).toBe('series');
    expect(findNode(h, '__root__')).toBe(h.n);
    expect(h.names[findNode(h, 'x')]).toBe('x');
    roundTrips(h);
  });

  it('finds ops inside series of scopes (generalized series hold metanodes, which hold the ops)', () => {
    const h = generatedHierarchy(1500, 4, { generalizedSeries: true });
    expect(h.groups.some((g) => g.series?.ofGroups)).toBe(true);
    roundTrips(h);
  });

  it('answers −1 for names that are not nodes: unknown, partial, embeddings, malformed', () => {
    const h = hierarchyOf([
      ['s/t/u', 'Neg', ['k']],
      ['k', 'Const'],
    ]);
    for (const name of ['nope', 's/t/v', 's/', '', '/s', 's//t', 'k', 't/u']) expect(findNode(h, name)).toBe(-1);
    expect(findEmbedding(h, 'k')).toBe(0);
    expect(findEmbedding(h, 's/t/u')).toBe(-1);
  });
});

describe.skipIf(!needShared('findNode on fixtures'))('findNode on fixtures', () => {
  it('every op, group and embedding of real graphs (series, library functions, strict names) round-trips', () => {
    for (const file of ['tb_demo_xla_118.pbtxt', 'zhacmsra_fc_quant_defun_461.pbtxt', 'tf2onnx_lstm_frozen.pb']) roundTrips(fixtureHierarchy(file));
  });
});
