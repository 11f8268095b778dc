import { describe, expect, it } from 'vitest';
import { NodeFlag } from '../geometry/types.js';
import { roboto } from '../text/roboto.js';
import { anchorRoute, ANCHOR_DISTANCE } from './curve-anchors.js';
import type { GroupFrame } from './group-frame.js';
import { LABEL_CLEARANCE, placeLabel } from './label-place.js';
import type { PlacedEdge } from './types.js';

/** A 200 px wide frame titled `label` (9 px, centre line 20 px from the top). */
function frame(label: string, width = 200): GroupFrame {
  const empty = { items: [], x: 0, width: 0, height: 0 };
  return {
    pad: 10,
    labelH: 20,
    labelPx: 9,
    label,
    labelY: 20,
    labelMargin: 10,
    outRoom: 30,
    coreX: 10,
    coreY: 30,
    columns: [
      { ...empty, flag: NodeFlag.inExtract },
      { ...empty, flag: NodeFlag.outExtract },
      { ...empty, flag: NodeFlag.library },
    ],
    width,
    height: 100,
  };
}

/** An outbound bridge up through the label band to the top border at x. */
function bridge(x: number, width = 1, label = ''): PlacedEdge {
  return { v: 0, w: -1, metaedge: -1, flags: 0, width, arrow: 5, label, points: [x, 80, x, 20, x, 10, x, 0] };
}

describe('placeLabel', () => {
  const w = roboto.width('gradients', 9);

  it('centres the title when no edge crosses the band', () => {
    expect(placeLabel(frame('gradients'), [bridge(10), { ...bridge(150), points: [150, 90, 150, 40] }], roboto, 3.5)).toEqual({ text: 'gradients', x: 100, width: 200, shift: 0 });
  });

  it('moves it beside an edge through the band, to the free span nearest the centre', () => {
    // A 1 px bridge at x = 105: the title ends 1 px (the clearance) left of its stroke …
    const p = placeLabel(frame('gradients'), [bridge(105)], roboto, 3.5);
    expect(p.x + w / 2).toBeCloseTo(105 - 0.5 - LABEL_CLEARANCE, 9);
    expect([p.width, p.shift]).toEqual([200, 0]);
    // … or starts right of it, when that is nearer the centre; a wider stroke and its shape label keep it further.
    expect(placeLabel(frame('gradients'), [bridge(95)], roboto, 3.5).x - w / 2).toBeCloseTo(95 + 0.5 + LABEL_CLEARANCE, 9);
    const labelled = placeLabel(frame('gradients'), [bridge(95, 4, '?×784')], roboto, 3.5);
    expect(labelled.x - w / 2).toBeCloseTo(95 + 2 + roboto.lineHeight(3.5) + LABEL_CLEARANCE, 9);
  });

  it('widens the group on the side where it grows less when no span is wide enough', () => {
    // The group as wide as its title, a bridge near its left side: it grows on the right.
    const long = 'SoftmaxCrossEntropyWithLogits_grad';
    const lw = roboto.width(long, 9);
    const narrow = frame(long, lw + 20);
    const right = placeLabel(narrow, [bridge(40)], roboto, 3.5);
    expect(right.shift).toBe(0);
    expect(right.x - lw / 2).toBeCloseTo(40 + 0.5 + LABEL_CLEARANCE, 9);
    expect(right.width).toBeCloseTo(right.x + lw / 2 + 10, 9);
    // Near its right side: it grows on the left, its content moving right.
    const left = placeLabel(narrow, [bridge(lw - 10)], roboto, 3.5);
    expect(left.x).toBeCloseTo(10 + lw / 2, 9);
    expect(left.shift).toBeCloseTo(10 + lw - (lw - 10 - 0.5 - LABEL_CLEARANCE), 9);
    expect(left.width).toBeCloseTo(lw + 20 + left.shift, 9);
  });

  it('counts the arrowhead at the border, and the drawn curve', () => {
    // A 20 px arrowhead at the top border reaches down into the band to y = 20, where it is
    // 10 px either side of the stroke.
    const thick = { ...bridge(110), arrow: 20 };
    expect(placeLabel(frame('gradients'), [thick], roboto, 3.5).x + w / 2).toBeCloseTo(110 - 10 - LABEL_CLEARANCE, 9);
    // A route with a corner just below the band: its curve cuts into the band, and blocks it.
    const corner: PlacedEdge = { ...bridge(0), points: [20, 60, 20, 31, 150, 31, 150, 0] };
    const p = placeLabel(frame('gradients'), [corner], roboto, 3.5);
    expect(p.x + w / 2 <= 150 - 0.5 - LABEL_CLEARANCE + 1e-9 || p.x - w / 2 >= 150).toBe(true);
  });

  it('leaves an empty title where it is', () => {
    expect(placeLabel(frame(''), [bridge(100)], roboto, 3.5)).toEqual({ text: '', x: 100, width: 200, shift: 0 });
  });
});

describe('anchorRoute', () => {
  it('adds a point an anchor distance from each end of every long segment, and keeps short ones', () => {
    expect(anchorRoute([0, 0, 100, 0, 100, 20])).toEqual([0, 0, ANCHOR_DISTANCE, 0, 100 - ANCHOR_DISTANCE, 0, 100, 0, 100, 20]);
    expect(anchorRoute([0, 0, 0, 24])).toEqual([0, 0, 0, 24]);
    expect(anchorRoute([5, 5])).toEqual([5, 5]);
  });
});
