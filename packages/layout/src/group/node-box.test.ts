import { buildHierarchy, buildSlimGraph, GROUP_META, parentOf, RenderModel, type Hierarchy, type NodeRef } from '@tbg/hierarchy';
import { decodeColumnar, tensorflow } from '@tbg/proto';
import { encodeGraphDef, generateTrainingGraph } from '@tbg/testkit';
import { describe, expect, it } from 'vitest';
import { EXPAND_BUTTON_INSET, EXPAND_BUTTON_RADIUS } from '../geometry/expand-button.js';
import { ShapeKind } from '../geometry/types.js';
import { DEFAULT_LAYOUT_PARAMS as P } from '../params.js';
import { roboto } from '../text/roboto.js';
import { besideButton, BUTTON_CLEARANCE, ELLIPSE_ANNOTATION_REACH, LABEL_SIDE_MARGIN, MAX_LABEL_SHRINK, LR_AXIS_CLEARANCE, metaHeight, metaLabel, nodeBox } from './node-box.js';
import type { NodeBox } from './types.js';

type NodeSpec = [name: string, op: string, inputs?: string[]];

/** A hierarchy from compact node specs (as @tbg/hierarchy's tests build theirs). */
function hierarchyOf(nodes: NodeSpec[]): Hierarchy {
  const gd = new tensorflow.GraphDef({ node: nodes.map(([name, op, input = []]) => new tensorflow.NodeDef({ name, op, input })) });
  return buildHierarchy(buildSlimGraph(decodeColumnar(tensorflow.GraphDef.encode(gd).finish())));
}

const refOf = (h: Hierarchy, name: string): NodeRef => (h.groupByName.has(name) ? h.n + h.groupByName.get(name)! : h.names.indexOf(name));

/** The box of `name` as a child of its parent group, with the parent's annotations. */
function boxOf(h: Hierarchy, name: string, model = new RenderModel(h), params = P): NodeBox {
  const ref = refOf(h, name);
  expect(ref, name).toBeGreaterThanOrEqual(0);
  return nodeBox(h, ref, model.group(parentOf(h, ref)).annotations.get(ref), params, roboto);
}

/** Left to right. */
const LR = { ...P, direction: 'RIGHT' as const };

type Rect = [x: number, y: number, w: number, h: number];
const EPS = 1e-9;
const inside = (r: Rect, o: Rect) => r[0] >= o[0] - EPS && r[1] >= o[1] - EPS && r[0] + r[2] <= o[0] + o[2] + EPS && r[1] + r[3] <= o[1] + o[3] + EPS;
/** Overlap of positive area (touching is fine). */
const overlaps = (a: Rect, b: Rect) => a[0] + a[2] > b[0] + EPS && b[0] + b[2] > a[0] + EPS && a[1] + a[3] > b[1] + EPS && b[1] + b[3] > a[1] + EPS;

const shapeRect = (b: NodeBox): Rect => [b.shapeX, b.shapeY, b.shapeW, b.shapeH];
const labelRect = (b: NodeBox): Rect => {
  const w = roboto.width(b.label, b.labelPx);
  const lh = roboto.lineHeight(b.labelPx);
  return [b.labelX - w / 2, b.labelY - lh / 2, w, lh];
};
/** Annotation label: ends at labelX on the left (in), starts there on the right (out); labelY is its centre line. */
const annLabelRect = (a: NodeBox['annotations'][number]): Rect => {
  const w = roboto.width(a.label, P.annotationLabelPx);
  const lh = roboto.lineHeight(P.annotationLabelPx);
  return [a.side === 0 ? a.labelX - w : a.labelX, a.labelY - lh / 2, w, lh];
};

/** Distance of (x, y) from the outline of the box's shape (ellipse: along the normalized radius). */
function offOutline(b: NodeBox, x: number, y: number): number {
  const cx = b.shapeX + b.shapeW / 2;
  const cy = b.shapeY + b.shapeH / 2;
  if (b.shapeKind === ShapeKind.ellipse) return Math.abs(Math.hypot((x - cx) / (b.shapeW / 2), (y - cy) / (b.shapeH / 2)) - 1);
  // Rectangles (rounded: on a straight part of a vertical side), series stamps, triangles: the box's left or right side.
  const side = Math.min(Math.abs(x - b.shapeX), Math.abs(x - b.shapeX - b.shapeW));
  const r = b.radius;
  const outY = Math.max(b.shapeY + r - y, y - (b.shapeY + b.shapeH - r), 0);
  return side + outY;
}

