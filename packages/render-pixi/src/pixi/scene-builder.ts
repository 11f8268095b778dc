/**
 * Turns a geometry into the scene's meshes: layered by nesting depth (a group, then its edges,
 * then its labels and buttons, then its children), each layer split by spatial tile, each mesh
 * built straight from typed arrays. Also records, per mesh and per depth slot, the zoom below
 * which nothing in it is drawn (inside aggregates, or text too small to read), so such meshes
 * cost no draw call at all.
 */
import { Container, type Geometry as PixiGeometry, type Mesh, type Shader } from 'pixi.js';
import { roboto, type Geometry } from '@tbg/layout';
import type { Rect } from '../scene/camera.js';
import { ANNOTATION_LABEL_PX, annotationLabels, buildAnnotationEdges, buildAnnotationQuads } from '../scene/annotations.js';
import { EDGE_LABEL_PX, edgeLabels } from '../scene/edge-labels.js';
import { buildEdgeStrokeLevels, edgeBoxes } from '../scene/edge-strokes.js';
import { buildExpandButtonQuads } from '../scene/expand-buttons.js';
import { buildLabelGlyphs, nodeLabels, type LabelSpec } from '../scene/label-glyphs.js';
import { EDGE_LEVELS, levelRange, liveLevels, MIN_LABEL_SCREEN_PX, type EdgeLevel, type LodThresholds } from '../scene/lod.js';
import { buildNodeQuads } from '../scene/node-quads.js';
import type { NodeIndex } from '../scene/spatial-index.js';
import { buildTiles, type TileGrid } from '../scene/tiles.js';
import type { NodePaint } from '../style/paint.js';
import type { GlyphAtlas } from '../text/glyph-atlas.js';
import { createEdgeMesh } from './edge-shader.js';
import { createLabelMesh } from './label-shader.js';
import { createNodeMesh } from './shape-shader.js';

export type SceneMesh = Mesh<PixiGeometry, Shader>;

/** The kinds of primitive, each tiled on its own. */
export type LayerName = 'nodes' | 'edges' | 'labels' | 'buttons' | 'annotations' | 'annotationEdges' | 'annotationLabels' | 'edgeLabels';

/** Where a layer's meshes go in their depth's container: shapes, then edges, then text and buttons. */
export const SLOT: Record<LayerName, number> = { nodes: 0, annotations: 0, edges: 1, annotationEdges: 1, labels: 2, annotationLabels: 2, edgeLabels: 2, buttons: 2 };
export const SLOTS = 3;

/** One tiling of a kind of primitive, with its meshes per tile (one per nesting depth). */
export interface TiledLayer {
  name: LayerName;
  grid: TileGrid;
  meshes: SceneMesh[][];
  /** Per mesh: the camera scale from which anything in it is drawn (levels of detail). */
  showFrom: number[][];
  /** Per mesh: the camera scale from which a finer copy of it is drawn instead (Infinity: none). */
  finerFrom: number[][];
}

/** One slot of one depth's container, and the camera scale below which all it holds is hidden. */
export interface DepthSlot {
  container: Container;
  hideBelow: number;
}

export interface SceneMeshes {
  layers: TiledLayer[];
  /** Per depth, its SLOTS slots. */
  slots: DepthSlot[][];
}

export interface SceneShaders {
  shape: Shader;
  edge: Shader;
  label: Shader;
}

interface Source {
  grid: TileGrid;
  depthOf: (i: number) => number;
  /** The scale from which item i is drawn. */
  showFrom: (i: number) => number;
  /** Coarser copies that `make` returns after the fine mesh, finest first (lod.ts EDGE_LEVELS). */
  levels?: readonly EdgeLevel[];
}

/** From which scale a label of `px` on an item shown from `from` can be read (never, without text). */
const readableFrom = (from: number, px: number, text: string | undefined) => (text ? Math.max(from, MIN_LABEL_SCREEN_PX / px) : Infinity);

