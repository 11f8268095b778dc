/**
 * What one frame draws, decided before it is drawn: the tiles off screen are hidden (culling);
 * meshes and depth slots with nothing drawn at this zoom (inside aggregates, text too small to
 * read) are hidden whole, and so are the annotation layers and buttons when nodes are plain boxes,
 * and the edges of each tile are drawn from the copy simplified for the zoom (levels of detail).
 * The rest of the LOD work
 * is per vertex, in the shaders.
 */
import type { Rect } from '../scene/camera.js';
import { PLAIN_BELOW_SCALE, shownAtScale } from '../scene/lod.js';
import { visibleTiles } from '../scene/tiles.js';
import type { LayerName, SceneMeshes, TiledLayer } from './scene-builder.js';

export interface FrameStats {
  /** Node tiles that hold something, and those drawn this frame. */
  tiles: number;
  visibleTiles: number;
  /** Meshes drawn (draw calls of the scene, minimap aside). */
  meshes: number;
  /** Shown from the view cache's picture (view-cache.ts): then `meshes` is what was drawn into it this frame, 0 when nothing was. */
  cached?: boolean;
}

export interface Detail {
  /** Levels of detail (plain boxes, aggregates, hidden small text). */
  lod: boolean;
  /** Hide tiles off screen. */
  cull: boolean;
  /** Show pans and zooms from a cached picture of the view (view-cache.ts). */
  cache?: boolean;
  /** How that picture is sampled while it is shown enlarged during a zoom (default 'auto'; see MotionSampling). */
  motionSampling?: MotionSampling;
}

/**
 * 'linear': filtered, as when the camera rests; 'nearest': each screen pixel takes the picture's
 * nearest pixel, a third cheaper on a software GPU and a little blockier, for frames that last
 * only as long as the zoom; 'auto': nearest on a software GPU (software-gpu.ts), else linear.
 * A picture shown smaller is always filtered: nearest would drop its thin lines.
 */
export type MotionSampling = 'auto' | 'linear' | 'nearest';

/** Annotation layers and expand buttons vanish when nodes are plain boxes (the shaders hide them; this saves the draw). */
const PLAIN_HIDDEN_LAYERS = new Set<LayerName>(['annotations', 'annotationEdges', 'annotationLabels', 'buttons']);

const NONE: ReadonlySet<LayerName> = new Set();

/** Sets every mesh's and slot's visibility for a frame showing `view` at `scale`; layers in `off` are hidden (an animation stands in for them). */
export function applyVisibility(scene: SceneMeshes, view: Rect, scale: number, detail: Detail, off: ReadonlySet<LayerName> = NONE): FrameStats {
  const stats: FrameStats = { tiles: 0, visibleTiles: 0, meshes: 0 };
  const plain = detail.lod && scale < PLAIN_BELOW_SCALE;
  for (const layer of scene.layers) {
    const hidden = off.has(layer.name) || (plain && PLAIN_HIDDEN_LAYERS.has(layer.name));
    cullLayer(layer, detail.cull ? view : null, hidden, detail.lod ? scale : Infinity, layer.name === 'nodes' ? stats : null);
  }
  for (const depth of scene.slots) {
    for (const slot of depth) {
      slot.container.visible = !detail.lod || scale >= slot.hideBelow;
      if (slot.container.visible) for (const m of slot.container.children) if (m.visible) stats.meshes++;
    }
  }
  return stats;
}

/**
 * Shows the meshes of `layer` in tiles that meet `view` (all tiles when null) and drawn at
 * `scale` (Infinity: all), none when `off`; counts node tiles in `stats`.
 */
function cullLayer(layer: TiledLayer, view: Rect | null, off: boolean, scale: number, stats: FrameStats | null): void {
  const visible = view ? new Set(visibleTiles(layer.grid, view)) : null;
  layer.meshes.forEach((meshes, t) => {
    if (!meshes.length) return;
    const on = !off && (!visible || visible.has(t));
    const from = layer.showFrom[t]!;
    const finer = layer.finerFrom[t]!;
    meshes.forEach((m, k) => (m.visible = on && shownAtScale(scale, from[k]!, finer[k]!)));
    if (stats) {
      stats.tiles++;
      if (on) stats.visibleTiles++;
    }
  });
}

/** Hides every mesh of the layers not in `keep`, for a pass that draws only some kinds (the minimap). */
export function keepOnly(scene: SceneMeshes, keep: ReadonlySet<LayerName>): void {
  for (const layer of scene.layers) if (!keep.has(layer.name)) for (const tile of layer.meshes) for (const m of tile) m.visible = false;
}