/** Every property a collapsed node's box must have; returns the problems found. */
function problems(b: NodeBox, isMeta: boolean): string[] {
  const out: string[] = [];
  const fail = (msg: string) => out.push(`${b.label}: ${msg}`);
  const box: Rect = [0, 0, b.width, b.height];
  const shape = shapeRect(b);
  const label = labelRect(b);
  const cx = b.shapeX + b.shapeW / 2;
  if (!inside(shape, box)) fail('shape outside the box');
  if (!inside(label, box)) fail('label outside the box');
  // A metanode's label moves left only to end before its expand button (top right).
  const button: Rect = [b.shapeX + b.shapeW - EXPAND_BUTTON_INSET - EXPAND_BUTTON_RADIUS, b.shapeY + EXPAND_BUTTON_INSET - EXPAND_BUTTON_RADIUS, 2 * EXPAND_BUTTON_RADIUS, 2 * EXPAND_BUTTON_RADIUS];
  const beforeButton = isMeta && Math.abs(label[0] + label[2] + BUTTON_CLEARANCE - button[0]) < 1e-6;
  if (Math.abs(b.labelX - cx) > EPS && !beforeButton) fail('label not centred on the shape');
  if (isMeta) {
    if (!inside(label, shape)) fail('metanode label not inside its rect');
    if (overlaps(label, button)) fail('metanode label under its expand button');
  } else {
    if (label[1] + label[3] > b.shapeY - P.labelGap + EPS) fail('label not above the shape');
    for (const a of b.annotations) {
      const top = Math.min(a.y, annLabelRect(a)[1]);
      if (label[1] + label[3] > top + EPS) fail(`label not above annotation ${a.label}`);
    }
  }
  const anns = b.annotations;
  for (const [i, a] of anns.entries()) {
    const glyph: Rect = [a.x, a.y, a.width, a.height];
    const text = annLabelRect(a);
    if (!inside(glyph, box)) fail(`glyph ${a.label} outside the box`);
    if (!inside(text, box)) fail(`annotation label ${a.label} outside the box`);
    if (overlaps(glyph, shape) || overlaps(text, shape)) fail(`annotation ${a.label} overlaps the shape`);
    if (overlaps(text, label)) fail(`annotation ${a.label} overlaps the node label`);
    if (a.side === 0) {
      if (a.x + a.width > b.shapeX - EPS) fail(`in-annotation ${a.label} not left of the shape`);
      if (a.labelX > a.x + EPS) fail(`in-annotation label ${a.label} does not end left of its glyph`);
    } else {
      if (a.x < b.shapeX + b.shapeW + EPS) fail(`out-annotation ${a.label} not right of the shape`);
      if (a.labelX < a.x + a.width - EPS) fail(`out-annotation label ${a.label} does not start right of its glyph`);
    }
    // The short edge: glyph side ↔ shape outline, in the direction of data flow.
    const [gx, gy, sx, sy] = a.side === 0 ? a.edge : [a.edge[2], a.edge[3], a.edge[0], a.edge[1]];
    if (Math.abs(gx - (a.side === 0 ? a.x + a.width : a.x)) > EPS || gy < a.y - EPS || gy > a.y + a.height + EPS) fail(`edge of ${a.label} does not touch its glyph side`);
    if (offOutline(b, sx, sy) > 1e-6) fail(`edge of ${a.label} does not end on the shape outline`);
    if (a.side === 0 ? sx > cx + EPS : sx < cx - EPS) fail(`edge of ${a.label} ends on the far side of the shape`);
    for (const c of anns.slice(i + 1)) {
      if (overlaps(glyph, [c.x, c.y, c.width, c.height])) fail(`glyphs ${a.label} and ${c.label} overlap`);
      if (overlaps(text, annLabelRect(c))) fail(`annotation labels ${a.label} and ${c.label} overlap`);
    }
  }
  for (const side of [0, 1]) {
    const col = anns.filter((a) => a.side === side);
    col.forEach((a, i) => {
      if (a.index !== i) fail(`annotation index ${a.index} at position ${i}`);
      if (i > 0 && a.labelY <= col[i - 1]!.labelY) fail('annotations not stacked downwards');
    });
  }
  return out;
}

