/**
 * The WebGL view of one laid-out graph: node shapes, edges, labels, annotations and expand
 * buttons as a few meshes per depth and spatial tile, drawn by pixi.js on demand (after a camera,
 * data, highlight or size change; never on a free-running ticker). Hit testing, selection and
 * hover, levels of detail and themes change uniforms and a state texture, never the meshes.
 * `destroy()` releases the GL context and every buffer. Works on a DOM canvas or an
 * OffscreenCanvas in a worker (call `useWorkerAdapter()` there first).
 */
import { Application, Container, type Texture } from 'pixi.js';
import { roboto, type Geometry } from '@tbg/layout';
import { fitCamera, LAYOUT_TRANSITION_MS, screenToWorld, visibleWorld, type Camera, type Rect, type Viewport } from '../scene/camera.js';
import { buildEdgeGraph, intersect, litBounds, writeHighlight, type EdgeGraph, type Highlight } from '../scene/highlight.js';
import { lodThresholds, PLAIN_BELOW_SCALE, type LodThresholds } from '../scene/lod.js';
import { DEFAULT_MINIMAP, insideRect, minimapLayout, minimapShown, minimapToWorld, type MinimapOptions } from '../scene/minimap-layout.js';
import { createPicker, type Picker, type PickResult } from '../scene/pick.js';
import { buildNodeIndex, type NodeIndex } from '../scene/spatial-index.js';
import type { NodePaint } from '../style/paint.js';
import { DEFAULT_THEME, mergeTheme, type Theme } from '../style/theme.js';
import { GlyphAtlas } from '../text/glyph-atlas.js';
import { loadRoboto, ROBOTO_FAMILY } from '../text/load-roboto.js';
import { createEdgeShader } from './edge-shader.js';
import { applyVisibility, type Detail, type FrameStats, type MotionSampling } from './frame-visibility.js';
import { uploadAtlasRows } from './atlas-upload.js';
import { createAtlasTexture, createLabelShader } from './label-shader.js';
import { Minimap } from './minimap.js';
import { ViewCache, type BandJob, type BuildStep } from './view-cache.js';
import { MAX_ANIMATED_NODES, TransitionPlayer } from './transition-player.js';
import { buildSceneMeshes, type LayerName, type SceneMeshes, type SceneShaders } from './scene-builder.js';
import { SceneStyle, ScenePass } from './scene-style.js';
import { warmUpScene } from './warm-up-geometry.js';
import { createShapeShader } from './shape-shader.js';

export type { FrameStats } from './frame-visibility.js';

export interface GraphRendererOptions {
  canvas: HTMLCanvasElement | OffscreenCanvas;
  width: number;
  height: number;
  /** Device pixels per CSS pixel. */
  resolution?: number;
  /** Background, 0xRRGGBB (the same as `theme.background`). */
  background?: number;
  theme?: Partial<Theme>;
  /** Levels of detail (default true): plain boxes, aggregates and hidden small text when zoomed out. */
  lod?: boolean;
  /** Hide tiles off screen (default true). */
  cull?: boolean;
  /**
   * Show the frames of a pan or zoom from a picture of the view and a margin around it, drawn
   * once (default false; see view-cache.ts): zooms show it scaled while the camera moves
   * (`setCamera(c, true)`) and draw sharp 120 ms after it rests.
   */
  cache?: boolean;
  /** How that picture is sampled while a zoom shows it enlarged (default 'auto': nearest on a software GPU). */
  motionSampling?: MotionSampling;
}

export interface SetGeometryOptions {
  /** 'fit': the whole graph in view; 'keep': the camera stays. Default: 'keep' with a transition, else 'fit'. */
  camera?: 'fit' | 'keep';
  /**
   * 'previous': animate from the geometry shown before (TensorBoard's expand/collapse): nodes
   * matched by `nodes.ref` move and grow from their old boxes, new ones unfold from their
   * ancestor and fade in; the last frame is exactly the new scene. Skipped above 20k nodes.
   */
  transitionFrom?: 'previous';
  /** Animation length (default LAYOUT_TRANSITION_MS, TensorBoard's 250 ms). */
  durationMs?: number;
}

