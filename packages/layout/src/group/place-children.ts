/**
 * Step 3 of a group's layout: where its children sit — the core where ELK put it, moved into
 * the frame, and each auxiliary column stacked down from the core's top.
 */
import type { LgLayout } from '../compound/layout-graph.js';
import type { CoreGraph } from './core-graph.js';
import type { GroupFrame } from './group-frame.js';
import type { PlacedChild } from './types.js';

/** Every child's place: the core children first (in core order), then each auxiliary column's. */
export function placeChildren(cg: CoreGraph, lg: LgLayout, frame: GroupFrame, extractYOffset: number): PlacedChild[] {
  const { core } = cg;
  const { coreX, coreY } = frame;
  const children: PlacedChild[] = [];
  const sectionOfCore = new Int32Array(core.length).fill(-1);
  lg.sections.forEach((s, k) => s.members.forEach((m) => (sectionOfCore[m] = k)));
  core.forEach((c, i) => {
    children.push({ ref: c.ref, x: coreX + lg.nodeXY[2 * i]!, y: coreY + lg.nodeXY[2 * i + 1]!, expanded: c.layout, box: c.box, aux: 0, section: sectionOfCore[i]! });
  });
  for (const col of frame.columns) {
    let y = coreY;
    for (const c of col.items) {
      children.push({ ref: c.ref, x: col.x, y, expanded: c.layout, box: c.box, aux: col.flag, section: -1 });
      y += c.height + extractYOffset;
    }
  }
  return children;
}