/** True when the segment from (x1, y1) to (x2, y2) passes through the inside of r (touching is fine). */
function segmentHits(x1: number, y1: number, x2: number, y2: number, r: Rect): boolean {
  // Sample densely: the boxes are small and this is a test.
  for (let i = 0; i <= 1000; i++) {
    const x = x1 + ((x2 - x1) * i) / 1000;
    const y = y1 + ((y2 - y1) * i) / 1000;
    if (x > r[0] + 1e-6 && x < r[0] + r[2] - 1e-6 && y > r[1] + 1e-6 && y < r[1] + r[3] - 1e-6) return true;
  }
  return false;
}

/**
 * What edges need of a box: the shape's axis (bottom to top: the vertical line through the
 * shape's centre; left to right: the horizontal one), from the box's border to the shape, is
 * clear of every annotation — that is where the layout runs edges (layoutGroup's ports).
 */
function axisProblems(b: NodeBox, direction: 'UP' | 'RIGHT'): string[] {
  const out: string[] = [];
  const cx = b.shapeX + b.shapeW / 2;
  const cy = b.shapeY + b.shapeH / 2;
  const segments: Array<[number, number, number, number]> =
    direction === 'UP'
      ? [
          [cx, 0, cx, b.shapeY],
          [cx, b.shapeY + b.shapeH, cx, b.height],
        ]
      : [
          [0, cy, b.shapeX, cy],
          [b.shapeX + b.shapeW, cy, b.width, cy],
        ];
  for (const a of b.annotations) {
    for (const [part, r] of [
      ['glyph', [a.x, a.y, a.width, a.height] as Rect],
      ['label', annLabelRect(a)],
    ] as const) {
      if (segments.some((sg) => segmentHits(...sg, r))) out.push(`${b.label}: the ${direction} axis crosses the ${part} of ${a.label}`);
    }
  }
  return out;
}

/** Left to right: every property of a box, with the annotation columns below the shape's axis. */
function lrProblems(b: NodeBox, isMeta: boolean): string[] {
  const out: string[] = [];
  const fail = (msg: string) => out.push(`${b.label}: ${msg}`);
  const box: Rect = [0, 0, b.width, b.height];
  const shape = shapeRect(b);
  const label = labelRect(b);
  const cx = b.shapeX + b.shapeW / 2;
  const cy = b.shapeY + b.shapeH / 2;
  if (!inside(shape, box)) fail('shape outside the box');
  if (!inside(label, box)) fail('label outside the box');
  if (isMeta ? !inside(label, shape) : label[1] + label[3] > b.shapeY - P.labelGap + EPS) fail('label misplaced');
  for (const [i, a] of b.annotations.entries()) {
    const glyph: Rect = [a.x, a.y, a.width, a.height];
    const text = annLabelRect(a);
    if (!inside(glyph, box) || !inside(text, box)) fail(`annotation ${a.label} outside the box`);
    if (overlaps(glyph, shape) || overlaps(text, shape)) fail(`annotation ${a.label} overlaps the shape`);
    if (overlaps(text, label) || overlaps(glyph, label)) fail(`annotation ${a.label} overlaps the node label`);
    if (Math.min(a.y, text[1]) < cy + LR_AXIS_CLEARANCE - EPS) fail(`annotation ${a.label} not below the axis`);
    if (a.side === 0 ? a.x + a.width > b.shapeX - P.annotationXOffset + EPS : a.x < b.shapeX + b.shapeW + P.annotationXOffset - EPS) fail(`annotation ${a.label} on the wrong side`);
    // The short edge: from the glyph's inner side towards the shape's centre, ending on its outline.
    const [gx, gy, sx, sy] = a.side === 0 ? a.edge : [a.edge[2], a.edge[3], a.edge[0], a.edge[1]];
    if (Math.abs(gx - (a.side === 0 ? a.x + a.width : a.x)) > EPS || Math.abs(gy - a.labelY) > EPS) fail(`edge of ${a.label} does not start at its glyph`);
    const cross = (gx - cx) * (sy - cy) - (gy - cy) * (sx - cx);
    if (Math.abs(cross) > 1e-6) fail(`edge of ${a.label} does not point at the shape's centre`);
    const onOutline =
      b.shapeKind === ShapeKind.ellipse
        ? Math.abs(Math.hypot((sx - cx) / (b.shapeW / 2), (sy - cy) / (b.shapeH / 2)) - 1) < 1e-6
        : Math.abs(Math.max(Math.abs(sx - cx) / (b.shapeW / 2), Math.abs(sy - cy) / (b.shapeH / 2)) - 1) < 1e-6;
    if (!onOutline) fail(`edge of ${a.label} does not end on the shape's outline`);
    if (sy <= cy) fail(`edge of ${a.label} ends on the upper half of the shape`);
    for (const c of b.annotations.slice(i + 1)) {
      if (overlaps(glyph, [c.x, c.y, c.width, c.height]) || overlaps(text, annLabelRect(c))) fail(`annotations ${a.label} and ${c.label} overlap`);
    }
  }
  for (const side of [0, 1]) {
    const col = b.annotations.filter((a) => a.side === side);
    col.forEach((a, i) => {
      if (a.index !== i) fail(`annotation index ${a.index} at position ${i}`);
      if (i > 0 && a.labelY <= col[i - 1]!.labelY) fail('annotations not stacked downwards');
    });
  }
  return [...out, ...axisProblems(b, 'RIGHT')];
}

