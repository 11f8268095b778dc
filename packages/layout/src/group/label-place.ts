/**
 * Step 6 of a group's layout: where its title goes. The title sits in the label band at the top
 * (tensorboard-graph.md §9.4), centred — but bottom to top, outbound bridge edges run up through
 * that band to the border, and the title must never be drawn across an edge. So the edges as
 * they are drawn (stroke and arrowhead) block spans of the band, and the title goes into the
 * free span nearest the centre; when no span is wide enough, the group grows on the side where
 * it has to grow less, and the title goes beyond every edge there.
 */
import { edgeDrawing } from '../geometry/curves.js';
import type { TextMeasurer } from '../text/measurer.js';
import type { GroupFrame } from './group-frame.js';
import type { PlacedEdge } from './types.js';

/**
 * The title as drawn: its (truncated) text and centre; and when it needs room, the group's new
 * width and how far its content moves right (the group grows on the left).
 */
export interface LabelPlace {
  text: string;
  x: number;
  width: number;
  shift: number;
}

/** Space kept between the title's box and any edge's ink, in px. */
export const LABEL_CLEARANCE = 1;

export function placeLabel(frame: GroupFrame, edges: readonly PlacedEdge[], measurer: TextMeasurer, edgeLabelPx: number): LabelPlace {
  const { width, labelMargin, labelPx } = frame;
  const text = measurer.truncate(frame.label, labelPx, Math.max(0, width - 2 * labelMargin));
  const centre = width / 2;
  if (!text) return { text, x: centre, width, shift: 0 };
  const w = measurer.width(text, labelPx);
  const h = measurer.lineHeight(labelPx);
  const blocked = blockedSpans(edges, frame.labelY - h / 2 - LABEL_CLEARANCE, frame.labelY + h / 2 + LABEL_CLEARANCE, measurer.lineHeight(edgeLabelPx));
  // The free spans between the blocked ones, within the margins: the one whose best place is
  // nearest the centre.
  let best: number | null = null;
  let from = labelMargin;
  for (const [a, b] of [...blocked, [width - labelMargin, Infinity] as const]) {
    const to = Math.min(a, width - labelMargin);
    if (to - from >= w) {
      const left = Math.min(Math.max(centre - w / 2, from), to - w);
      if (best === null || Math.abs(left + w / 2 - centre) < Math.abs(best - centre)) best = left + w / 2;
    }
    from = Math.max(from, b);
  }
  if (best !== null) return { text, x: best, width, shift: 0 };
  // No room: beyond every edge, on the right or (the content moving right) on the left.
  const right = Math.max(labelMargin, ...blocked.map(([, b]) => b));
  const shift = Math.max(0, labelMargin + w - Math.min(...blocked.map(([a]) => a)));
  const grow = Math.max(0, right + w + labelMargin - width);
  if (shift < grow) return { text, x: labelMargin + w / 2, width: width + shift, shift };
  return { text, x: right + w / 2, width: width + grow, shift: 0 };
}

/**
 * The x spans, merged and sorted, where the ink of `edges` (stroke and arrowhead, with the
 * clearance, and on either side of the stroke the shape label drawn along it, `edgeLabelH` high)
 * meets the band between y0 and y1.
 */
function blockedSpans(edges: readonly PlacedEdge[], y0: number, y1: number, edgeLabelH: number): Array<[number, number]> {
  const spans: Array<[number, number]> = [];
  for (const e of edges) {
    const side = e.width / 2 + (e.label ? edgeLabelH : 0);
    // The drawn curve stays within the hull of the route; the arrowhead within `arrow` of it.
    const reach = Math.max(side, e.arrow) + LABEL_CLEARANCE;
    let lo = Infinity;
    let hi = -Infinity;
    for (let i = 1; i < e.points.length; i += 2) {
      lo = Math.min(lo, e.points[i]!);
      hi = Math.max(hi, e.points[i]!);
    }
    if (hi < y0 - reach || lo > y1 + reach) continue;
    const d = edgeDrawing(e.points, e.width, e.arrow);
    addSpans(d.line, false, side + LABEL_CLEARANCE, y0, y1, spans);
    addSpans(d.triangle, true, LABEL_CLEARANCE, y0, y1, spans);
  }
  spans.sort((a, b) => a[0] - b[0]);
  const merged: Array<[number, number]> = [];
  for (const s of spans) {
    const last = merged[merged.length - 1];
    if (last && s[0] <= last[1]) last[1] = Math.max(last[1], s[1]);
    else merged.push([s[0], s[1]]);
  }
  return merged;
}

/** The spans of the band [y0, y1] that the segments of polyline `pts` (a polygon when `closed`), `r` px thick on each side, cover. */
function addSpans(pts: readonly number[], closed: boolean, r: number, y0: number, y1: number, spans: Array<[number, number]>): void {
  const n = pts.length / 2;
  const top = y0 - r;
  const bottom = y1 + r;
  for (let i = 0; i < (closed ? n : n - 1); i++) {
    const j = (i + 1) % n;
    let [xa, ya, xb, yb] = [pts[2 * i]!, pts[2 * i + 1]!, pts[2 * j]!, pts[2 * j + 1]!];
    if (Math.max(ya, yb) < top || Math.min(ya, yb) > bottom) continue;
    // Clip the segment to the band (grown by r), then take its x extent, grown by r.
    if (ya !== yb) {
      const at = (y: number) => xa + ((xb - xa) * (y - ya)) / (yb - ya);
      const [ylo, yhi] = ya < yb ? [ya, yb] : [yb, ya];
      const xs = [Math.max(ylo, top), Math.min(yhi, bottom)].map(at);
      [xa, xb] = [xs[0]!, xs[1]!];
      [ya, yb] = [0, 0];
    }
    spans.push([Math.min(xa, xb) - r, Math.max(xa, xb) + r]);
  }
}
