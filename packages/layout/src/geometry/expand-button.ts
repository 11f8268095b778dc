/**
 * TensorBoard's expand button (tensorboard-graph.md §9.2): a disc at the top-right of every
 * metanode and series. Its place is part of the geometry, so that layout keeps labels clear of
 * it and every renderer (and hit test) puts it in the same spot.
 */
import { NodeFlag, NodeKind, ShapeKind, type Geometry } from './types.js';

export const EXPAND_BUTTON_RADIUS = 3;
/** How far the button's centre sits in from the shape's top and right sides, in px. */
export const EXPAND_BUTTON_INSET = 6;

/** Metanodes and series have one; ops, sections and the root do not. */
export function hasExpandButton(g: Geometry, i: number): boolean {
  const kind = g.nodes.kind[i];
  if (kind !== NodeKind.meta && kind !== NodeKind.series) return false;
  return (g.nodes.flags[i]! & NodeFlag.root) === 0 && g.nodes.shapeKind[i] !== ShapeKind.none;
}

/** The button's centre: EXPAND_BUTTON_INSET in from the shape's top-right corner (a collapsed series' stamp: 10 right, 2 up more). */
export function expandButtonCentre(g: Geometry, i: number): [number, number] {
  const s = g.nodes.shape;
  let x = s[4 * i]! + s[4 * i + 2]! - EXPAND_BUTTON_INSET;
  let y = s[4 * i + 1]! + EXPAND_BUTTON_INSET;
  if (g.nodes.kind[i] === NodeKind.series && !(g.nodes.flags[i]! & NodeFlag.expanded)) {
    x += 10;
    y -= 2;
  }
  return [x, y];
}
