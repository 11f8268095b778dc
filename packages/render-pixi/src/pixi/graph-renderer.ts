/**
 * The WebGL view of one laid-out graph: node shapes as a few meshes per spatial tile, drawn by
 * pixi.js on demand (after a camera, data or size change; never on a free-running ticker).
 * Tiles off screen are hidden before each frame. `destroy()` releases the GL context and every
 * buffer. Works on a DOM canvas or an OffscreenCanvas (in a worker, after
 * `DOMAdapter.set(WebWorkerAdapter)`).
 */
import { Application, Container, type Geometry as PixiGeometry, type Mesh, type Shader, type Texture } from 'pixi.js';
import { roboto, type Geometry } from '@tbg/layout';
import { fitCamera, visibleWorld, type Camera, type Rect, type Viewport } from '../scene/camera.js';
import { buildNodeIndex, type NodeIndex } from '../scene/spatial-index.js';
import { buildEdgeStrokes, edgeBoxes } from '../scene/edge-strokes.js';
import { annotationLabels, buildAnnotationEdges, buildAnnotationQuads } from '../scene/annotations.js';
import { buildLabelGlyphs, nodeLabels, type LabelSpec } from '../scene/label-glyphs.js';
import { buildNodeQuads } from '../scene/node-quads.js';
import { buildTiles, visibleTiles, type TileGrid } from '../scene/tiles.js';
import type { NodePaint } from '../style/paint.js';
import { TB_COLORS } from '../style/palette.js';
import { GlyphAtlas } from '../text/glyph-atlas.js';
import { loadRoboto, ROBOTO_FAMILY } from '../text/load-roboto.js';
import { createEdgeMesh, createEdgeShader } from './edge-shader.js';
import { createAtlasTexture, createLabelMesh, createLabelShader } from './label-shader.js';
import { createNodeMesh } from './node-mesh.js';
import { createShapeShader } from './shape-shader.js';

export interface GraphRendererOptions {
  canvas: HTMLCanvasElement | OffscreenCanvas;
  width: number;
  height: number;
  /** Device pixels per CSS pixel. */
  resolution?: number;
  /** Background, 0xRRGGBB. */
  background?: number;
}

export interface FrameStats {
  tiles: number;
  visibleTiles: number;
}

type NodeMesh = Mesh<PixiGeometry, Shader>;

/** One tiling of a kind of primitive, with its meshes per tile (one per nesting depth). */
interface TiledLayer {
  grid: TileGrid;
  meshes: NodeMesh[][];
}

interface Scene {
  geometry: Geometry;
  index: NodeIndex;
  /** Node shapes first (their tiles are what FrameStats counts), then everything else. */
  layers: TiledLayer[];
}

export class GraphRenderer {
  private readonly app = new Application();
  private readonly world = new Container();
  private readonly shader = createShapeShader();
  private readonly edgeShader = createEdgeShader();
  private readonly atlas = new GlyphAtlas(ROBOTO_FAMILY);
  private readonly atlasTexture: Texture = createAtlasTexture(this.atlas);
  private readonly labelShader = createLabelShader(this.atlasTexture);
  private scene: Scene | null = null;
  private viewport: Viewport;
  private cam: Camera = { x: 0, y: 0, scale: 1 };

  private constructor(viewport: Viewport) {
    this.viewport = viewport;
  }

  /** Creates the WebGL context (WebGPU is not used: it draws blank in headless Chromium here). */
  static async create(o: GraphRendererOptions): Promise<GraphRenderer> {
    await loadRoboto();
    const r = new GraphRenderer({ width: o.width, height: o.height });
    await r.app.init({
      canvas: o.canvas,
      width: o.width,
      height: o.height,
      resolution: o.resolution ?? 1,
      background: o.background ?? 0xffffff,
      preference: 'webgl',
      antialias: false,
      autoStart: false,
      sharedTicker: false,
    });
    r.app.stage.addChild(r.world);
    // Hit testing is ours (spatial index), so pixi's event system has nothing to walk.
    r.app.stage.eventMode = 'none';
    r.app.stage.interactiveChildren = false;
    return r;
  }

  get camera(): Camera {
    return this.cam;
  }

  get index(): NodeIndex | null {
    return this.scene?.index ?? null;
  }

