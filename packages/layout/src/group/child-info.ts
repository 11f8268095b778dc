/** What the layout of a group knows about each of its children: an expanded child's layout or a collapsed child's box. */
import type { Hierarchy, NodeRef, RenderGroup } from '@tbg/hierarchy';
import type { CompoundContext } from '../compound/layout-compound.js';
import type { LayoutParams } from '../params.js';
import type { TextMeasurer } from '../text/measurer.js';
import { nodeBox } from './node-box.js';
import type { GroupLayout, NodeBox } from './types.js';

export interface GroupLayoutContext {
  hierarchy: Hierarchy;
  params: LayoutParams;
  measurer: TextMeasurer;
  compound: CompoundContext;
  /** The layout of an expanded child, already computed; null when the child is collapsed. */
  childLayout(ref: NodeRef): GroupLayout | null;
}

export interface ChildInfo {
  ref: NodeRef;
  layout: GroupLayout | null;
  box: NodeBox | null;
  width: number;
  height: number;
}

/** Child `c` of `rg`: its layout when it is expanded, else its collapsed box. */
export function childInfo(rg: RenderGroup, c: NodeRef, ctx: GroupLayoutContext): ChildInfo {
  const layout = ctx.childLayout(c);
  if (layout) return { ref: c, layout, box: null, width: layout.width, height: layout.height };
  const box = nodeBox(ctx.hierarchy, c, rg.annotations.get(c), ctx.params, ctx.measurer);
  return { ref: c, layout: null, box, width: box.width, height: box.height };
}