/** A drawn frame, for the host's frame-time reports. */
export interface FrameInfo {
  stats: FrameStats;
  /** Main-thread (or worker) time spent issuing the frame, ms. */
  cpuMs: number;
  /** A frame of the expand/collapse animation (the last one, showing the final scene, is not). */
  animating: boolean;
}

interface Scene {
  geometry: Geometry;
  index: NodeIndex;
  lod: LodThresholds;
  edges: EdgeGraph;
  picker: Picker;
  meshes: SceneMeshes;
}

const now = () => performance.now();

/** After the camera rests this long, a picture shown scaled is built again, sharp. */
const SHARP_AFTER_MS = 120;
/**
 * After a selection, drawn directly with the camera still, a picture is built this much later
 * (clicking around builds none; a hover needs none: it is drawn over the picture,
 * `hoverOverPicture`).
 */
const PICTURE_AFTER_MS = 300;

const sameCamera = (a: Camera | null, b: Camera) => a !== null && a.x === b.x && a.y === b.y && a.scale === b.scale;

const graphExtent = (g: Geometry): Rect => ({ x: 0, y: 0, width: g.width, height: g.height });

/** While animating, the node shapes are the animation's. */
const ANIMATED_LAYERS: ReadonlySet<LayerName> = new Set(['nodes']);

export class GraphRenderer {
  private readonly app = new Application();
  private readonly world = new Container();
  private readonly style = new SceneStyle();
  private readonly atlas = new GlyphAtlas(ROBOTO_FAMILY);
  private readonly atlasTexture: Texture = createAtlasTexture(this.atlas);
  private readonly shaders: SceneShaders;
  private scene: Scene | null = null;
  private viewport: Viewport;
  private cam: Camera = { x: 0, y: 0, scale: 1 };
  private detail: Detail;
  private currentTheme: Theme;
  /** State slots currently non-zero. */
  private lit: number[] = [];
  private readonly frameListeners = new Set<(f: FrameInfo) => void>();
  private pendingFrame = 0;
  private minimap: Minimap | null = null;
  private minimapOptions: MinimapOptions = { ...DEFAULT_MINIMAP };
  /** Selection as last set, to redraw the minimap only when it changes. */
  private selectedKey = '';
  private readonly transition: TransitionPlayer;
  private viewCache: ViewCache | null = null;
  /** The camera of the last frame, and whether the last `setCamera` was part of a pan or zoom in progress. */
  private lastCam: Camera | null = null;
  private moving = false;
  private sharpTimer: ReturnType<typeof setTimeout> | undefined;
  /** The animation frame that draws the next band of the picture being built. */
  private pumpFrame = 0;
  /** The last frame showed the picture scaled (or off whole pixels): show the sharp one once built. */
  private shownInexact = false;
  /** The last frame showed the picture enlarged and sampled nearest (MotionSampling): `restTimer` filters it once the camera rests. */
  private shownBlocky = false;
  private restTimer: ReturnType<typeof setTimeout> | undefined;
  /** The picture is stale because of a selection only: draw the scene directly until PICTURE_AFTER_MS. */
  private staleByHover = false;
  /** This frame shows the picture with the hover drawn over it (ScenePass.hover). */
  private hoverPass = false;

  private constructor(o: GraphRendererOptions) {
    this.viewport = { width: o.width, height: o.height };
    this.detail = { lod: o.lod ?? true, cull: o.cull ?? true, cache: o.cache ?? false, motionSampling: o.motionSampling ?? 'auto' };
    this.currentTheme = mergeTheme(DEFAULT_THEME, { ...(o.background !== undefined ? { background: o.background } : {}), ...o.theme });
    this.shaders = { shape: createShapeShader(this.style), edge: createEdgeShader(this.style), label: createLabelShader(this.atlasTexture, this.style) };
    this.style.setTheme(this.currentTheme);
    this.style.set('uLod', this.detail.lod ? 1 : 0);
    this.transition = new TransitionPlayer(this.shaders.shape, this.style, () => this.draw());
  }