/** The hand-made graph most tests use. */
function sampleGraph(): NodeSpec[] {
  const spec: NodeSpec[] = [['sink', 'Add', Array.from({ length: 9 }, (_, i) => `c${i}`)]];
  for (let i = 0; i < 9; i++) spec.push([`c${i}`, 'Const']);
  spec.push(['loss_summary', 'ScalarSummary', ['sink']], ['hist_summary', 'HistogramSummary', ['sink']]);
  spec.push(['two', 'Mul', ['k0', 'k1']], ['k0', 'Const'], ['k1', 'Const']);
  spec.push(['one', 'Neg', ['k2']], ['k2', 'Const']);
  spec.push(['scope/a', 'MatMul', ['sink']], ['scope/b', 'Relu', ['scope/a']]);
  spec.push(['a_rather_long_scope_name_here/x', 'Identity', ['scope/b']]);
  spec.push(['an_op_with_a_really_quite_long_name_indeed', 'Identity', ['two']]);
  // A control hub: its 6 control inputs become shortcut annotations (5, then "... 1 more").
  const id = (i: number) => String.fromCharCode(97 + i);
  for (let i = 0; i < 20; i++) spec.push([`v${id(i)}`, 'VariableV2'], [`r${id(i)}`, 'Identity', [`v${id(i)}`]]);
  spec.push(['init', 'NoOp', Array.from({ length: 20 }, (_, i) => `^v${id(i)}`)]);
  spec.push(['hub', 'AddN', Array.from({ length: 20 }, (_, i) => `r${id(i)}`)]);
  spec.push(['ctl', 'Neg', Array.from({ length: 6 }, (_, i) => `^r${id(i)}`)]);
  // Series: connected (vertical stamp) and unconnected (horizontal stamp).
  for (let i = 1; i <= 6; i++) spec.push([`chain/add_${i}`, 'Add', [i === 1 ? 'sink' : `chain/add_${i - 1}`]], [`loose/assign_${i}`, 'NoOp']);
  return spec;
}

describe('metaLabel', () => {
  it('uses 9 px up to 11 characters, 6 px at 18, linear between', () => {
    expect(metaLabel('a')).toEqual({ text: 'a', px: 9 });
    expect(metaLabel('abcdefghijk')).toEqual({ text: 'abcdefghijk', px: 9 });
    expect(metaLabel('abcdefghijklmnopqr')).toEqual({ text: 'abcdefghijklmnopqr', px: 6 });
    expect(metaLabel('abcdefghijklmn').px).toBeCloseTo(9 - (3 * 3) / 7, 12);
    let prev = 10;
    for (let n = 1; n <= 18; n++) {
      const { px } = metaLabel('x'.repeat(n));
      expect(px).toBeLessThanOrEqual(prev);
      prev = px;
    }
  });

  it('truncates names longer than 18 characters to 16 and an ellipsis', () => {
    const { text, px } = metaLabel('abcdefghijklmnopqrs');
    expect(text).toBe('abcdefghijklmnop…');
    expect(text.length).toBe(17);
    // The size comes from the shown text (17 characters), as in TensorBoard.
    expect(px).toBeCloseTo(9 - (3 * 6) / 7, 12);
    expect(metaLabel('x'.repeat(100)).text).toBe(`${'x'.repeat(16)}…`);
  });
});

