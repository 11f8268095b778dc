/**
 * Drives a GraphRenderer for the element: keeps the page's camera across layouts, animates
 * expand and collapse, coalesces redraws to one per animation frame, and answers picks,
 * highlights and minimap questions in NodeRefs, which outlive a layout. The same code runs in
 * the render worker and, as the fallback, on the page's thread.
 */
import { NodeFlag, NodeKind, type Geometry } from '@tbg/layout';
import { DARK_THEME, DEFAULT_THEME, GraphRenderer, visibleWorld, type Camera, type Theme } from '@tbg/render-pixi';
import type { ColorBy, FrameInfo, HighlightState, PaintSet, Picked, PickedKind, Rect, ShowOptions, ThemeRequest } from './render-types.js';

const KIND_NAMES: Record<number, PickedKind> = { [NodeKind.op]: 'op', [NodeKind.meta]: 'meta', [NodeKind.series]: 'series', [NodeKind.section]: 'section' };

export interface DriverCanvas {
  canvas: HTMLCanvasElement | OffscreenCanvas;
  width: number;
  height: number;
  resolution: number;
}

/**
 * The next animation frame, or 100 ms, whichever comes first; `cb` is told which. The timer
 * fires only while requestAnimationFrame is late or throttled (a worker's first frames, a hidden
 * page), and a frame drawn then may not be shown until animation frames resume, so `schedule`
 * draws again in one. (Otherwise a frame drawn in any task is shown: see drawSoon.)
 */
function nextFrame(cb: (inAnimationFrame: boolean) => void): void {
  let done = false;
  const once = (inAnimationFrame: boolean) => {
    if (done) return;
    done = true;
    cb(inAnimationFrame);
  };
  if (typeof requestAnimationFrame === 'function') requestAnimationFrame(() => once(true));
  setTimeout(() => once(false), 100);
}

/**
 * A camera step or a highlight is drawn at once (drawSoon) only when the last frame is at least
 * this old: changes that come faster (more than one per display frame) wait for the animation
 * frame, coalesced.
 */
const DRAW_AT_ONCE_GAP_MS = 12;

export class SceneDriver {
  private geometry: Geometry | null = null;
  private paints: PaintSet | null = null;
  private camera: Camera = { x: 0, y: 0, scale: 1 };
  private viewport = { width: 1, height: 1 };
  private scheduled = false;
  private destroyed = false;
  private readonly listeners: Array<(f: FrameInfo) => void> = [];
  /** Waiting for the next drawn frame. */
  private waiting: Array<(f: FrameInfo) => void> = [];
  private refIndex: Map<number, number> | null = null;
  private highlight: HighlightState = { selected: [], hovered: -1 };
  /** When the renderer last drew a frame, whoever asked for it (performance.now()). */
  private lastDrawAt = -Infinity;

  private constructor(private readonly renderer: GraphRenderer) {
    // Frames the renderer draws by itself (the expand/collapse animation) are frames too.
    renderer.onFrame((f) => {
      this.lastDrawAt = performance.now();
      if (f.animating) this.report({ ms: f.cpuMs, visibleNodes: this.visibleNodes() });
    });
  }

  static async create(c: DriverCanvas): Promise<SceneDriver> {
    // The view cache: pans and zooms are shown from a picture of the view, drawn sharp again once the camera rests.
    const renderer = await GraphRenderer.create({ canvas: c.canvas, width: c.width, height: c.height, resolution: c.resolution, cache: true });
    renderer.setMinimap({ enabled: true });
    const d = new SceneDriver(renderer);
    d.viewport = { width: c.width, height: c.height };
    return d;
  }

  /** Compiles shaders and uploads the glyph atlas before the first layout (see GraphRenderer.warmUp). */
  warmUp(): number {
    return this.destroyed ? 0 : this.renderer.warmUp();
  }

  /**
   * Shows a layout; resolves with its first frame, once on screen. A changed layout of the same
   * graph animates. `onShown` is called at that moment, inside the animation frame: in a worker,
   * a promise's continuation would wait for the end of the frame's task, behind the next frame's
   * commit (30–40 ms on SwiftShader).
   */
  show(g: Geometry, paints: PaintSet, o: ShowOptions, onShown?: (f: FrameInfo) => void): Promise<FrameInfo> {
    const animate = o.transition && this.geometry !== null;
    this.geometry = g;
    this.paints = paints;
    this.refIndex = null;
    // The page owns the camera: set it, then keep it through the new geometry.
    this.camera = o.camera;
    this.renderer.setCamera(o.camera);
    this.renderer.setGeometry(g, paints[o.colorBy], animate ? { camera: 'keep', transitionFrom: 'previous' } : { camera: 'keep' });
    // A hover is a node index of the last geometry: in this one it would light another node (and
    // fade the rest) until the pointer found a node again. The page hovers anew (its own is reset).
    this.highlight = { ...this.highlight, hovered: -1 };
    this.applyHighlight();
    return new Promise((resolve) => {
      this.waiting.push((f) => {
        resolve(f);
        onShown?.(f);
      });
      this.schedule();
    });
  }

  setColorBy(mode: ColorBy): void {
    if (!this.geometry || !this.paints) return;
    this.renderer.setGeometry(this.geometry, this.paints[mode], { camera: 'keep' });
    this.applyHighlight();
    this.schedule();
  }

