/**
 * The WebGL view of one laid-out graph: node shapes as a few meshes per spatial tile, drawn by
 * pixi.js on demand (after a camera, data or size change; never on a free-running ticker).
 * Tiles off screen are hidden before each frame. `destroy()` releases the GL context and every
 * buffer. Works on a DOM canvas or an OffscreenCanvas (in a worker, after
 * `DOMAdapter.set(WebWorkerAdapter)`).
 */
import { Application, Container, type Geometry as PixiGeometry, type Mesh, type Shader } from 'pixi.js';
import type { Geometry } from '@tbg/layout';
import { fitCamera, visibleWorld, type Camera, type Viewport } from '../scene/camera.js';
import { buildNodeIndex, type NodeIndex } from '../scene/spatial-index.js';
import { buildNodeQuads } from '../scene/node-quads.js';
import { buildTiles, visibleTiles, type TileGrid } from '../scene/tiles.js';
import type { NodePaint } from '../style/paint.js';
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

interface Scene {
  geometry: Geometry;
  index: NodeIndex;
  grid: TileGrid;
  /** Per tile, its meshes (one per nesting depth present in it). */
  tileMeshes: NodeMesh[][];
}

export class GraphRenderer {
  private readonly app = new Application();
  private readonly world = new Container();
  private readonly shader = createShapeShader();
  private scene: Scene | null = null;
  private viewport: Viewport;
  private cam: Camera = { x: 0, y: 0, scale: 1 };

  private constructor(viewport: Viewport) {
    this.viewport = viewport;
  }

  /** Creates the WebGL context (WebGPU is not used: it draws blank in headless Chromium here). */
  static async create(o: GraphRendererOptions): Promise<GraphRenderer> {
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
   * layered by nesting depth, then split by tile: a group is drawn under everything it holds,
   * whichever tile each part falls in.
   */
  setGeometry(g: Geometry, paint: NodePaint): void {
    this.clearScene();
    const index = buildNodeIndex(g);
    const grid = buildTiles(g.nodes.box, g.nodes.count, { x: 0, y: 0, width: g.width, height: g.height });
    const layers: Container[] = [];
    const tileMeshes: NodeMesh[][] = [];
    for (let t = 0; t < grid.cols * grid.rows; t++) {
      const meshes: NodeMesh[] = [];
      for (const [depth, items] of byDepth(grid.items.subarray(grid.start[t], grid.start[t + 1]), index.depth)) {
        const mesh = createNodeMesh(buildNodeQuads(g, items, paint), this.shader);
        layerAt(layers, depth, this.world).addChild(mesh);
        meshes.push(mesh);
      }
      tileMeshes.push(meshes);
    }
    this.scene = { geometry: g, index, grid, tileMeshes };
    this.setCamera(fitCamera({ x: 0, y: 0, width: g.width, height: g.height }, this.viewport));
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
    let tiles = 0;
    let shown = 0;
    if (s) {
      const visible = new Set(visibleTiles(s.grid, visibleWorld(this.cam, this.viewport)));
      s.tileMeshes.forEach((meshes, t) => {
        if (!meshes.length) return;
        tiles++;
        const on = visible.has(t);
        for (const m of meshes) m.visible = on;
        if (on) shown++;
      });
    }
    this.app.renderer.render(this.app.stage);
    return { tiles, visibleTiles: shown };
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
    this.app.destroy({ removeView: false }, { children: true, texture: true, textureSource: true });
  }
}

/** A tile's items grouped by nesting depth, shallowest first. */
function byDepth(items: Uint32Array, depth: Int32Array): Array<[number, Uint32Array]> {
  const groups = new Map<number, number[]>();
  for (const i of items) {
    const d = depth[i]!;
    let list = groups.get(d);
    if (!list) groups.set(d, (list = []));
    list.push(i);
  }
  return [...groups].sort((a, b) => a[0] - b[0]).map(([d, list]) => [d, Uint32Array.from(list)]);
}

/** The container of depth `d`, created (with every shallower one) on first use. */
function layerAt(layers: Container[], d: number, world: Container): Container {
  while (layers.length <= d) layers.push(world.addChild(new Container()));
  return layers[d]!;
}
