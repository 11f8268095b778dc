/**
 * Decorations: app data computed in the view worker after each layout (e.g. per-node paint from
 * the hierarchy — structure or device colours — that the client would otherwise have to rebuild
 * the hierarchy for), sent with the geometry and its buffers transferred.
 */
import { computeTemplates, type Hierarchy, type RenderModel, type Templates } from '@tbg/hierarchy';
import type { Geometry } from '../geometry/types.js';

/** What `decorate` may read: the open graph's hierarchy, its render model as just laid out, and its structural templates. */
export interface ViewDecorationContext {
  hierarchy: Hierarchy;
  model: RenderModel;
  /** `computeTemplates(hierarchy)`: computed on the first call, then kept for the graph. */
  templates(): Templates;
}

/** A decoration: the value sent with the layout, and the buffers in it to transfer (not copy). */
export interface ViewDecoration<D> {
  value: D;
  transfer: ArrayBuffer[];
}

/** Called after each layout with the geometry about to be sent. */
export type ViewDecorate<D> = (ctx: ViewDecorationContext, geometry: Geometry) => ViewDecoration<D>;

/** The context of one open graph: templates are computed once, on first use. */
export function decorationContext(hierarchy: Hierarchy, model: RenderModel): ViewDecorationContext {
  let templates: Templates | null = null;
  return { hierarchy, model, templates: () => (templates ??= computeTemplates(hierarchy)) };
}
