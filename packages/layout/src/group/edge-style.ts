/**
 * How an edge looks (tensorboard-graph.md §9.5): width from the tensor size on TensorBoard's
 * power scale (always — a graph without shapes gets thin edges, not widths from edge counts),
 * arrowhead bucket, dashed when control-only, reference colour, and the shape label.
 */
import { slotDims, type BridgeEdge, type Hierarchy } from '@tbg/hierarchy';
import { EdgeFlag, type EdgeFlags } from '../geometry/types.js';
import { arrowSize, edgeWidth } from '../params.js';
import type { DrawnEdge } from './core-graph.js';

export interface EdgeStyle {
  flags: EdgeFlags;
  width: number;
  arrow: number;
  label: string;
}

/** `?×784`, `scalar`, `N tensors`, or '' when the shape is unknown. */
function shapeLabel(h: Hierarchy, baseEdges: ArrayLike<number>): string {
  if (baseEdges.length > 1) return `${baseEdges.length} tensors`;
  if (!baseEdges.length) return '';
  const g = h.graph;
  const e = baseEdges[0]!;
  const dims = slotDims(g, g.edgeV[e]!, g.edgeSlot[e]!);
  if (!dims) return '';
  if (!dims.length) return 'scalar';
  return dims.map((d) => (d === -1 ? '?' : String(d))).join('×');
}

function style(numRegular: number, numRef: number, totalSize: number, label: string, extra: EdgeFlags): EdgeStyle {
  const width = edgeWidth(totalSize);
  return { flags: (numRegular === 0 ? EdgeFlag.controlOnly : 0) | (numRef > 0 ? EdgeFlag.hasRef : 0) | extra, width, arrow: arrowSize(width), label };
}

export function metaedgeStyle(h: Hierarchy, m: number): EdgeStyle {
  const me = h.metaedges;
  const base = me.baseList.subarray(me.baseStart[m], me.baseStart[m + 1]);
  return style(me.numRegular[m]!, me.numRef[m]!, me.totalSize[m]!, shapeLabel(h, base), 0);
}

/** Style of all drawn bridge edges of one port that go to one child, merged. */
export function bridgeStyle(h: Hierarchy, bridges: readonly BridgeEdge[]): EdgeStyle {
  let numRegular = 0;
  let numRef = 0;
  let size = 0;
  const base: number[] = [];
  for (const b of bridges) {
    numRegular += b.numRegular;
    numRef += b.numRef;
    size += b.totalSize;
    for (const e of b.baseEdges) base.push(e);
  }
  return style(numRegular, numRef, size, shapeLabel(h, base), EdgeFlag.bridge);
}

/** The style of each edge of a group's core graph, by what it draws. */
export function edgeStyles(h: Hierarchy, drawn: readonly DrawnEdge[]): EdgeStyle[] {
  return drawn.map((d) => (d.bridges ? bridgeStyle(h, d.bridges) : metaedgeStyle(h, d.metaedge)));
}

/** The largest arrowheads of a group's bridge edges, inbound and outbound (0 for none). */
export interface BridgeArrows {
  in: number;
  out: number;
}

/** The largest arrowheads of the drawn bridge edges among `drawn` (styled by `styles`). */
export function bridgeArrows(drawn: readonly DrawnEdge[], styles: readonly EdgeStyle[]): BridgeArrows {
  const r: BridgeArrows = { in: 0, out: 0 };
  drawn.forEach((d, k) => {
    if (!d.bridges?.length) return;
    const a = styles[k]!.arrow;
    if (d.bridges[0]!.inbound) r.in = Math.max(r.in, a);
    else r.out = Math.max(r.out, a);
  });
  return r;
}
