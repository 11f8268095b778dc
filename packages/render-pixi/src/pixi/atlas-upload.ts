/**
 * Uploads the rows of the glyph atlas that changed, not the whole texture: new glyphs fill a
 * shelf or two of a 2048 × 2048 atlas, and re-uploading all 4 MB took 20–90 ms per expand on
 * SwiftShader. pixi.js uploads only whole sources, so the band goes through WebGL itself, bound
 * through pixi's texture system so that its record of bound textures stays true.
 */
import { Texture, type Renderer, type TextureSource } from 'pixi.js';
import type { GlyphAtlas } from '../text/glyph-atlas.js';

interface GlTextureLike {
  texture: WebGLTexture;
  format: number;
  type: number;
}

interface GlTextureSystemLike {
  getGlSource(source: TextureSource): GlTextureLike;
  bindSource(source: TextureSource, location?: number): void;
}

/** Sends the atlas rows written since the last upload to `source`'s texture. */
export function uploadAtlasRows(renderer: Renderer, source: TextureSource, atlas: GlyphAtlas): void {
  const rows = atlas.takeDirtyRows();
  if (!rows) return;
  const gl = (renderer as { gl?: WebGL2RenderingContext }).gl;
  const textures = renderer.texture as unknown as Partial<GlTextureSystemLike>;
  if (!gl || !textures.getGlSource || !textures.bindSource) {
    source.update();
    return;
  }
  // Created (and filled with the whole atlas) here if this is its first use.
  const glTexture = textures.getGlSource(source);
  // Bind through pixi: unit 0 is made active and pixi knows what is bound there.
  textures.bindSource(Texture.EMPTY.source, 0);
  textures.bindSource(source, 0);
  const band = atlas.data.subarray(rows.from * atlas.size, rows.to * atlas.size);
  gl.texSubImage2D(gl.TEXTURE_2D, 0, 0, rows.from, atlas.size, rows.to - rows.from, glTexture.format, glTexture.type, band);
}