describe('besideButton', () => {
  const W = P.metaWidth;
  const reach = EXPAND_BUTTON_INSET + EXPAND_BUTTON_RADIUS + BUTTON_CLEARANCE;
  const room = W - reach - LABEL_SIDE_MARGIN;
  it('centres a label that stays left of the button, or a label in a box tall enough to pass under it', () => {
    expect(besideButton('conv1', 9, W, 15, P.metaMaxLabelWidth, roboto)).toEqual({ label: 'conv1', px: 9, labelShift: 0 });
    expect(besideButton('global_step', 9, W, 40, P.metaMaxLabelWidth, roboto)).toEqual({ label: 'global_step', px: 9, labelShift: 0 });
  });
  it('in a low box, moves a long label left to end before the button', () => {
    const w = roboto.width('global_step', 9);
    expect(w).toBeGreaterThan(2 * (W / 2 - reach));
    expect(w).toBeLessThanOrEqual(room);
    const b = besideButton('global_step', 9, W, 15, P.metaMaxLabelWidth, roboto);
    expect(b).toMatchObject({ label: 'global_step', px: 9 });
    expect(W / 2 - b.labelShift + w / 2).toBeCloseTo(W - reach, 9);
  });
  it('in a narrower box than the default, shrinks by 8 % at most and then cuts, still ending before the button', () => {
    const b = besideButton('logits_weights', 8, 40, 15, 52, roboto);
    expect(b.px).toBeCloseTo(8 * (1 - MAX_LABEL_SHRINK), 9);
    expect(b.label.endsWith('…')).toBe(true);
    const right = 40 / 2 - b.labelShift + roboto.width(b.label, b.px) / 2;
    expect(right).toBeLessThanOrEqual(40 - reach + 1e-9);
  });
  it('shrinks the font of a label still too long for the room (it loses no characters), by 8 % at most', () => {
    for (const name of ['logits_weights', 'hidden_biases', 'mnist_dataset_train_2']) {
      const { text, px } = metaLabel(name);
      const b = besideButton(text, px, W, 15, P.metaMaxLabelWidth, roboto);
      expect(b.label).toBe(roboto.truncate(text, px, P.metaMaxLabelWidth));
      expect(roboto.width(b.label, px)).toBeGreaterThan(room);
      expect(b.px).toBeLessThan(px);
      expect(b.px).toBeGreaterThanOrEqual(px * 0.92);
      expect(roboto.width(b.label, b.px)).toBeCloseTo(room, 9);
      expect(W / 2 - b.labelShift - roboto.width(b.label, b.px) / 2).toBeCloseTo(LABEL_SIDE_MARGIN, 9);
    }
  });
});

describe('metaHeight', () => {
  it('grows from 15 at cardinality 1 to 60 at 200, then stays', () => {
    expect(metaHeight(P, 1)).toBe(15);
    expect(metaHeight(P, 0)).toBe(15);
    expect(metaHeight(P, 200)).toBe(60);
    expect(metaHeight(P, 201)).toBe(60);
    expect(metaHeight(P, 100_000)).toBe(60);
    expect(metaHeight(P, 100.5)).toBeCloseTo(37.5, 12);
  });

  it('is monotone', () => {
    for (let c = 1; c < 210; c++) expect(metaHeight(P, c + 1)).toBeGreaterThanOrEqual(metaHeight(P, c));
    expect(metaHeight(P, 2)).toBeGreaterThan(metaHeight(P, 1));
    expect(metaHeight(P, 200)).toBeGreaterThan(metaHeight(P, 199));
  });
});