  /** Creates the WebGL context (WebGPU is not used: it draws blank in headless Chromium here). */
  static async create(o: GraphRendererOptions): Promise<GraphRenderer> {
    await loadRoboto();
    const r = new GraphRenderer(o);
    await r.app.init({
      canvas: o.canvas,
      width: o.width,
      height: o.height,
      resolution: o.resolution ?? 1,
      background: r.currentTheme.background,
      preference: 'webgl',
      antialias: false,
      autoStart: false,
      sharedTicker: false,
    });
    r.minimap = new Minimap(r.app.renderer, r.app.stage, r.world, r.style, r.shaders.shape);
    r.viewCache = new ViewCache(r.app.renderer);
    // The picture under the scene: a hover draws what it lights over it.
    r.app.stage.addChild(r.viewCache.layer, r.world, r.minimap.overlay);
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

  get geometry(): Geometry | null {
    return this.scene?.geometry ?? null;
  }

  get theme(): Readonly<Theme> {
    return this.currentTheme;
  }

  /**
   * Shows a new layout, replacing the previous one's buffers; fitted to the view unless `camera:
   * 'keep'`, animated from the previous one with `transitionFrom: 'previous'`. The highlight is
   * cleared (its indices belonged to the old geometry).
   */
  setGeometry(g: Geometry, paint: NodePaint, options: SetGeometryOptions = {}): void {
    const prev = this.scene?.geometry;
    this.transition.cancel();
    this.clearScene();
    const index = buildNodeIndex(g);
    const lod = lodThresholds(g);
    const meshes = buildSceneMeshes(g, paint, index, lod, this.atlas, this.shaders, this.world);
    uploadAtlasRows(this.app.renderer, this.atlasTexture.source, this.atlas);
    this.scene = { geometry: g, index, lod, edges: buildEdgeGraph(g), picker: createPicker(g, index, lod, roboto), meshes };
    this.style.resetStates(g.nodes.count + g.edges.count);
    this.lit = [];
    this.style.statesChanged(false);
    this.selectedKey = '';
    this.minimapDirty();
    const animate = options.transitionFrom === 'previous' && prev !== undefined;
    if ((options.camera ?? (animate ? 'keep' : 'fit')) === 'fit') this.setCamera(fitCamera(graphExtent(g), this.viewport));
    const durationMs = options.durationMs ?? LAYOUT_TRANSITION_MS;
    if (animate && durationMs > 0 && g.nodes.count <= MAX_ANIMATED_NODES) {
      this.transition.start({ prev, next: g, paint, lod, index, slots: meshes.slots, durationMs }, () => this.render());
    }
  }

  /** Moves the camera; `moving`: a step of a pan or zoom in progress (the view cache may show a scaled picture). */
  setCamera(c: Camera, moving = false): void {
    this.moving = moving;
    this.cam = c;
    this.world.position.set(c.x, c.y);
    this.world.scale.set(c.scale);
  }

  resize(width: number, height: number): void {
    this.stale(false);
    this.viewport = { width, height };
    this.app.renderer.resize(width, height);
  }

  /** Turns levels of detail and culling on or off (e.g. to compare frame times). */
  configure(detail: Partial<Detail>): void {
    this.detail = { ...this.detail, ...detail };
    // How a picture is sampled changes no picture.
    const keys = Object.keys(detail);
    if (keys.length > 0 && keys.every((k) => k === 'motionSampling')) return;
    this.stale(false);
    this.style.set('uLod', this.detail.lod ? 1 : 0);
    this.minimapDirty();
  }

  /**
   * What is drawn under screen point (sx, sy) (CSS px from the canvas' top-left): a node's
   * expand button, label or shape — the deepest node wins — or an annotation; null on empty space.
   */
  pick(sx: number, sy: number): PickResult | null {
    if (!this.scene) return null;
    // The minimap lies over the scene: the host handles points on it (`minimapToWorld`).
    const mini = this.minimapRect();
    if (mini && insideRect(mini, sx, sy)) return null;
    const [wx, wy] = screenToWorld(this.cam, sx, sy);
    return this.scene.picker.pick(wx, wy, this.cam.scale, this.detail.lod);
  }

  /**
   * Selected nodes get TensorBoard's selection outline; the hovered node (−1: none) and its
   * neighbourhood are emphasised and the rest fades. Rewrites a few state bytes; call `render()`.
   */
  setHighlight(h: Highlight): void {
    const s = this.scene;
    if (!s) return;
    this.lit = writeHighlight(s.geometry, s.edges, this.style.states, this.lit, h);
    this.style.statesChanged(h.hovered >= 0 && h.hovered < s.geometry.nodes.count);
    // The view cache's picture and the minimap show the selection; the hover is drawn over the picture.
    const key = h.selected.join();
    if (key !== this.selectedKey) {
      this.stale(true);
      this.minimapDirty();
    }
    this.selectedKey = key;
  }

  /** Replaces the given theme colours; call `render()`. No buffer is rebuilt. */
  setTheme(partial: Partial<Theme>): void {
    this.currentTheme = mergeTheme(this.currentTheme, partial);
    this.stale(false);
    this.style.setTheme(this.currentTheme);
    this.app.renderer.background.color = this.currentTheme.background;
    this.minimapDirty();
  }

  /**
   * Shows (or hides) the minimap in a corner of the canvas: the whole graph's shapes, a frame,
   * and the part in view as a box; hidden while 80 % of the graph is in view (`autoHide`).
   */
  setMinimap(o: Partial<MinimapOptions>): void {
    this.minimapOptions = { ...this.minimapOptions, ...o };
    this.minimapDirty();
  }

  /** The minimap's rectangle on screen (CSS px), or null while it is not shown. */
  minimapRect(): Rect | null {
    const s = this.scene;
    if (!s) return null;
    const graph = graphExtent(s.geometry);
    if (!minimapShown(graph, this.cam, this.viewport, this.minimapOptions)) return null;
    return minimapLayout(graph, this.viewport, this.minimapOptions).rect;
  }

  /** The world point under screen point (sx, sy) of the minimap (centre the camera there to drag its box), or null while it is not shown. */
  minimapToWorld(sx: number, sy: number): [number, number] | null {
    const s = this.scene;
    if (!s || !this.minimapRect()) return null;
    return minimapToWorld(minimapLayout(graphExtent(s.geometry), this.viewport, this.minimapOptions), sx, sy);
  }

  private minimapDirty(): void {
    if (this.minimap) this.minimap.dirty = true;
  }

  /** Whether the expand/collapse animation is running (it draws its own frames). */
  get animating(): boolean {
    return this.transition.active;
  }

  /** Calls `listener` after every drawn frame (animation frames included); returns the function that removes it. */
  onFrame(listener: (f: FrameInfo) => void): () => void {
    this.frameListeners.add(listener);
    return () => this.frameListeners.delete(listener);
  }

  /** Draws one frame at the next animation frame, however many times it is asked for before then. */
  requestRender(): void {
    if (this.pendingFrame) return;
    this.pendingFrame = requestAnimationFrame(() => {
      this.pendingFrame = 0;
      this.render();
    });
  }

  /** Culls tiles to the view, applies the levels of detail and draws one frame. */
  render(): FrameStats {
    return this.draw();
  }

  /**
   * Draws a tiny scene with every kind of shape, edge, label and annotation, then a blank frame,
   * before any geometry is set: shader programs compile and the glyph atlas uploads now (most of
   * a first frame's cost, 0.7 s on SwiftShader) rather than in the first real frame. Only the
   * blank frame can reach the screen. Returns the time it took, ms.
   */
  warmUp(): number {
    if (this.scene) return 0;
    const t0 = now();
    const { geometry, paint } = warmUpScene();
    const cam = this.cam;
    this.setGeometry(geometry, paint, { camera: 'fit' });
    this.drawScene();
    this.clearScene();
    this.setCamera(cam);
    this.app.renderer.render(this.app.stage);
    return now() - t0;
  }

  private draw(): FrameStats {
    const t0 = now();
    const stats = this.drawScene();
    const info: FrameInfo = { stats, cpuMs: now() - t0, animating: this.transition.active };
    for (const f of this.frameListeners) f(info);
    return stats;
  }

  private drawScene(): FrameStats {
    let stats: FrameStats = { tiles: 0, visibleTiles: 0, meshes: 0 };
    const s = this.scene;
    this.viewCache?.hide();
    this.world.visible = true;
    if (s) {
      // The minimap's texture pass first: it sets visibilities of its own.
      this.minimap?.prepare({ scene: s.meshes, graph: graphExtent(s.geometry), camera: this.cam, viewport: this.viewport, detail: this.detail, theme: this.currentTheme, frozen: this.transition.active }, this.minimapOptions);
      this.style.set('uPlain', this.cam.scale < PLAIN_BELOW_SCALE ? 1 : 0);
      stats = this.detail.cache && !this.transition.active && this.viewCache ? this.fromCache(s, this.viewCache) : this.visibleNow(s);
    }
    this.afterBlocky(stats.cached === true);
    if (this.hoverPass) this.style.set('uPass', ScenePass.hover);
    try {
      // The picture, opaque, covers the whole canvas whenever it is shown: clearing first would only cost.
      this.app.renderer.render({ container: this.app.stage, clear: stats.cached !== true });
    } finally {
      this.style.set('uPass', ScenePass.scene);
      this.hoverPass = false;
    }
    this.lastCam = { ...this.cam };
    return stats;
  }

  /** Sets the scene up to be drawn itself, culled to the view. */
  private visibleNow(s: Scene): FrameStats {
    return applyVisibility(s.meshes, visibleWorld(this.cam, this.viewport), this.cam.scale, this.detail, this.transition.active ? ANIMATED_LAYERS : undefined);
  }

  /**
   * Sets the frame up to show the view cache's picture. After a change with the camera still (a
   * layout, a theme, a size) the picture is drawn at once, in this frame, so that a pan that
   * follows finds it. Where none can stand for a camera that moves, the scene is drawn directly
   * and a picture built meanwhile, a band per animation frame (`pumpPicture`); after a selection
   * with the camera still, only once things have been still for PICTURE_AFTER_MS. A scaled picture
   * is built again, sharp, once the camera rests, and the next one before a pan or zoom that goes on
   * runs out of this one.
   */
  private fromCache(s: Scene, cache: ViewCache): FrameStats {
    let meshes = 0;
    if (!cache.serves(this.cam, this.viewport, this.moving)) {
      const still = !this.moving || sameCamera(this.lastCam, this.cam);
      // At once only after a change (which drops any picture being built): with one being built,
      // a frame with the camera still (a hover after a pan) is drawn directly while it goes on.
      if (!still || this.staleByHover || cache.building()) {
        this.planPicture(cache, still);
        this.shownInexact = false;
        return this.visibleNow(s);
      }
      cache.startBuild(this.cam, this.viewport, this.currentTheme.background, true);
      meshes = this.finishPicture(s, cache);
    }
    const hovering = this.style.get('uHovering') > 0.5;
    // In motion only while the camera moves: a hover with the camera still is drawn filtered.
    const inMotion = this.moving && !sameCamera(this.lastCam, this.cam);
    this.shownBlocky = cache.show(this.cam, hovering ? this.currentTheme.fade : 0, this.currentTheme.background, inMotion ? (this.detail.motionSampling ?? 'auto') : null);
    this.world.visible = false;
    // Only shown: nothing of the scene is drawn this frame (but a picture drawn at once, and what
    // a hover lights).
    if (hovering) meshes += this.hoverOverPicture(s);
    this.shownInexact = cache.inexactFor(this.cam);
    // The next picture is built while this one still serves, for a pan or zoom that goes on.
    if (!cache.building() && cache.runningOut(this.cam, this.viewport)) this.buildPicture(cache);
    else if (this.shownInexact && !cache.building(this.cam)) this.scheduleSharp(SHARP_AFTER_MS);
    return { tiles: 0, visibleTiles: 0, meshes, cached: true };
  }

  /**
   * A hover over the picture: the picture faded as the scene fades what is not lit, and only the lit
   * nodes, edges and labels drawn on top (with, for a lit expanded group, what lies inside it,
   * faded: HighlightBit.insideHovered), from the tiles around them. At 10k nodes in view a hover
   * then costs about a pan step instead of a whole scene. Returns the meshes drawn.
   */
  private hoverOverPicture(s: Scene): number {
    const around = litBounds(s.geometry, this.lit);
    const view = around && intersect(around, visibleWorld(this.cam, this.viewport));
    if (!view) return 0;
    const stats = applyVisibility(s.meshes, view, this.cam.scale, this.detail);
    this.world.visible = true;
    this.hoverPass = true;
    return stats.meshes;
  }

  /** Draws the picture being built (what is left of it) at once; returns the meshes drawn. */
  private finishPicture(s: Scene, cache: ViewCache): number {
    let meshes = 0;
    for (;;) {
      const r = cache.advance((job) => this.drawBand(s, job), true);
      meshes += r.drawn?.meshes ?? 0;
      if (r.step !== 'band') return meshes;
    }
  }

  /** No picture can stand for this view, drawn directly: when to build one. */
  private planPicture(cache: ViewCache, still: boolean): void {
    if (cache.building(this.cam)) return;
    if (this.staleByHover && still) {
      this.scheduleSharp(PICTURE_AFTER_MS);
      return;
    }
    // A picture being built at another camera during a pan or zoom may still serve once done.
    if (!cache.building()) this.buildPicture(cache);
  }

  private buildPicture(cache: ViewCache): void {
    clearTimeout(this.sharpTimer);
    cache.startBuild(this.cam, this.viewport, this.currentTheme.background);
    this.staleByHover = false;
    this.schedulePump();
  }

  private schedulePump(): void {
    if (this.pumpFrame) return;
    this.pumpFrame = requestAnimationFrame(() => {
      this.pumpFrame = 0;
      this.pumpPicture();
    });
  }

  private pumpPicture(): void {
    const step = this.advancePicture();
    if (step === 'band' || step === 'waiting') this.schedulePump();
  }

  /**
   * Draws the next band of the picture being built (the renderer calls this itself, once per
   * animation frame; `force`: without waiting for the GPU to finish the previous band, for
   * benchmarks and tests). Once the picture is whole it is shown, if the last frame showed a
   * scaled one, or built again, if the camera has moved out of its reach meanwhile.
   */
  advancePicture(force = false): BuildStep {
    const s = this.scene;
    const cache = this.viewCache;
    if (!s || !cache || this.transition.active) return 'idle';
    const step = cache.advance((job) => this.drawBand(s, job), force).step;
    if (step !== 'done') return step;
    if (!cache.serves(this.cam, this.viewport, this.moving)) this.buildPicture(cache);
    else if (this.shownInexact) this.requestRender();
    return step;
  }

  /**
   * A band of the picture being built: the scene in the band's world rectangle, at the picture's
   * camera, shifted by the margin and the band's offset, into the band of the texture; without
   * the hover (drawn over the picture) and the minimap. The frame's own settings are put back.
   */
  private drawBand(s: Scene, job: BandJob): FrameStats {
    const c = job.camera;
    const minimap = this.minimap?.overlay;
    const saved = { world: this.world.visible, layer: this.viewCache?.layer.visible ?? false, minimap: minimap?.visible ?? false, plain: this.style.get('uPlain') };
    this.world.visible = true;
    this.viewCache?.hide();
    if (minimap) minimap.visible = false;
    this.world.position.set(c.x + job.margin, c.y + job.margin - job.band.y);
    this.world.scale.set(c.scale);
    this.style.set('uPlain', c.scale < PLAIN_BELOW_SCALE ? 1 : 0);
    this.style.set('uPass', ScenePass.picture);
    try {
      const stats = applyVisibility(s.meshes, job.world, c.scale, this.detail);
      this.app.renderer.render({ container: this.app.stage, target: job.target, clear: job.clear, clearColor: job.clearColor });
      return stats;
    } finally {
      this.style.set('uPass', ScenePass.scene);
      this.style.set('uPlain', saved.plain);
      this.world.position.set(this.cam.x, this.cam.y);
      this.world.scale.set(this.cam.scale);
      this.world.visible = saved.world;
      if (this.viewCache) this.viewCache.layer.visible = saved.layer;
      if (minimap) minimap.visible = saved.minimap;
    }
  }

  /** The view cache's picture no longer shows the scene; `byHover`: only because of a hover (see PICTURE_AFTER_MS). */
  private stale(byHover: boolean): void {
    const wasValid = this.viewCache?.isValid() ?? false;
    this.viewCache?.invalidate();
    // A hover after another change leaves that change's "at once" standing.
    this.staleByHover = byHover && (wasValid || this.staleByHover);
  }

  /**
   * After a frame that showed the picture sampled nearest (MotionSampling), one frame at rest shows
   * it filtered, SHARP_AFTER_MS after the last step, whatever is being built meanwhile; a frame that
   * did not show the picture needs none.
   */
  private afterBlocky(fromPicture: boolean): void {
    if (!fromPicture) this.shownBlocky = false;
    clearTimeout(this.restTimer);
    if (!this.shownBlocky) return;
    this.restTimer = setTimeout(() => {
      // The same camera again: no longer in motion (fromCache), so filtered.
      if (this.shownBlocky && this.viewCache?.isValid()) this.requestRender();
    }, SHARP_AFTER_MS);
  }

  /** A picture built for the camera once nothing has changed for `ms` (no frame is drawn until it is whole). */
  private scheduleSharp(ms: number): void {
    clearTimeout(this.sharpTimer);
    this.sharpTimer = setTimeout(() => {
      const cache = this.viewCache;
      if (cache && this.scene && this.detail.cache && !this.transition.active && !cache.building(this.cam)) this.buildPicture(cache);
    }, ms);
  }

  private clearScene(): void {
    this.stale(false);
    if (!this.scene) return;
    for (const layer of this.world.removeChildren()) layer.destroy({ children: true });
    this.scene = null;
  }

  /** Releases every GPU resource and the context itself. */
  destroy(): void {
    if (this.pendingFrame) cancelAnimationFrame(this.pendingFrame);
    if (this.pumpFrame) cancelAnimationFrame(this.pumpFrame);
    clearTimeout(this.sharpTimer);
    clearTimeout(this.restTimer);
    this.transition.cancel();
    this.frameListeners.clear();
    this.clearScene();
    this.minimap?.destroy();
    this.viewCache?.destroy();
    this.shaders.shape.destroy();
    this.shaders.edge.destroy();
    this.shaders.label.destroy();
    this.style.destroy();
    this.atlasTexture.destroy(true);
    // releaseGlobalResources: pixi's pooled batches would otherwise outlive the app.
    this.app.destroy({ removeView: false, releaseGlobalResources: true }, { children: true, texture: true, textureSource: true });
  }
}