  /** A camera from the page: each is a step of a pan, a zoom or an animation. */
  setCamera(c: Camera): void {
    this.camera = c;
    this.renderer.setCamera(c, true);
    // A pinch moves both fingers in each display frame: the second finger's step mostly waits for
    // the animation frame (27 two-finger moves here: 22–26 frames drawn, with or without merging
    // the fingers' steps on the page).
    this.drawSoon();
  }

  /**
   * Draws at once, in this task, when it may (see mayDrawAtOnce), else in the next animation frame:
   * a frame drawn at once reaches the screen a display frame sooner (input to screen here, for a
   * pan or zoom step: 43–45 instead of 54–56 ms, p50).
   */
  private drawSoon(): void {
    if (this.mayDrawAtOnce()) this.draw();
    else this.schedule();
  }

  /**
   * Nothing pending or animating, and no frame finished within the last DRAW_AT_ONCE_GAP_MS: steps
   * that queued up behind a slow frame (or a layout) are coalesced into one animation frame.
   */
  private mayDrawAtOnce(): boolean {
    return !this.scheduled && !this.destroyed && !this.renderer.animating && performance.now() - this.lastDrawAt >= DRAW_AT_ONCE_GAP_MS;
  }

  resize(width: number, height: number): void {
    // Resizing clears the canvas, even to the same size.
    if (width === this.viewport.width && height === this.viewport.height) return;
    this.viewport = { width, height };
    this.renderer.resize(width, height);
    this.schedule();
  }

  setTheme(t: ThemeRequest): void {
    const base: Theme = t.dark ? DARK_THEME : DEFAULT_THEME;
    this.renderer.setTheme({ ...base, ...t.overrides });
    this.schedule();
  }

  /** A hover or a selection: drawn soon, as a camera step is. */
  setHighlight(state: HighlightState): void {
    this.highlight = state;
    this.applyHighlight();
    this.drawSoon();
  }

  private applyHighlight(): void {
    const selected = this.highlight.selected.map((ref) => this.indexOf(ref)).filter((i): i is number => i !== undefined);
    this.renderer.setHighlight({ selected, hovered: this.highlight.hovered });
  }

  pick(x: number, y: number): Picked | null {
    const g = this.geometry;
    const hit = this.renderer.pick(x, y);
    if (!g || !hit || !('node' in hit)) return null;
    const i = hit.node;
    if ((g.nodes.flags[i]! & NodeFlag.root) !== 0) return null;
    const expanded = (g.nodes.flags[i]! & NodeFlag.expanded) !== 0;
    return { index: i, ref: g.nodes.ref[i]!, kind: KIND_NAMES[g.nodes.kind[i]!] ?? 'op', expanded, part: hit.part };
  }

  /** The world point under a point of the minimap, or null when the point is not on it. */
  minimapPoint(x: number, y: number): [number, number] | null {
    return this.renderer.minimapToWorld(x, y);
  }

  shapeOf(ref: number): Rect | null {
    const g = this.geometry;
    const i = this.indexOf(ref);
    if (!g || i === undefined) return null;
    const s = g.nodes.shape;
    return { x: s[4 * i]!, y: s[4 * i + 1]!, width: s[4 * i + 2]!, height: s[4 * i + 3]! };
  }

  private indexOf(ref: number): number | undefined {
    const g = this.geometry;
    if (!g) return undefined;
    if (!this.refIndex) {
      this.refIndex = new Map();
      for (let i = 0; i < g.nodes.count; i++) if (g.nodes.ref[i]! >= 0) this.refIndex.set(g.nodes.ref[i]!, i);
    }
    return this.refIndex.get(ref);
  }

  onFrame(listener: (f: FrameInfo) => void): void {
    this.listeners.push(listener);
  }

  destroy(): void {
    this.destroyed = true;
    this.renderer.destroy();
  }

  private schedule(): void {
    if (this.scheduled || this.destroyed) return;
    this.scheduled = true;
    nextFrame((inAnimationFrame) => {
      this.scheduled = false;
      if (this.destroyed) return;
      this.draw();
      // Drawn outside an animation frame: draw it again in one, so that it reaches the page.
      if (!inAnimationFrame && typeof requestAnimationFrame === 'function') {
        requestAnimationFrame(() => {
          if (!this.destroyed && !this.scheduled && !this.renderer.animating) this.renderer.render();
        });
      }
    });
  }

  private draw(): void {
    // The animation draws its own frames; the first frame is its first.
    const t0 = performance.now();
    if (!this.renderer.animating) this.renderer.render();
    this.report({ ms: performance.now() - t0, visibleNodes: this.visibleNodes() });
  }

  private visibleNodes(): number {
    const index = this.renderer.index;
    return index ? index.query(visibleWorld(this.camera, this.viewport)).length : 0;
  }

  private report(frame: FrameInfo): void {
    for (const l of this.listeners) l({ ...frame, minimap: this.renderer.minimapRect() });
    const waiting = this.waiting;
    this.waiting = [];
    // A frame is on screen once the compositor has taken it: by the next animation frame.
    if (waiting.length) nextFrame(() => waiting.forEach((w) => w(frame)));
  }
}