describe('nodeBox', () => {
  const h = hierarchyOf(sampleGraph());
  const model = new RenderModel(h);
  const box = (name: string) => boxOf(h, name, model);

  it('sizes the shape by kind', () => {
    expect(box('one')).toMatchObject({ shapeKind: ShapeKind.ellipse, shapeW: P.opWidth, shapeH: P.opHeight, radius: 0, labelPx: P.opLabelPx });
    const scope = box('scope');
    expect(scope).toMatchObject({ shapeKind: ShapeKind.rect, shapeW: P.metaWidth, radius: 5 });
    expect(scope.shapeH).toBe(metaHeight(P, h.groups[h.groupByName.get('scope')!]!.cardinality));
    expect(box('chain/add_[1-6]')).toMatchObject({ shapeKind: ShapeKind.seriesVertical, shapeW: 16, shapeH: 13 });
    expect(box('loose/assign_[1-6]')).toMatchObject({ shapeKind: ShapeKind.seriesHorizontal, shapeW: 24, shapeH: 8 });
  });

  it('draws an op without annotations as its shape under its label', () => {
    const b = box('scope/b');
    expect(b.annotations).toEqual([]);
    expect(b.label).toBe('b');
    const lw = roboto.width('b', P.opLabelPx);
    const lh = roboto.lineHeight(P.opLabelPx);
    expect(b.width).toBeCloseTo(Math.max(P.opWidth, lw), 9);
    expect(b.height).toBeCloseTo(P.opHeight + P.labelGap + lh, 9);
    expect(b.shapeY).toBeCloseTo(lh + P.labelGap, 9);
    expect(b.labelY).toBeCloseTo(lh / 2, 9);
  });

  it('puts the label of a metanode inside its rect, and the box is the rect', () => {
    const b = box('scope');
    expect(b.annotations).toEqual([]);
    expect([b.width, b.height, b.shapeX, b.shapeY]).toEqual([b.shapeW, b.shapeH, 0, 0]);
    expect([b.labelX, b.labelY]).toEqual([b.shapeW / 2, b.shapeH / 2]);
    expect(b.labelPx).toBe(9);
  });

  it('shrinks and truncates long labels', () => {
    const meta = box('a_rather_long_scope_name_here');
    expect(meta.label.endsWith('…')).toBe(true);
    expect(meta.labelPx).toBeLessThan(9);
    expect(roboto.width(meta.label, meta.labelPx)).toBeLessThanOrEqual(P.metaMaxLabelWidth);
    const op = box('an_op_with_a_really_quite_long_name_indeed');
    expect(op.label.endsWith('…')).toBe(true);
    expect(roboto.width(op.label, P.opLabelPx)).toBeLessThanOrEqual(P.opMaxLabelWidth);
    expect(op.width).toBeLessThanOrEqual(P.opMaxLabelWidth);
  });

  it('lists 5 constants, then "... N more", left of the shape; summaries right', () => {
    const b = box('sink');
    const ins = b.annotations.filter((a) => a.side === 0);
    expect(ins.map((a) => a.label)).toEqual(['c0', 'c1', 'c2', 'c3', 'c4', '... 4 more']);
    expect(ins.slice(0, 5).every((a) => a.shapeKind === ShapeKind.ellipse && a.width === 4 && a.height === 4)).toBe(true);
    expect(ins[5]).toMatchObject({ shapeKind: ShapeKind.none, width: 0, height: 0 });
    const outs = b.annotations.filter((a) => a.side === 1);
    expect(outs.map((a) => a.label).sort()).toEqual(['hist_summary', 'loss_summary']);
    expect(outs.every((a) => a.shapeKind === ShapeKind.rect && a.width === 8 && a.height === 6)).toBe(true);
    expect(problems(b, false)).toEqual([]);
  });

  it('draws shortcuts like their targets, with "... 1 more" after 5', () => {
    const b = box('ctl');
    const ins = b.annotations.filter((a) => a.side === 0);
    expect(ins.map((a) => a.label)).toEqual(['ra', 'rb', 'rc', 'rd', 're', '... 1 more']);
    expect(ins.slice(0, 5).every((a) => a.shapeKind === ShapeKind.ellipse && a.width === 10 && a.height === 4)).toBe(true);
    expect(problems(b, false)).toEqual([]);
  });

  it('sets glyphs annotationXOffset away from the shape, labels annotationLabelOffset from the glyphs', () => {
    for (const name of ['sink', 'ctl', 'two', 'one']) {
      const b = box(name);
      expect(b.annotations.length).toBeGreaterThan(0);
      for (const a of b.annotations) {
        const gap = a.side === 0 ? b.shapeX - (a.x + a.width) : a.x - (b.shapeX + b.shapeW);
        expect(gap, `${name}: ${a.label}`).toBeCloseTo(P.annotationXOffset, 9);
        const labelGap = a.side === 0 ? a.x - a.labelX : a.labelX - (a.x + a.width);
        expect(labelGap, `${name}: ${a.label}`).toBeCloseTo(P.annotationLabelOffset, 9);
      }
    }
  });

  it('centres each annotation column on the shape', () => {
    for (const name of ['sink', 'ctl', 'two']) {
      const b = box(name);
      const cy = b.shapeY + b.shapeH / 2;
      for (const side of [0, 1]) {
        const col = b.annotations.filter((a) => a.side === side);
        if (!col.length) continue;
        const rowH = (a: (typeof col)[number]) => Math.max(a.height, roboto.lineHeight(P.annotationLabelPx));
        const top = col[0]!.labelY - rowH(col[0]!) / 2;
        const bottom = col.at(-1)!.labelY + rowH(col.at(-1)!) / 2;
        expect((top + bottom) / 2, `${name} side ${side}`).toBeCloseTo(cy, 9);
      }
    }
  });

  it('attaches a single annotation at the middle of the shape’s side', () => {
    const b = box('one');
    expect(b.annotations.length).toBe(1);
    const [gx, gy, sx, sy] = b.annotations[0]!.edge;
    expect(sx).toBeCloseTo(b.shapeX, 9);
    expect(sy).toBeCloseTo(b.shapeY + b.shapeH / 2, 9);
    expect(gy).toBeCloseTo(sy, 9);
    expect(gx).toBeCloseTo(b.shapeX - P.annotationXOffset, 9);
  });

  it('spreads the edges of several annotations over the shape', () => {
    const b = box('sink');
    const ends = b.annotations.filter((a) => a.side === 0).map((a) => a.edge[3]);
    for (let i = 1; i < ends.length; i++) expect(ends[i]).toBeGreaterThan(ends[i - 1]!);
    // Over the middle part of the ellipse's side, each on its outline, facing the edge.
    const [cy, ry] = [b.shapeY + b.shapeH / 2, b.shapeH / 2];
    expect(ends[0]).toBeCloseTo(cy - ELLIPSE_ANNOTATION_REACH * ry, 9);
    expect(ends.at(-1)).toBeCloseTo(cy + ELLIPSE_ANNOTATION_REACH * ry, 9);
    for (const a of b.annotations.filter((a) => a.side === 0)) {
      const [x, y] = [a.edge[2], a.edge[3]];
      const [u, v] = [(x - (b.shapeX + b.shapeW / 2)) / (b.shapeW / 2), (y - cy) / ry];
      expect(u * u + v * v).toBeCloseTo(1, 6);
      expect(u).toBeLessThan(-0.9);
    }
  });

  it("labels an annotation by the last part of its node's name, as TensorBoard does", () => {
    const gh = buildHierarchy(buildSlimGraph(decodeColumnar(encodeGraphDef(generateTrainingGraph({ nodes: 3000, seed: 7 })))));
    const gm = new RenderModel(gh);
    let named = 0;
    for (const g of gh.groups) {
      const rg = gm.group(gh.n + g.id);
      for (const c of rg.core) {
        const ann = rg.annotations.get(c);
        for (const a of nodeBox(gh, c, ann, P, roboto).annotations) {
          const source = (a.side === 0 ? ann!.in : ann!.out)[a.index]!;
          if (!source.name.includes('/')) continue;
          named++;
          expect(a.label).toBe(roboto.truncate(source.name.slice(source.name.lastIndexOf('/') + 1), P.annotationLabelPx, P.annotationMaxLabelWidth));
        }
      }
    }
    expect(named).toBeGreaterThan(5);
  });

  it('keeps every box of the sample graph well formed', () => {
    const all: string[] = [];
    for (const g of h.groups) {
      const rg = model.group(h.n + g.id);
      for (const c of [...rg.core, ...rg.inExtract, ...rg.outExtract, ...rg.library]) {
        const isMeta = c >= h.n && h.groups[c - h.n]!.kind === GROUP_META;
        all.push(...problems(nodeBox(h, c, rg.annotations.get(c), P, roboto), isMeta));
      }
    }
    expect(all).toEqual([]);
  });

  it('keeps the vertical axis through the shape clear of annotations (edges run there bottom to top)', () => {
    const all: string[] = [];
    for (const g of h.groups) {
      const rg = model.group(h.n + g.id);
      for (const c of [...rg.core, ...rg.inExtract, ...rg.outExtract, ...rg.library]) all.push(...axisProblems(nodeBox(h, c, rg.annotations.get(c), P, roboto), 'UP'));
    }
    expect(all).toEqual([]);
  });

  it('keeps every box of a generated training graph well formed', () => {
    const gh = buildHierarchy(buildSlimGraph(decodeColumnar(encodeGraphDef(generateTrainingGraph({ nodes: 3000, seed: 7 })))));
    const m = new RenderModel(gh);
    const all: string[] = [];
    const kinds = new Set<number>();
    const glyphs = new Set<string>();
    for (const g of gh.groups) {
      const rg = m.group(gh.n + g.id);
      for (const c of [...rg.core, ...rg.inExtract, ...rg.outExtract, ...rg.library]) {
        const isMeta = c >= gh.n && gh.groups[c - gh.n]!.kind === GROUP_META;
        const b = nodeBox(gh, c, rg.annotations.get(c), P, roboto);
        kinds.add(b.shapeKind);
        for (const a of b.annotations) glyphs.add(`${a.shapeKind}:${a.width}x${a.height}`);
        all.push(...problems(b, isMeta));
      }
    }
    expect(all.slice(0, 20)).toEqual([]);
    // The sweep saw the shapes and glyphs that matter.
    for (const k of [ShapeKind.ellipse, ShapeKind.rect, ShapeKind.seriesHorizontal]) expect(kinds).toContain(k);
    for (const g of ['1:4x4', '2:8x6', '1:10x4', '2:12x4', '4:14x4', '0:0x0']) expect(glyphs).toContain(g);
  });
});

