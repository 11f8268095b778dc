import { AnnotationSide, AnnotationType, expandButtonCentre, NodeFlag, NodeKind, roboto, type Geometry } from '@tbg/layout';
import { ANNOTATION_LABEL_PX } from './annotations.js';
import { beforeAll, describe, expect, it } from 'vitest';
import { exampleGeometry } from '../test-support/example-geometry.js';
import { lodThresholds } from './lod.js';
import { createPicker, type Picker } from './pick.js';
import { buildNodeIndex } from './spatial-index.js';

let all: Geometry;
let collapsed: Geometry;
beforeAll(async () => {
  all = await exampleGeometry('all');
  collapsed = await exampleGeometry('none');
}, 60_000);

const picker = (g: Geometry): Picker => createPicker(g, buildNodeIndex(g), lodThresholds(g), roboto);
const centre = (g: Geometry, i: number): [number, number] => {
  const s = g.nodes.shape;
  return [s[4 * i]! + s[4 * i + 2]! / 2, s[4 * i + 1]! + s[4 * i + 3]! / 2];
};
const nodes = (g: Geometry) => [...Array(g.nodes.count).keys()];

describe('picking', () => {
  it('an op under the point, by its shape; its label above it', () => {
    const p = picker(all);
    const ops = nodes(all).filter((i) => all.nodes.kind[i] === NodeKind.op);
    for (const i of ops) {
      expect(p.pick(...centre(all, i), 4, true), `op ${all.nodes.label[i]}`).toEqual({ node: i, part: 'shape' });
      // The label's anchor (op labels sit above the ellipse), readable at 4×.
      const [lx, ly] = [all.nodes.labelXY[2 * i]!, all.nodes.labelXY[2 * i + 1]!];
      const hit = p.pick(lx, ly, 4, true);
      expect(hit, `label of ${all.nodes.label[i]}`).toEqual({ node: i, part: 'label' });
    }
  });

  it('inside an expanded group but on no child: the group; the deepest node wins', () => {
    const p = picker(all);
    const group = nodes(all).find((i) => all.nodes.flags[i]! & NodeFlag.expanded && all.nodes.kind[i] === NodeKind.meta && all.nodes.parent[i]! >= 0)!;
    const s = all.nodes.shape;
    // Just inside the bottom-left corner: group padding, no child there.
    const hit = p.pick(s[4 * group]! + 3, s[4 * group + 1]! + s[4 * group + 3]! - 3, 2, true);
    expect(hit).toEqual({ node: group, part: 'shape' });
    // A child's centre picks the child, not the group around it.
    const child = nodes(all).find((i) => all.nodes.parent[i] === group && all.nodes.kind[i] === NodeKind.op)!;
    expect(p.pick(...centre(all, child), 2, true)).toEqual({ node: child, part: 'shape' });
    expect(p.pick(-1000, -1000, 1, true)).toBeNull();
  });

  it('the expand button at the top-right corner of metanodes, collapsed and expanded', () => {
    for (const g of [all, collapsed]) {
      const p = picker(g);
      const metas = nodes(g).filter((i) => g.nodes.kind[i] === NodeKind.meta && !(g.nodes.flags[i]! & NodeFlag.root));
      expect(metas.length).toBeGreaterThan(3);
      for (const i of metas) {
        expect(p.pick(...expandButtonCentre(g, i), 2, true), `button of ${g.nodes.label[i]}`).toEqual({ node: i, part: 'expandButton' });
      }
      // Zoomed far out the buttons are not drawn, so not picked.
      const far = p.pick(...expandButtonCentre(g, metas[0]!), 0.3, true);
      expect(far && 'node' in far ? far.part : null).not.toBe('expandButton');
    }
  });

  it("annotations by their glyph or label; '... N more' takes no clicks; none when zoomed out", () => {
    const g = collapsed.annotations.count ? collapsed : all;
    const p = picker(g);
    const a = g.annotations;
    let checked = 0;
    for (let i = 0; i < a.count; i++) {
      const [x, y] = [a.box[4 * i]! + a.box[4 * i + 2]! / 2, a.box[4 * i + 1]! + a.box[4 * i + 3]! / 2];
      const hit = p.pick(x, y, 4, true);
      if (a.type[i] === AnnotationType.ellipsis) expect(hit && 'annotation' in hit ? hit.annotation : -1).not.toBe(i);
      else {
        expect(hit, `annotation ${a.label[i]}`).toEqual({ annotation: i });
        checked++;
        expect(p.pick(x, y, 0.3, true)).not.toEqual({ annotation: i });
      }
    }
    expect(checked).toBeGreaterThan(3);
  });

  it('annotations by their label, as far as the label is measured to reach', () => {
    const g = collapsed.annotations.count ? collapsed : all;
    const p = picker(g);
    const a = g.annotations;
    const inGlyph = (i: number, x: number, y: number) => x >= a.box[4 * i]! && x <= a.box[4 * i]! + a.box[4 * i + 2]! && y >= a.box[4 * i + 1]! && y <= a.box[4 * i + 1]! + a.box[4 * i + 3]!;
    let checked = 0;
    for (let i = 0; i < a.count; i++) {
      const text = a.label[i];
      if (!text || a.type[i] === AnnotationType.ellipsis) continue;
      const width = roboto.width(text, ANNOTATION_LABEL_PX);
      const dir = a.side[i] === AnnotationSide.in ? -1 : 1;
      const [x, y] = [a.labelXY[2 * i]!, a.labelXY[2 * i + 1]!];
      const on = p.pick(x + dir * width * 0.5, y, 4, true);
      if (!on || !('annotation' in on) || on.annotation !== i) continue;
      checked++;
      // Beyond its end (within the unmeasured bound the R-tree holds): not this annotation.
      const [bx, by] = [x + dir * (width + 3), y];
      if (!inGlyph(i, bx, by)) expect(p.pick(bx, by, 4, true)).not.toEqual({ annotation: i });
    }
    expect(checked).toBeGreaterThan(3);
  });

  it('labels too small to be drawn are not picked, unless levels of detail are off', () => {
    const p = picker(all);
    const op = nodes(all).find((i) => all.nodes.kind[i] === NodeKind.op && all.nodes.label[i])!;
    const [lx, ly] = [all.nodes.labelXY[2 * op]!, all.nodes.labelXY[2 * op + 1]!];
    const small = 3 / all.nodes.labelPx[op]!;
    const hit = p.pick(lx, ly, small, true);
    expect(Boolean(hit && 'node' in hit && hit.node === op && hit.part === 'label')).toBe(false);
    expect(p.pick(lx, ly, small, false)).toEqual({ node: op, part: 'label' });
  });
});
