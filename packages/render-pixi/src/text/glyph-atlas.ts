/**
 * A dynamic signed-distance-field glyph atlas: any code point is rasterised once, on first use,
 * by the platform's own font stack (so CJK, Cyrillic and emoji names render), turned into a
 * distance field and packed into one texture. Works in a page and in a worker (OffscreenCanvas).
 */
import TinySDF from '@mapbox/tiny-sdf';

export interface Glyph {
  /** Atlas rectangle, px. */
  x: number;
  y: number;
  w: number;
  h: number;
  /** Ink box relative to the pen position on the baseline, at the atlas font size. */
  left: number;
  top: number;
  advance: number;
}

/** Atlas font size and SDF padding: glyphs scale from this size to any label size. */
export const ATLAS_FONT_PX = 32;
export const ATLAS_BUFFER = 4;
/** Where the glyph's outline lies in the SDF's 0–1 range (tiny-sdf's default cutoff of 0.25). */
export const SDF_EDGE = 0.75;
/** How far from the outline the field reaches, atlas px: the field changes by 1 / SDF_RADIUS per atlas px. */
export const SDF_RADIUS = 8;

export class GlyphAtlas {
  readonly size: number;
  /** One byte per texel: the distance field (a single-channel texture). */
  readonly data: Uint8Array;
  private readonly sdf: TinySDF;
  private readonly glyphs = new Map<string, Glyph>();
  private shelfX = 0;
  private shelfY = 0;
  private shelfH = 0;
  /** Bumped whenever new glyphs were written (the texture needs an upload). */
  version = 0;
  /** Rows written since the last `takeDirtyRows` (from ≤ row < to). */
  private dirtyFrom = Infinity;
  private dirtyTo = 0;

  constructor(fontFamily: string, size = 2048) {
    this.size = size;
    this.data = new Uint8Array(size * size);
    this.sdf = new TinySDF({ fontSize: ATLAS_FONT_PX, buffer: ATLAS_BUFFER, radius: SDF_RADIUS, fontFamily: `${fontFamily}, sans-serif` });
  }

  /** The glyph of one code point (a string of one or two UTF-16 units). */
  glyph(ch: string): Glyph {
    const known = this.glyphs.get(ch);
    if (known) return known;
    const g = this.sdf.draw(ch);
    const slot = this.place(g.width, g.height);
    const glyph: Glyph = { ...slot, left: g.glyphLeft - ATLAS_BUFFER, top: g.glyphTop + ATLAS_BUFFER, advance: g.glyphAdvance };
    if (slot.w > 0) this.write(g.data, slot);
    this.glyphs.set(ch, glyph);
    return glyph;
  }

  /** Shelf packing; when the atlas is full, new glyphs get an empty box (drawn as nothing). */
  private place(w: number, h: number): { x: number; y: number; w: number; h: number } {
    if (w === 0 || h === 0) return { x: 0, y: 0, w: 0, h: 0 };
    if (this.shelfX + w > this.size) {
      this.shelfY += this.shelfH + 1;
      this.shelfX = 0;
      this.shelfH = 0;
    }
    if (this.shelfY + h > this.size) return { x: 0, y: 0, w: 0, h: 0 };
    const slot = { x: this.shelfX, y: this.shelfY, w, h };
    this.shelfX += w + 1;
    this.shelfH = Math.max(this.shelfH, h);
    return slot;
  }

  /**
   * The band of rows written since the last call (null: none), so that only that band is
   * uploaded: the whole atlas (4 MB) takes 20–90 ms to upload on a software GPU.
   */
  takeDirtyRows(): { from: number; to: number } | null {
    if (this.dirtyFrom >= this.dirtyTo) return null;
    const rows = { from: this.dirtyFrom, to: this.dirtyTo };
    this.dirtyFrom = Infinity;
    this.dirtyTo = 0;
    return rows;
  }

  private write(alpha: Uint8ClampedArray, s: { x: number; y: number; w: number; h: number }): void {
    for (let row = 0; row < s.h; row++) this.data.set(alpha.subarray(row * s.w, (row + 1) * s.w), (s.y + row) * this.size + s.x);
    this.dirtyFrom = Math.min(this.dirtyFrom, s.y);
    this.dirtyTo = Math.max(this.dirtyTo, s.y + s.h);
    this.version++;
  }
}