describe('nodeBox left to right', () => {
  const h = hierarchyOf(sampleGraph());
  const model = new RenderModel(h);
  const box = (name: string) => boxOf(h, name, model, LR);

  it('hangs the annotation columns below the shape’s horizontal axis, where edges arrive and leave', () => {
    for (const name of ['sink', 'ctl', 'two', 'one']) {
      const b = box(name);
      const up = boxOf(h, name, model);
      const cy = b.shapeY + b.shapeH / 2;
      expect(b.annotations.length, name).toBeGreaterThan(0);
      // Same annotations, same columns, only lower.
      expect(b.annotations.map((a) => [a.side, a.index, a.label])).toEqual(up.annotations.map((a) => [a.side, a.index, a.label]));
      const top = Math.min(...b.annotations.map((a) => a.labelY - roboto.lineHeight(P.annotationLabelPx) / 2));
      expect(top, name).toBeCloseTo(cy + LR_AXIS_CLEARANCE, 9);
      expect(lrProblems(b, false), name).toEqual([]);
    }
    // Bottom to top, the columns are centred on that axis: a single annotation sits right on it.
    expect(axisProblems(boxOf(h, 'one', model), 'RIGHT')).toEqual(['one: the RIGHT axis crosses the glyph of k2', 'one: the RIGHT axis crosses the label of k2']);
  });

  it('points annotation edges at the shape’s centre, fanning out without crossing', () => {
    const b = box('sink');
    const ins = b.annotations.filter((a) => a.side === 0 && a.width > 0);
    expect(ins.length).toBe(5);
    // Lower glyphs meet the shape further in (towards its bottom): the edges are nested.
    for (let i = 1; i < ins.length; i++) {
      expect(ins[i]!.edge[2]).toBeGreaterThan(ins[i - 1]!.edge[2]);
      expect(ins[i]!.edge[3]).toBeGreaterThan(ins[i - 1]!.edge[3]);
    }
  });

  it('keeps the label above the shape, and the box as tight as the parts', () => {
    const b = box('one');
    const lh = roboto.lineHeight(P.opLabelPx);
    expect(b.labelY).toBeCloseTo(lh / 2, 9);
    expect(b.shapeY).toBeCloseTo(lh + P.labelGap, 9);
    const a = b.annotations[0]!;
    expect(b.height).toBeCloseTo(b.shapeY + P.opHeight / 2 + LR_AXIS_CLEARANCE + Math.max(a.height, roboto.lineHeight(P.annotationLabelPx)), 9);
    // Without annotations nothing changes.
    expect(box('scope/b')).toEqual(boxOf(h, 'scope/b', model));
  });

  it('keeps every box of the sample graph and of a generated training graph well formed', () => {
    const gh = buildHierarchy(buildSlimGraph(decodeColumnar(encodeGraphDef(generateTrainingGraph({ nodes: 3000, seed: 7 })))));
    const all: string[] = [];
    let annotated = 0;
    for (const [hh, m] of [
      [h, model],
      [gh, new RenderModel(gh)],
    ] as const) {
      for (const g of hh.groups) {
        const rg = m.group(hh.n + g.id);
        for (const c of [...rg.core, ...rg.inExtract, ...rg.outExtract, ...rg.library]) {
          const isMeta = c >= hh.n && hh.groups[c - hh.n]!.kind === GROUP_META;
          const b = nodeBox(hh, c, rg.annotations.get(c), LR, roboto);
          if (b.annotations.length) annotated++;
          all.push(...lrProblems(b, isMeta));
        }
      }
    }
    expect(all.slice(0, 20)).toEqual([]);
    expect(annotated).toBeGreaterThan(100);
  });
});
