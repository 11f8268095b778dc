import { EXPAND_BUTTON_RADIUS, expandButtonCentre, hasExpandButton, NodeFlag, NodeKind, type Geometry } from '@tbg/layout';
import { beforeAll, describe, expect, it } from 'vitest';
import { exampleGeometry } from '../test-support/example-geometry.js';
import { buildExpandButtonQuads } from './expand-buttons.js';
import { BUTTON_MINUS, BUTTON_PLUS, QuadRole } from './node-quads.js';

let all: Geometry;
let collapsed: Geometry;
beforeAll(async () => {
  all = await exampleGeometry('all');
  collapsed = await exampleGeometry('none');
}, 60_000);

describe('expand buttons', () => {
  it('metanodes and series have one, 6 px in from the top-right corner; ops and the root do not', () => {
    for (const g of [all, collapsed]) {
      let buttons = 0;
      for (let i = 0; i < g.nodes.count; i++) {
        const kind = g.nodes.kind[i];
        const expected = (kind === NodeKind.meta || kind === NodeKind.series) && !(g.nodes.flags[i]! & NodeFlag.root);
        expect(hasExpandButton(g, i)).toBe(expected);
        if (!expected || kind !== NodeKind.meta) continue;
        buttons++;
        const s = g.nodes.shape;
        expect(expandButtonCentre(g, i)).toEqual([s[4 * i]! + s[4 * i + 2]! - 6, s[4 * i + 1]! + 6]);
      }
      expect(buttons).toBeGreaterThan(5);
    }
  });

  it('one quad per button: + on collapsed groups, − on expanded ones, in the button role', () => {
    for (const g of [all, collapsed]) {
      const nodes = [...Array(g.nodes.count).keys()];
      const q = buildExpandButtonQuads(g, nodes);
      const withButton = nodes.filter((i) => hasExpandButton(g, i));
      expect(q.count).toBe(withButton.length);
      withButton.forEach((i, k) => {
        expect(q.shape[16 * k + 3]).toBe(g.nodes.flags[i]! & NodeFlag.expanded ? BUTTON_MINUS : BUTTON_PLUS);
        expect(q.shape[16 * k]).toBe(EXPAND_BUTTON_RADIUS);
        expect(q.meta[16 * k]).toBe(i);
        expect(q.meta[16 * k + 1]).toBe(QuadRole.expandButton);
      });
    }
  });
});
