/**
 * label-under-button: no node's label (its measured text, one line high, on its anchor) meets
 * its own expand button (the disc's bounding square). A collapsed metanode's label sits inside
 * its box, in the button's row when the box is low.
 */
import { EXPAND_BUTTON_RADIUS, expandButtonCentre, hasExpandButton } from '../geometry/expand-button.js';
import type { Geometry } from '../geometry/types.js';
import type { TextMeasurer } from '../text/measurer.js';
import type { Reporter } from './report.js';
import { labelBox, overlap, type Rect } from './shapes.js';

export function checkButtonLabels(g: Geometry, measurer: TextMeasurer, tol: number, r: Reporter): void {
  const n = g.nodes;
  for (let i = 0; i < n.count; i++) {
    const px = n.labelPx[i]!;
    if (!hasExpandButton(g, i) || !n.label[i] || px <= 0) continue;
    const [cx, cy] = expandButtonCentre(g, i);
    const button: Rect = [cx - EXPAND_BUTTON_RADIUS, cy - EXPAND_BUTTON_RADIUS, 2 * EXPAND_BUTTON_RADIUS, 2 * EXPAND_BUTTON_RADIUS];
    if (overlap(labelBox(g, i, measurer), button, tol)) r.report('label-under-button', `the label "${n.label[i]}" of ${r.name(i)} runs under its expand button`);
  }
}