/** Builds every mesh of `g` under `world` (which must be empty). */
export function buildSceneMeshes(g: Geometry, paint: NodePaint, index: NodeIndex, lod: LodThresholds, atlas: GlyphAtlas, shaders: SceneShaders, world: Container): SceneMeshes {
  const extent: Rect = { x: 0, y: 0, width: g.width, height: g.height };
  const glyph = (ch: string) => atlas.glyph(ch);
  const text = (specs: LabelSpec[]) => createLabelMesh(buildLabelGlyphs(specs, glyph, atlas.size, roboto), shaders.label);
  const nodes: Source = { grid: buildTiles(g.nodes.box, g.nodes.count, extent), depthOf: (i) => index.depth[i]!, showFrom: (i) => lod.nodeHide[i]! };
  // An edge belongs to the depth of the group it is drawn in.
  const ownerDepth = (e: number) => (g.edges.owner[e]! < 0 ? 0 : index.depth[g.edges.owner[e]!]!);
  const edges: Source = { grid: buildTiles(edgeBoxes(g), g.edges.count, extent), depthOf: ownerDepth, showFrom: (e) => lod.edgeHide[e]!, levels: EDGE_LEVELS };
  // Annotations sit at their host's depth.
  const host = (a: number) => g.annotations.host[a]!;
  const anns: Source = { grid: buildTiles(g.annotations.box, g.annotations.count, extent), depthOf: (a) => index.depth[host(a)]!, showFrom: (a) => lod.nodeHide[host(a)]! };
  // Text is tiled like its owner but drawn only from the scale at which it can be read.
  const nodeText: Source = { ...nodes, showFrom: (i) => readableFrom(lod.nodeHide[i]!, g.nodes.labelPx[i]!, g.nodes.label[i]) };
  const edgeText: Source = { ...edges, levels: undefined, showFrom: (e) => readableFrom(lod.edgeHide[e]!, EDGE_LABEL_PX, g.edges.label[e]) };
  const annText: Source = { ...anns, showFrom: (a) => readableFrom(lod.nodeHide[host(a)]!, ANNOTATION_LABEL_PX, g.annotations.label[a]) };
  const out: SceneMeshes = { layers: [], slots: [] };
  const add = (name: LayerName, src: Source, make: (items: Uint32Array, shown: number) => SceneMesh | SceneMesh[]) => out.layers.push(tiled(name, src, make, out.slots, world));
  add('nodes', nodes, (items) => createNodeMesh(buildNodeQuads(g, items, paint, lod), shaders.shape));
  add('edges', edges, (items, shown) => buildEdgeStrokeLevels(g, items, lod, liveLevels(EDGE_LEVELS, shown)).map((s) => createEdgeMesh(s, shaders.edge)));
  add('labels', nodeText, (items) => text(nodeLabels(g, items, lod)));
  add('edgeLabels', edgeText, (items) => text(edgeLabels(g, items, lod)));
  add('annotations', anns, (items) => createNodeMesh(buildAnnotationQuads(g, items, lod), shaders.shape));
  add('annotationEdges', anns, (items) => createEdgeMesh(buildAnnotationEdges(g, items, lod), shaders.edge));
  add('annotationLabels', annText, (items) => text(annotationLabels(g, items, lod)));
  add('buttons', nodes, (items) => createNodeMesh(buildExpandButtonQuads(g, items, lod), shaders.shape));
  return out;
}

/**
 * Meshes for every tile of the source's grid, one per depth (or one per level of detail, when the
 * source has levels), each in its slot of its depth's container.
 */
function tiled(name: LayerName, src: Source, make: (items: Uint32Array, shown: number) => SceneMesh | SceneMesh[], slots: DepthSlot[][], world: Container): TiledLayer {
  const { grid } = src;
  const layer: TiledLayer = { name, grid, meshes: [], showFrom: [], finerFrom: [] };
  for (let t = 0; t < grid.cols * grid.rows; t++) {
    const [tile, from, finer]: [SceneMesh[], number[], number[]] = [[], [], []];
    for (const [depth, items] of byDepth(grid.items.subarray(grid.start[t], grid.start[t + 1]), src.depthOf)) {
      let shown = Infinity;
      for (const i of items) shown = Math.min(shown, src.showFrom(i));
      // Copies that could never be drawn (the items hide inside an aggregate first) are not made.
      const made = make(items, shown);
      (Array.isArray(made) ? made : [made]).forEach((mesh, level) => {
        // Items may draw nothing of this kind (no label, an ellipsis annotation): no empty mesh.
        if (mesh.geometry.indexBuffer.data.length === 0) {
          mesh.destroy();
          return;
        }
        const range = levelRange(src.levels, level);
        const slot = slotAt(slots, depth, SLOT[name], world);
        slot.container.addChild(mesh);
        slot.hideBelow = Math.min(slot.hideBelow, Math.max(shown, range.from));
        tile.push(mesh);
        from.push(Math.max(shown, range.from));
        finer.push(range.finerFrom);
      });
    }
    layer.meshes.push(tile);
    layer.showFrom.push(from);
    layer.finerFrom.push(finer);
  }
  return layer;
}

/** A tile's items grouped by nesting depth, shallowest first. */
function byDepth(items: Uint32Array, depthOf: (i: number) => number): Array<[number, Uint32Array]> {
  const groups = new Map<number, number[]>();
  for (const i of items) {
    const d = depthOf(i);
    let list = groups.get(d);
    if (!list) groups.set(d, (list = []));
    list.push(i);
  }
  return [...groups].sort((a, b) => a[0] - b[0]).map(([d, list]) => [d, Uint32Array.from(list)]);
}

/** Slot `s` of depth `d`, created with every shallower depth. */
function slotAt(slots: DepthSlot[][], d: number, s: number, world: Container): DepthSlot {
  while (slots.length <= d) {
    const layer = world.addChild(new Container());
    const row: DepthSlot[] = [];
    for (let k = 0; k < SLOTS; k++) row.push({ container: layer.addChild(new Container()), hideBelow: Infinity });
    slots.push(row);
  }
  return slots[d]![s]!;
}
