/**
 * Labels as glyph quads in plain vertex buffers, placed with the advance widths that layout
 * measured (the same Roboto metrics, kerning included), so text fits the boxes layout made for
 * it. Each vertex carries its label's font size: the vertex shader drops glyphs too small to
 * read at the current zoom (the first level of detail).
 */
import { LabelAlign, type Geometry, type TextMeasurer } from '@tbg/layout';
import { ATLAS_FONT_PX, type Glyph } from '../text/glyph-atlas.js';
import { rgbaBytes } from './node-quads.js';

export interface LabelSpec {
  text: string;
  /** Anchor: x by `align`, y the text's vertical centre (SVG's dominant-baseline: central). */
  x: number;
  y: number;
  px: number;
  align: LabelAlign;
  color: number;
}

export interface LabelGlyphs {
  glyphs: number;
  position: Float32Array;
  uv: Float32Array;
  /** Font size of the vertex's label, px. */
  px: Float32Array;
  color: Uint32Array;
  index: Uint32Array;
}

/** From the central line to the alphabetic baseline, in em (Roboto's em box: 0.79 up, 0.21 down). */
export const CENTRAL_TO_BASELINE = 0.29;

export function nodeLabels(g: Geometry, nodes: ArrayLike<number>, color: number): LabelSpec[] {
  const out: LabelSpec[] = [];
  for (let k = 0; k < nodes.length; k++) {
    const i = nodes[k]!;
    const text = g.nodes.label[i];
    if (!text) continue;
    out.push({ text, x: g.nodes.labelXY[2 * i]!, y: g.nodes.labelXY[2 * i + 1]!, px: g.nodes.labelPx[i]!, align: g.nodes.labelAlign[i]! as LabelAlign, color });
  }
  return out;
}

export function buildLabelGlyphs(labels: readonly LabelSpec[], glyph: (ch: string) => Glyph, atlasSize: number, m: TextMeasurer): LabelGlyphs {
  const cap = labels.reduce((n, l) => n + l.text.length, 0);
  const out: LabelGlyphs = {
    glyphs: 0,
    position: new Float32Array(8 * cap),
    uv: new Float32Array(8 * cap),
    px: new Float32Array(4 * cap),
    color: new Uint32Array(4 * cap),
    index: new Uint32Array(6 * cap),
  };
  for (const l of labels) writeLabel(out, l, glyph, atlasSize, m);
  const n = out.glyphs;
  return { glyphs: n, position: out.position.subarray(0, 8 * n), uv: out.uv.subarray(0, 8 * n), px: out.px.subarray(0, 4 * n), color: out.color.subarray(0, 4 * n), index: out.index.subarray(0, 6 * n) };
}

function writeLabel(out: LabelGlyphs, l: LabelSpec, glyph: (ch: string) => Glyph, atlasSize: number, m: TextMeasurer): void {
  const width = m.width(l.text, l.px);
  const startX = l.align === LabelAlign.middle ? l.x - width / 2 : l.align === LabelAlign.end ? l.x - width : l.x;
  const baseline = l.y + CENTRAL_TO_BASELINE * l.px;
  const scale = l.px / ATLAS_FONT_PX;
  const color = rgbaBytes(l.color);
  let offset = 0;
  for (const ch of l.text) {
    const g = glyph(ch);
    if (g.w > 0) {
      const x0 = startX + (offset ? m.width(l.text.slice(0, offset), l.px) : 0) + g.left * scale;
      const y0 = baseline - g.top * scale;
      writeQuad(out, [x0, y0, x0 + g.w * scale, y0 + g.h * scale], [g.x / atlasSize, g.y / atlasSize, (g.x + g.w) / atlasSize, (g.y + g.h) / atlasSize], l.px, color);
    }
    offset += ch.length;
  }
}

function writeQuad(out: LabelGlyphs, [x0, y0, x1, y1]: number[], [u0, v0, u1, v1]: number[], px: number, color: number): void {
  const k = out.glyphs++;
  out.position.set([x0!, y0!, x1!, y0!, x1!, y1!, x0!, y1!], 8 * k);
  out.uv.set([u0!, v0!, u1!, v0!, u1!, v1!, u0!, v1!], 8 * k);
  out.px.fill(px, 4 * k, 4 * k + 4);
  out.color.fill(color, 4 * k, 4 * k + 4);
  out.index.set([4 * k, 4 * k + 1, 4 * k + 2, 4 * k, 4 * k + 2, 4 * k + 3], 6 * k);
}
