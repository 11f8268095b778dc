/**
 * The minimap, drawn from the scene itself into the same canvas (so it works in a worker too):
 * the node shapes at the minimap's own fit are rendered once into a texture — again only after
 * the geometry, theme, size or selection changed — and each frame shows that texture in its
 * corner on a framed panel, with the main view's extent as a box on top.
 */
import { Container, RenderTexture, type Renderer, type Shader } from 'pixi.js';
import { ShapeKind } from '@tbg/layout';
import type { Camera, Rect, Viewport } from '../scene/camera.js';
import { minimapLayout, minimapShown, viewportBox, type MinimapLayout, type MinimapOptions } from '../scene/minimap-layout.js';
import { PLAIN_BELOW_SCALE } from '../scene/lod.js';
import { allocateQuads, QuadRole, quadSpec, rgbaBytes, writeShapeQuad, type NodeQuads } from '../scene/node-quads.js';
import { unitRgb } from '../style/palette.js';
import type { Theme } from '../style/theme.js';
import { applyVisibility, keepOnly, type Detail } from './frame-visibility.js';
import type { SceneMeshes, SceneMesh } from './scene-builder.js';
import type { SceneStyle } from './scene-style.js';
import { createNodeMesh } from './shape-shader.js';
import { createPictureMesh, createPictureUniforms, destroyPictureMesh, type PictureMesh, type PictureUniforms } from './picture-mesh.js';

/** What the minimap pass draws: shapes only, no text, edges or annotations. */
const MINIMAP_LAYERS = new Set(['nodes'] as const);

export interface MinimapFrame {
  scene: SceneMeshes;
  graph: Rect;
  camera: Camera;
  viewport: Viewport;
  detail: Detail;
  theme: Theme;
  /** The scene is mid-animation: keep the last picture until it settles. */
  frozen: boolean;
}

export class Minimap {
  /** Drawn over the scene: the picture, then its frame and the viewport box. */
  readonly overlay = new Container();
  /** Quad 0: the frame; quad 1: the viewport box (screen px, the overlay role). */
  private readonly quads: NodeQuads = allocateQuads(2);
  private readonly frameMesh: SceneMesh;
  /** The texture's quad: the view cache's one-texture shader, not a Sprite's 16-texture batch shader (which costs SwiftShader about 1 ms here). */
  private picture: PictureMesh | null = null;
  private readonly pictureUniforms: PictureUniforms = createPictureUniforms();
  private texture: RenderTexture | null = null;
  /** The size the texture was made for, CSS px. */
  private size: [number, number] = [0, 0];
  /** The texture must be drawn again. */
  dirty = true;

  constructor(
    private readonly renderer: Renderer,
    private readonly stage: Container,
    private readonly world: Container,
    private readonly style: SceneStyle,
    shader: Shader,
  ) {
    this.frameMesh = createNodeMesh(this.quads, shader);
    this.overlay.addChild(this.frameMesh);
    this.overlay.visible = false;
  }

  /** Lays the minimap out for this frame and redraws its texture if needed; hides it when it should not show. */
  prepare(f: MinimapFrame, o: MinimapOptions): MinimapLayout | null {
    if (!minimapShown(f.graph, f.camera, f.viewport, o)) {
      this.overlay.visible = false;
      return null;
    }
    const layout = minimapLayout(f.graph, f.viewport, o);
    const stale = this.dirty || !this.texture || !this.sameSize(layout.rect);
    if (stale && (!f.frozen || !this.texture)) this.draw(f, layout);
    this.picture?.mesh.position.set(layout.rect.x, layout.rect.y);
    this.writeFrame(layout, f);
    this.overlay.visible = true;
    return layout;
  }

  /** Renders the node shapes at the minimap's camera into its texture (cleared to the minimap background). */
  private draw(f: MinimapFrame, layout: MinimapLayout): void {
    const { rect, camera } = layout;
    if (!this.texture || !this.sameSize(rect)) {
      this.dropTexture();
      const [w, h] = [Math.ceil(rect.width), Math.ceil(rect.height)];
      this.texture = RenderTexture.create({ width: w, height: h, resolution: this.renderer.resolution });
      this.size = [w, h];
      this.picture = createPictureMesh(this.texture.source, w, h, this.pictureUniforms);
      // Under the frame and the viewport box.
      this.overlay.addChildAt(this.picture.mesh, 0);
    }
    const saved = { x: this.world.position.x, y: this.world.position.y, scale: this.world.scale.x, plain: this.style.get('uPlain'), hovering: this.style.get('uHovering') };
    this.world.position.set(camera.x - rect.x, camera.y - rect.y);
    this.world.scale.set(camera.scale);
    this.style.set('uPlain', camera.scale < PLAIN_BELOW_SCALE ? 1 : 0);
    this.style.set('uHovering', 0);
    applyVisibility(f.scene, f.graph, camera.scale, { lod: f.detail.lod, cull: false });
    keepOnly(f.scene, MINIMAP_LAYERS);
    this.overlay.visible = false;
    this.renderer.render({ container: this.stage, target: this.texture, clear: true, clearColor: [...unitRgb(f.theme.minimapBackground), 1] });
    this.world.position.set(saved.x, saved.y);
    this.world.scale.set(saved.scale);
    this.style.set('uPlain', saved.plain);
    this.style.set('uHovering', saved.hovering);
    this.dirty = false;
  }

  /** The frame and the viewport box, rewritten in place (two quads). */
  private writeFrame(layout: MinimapLayout, f: MinimapFrame): void {
    const spec = quadSpec();
    spec.role = QuadRole.overlay;
    spec.kind = ShapeKind.rect;
    const r = layout.rect;
    [spec.x, spec.y, spec.w, spec.h] = [r.x, r.y, r.width, r.height];
    spec.fill = 0;
    spec.stroke = rgbaBytes(f.theme.minimapFrame);
    // The overlay role reads its stroke width (screen px) from `hide`.
    spec.hide = 1;
    writeShapeQuad(this.quads, 0, spec);
    const box = viewportBox(layout, f.camera, f.viewport);
    if (box) [spec.x, spec.y, spec.w, spec.h] = [box.x, box.y, box.width, box.height];
    spec.kind = box ? ShapeKind.rect : ShapeKind.none;
    spec.fill = rgbaBytes(f.theme.minimapViewport, 28);
    spec.stroke = rgbaBytes(f.theme.minimapViewport);
    spec.hide = 1.5;
    writeShapeQuad(this.quads, 1, spec);
    for (const b of this.frameMesh.geometry.buffers) b.update();
  }

  destroy(): void {
    this.dropTexture();
    this.overlay.destroy({ children: true });
  }

  /**
   * Whether the texture was made for a rectangle of `r`'s size: by the size asked for, not the
   * texture's own (in CSS px it differs by a fraction at a resolution such as 1.1, and the
   * minimap was drawn again every frame).
   */
  private sameSize(r: Rect): boolean {
    return this.size[0] === Math.ceil(r.width) && this.size[1] === Math.ceil(r.height);
  }

  private dropTexture(): void {
    if (this.picture) destroyPictureMesh(this.picture);
    this.texture?.destroy(true);
    this.picture = null;
    this.texture = null;
  }
}
