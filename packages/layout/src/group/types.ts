/**
 * Per-group layout results, in the group's own coordinates (origin at its top-left corner).
 * A GroupLayout places the group's direct children only; the view is composed from the
 * layouts of every visible expanded group (compose.ts).
 */
import type { NodeRef } from '@tbg/hierarchy';
import type { PortSide } from '../elk/task.js';
import type { AnnotationSide, EdgeFlags, LabelAlign, NodeFlag, ShapeKind } from '../geometry/types.js';

/** An annotation glyph and its label, relative to the host's box. */
export interface AnnotationBox {
  side: AnnotationSide;
  /** Index into the host's `in` or `out` annotation list of the render model. */
  index: number;
  x: number;
  y: number;
  width: number;
  height: number;
  shapeKind: ShapeKind;
  label: string;
  labelX: number;
  labelY: number;
  /** Short edge between glyph and host shape: x1, y1, x2, y2 (direction of data flow). */
  edge: [number, number, number, number];
}

/** A collapsed node's box: shape, label and annotation areas. */
export interface NodeBox {
  width: number;
  height: number;
  shapeX: number;
  shapeY: number;
  shapeW: number;
  shapeH: number;
  shapeKind: ShapeKind;
  radius: number;
  label: string;
  labelX: number;
  labelY: number;
  labelPx: number;
  labelAlign: LabelAlign;
  annotations: AnnotationBox[];
}

/** A point where edges cross a group's border, relative to the group's top-left corner. */
export interface BorderPort {
  x: number;
  y: number;
  side: PortSide;
}

/** The auxiliary columns of a group (in-extract, out-extract, library functions), as their geometry flags; 0 for none. */
export type AuxColumn = 0 | (typeof NodeFlag)['inExtract' | 'outExtract' | 'library'];

export interface PlacedChild {
  ref: NodeRef;
  /** Top-left corner in the group's coordinates. */
  x: number;
  y: number;
  /** The child's own layout when it is expanded, else its collapsed box. */
  expanded: GroupLayout | null;
  box: NodeBox | null;
  /** The auxiliary column it sits in, as its geometry flag, or 0 for the core. */
  aux: AuxColumn;
  /** Section (index into `sections`) it sits in, −1 for none. */
  section: number;
}

export interface PlacedEdge {
  /** Child indices of the endpoints; −1 for the group's own border (bridge edges). */
  v: number;
  w: number;
  /** Hierarchy metaedge, −1 for bridge edges. */
  metaedge: number;
  flags: EdgeFlags;
  width: number;
  arrow: number;
  label: string;
  /** Polyline, x, y pairs, in the group's coordinates. */
  points: number[];
}

export interface PlacedSection {
  x: number;
  y: number;
  width: number;
  height: number;
  parent: number;
}

export interface GroupLayout {
  ref: NodeRef;
  width: number;
  height: number;
  /** The group's label (top band) as drawn. */
  label: string;
  labelX: number;
  labelY: number;
  labelPx: number;
  /** Ports of the group's bridges, keyed by `portKey(other, inbound)`, plus the default in and out ports. */
  ports: Map<string, BorderPort>;
  children: PlacedChild[];
  edges: PlacedEdge[];
  sections: PlacedSection[];
  /** The largest ELK call made for this group (nodes) and the time ELK took in it, and how many calls. */
  maxElkNodes: number;
  maxElkMs: number;
  elkCalls: number;
}

/** Key of the port where the edges between a group and one outside node cross its border. */
export function portKey(other: NodeRef, inbound: boolean): string {
  return `${inbound ? 'i' : 'o'}${other}`;
}

export const DEFAULT_IN_PORT = 'in';
export const DEFAULT_OUT_PORT = 'out';
