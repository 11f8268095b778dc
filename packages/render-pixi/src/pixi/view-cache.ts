/**
 * The view cache: the scene drawn once into a texture — the view and a margin around it — and
 * shown as one textured quad for the frames of a pan, or of a zoom while it lasts (scaled, then
 * drawn sharp again when the camera rests). Anything that changes what the scene looks like
 * (geometry, highlight, theme, size, levels of detail) makes the picture stale.
 */
import { Container, RenderTexture, UniformGroup, type Geometry, type Mesh, type Renderer, type Shader } from 'pixi.js';
import type { Camera, Rect, Viewport } from '../scene/camera.js';
import { cacheMargin, cacheServes, heldWorld, pictureTransform, type CachedView } from '../scene/view-cache-plan.js';
import { unitRgb } from '../style/palette.js';
import { createPictureMesh, type PictureUniforms } from './picture-mesh.js';

/** Draws what world rectangle `held` holds into `target`, with the camera moved by `margin` CSS px, cleared to `clearColor` first. */
export type DrawInto<T> = (held: Rect, target: RenderTexture, margin: number, clearColor: [number, number, number, number]) => T;

export class ViewCache {
  /** The picture, between the scene and the minimap; hidden while the scene is drawn itself. */
  readonly layer = new Container();
  private picture: Mesh<Geometry, Shader> | null = null;
  private texture: RenderTexture | null = null;
  private view: CachedView | null = null;
  private readonly uniforms: PictureUniforms = new UniformGroup({ uFadeTo: { value: new Float32Array(4), type: 'vec4<f32>' as const } });

  constructor(private readonly renderer: Renderer) {
    this.layer.visible = false;
  }

  /** The picture no longer shows the scene. */
  invalidate(): void {
    this.view = null;
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

  /** Draws the scene into the picture at `cam` with `drawInto`; returns what that returned. */
  redraw<T>(cam: Camera, viewport: Viewport, background: number, drawInto: DrawInto<T>): T {
    const margin = cacheMargin(viewport);
    const [w, h] = [viewport.width + 2 * margin, viewport.height + 2 * margin];
    if (!this.texture || this.texture.width !== w || this.texture.height !== h) {
      this.dropPicture();
      this.texture = RenderTexture.create({ width: w, height: h, resolution: this.renderer.resolution });
      this.picture = this.layer.addChild(createPictureMesh(this.texture.source, w, h, this.uniforms));
    }
    const view: CachedView = { camera: { ...cam }, viewport: { ...viewport }, margin };
    const drawn = drawInto(heldWorld(view), this.texture, margin, [...unitRgb(background), 1]);
    this.view = view;
    return drawn;
  }

  /**
   * Places the picture for `cam` and shows it (call `hide` before drawing the scene itself),
   * faded by `fade` toward `toward` (0xrrggbb): under a hover, which draws what it lights on top.
   */
  show(cam: Camera, fade = 0, toward = 0): void {
    if (!this.view) return;
    this.uniforms.uniforms.uFadeTo.set([...unitRgb(toward), fade]);
    const t = pictureTransform(this.view, cam);
    // Unscaled, the picture goes to whole device pixels: resampled by a fraction it would blur.
    const r = this.renderer.resolution;
    const snap = (v: number) => (t.scale === 1 ? Math.round(v * r) / r : v);
    this.picture?.position.set(snap(t.x), snap(t.y));
    this.picture?.scale.set(t.scale);
    // At whole pixels, nearest sampling gives the same pixels as linear, for less.
    const mode = t.scale === 1 ? 'nearest' : 'linear';
    if (this.texture && this.texture.source.scaleMode !== mode) this.texture.source.scaleMode = mode;
    this.layer.visible = true;
  }

  hide(): void {
    this.layer.visible = false;
  }

  destroy(): void {
    this.dropPicture();
    this.layer.destroy({ children: true });
  }

  /** The quad, its buffers and program, and the texture (a Mesh's own destroy keeps the first two). */
  private dropPicture(): void {
    if (this.picture) {
      this.picture.geometry.destroy();
      this.picture.shader?.destroy();
      this.picture.destroy();
    }
    this.texture?.destroy(true);
    this.picture = null;
    this.texture = null;
  }
}

/** Whole, give or take rounding. */
function whole(v: number): boolean {
  return Math.abs(v - Math.round(v)) < 1e-3;
}
