/**
 * Step 2 of a group's layout: its frame — the label band at the top, the core below it, and the
 * auxiliary columns (in-extract, out-extract, library functions) to the right of the core, side
 * by side so that they never overlap (TensorBoard #3878) — and so the group's size.
 */
import { GROUP_SERIES, type NodeRef, type RenderGroup } from '@tbg/hierarchy';
import { NodeFlag } from '../geometry/types.js';
import { childInfo, type ChildInfo, type GroupLayoutContext } from './child-info.js';
import { displayName } from './display-name.js';
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
  /** Padding on every side, and the label band's height and font size. */
  pad: number;
  labelH: number;
  labelPx: number;
  /** The group's label, before truncation. */
  label: string;
  /** Top-left corner of the core. */
  coreX: number;
  coreY: number;
  /** In-extract, out-extract and library columns, in this order. */
  columns: [AuxColumnPlace, AuxColumnPlace, AuxColumnPlace];
  width: number;
  height: number;
}

/** The frame of group `rg` around a core of `coreW` × `coreH`. */
export function groupFrame(rg: RenderGroup, coreW: number, coreH: number, ctx: GroupLayoutContext): GroupFrame {
  const h = ctx.hierarchy;
  const p = ctx.params;
  const isRoot = rg.ref === h.n;
  const isSeries = h.groups[rg.ref - h.n]!.kind === GROUP_SERIES;
  const pad = isSeries ? p.seriesPadding : isRoot ? 0 : p.metaPadding;
  const labelH = isRoot ? 0 : isSeries ? p.seriesLabelHeight : p.metaLabelHeight;
  const labelPx = isSeries ? p.expandedSeriesLabelPx : p.expandedMetaLabelPx;
  const coreX = pad;
  const coreY = pad + labelH;
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
  const labelW = ctx.measurer.width(label, labelPx);
  const width = Math.max(contentRight + pad, labelW + 2 * (pad || p.metaPadding));
  const height = coreY + Math.max(coreH, inCol.height, outCol.height, libCol.height) + pad;
  return { pad, labelH, labelPx, label, coreX, coreY, columns: [inCol, outCol, libCol], width, height };
}

/** A column of children, stacked `extractYOffset` apart (its x is set by the frame). */
function column(rg: RenderGroup, refs: NodeRef[], flag: AuxColumn, ctx: GroupLayoutContext): AuxColumnPlace {
  const p = ctx.params;
  const items = refs.map((c) => childInfo(rg, c, ctx));
  const width = items.reduce((a, c) => Math.max(a, c.width), 0);
  const height = items.reduce((a, c) => a + c.height, 0) + p.extractYOffset * Math.max(0, items.length - 1);
  return { items, flag, x: 0, width, height };
}
