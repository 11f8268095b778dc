/**
 * Step 2 of a group's layout: its frame — the label band at the top, the core below it, and the
 * auxiliary columns (in-extract, out-extract, library functions) to the right of the core, side
 * by side so that they never overlap (TensorBoard #3878) — and so the group's size. Between the
 * border and the core there is room for the arrowheads of bridge edges: an inbound bridge ends
 * on a child of the first layer after a straight run as long as its arrowhead, an outbound one
 * on the border (arrow-end.ts); the padding grows for big arrowheads.
 */
import { GROUP_SERIES, type NodeRef, type RenderGroup } from '@tbg/hierarchy';
import { NodeFlag } from '../geometry/types.js';
import { childInfo, type ChildInfo, type GroupLayoutContext } from './child-info.js';
import { displayName } from './display-name.js';
import type { BridgeArrows } from './edge-style.js';
import type { AuxColumn } from './types.js';

/** An auxiliary column: its children top to bottom, where it starts (x) and its size. */
export interface AuxColumnPlace {
  items: ChildInfo[];
  flag: AuxColumn;
  x: number;
  width: number;
  height: number;
}

export interface GroupFrame {
  /** Padding (on the sides without bridges), and the label band's height and font size. */
  pad: number;
  labelH: number;
  labelPx: number;
  /** The group's label, before truncation; the centre line of the band; the label's margin from the sides. */
  label: string;
  labelY: number;
  labelMargin: number;
  /** Room inside the border in front of its out side (top, or right), for outbound bridges' runs. */
  outRoom: number;
  /** Top-left corner of the core. */
  coreX: number;
  coreY: number;
  /** In-extract, out-extract and library columns, in this order. */
  columns: [AuxColumnPlace, AuxColumnPlace, AuxColumnPlace];
  width: number;
  height: number;
}

/** The frame of group `rg` around a core of `coreW` × `coreH`, with room for its bridges' arrowheads. */
export function groupFrame(rg: RenderGroup, coreW: number, coreH: number, arrows: BridgeArrows, ctx: GroupLayoutContext): GroupFrame {
  const h = ctx.hierarchy;
  const p = ctx.params;
  const up = p.direction === 'UP';
  const isRoot = rg.ref === h.n;
  const isSeries = h.groups[rg.ref - h.n]!.kind === GROUP_SERIES;
  const pad = isSeries ? p.seriesPadding : isRoot ? 0 : p.metaPadding;
  const labelH = isRoot ? 0 : isSeries ? p.seriesLabelHeight : p.metaLabelHeight;
  const labelPx = isSeries ? p.expandedSeriesLabelPx : p.expandedMetaLabelPx;
  // Bottom to top: inbound bridges cross the bottom, outbound ones the top (with the label
  // band); left to right: the left and the right sides.
  const padIn = arrows.in > 0 ? Math.max(pad, arrows.in + ARROW_ROOM) : pad;
  const padOut = arrows.out > 0 ? Math.max(pad, arrows.out + ARROW_ROOM) : pad;
  const coreX = up ? pad : padIn;
  const coreY = up ? Math.max(pad + labelH, padOut) : pad + labelH;
  const inCol = column(rg, rg.inExtract, NodeFlag.inExtract, ctx);
  const outCol = column(rg, rg.outExtract, NodeFlag.outExtract, ctx);
  const libCol = column(rg, rg.library, NodeFlag.library, ctx);
  const hasAux = inCol.items.length + outCol.items.length > 0;
  const auxX = coreX + coreW + (coreW > 0 && (hasAux || libCol.items.length) ? 2 * p.extractXOffset : 0);
  inCol.x = auxX;
  outCol.x = inCol.x + inCol.width + (inCol.items.length && outCol.items.length ? p.extractXOffset : 0);
  const auxW = hasAux ? Math.max(p.minAuxWidth, outCol.x + outCol.width - auxX) : 0;
  libCol.x = auxX + auxW + (auxW > 0 && libCol.items.length ? 2 * p.extractXOffset : 0);
  const contentRight = libCol.items.length ? libCol.x + libCol.width : hasAux ? auxX + auxW : coreX + coreW;
  const label = isRoot ? '' : displayName(h.groups[rg.ref - h.n]!.name);
  const labelMargin = pad || p.metaPadding;
  const labelW = ctx.measurer.width(label, labelPx);
  const width = Math.max(contentRight + (up ? pad : padOut), labelW + 2 * labelMargin);
  const height = coreY + Math.max(coreH, inCol.height, outCol.height, libCol.height) + (up ? padIn : pad);
  const outRoom = up ? coreY : padOut;
  return { pad, labelH, labelPx, label, labelY: pad + labelH / 2, labelMargin, outRoom, coreX, coreY, columns: [inCol, outCol, libCol], width, height };
}

/** The frame made `width` wide, its content moved right by `shift` (so that the group's title fits beside its edges). */
export function widenFrame(frame: GroupFrame, width: number, shift: number): GroupFrame {
  const columns = frame.columns.map((c) => ({ ...c, x: c.x + shift })) as GroupFrame['columns'];
  return { ...frame, coreX: frame.coreX + shift, columns, width };
}

/** Room beyond an arrowhead's length between the border and the core: the run from the border then has a bend before it. */
const ARROW_ROOM = 2;

/** A column of children, stacked `extractYOffset` apart (its x is set by the frame). */
function column(rg: RenderGroup, refs: NodeRef[], flag: AuxColumn, ctx: GroupLayoutContext): AuxColumnPlace {
  const p = ctx.params;
  const items = refs.map((c) => childInfo(rg, c, ctx));
  const width = items.reduce((a, c) => Math.max(a, c.width), 0);
  const height = items.reduce((a, c) => a + c.height, 0) + p.extractYOffset * Math.max(0, items.length - 1);
  return { items, flag, x: 0, width, height };
}
