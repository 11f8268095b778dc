/**
 * The view cache: the scene drawn into a texture — the view and a margin around it — and shown
 * as one textured quad for the frames of a pan, or of a zoom while it lasts (scaled, then drawn
 * sharp again when the camera rests). Anything that changes what the scene looks like (geometry,
 * highlight, theme, size, levels of detail) makes the picture stale.
 *
 * A new picture is built into a second texture a band at a time (`advance`, one band per
 * animation frame), while the old one, if any, is still shown: a pan or zoom that comes in the
 * meantime waits for one band on the GPU, not for a whole picture.
 */
import { Container, Rectangle, RenderTexture, Texture, type Renderer } from 'pixi.js';
import type { Camera, Rect, Viewport } from '../scene/camera.js';
import { bandWorld, cacheMargin, cacheRunningOut, cacheServes, pictureBands, pictureTransform, type CachedView, type PictureBand } from '../scene/view-cache-plan.js';
import { unitRgb } from '../style/palette.js';
import type { MotionSampling } from './frame-visibility.js';
import { isSoftwareRenderer, rendererName } from './software-gpu.js';
import { createPictureMesh, createPictureUniforms, destroyPictureMesh, usePictureProgram, type PictureMesh, type PictureUniforms } from './picture-mesh.js';

/** How to draw a band of a picture: what the renderer needs to place its scene. */
export interface BandJob {
  /** The world rectangle the band holds (to cull to). */
  world: Rect;
  /** The picture's camera. */
  camera: Camera;
  /** Where the picture's top-left lies from the view's, CSS px (the margin). */
  margin: number;
  /** The band's rows in the picture: the stage is drawn shifted up by `band.y`. */
  band: PictureBand;
  /** The band of the picture's texture (a view of it framed to the band: pixi draws into that frame only). */
  target: Texture;
  /** Clear the whole texture first (the first band). */
  clear: boolean;
  clearColor: [number, number, number, number];
}

/** Draws one band of a picture; returns what it drew (for frame stats). */
export type DrawBand<T> = (job: BandJob) => T;

/** What `advance` did: drew a band, finished the picture, waited for the GPU, or had nothing to do. */
export type BuildStep = 'band' | 'done' | 'waiting' | 'idle';

interface Slot {
  texture: RenderTexture;
  picture: PictureMesh;
  /** The size asked for, CSS px (the texture's own may differ by a fraction: whole device pixels). */
  width: number;
  height: number;
}

interface Build {
  view: CachedView;
  bands: PictureBand[];
  next: number;
  background: number;
  /** Signalled once the GPU has drawn the last band issued. */
  fence: WebGLSync | null;
}

type Gl = WebGL2RenderingContext;
type ScaleMode = 'nearest' | 'linear';

export class ViewCache {
  /** The picture, between the scene and the minimap; hidden while the scene is drawn itself. */
  readonly layer = new Container();
  /** The picture shown. */
  private front: Slot | null = null;
  /** The picture being built. */
  private back: Slot | null = null;
  private view: CachedView | null = null;
  private build: Build | null = null;
  private readonly uniforms: PictureUniforms = createPictureUniforms();
  private readonly software: boolean;

  constructor(private readonly renderer: Renderer) {
    this.layer.visible = false;
    // (Any WebGL context: the `gl` getter below wants WebGL 2's fences.)
    const gl = (renderer as unknown as { gl?: WebGLRenderingContext }).gl;
    this.software = gl !== undefined && isSoftwareRenderer(rendererName(gl));
  }

  /** The picture no longer shows the scene, nor will the one being built. */
  invalidate(): void {
    this.view = null;
    this.dropBuild();
  }

  /** Whether there is a picture of the scene as it is (at some camera). */
  isValid(): boolean {
    return this.view !== null;
  }

  /** Whether the picture can be shown for `cam` (see `cacheServes`). */
  serves(cam: Camera, viewport: Viewport, moving: boolean): boolean {
    return this.view !== null && cacheServes(this.view, cam, viewport, moving);
  }

  /**
   * Whether the picture shows `cam`'s view only approximately — scaled, or moved by a fraction of
   * a pixel (then it is shown at the nearest whole pixel, not resampled) — so a sharp one is due.
   */
  inexactFor(cam: Camera): boolean {
    if (!this.view) return false;
    const t = pictureTransform(this.view, cam);
    return t.scale !== 1 || !whole(t.x * this.renderer.resolution) || !whole(t.y * this.renderer.resolution);
  }

  /** Whether a picture is being built at `cam` (any camera when omitted). */
  building(cam?: Camera): boolean {
    if (!this.build) return false;
    const c = this.build.view.camera;
    return !cam || (c.x === cam.x && c.y === cam.y && c.scale === cam.scale);
  }

  /** Whether the picture shown for `cam` is running out (see `cacheRunningOut`): time to build the next. */
  runningOut(cam: Camera, viewport: Viewport): boolean {
    return this.view !== null && cacheRunningOut(this.view, cam, viewport);
  }

  /**
   * Starts building a picture at `cam` (dropping one being built), drawn by `advance`; `whole`:
   * in one band, for a picture drawn at once (bands cost about 10 % more in all: what crosses
   * their edges is drawn in each).
   */
  startBuild(cam: Camera, viewport: Viewport, background: number, whole = false): void {
    this.dropBuild();
    const view: CachedView = { camera: { ...cam }, viewport: { ...viewport }, margin: cacheMargin(viewport) };
    this.build = { view, bands: pictureBands(view, whole ? Infinity : undefined, this.renderer.resolution), next: 0, background, fence: null };
  }