  /**
   * Shows a new layout (replacing the previous one's buffers), fitted to the view. Meshes are
   * layered by nesting depth, then split by tile: at each depth the shapes (nodes and their
   * annotation glyphs), then the edges drawn inside those groups, then the labels — so a group
   * lies under its edges and its edges under its children (TensorBoard draws edges below the
   * nodes of every scene).
   */
  setGeometry(g: Geometry, paint: NodePaint): void {
    this.clearScene();
    const index = buildNodeIndex(g);
    const extent = { x: 0, y: 0, width: g.width, height: g.height };
    const layers: Container[] = [];
    const depthOfNode = (i: number) => index.depth[i]!;
    const glyph = (ch: string) => this.atlas.glyph(ch);
    const text = (specs: LabelSpec[]) => createLabelMesh(buildLabelGlyphs(specs, glyph, this.atlas.size, roboto), this.labelShader);
    // Nodes, then the edges inside each group (an edge belongs to the depth of its owner).
    const nodeGrid = buildTiles(g.nodes.box, g.nodes.count, extent);
    const edgeGrid = buildTiles(edgeBoxes(g), g.edges.count, extent);
    const ownerDepth = (e: number) => (g.edges.owner[e]! < 0 ? 0 : index.depth[g.edges.owner[e]!]!);
    // Annotations sit at their host's depth.
    const annGrid = buildTiles(g.annotations.box, g.annotations.count, extent);
    const hostDepth = (a: number) => index.depth[g.annotations.host[a]!]!;
    const scene: TiledLayer[] = [
      this.tiled(nodeGrid, layers, depthOfNode, 0, (items) => createNodeMesh(buildNodeQuads(g, items, paint), this.shader)),
      this.tiled(edgeGrid, layers, ownerDepth, 1, (items) => createEdgeMesh(buildEdgeStrokes(g, items), this.edgeShader)),
      this.tiled(nodeGrid, layers, depthOfNode, 2, (items) => text(nodeLabels(g, items, TB_COLORS.label))),
      this.tiled(annGrid, layers, hostDepth, 0, (items) => createNodeMesh(buildAnnotationQuads(g, items), this.shader)),
      this.tiled(annGrid, layers, hostDepth, 1, (items) => createEdgeMesh(buildAnnotationEdges(g, items), this.edgeShader)),
      this.tiled(annGrid, layers, hostDepth, 2, (items) => text(annotationLabels(g, items))),
    ];
    this.atlasTexture.source.update();
    this.scene = { geometry: g, index, layers: scene };
    this.setCamera(fitCamera(extent, this.viewport));
  }

  /** Meshes for every tile of `grid`, one per depth, each added to slot `slot` of its depth's layer. */
  private tiled(grid: TileGrid, layers: Container[], depthOf: (i: number) => number, slot: 0 | 1 | 2, make: (items: Uint32Array) => NodeMesh): TiledLayer {
    const meshes: NodeMesh[][] = [];
    for (let t = 0; t < grid.cols * grid.rows; t++) {
      const tile: NodeMesh[] = [];
      for (const [depth, items] of byDepth(grid.items.subarray(grid.start[t], grid.start[t + 1]), depthOf)) {
        const mesh = make(items);
        // Items may draw nothing of this kind (no label, an ellipsis annotation): no empty mesh.
        if (mesh.geometry.indexBuffer.data.length === 0) {
          mesh.destroy();
          continue;
        }
        layerAt(layers, depth, this.world).getChildAt<Container>(slot).addChild(mesh);
        tile.push(mesh);
      }
      meshes.push(tile);
    }
    return { grid, meshes };
  }

  setCamera(c: Camera): void {
    this.cam = c;
    this.world.position.set(c.x, c.y);
    this.world.scale.set(c.scale);
  }

  resize(width: number, height: number): void {
    this.viewport = { width, height };
    this.app.renderer.resize(width, height);
  }

  /** Culls tiles to the view and draws one frame. */
  render(): FrameStats {
    const s = this.scene;
    const stats: FrameStats = { tiles: 0, visibleTiles: 0 };
    if (s) {
      const view = visibleWorld(this.cam, this.viewport);
      s.layers.forEach((layer, k) => cull(layer, view, k === 0 ? stats : { tiles: 0, visibleTiles: 0 }));
    }
    this.app.renderer.render(this.app.stage);
    return stats;
  }

  private clearScene(): void {
    if (!this.scene) return;
    for (const layer of this.world.removeChildren()) layer.destroy({ children: true });
    this.scene = null;
  }

  /** Releases every GPU resource and the context itself. */
  destroy(): void {
    this.clearScene();
    this.shader.destroy();
    this.edgeShader.destroy();
    this.labelShader.destroy();
    this.atlasTexture.destroy(true);
    // releaseGlobalResources: pixi's pooled batches would otherwise outlive the app.
    this.app.destroy({ removeView: false, releaseGlobalResources: true }, { children: true, texture: true, textureSource: true });
  }
}

/** Shows the tiles of `layer` that meet `view`, hides the rest; counts node tiles in `stats`. */
function cull(layer: TiledLayer, view: Rect, stats: FrameStats): void {
  const visible = new Set(visibleTiles(layer.grid, view));
  layer.meshes.forEach((meshes, t) => {
    if (!meshes.length) return;
    stats.tiles++;
    const on = visible.has(t);
    for (const m of meshes) m.visible = on;
    if (on) stats.visibleTiles++;
  });
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

/** The layer of depth `d` (node shapes in slot 0, edges in slot 1, labels in slot 2), created with every shallower one. */
function layerAt(layers: Container[], d: number, world: Container): Container {
  while (layers.length <= d) {
    const layer = world.addChild(new Container());
    layer.addChild(new Container(), new Container(), new Container());
    layers.push(layer);
  }
  return layers[d]!;
}
