import { describe, expect, it } from 'vitest';
import { generatedHierarchy } from '../test-support/graphs.js';
import { NameIndex } from './name-index.js';

describe('NameIndex', () => {
  it('finds every group of a generated hierarchy by its name, and nothing else', () => {
    const h = generatedHierarchy(5000, 11, { generalizedSeries: true });
    expect(h.groupByName.size).toBe(h.groups.length);
    h.groups.forEach((g, id) => expect(h.groupByName.get(g.name)).toBe(id));
    expect(h.groupByName.get('no/such/scope')).toBeUndefined();
    expect(h.groupByName.has('')).toBe(false);
  });

  it('keeps the first of duplicate names and handles colliding probes', () => {
    const names = ['a', 'b', 'a', '', 'x/y', 'ünï/çødé', 'b'];
    const idx = new NameIndex(names.map((name) => ({ name })));
    expect(idx.size).toBe(5);
    expect(idx.get('a')).toBe(0);
    expect(idx.get('b')).toBe(1);
    expect(idx.get('')).toBe(3);
    expect(idx.get('ünï/çødé')).toBe(5);
    expect(idx.has('x')).toBe(false);
    // Many names in a small table: probes wrap around and still find each one.
    const many = Array.from({ length: 1000 }, (_, i) => ({ name: `s/${i}` }));
    const big = new NameIndex(many);
    for (let i = 0; i < 1000; i++) expect(big.get(`s/${i}`)).toBe(i);
  });
});