  /**
   * Draws the next band of the picture being built with `draw` — unless the GPU has not finished
   * the previous one (`waiting`), so bands never queue up behind each other. After the last band
   * the new picture replaces the one shown (`done`). `force`: draw without waiting.
   */
  advance<T>(draw: DrawBand<T>, force = false): { step: BuildStep; drawn?: T } {
    const b = this.build;
    if (!b) return { step: 'idle' };
    if (!force && !this.gpuDone(b)) return { step: 'waiting' };
    const slot = this.backSlot(b.view);
    const band = b.bands[b.next]!;
    const target = new Texture({ source: slot.texture.source, frame: new Rectangle(0, band.y, slot.texture.width, band.height) });
    let drawn: T;
    try {
      drawn = draw({ world: bandWorld(b.view, band), camera: b.view.camera, margin: b.view.margin, band, target, clear: b.next === 0, clearColor: [...unitRgb(b.background), 1] });
    } finally {
      target.destroy(false);
    }
    b.next++;
    this.fence(b);
    if (b.next < b.bands.length) return { step: 'band', drawn };
    // The new picture is whole: it becomes the one shown.
    this.dropFence(b);
    [this.front, this.back] = [slot, this.front];
    if (this.back) this.back.picture.mesh.visible = false;
    this.view = b.view;
    this.build = null;
    return { step: 'done', drawn };
  }

  /**
   * Places the picture for `cam` and shows it (call `hide` before drawing the scene itself),
   * faded by `fade` toward `toward` (0xrrggbb): under a hover, which draws what it lights on top.
   * `motion`: how to sample it in a step of a pan or zoom (null: the camera is still). Returns
   * whether it is shown enlarged and sampled nearest (blockier than filtered: to be filtered once
   * the camera rests).
   */
  show(cam: Camera, fade = 0, toward = 0, motion: MotionSampling | null = null): boolean {
    const front = this.front;
    if (!this.view || !front) return false;
    this.uniforms.uniforms.uFadeTo.set([...unitRgb(toward), fade]);
    const t = pictureTransform(this.view, cam);
    // Unscaled, the picture goes to whole device pixels: resampled by a fraction it would blur.
    const r = this.renderer.resolution;
    const snap = (v: number) => (t.scale === 1 ? Math.round(v * r) / r : v);
    const mesh = front.picture.mesh;
    mesh.position.set(snap(t.x), snap(t.y));
    mesh.scale.set(t.scale);
    mesh.visible = true;
    usePictureProgram(front.picture, fade);
    // pixi applies a changed style only when told (`update`).
    const style = front.texture.source.style;
    const mode = this.sampling(t.scale, motion);
    if (style.scaleMode !== mode) {
      style.scaleMode = mode;
      style.update();
    }
    this.layer.visible = true;
    return mode === 'nearest' && t.scale !== 1;
  }

  private sampling(scale: number, motion: MotionSampling | null): ScaleMode {
    // At whole pixels, nearest sampling gives the same pixels as linear, for less (6 instead of 9 ms here).
    if (scale === 1) return 'nearest';
    if (!motion || scale < 1) return 'linear';
    return motion === 'nearest' || (motion === 'auto' && this.software) ? 'nearest' : 'linear';
  }

  hide(): void {
    this.layer.visible = false;
  }

  destroy(): void {
    this.dropBuild();
    for (const slot of [this.front, this.back]) if (slot) dropSlot(slot);
    this.front = this.back = null;
    this.layer.destroy({ children: true });
  }

  /** The texture to build into, the size of `view`'s picture (made anew when the size changed). */
  private backSlot(view: CachedView): Slot {
    const [w, h] = [view.viewport.width + 2 * view.margin, view.viewport.height + 2 * view.margin];
    if (this.back && (this.back.width !== w || this.back.height !== h)) {
      dropSlot(this.back);
      this.back = null;
    }
    if (!this.back) {
      const texture = RenderTexture.create({ width: w, height: h, resolution: this.renderer.resolution });
      const picture = createPictureMesh(texture.source, w, h, this.uniforms);
      this.layer.addChild(picture.mesh);
      picture.mesh.visible = false;
      this.back = { texture, picture, width: w, height: h };
    }
    return this.back;
  }

  private get gl(): Gl | null {
    const gl = (this.renderer as unknown as { gl?: Gl }).gl;
    return gl && typeof gl.fenceSync === 'function' ? gl : null;
  }

  /** Whether the GPU has drawn the last band issued (always, without fences: WebGL 1). */
  private gpuDone(b: Build): boolean {
    const gl = this.gl;
    if (!gl || !b.fence) return true;
    if (gl.getSyncParameter(b.fence, gl.SYNC_STATUS) !== gl.SIGNALED) return false;
    this.dropFence(b);
    return true;
  }

  private fence(b: Build): void {
    this.dropFence(b);
    const gl = this.gl;
    if (!gl) return;
    b.fence = gl.fenceSync(gl.SYNC_GPU_COMMANDS_COMPLETE, 0);
    // Sent to the GPU now, not when the next frame happens to flush.
    gl.flush();
  }

  private dropFence(b: Build): void {
    if (b.fence) this.gl?.deleteSync(b.fence);
    b.fence = null;
  }

  private dropBuild(): void {
    if (this.build) this.dropFence(this.build);
    this.build = null;
  }
}

/** The quad and the texture. */
function dropSlot(slot: Slot): void {
  destroyPictureMesh(slot.picture);
  slot.texture.destroy(true);
}

/** Whole, give or take rounding. */
function whole(v: number): boolean {
  return Math.abs(v - Math.round(v)) < 1e-3;
}
