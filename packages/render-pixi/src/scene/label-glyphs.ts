/**
 * Labels as glyph quads in plain vertex buffers, placed with the advance widths that layout
 * measured (the same Roboto metrics, kerning included), so text fits the boxes layout made for
 * it. Each vertex carries its label's font size, colour role, highlight state slot and
 * level-of-detail threshold: the vertex shader drops glyphs too small to read at the current
 * zoom (the first level of detail). A label may be turned (edge labels follow their edge).
 */
import { LabelAlign, type Geometry, type TextMeasurer } from '@tbg/layout';
import { ATLAS_FONT_PX, type Glyph } from '../text/glyph-atlas.js';
import type { LodThresholds } from './lod.js';

/** Which theme colour a label takes (and which LOD rules apply). */
export type LabelRole = 'node' | 'annotation' | 'edge';

const ROLE_CODE: Record<LabelRole, number> = { node: 0, annotation: 1, edge: 2 };

export interface LabelSpec {
  text: string;
  /** Anchor: x by `align`, y the text's vertical centre (SVG's dominant-baseline: central). */
  x: number;
  y: number;
  px: number;
  align: LabelAlign;
  role: LabelRole;
  /** Highlight state slot (a node, or node count + edge) and the scale below which it is not drawn. */
  id: number;
  hide: number;
  /** Rotation about the anchor, radians (clockwise on screen, y down). */
  angle?: number;
}

export interface LabelGlyphs {
  glyphs: number;
  position: Float32Array;
  uv: Float32Array;
  /** Per vertex: font size of its label (px), role code, state slot, hide-below scale. */
  style: Float32Array;
  index: Uint32Array;
}

/** From the central line to the alphabetic baseline, in em (Roboto's em box: 0.79 up, 0.21 down). */
export const CENTRAL_TO_BASELINE = 0.29;

export function nodeLabels(g: Geometry, nodes: ArrayLike<number>, lod: LodThresholds | null = null): LabelSpec[] {
  const out: LabelSpec[] = [];
  for (let k = 0; k < nodes.length; k++) {
    const i = nodes[k]!;
    const text = g.nodes.label[i];
    if (!text) continue;
    out.push({ text, x: g.nodes.labelXY[2 * i]!, y: g.nodes.labelXY[2 * i + 1]!, px: g.nodes.labelPx[i]!, align: g.nodes.labelAlign[i]! as LabelAlign, role: 'node', id: i, hide: lod ? lod.nodeHide[i]! : 0 });
  }
  return out;
}

export function buildLabelGlyphs(labels: readonly LabelSpec[], glyph: (ch: string) => Glyph, atlasSize: number, m: TextMeasurer): LabelGlyphs {
  const cap = labels.reduce((n, l) => n + l.text.length, 0);
  const out: LabelGlyphs = {
    glyphs: 0,
    position: new Float32Array(8 * cap),
    uv: new Float32Array(8 * cap),
    style: new Float32Array(16 * cap),
    index: new Uint32Array(6 * cap),
  };
  for (const l of labels) writeLabel(out, l, glyph, atlasSize, m);
  const n = out.glyphs;
  return { glyphs: n, position: out.position.subarray(0, 8 * n), uv: out.uv.subarray(0, 8 * n), style: out.style.subarray(0, 16 * n), index: out.index.subarray(0, 6 * n) };
}

function writeLabel(out: LabelGlyphs, l: LabelSpec, glyph: (ch: string) => Glyph, atlasSize: number, m: TextMeasurer): void {
  const width = m.width(l.text, l.px);
  // Laid out unturned about the anchor (0, 0), then turned and moved there.
  const startX = l.align === LabelAlign.middle ? -width / 2 : l.align === LabelAlign.end ? -width : 0;
  const baseline = CENTRAL_TO_BASELINE * l.px;
  const scale = l.px / ATLAS_FONT_PX;
  const place = placer(l);
  const style = [l.px, ROLE_CODE[l.role], l.id, l.hide];
  let offset = 0;
  for (const ch of l.text) {
    const g = glyph(ch);
    if (g.w > 0) {
      const x0 = startX + (offset ? m.width(l.text.slice(0, offset), l.px) : 0) + g.left * scale;
      const y0 = baseline - g.top * scale;
      const [x1, y1] = [x0 + g.w * scale, y0 + g.h * scale];
      writeQuad(out, [...place(x0, y0), ...place(x1, y0), ...place(x1, y1), ...place(x0, y1)], [g.x / atlasSize, g.y / atlasSize, (g.x + g.w) / atlasSize, (g.y + g.h) / atlasSize], style);
    }
    offset += ch.length;
  }
}

/** Maps a point of the unturned label (anchor at the origin) to the world. */
function placer(l: LabelSpec): (x: number, y: number) => [number, number] {
  const a = l.angle ?? 0;
  if (a === 0) return (x, y) => [l.x + x, l.y + y];
  const [c, s] = [Math.cos(a), Math.sin(a)];
  return (x, y) => [l.x + x * c - y * s, l.y + x * s + y * c];
}

function writeQuad(out: LabelGlyphs, corners: number[], [u0, v0, u1, v1]: number[], style: number[]): void {
  const k = out.glyphs++;
  out.position.set(corners, 8 * k);
  out.uv.set([u0!, v0!, u1!, v0!, u1!, v1!, u0!, v1!], 8 * k);
  for (let v = 0; v < 4; v++) out.style.set(style, 16 * k + 4 * v);
  out.index.set([4 * k, 4 * k + 1, 4 * k + 2, 4 * k, 4 * k + 2, 4 * k + 3], 6 * k);
}
