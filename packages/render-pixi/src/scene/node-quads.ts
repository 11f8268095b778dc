/**
 * Node shapes as quads: four vertices per node, written straight into typed arrays, drawn by
 * one indexed draw per tile. The fragment shader cuts the shape out of its quad by a signed
 * distance (rounded rectangle, ellipse, triangle or series stamp), so a node costs the same
 * whatever its shape, and no pixi object exists per node.
 */
import type { Geometry } from '@tbg/layout';
import type { NodePaint } from '../style/paint.js';
import { TB_COLORS } from '../style/palette.js';

export interface NodeQuads {
  count: number;
  /** World position of each vertex (x, y). */
  position: Float32Array;
  /** Vertex position relative to the shape's centre, in world px (x, y). */
  local: Float32Array;
  /** Per vertex: half width, half height, corner radius, ShapeKind. */
  shape: Float32Array;
  /** Per vertex: fill and stroke as 0xAABBGGRR (little-endian RGBA bytes, `unorm8x4`). */
  fill: Uint32Array;
  stroke: Uint32Array;
  /** Two triangles per quad. */
  index: Uint32Array;
}

/** Room around each shape for its stroke and anti-aliasing, in world px. */
export const QUAD_PAD = 1.5;

/** 0xRRGGBB + alpha → the four bytes R, G, B, A in memory order of a little-endian Uint32. */
export function rgbaBytes(rgb: number, alpha = 255): number {
  return ((alpha << 24) | ((rgb & 0xff) << 16) | (rgb & 0xff00) | ((rgb >> 16) & 0xff)) >>> 0;
}

const CORNERS = [-1, -1, 1, -1, 1, 1, -1, 1];

/** How many quads node i takes: one, or one per band. */
function quadsOf(paint: NodePaint, i: number): number {
  const b = paint.bands;
  const n = b ? b.start[i + 1]! - b.start[i]! : 0;
  return n > 1 ? n : 1;
}

/** Quads for the nodes listed in `nodes` (e.g. one tile's), in that order; banded nodes take one per band. */
export function buildNodeQuads(g: Geometry, nodes: ArrayLike<number>, paint: NodePaint): NodeQuads {
  let count = 0;
  for (let k = 0; k < nodes.length; k++) count += quadsOf(paint, nodes[k]!);
  const q = allocateQuads(count);
  let slot = 0;
  for (let k = 0; k < nodes.length; k++) {
    const i = nodes[k]!;
    const b = paint.bands;
    if (quadsOf(paint, i) === 1 || !b) writeQuad(q, slot++, g, i, rgbaBytes(paint.fill[i]!), rgbaBytes(paint.stroke[i]!), 0, 1);
    else {
      const stroke = rgbaBytes(TB_COLORS.gradientOutline);
      let from = 0;
      for (let j = b.start[i]!; j < b.start[i + 1]!; j++) {
        writeQuad(q, slot++, g, i, rgbaBytes(b.color[j]!), stroke, from, b.end[j]!);
        from = b.end[j]!;
      }
    }
  }
  return q;
}

/**
 * The quad of node i, or of its horizontal slice from fraction `from` to `to` of its width: the
 * slice keeps the whole shape's local coordinates, so the shader cuts the same outline.
 */
function writeQuad(q: NodeQuads, k: number, g: Geometry, i: number, fill: number, stroke: number, from: number, to: number): void {
  const s = g.nodes.shape;
  writeShapeQuad(q, k, s[4 * i]!, s[4 * i + 1]!, s[4 * i + 2]!, s[4 * i + 3]!, g.nodes.radius[i]!, g.nodes.shapeKind[i]!, fill, stroke, from, to);
}

/** Quad k: a shape of `kind` in the box (x, y, w, h), or its slice from `from` to `to` of the width. */
export function writeShapeQuad(q: NodeQuads, k: number, x: number, y: number, w: number, h: number, radius: number, kind: number, fill: number, stroke: number, from = 0, to = 1): void {
  const hw = w / 2;
  const hh = h / 2;
  const cx = x + hw;
  const cy = y + hh;
  const x0 = from <= 0 ? -(hw + QUAD_PAD) : -hw + 2 * hw * from;
  const x1 = to >= 1 ? hw + QUAD_PAD : -hw + 2 * hw * to;
  for (let v = 0; v < 4; v++) {
    const lx = CORNERS[2 * v]! < 0 ? x0 : x1;
    const ly = CORNERS[2 * v + 1]! * (hh + QUAD_PAD);
    const p = 8 * k + 2 * v;
    q.position[p] = cx + lx;
    q.position[p + 1] = cy + ly;
    q.local[p] = lx;
    q.local[p + 1] = ly;
    q.shape.set([hw, hh, radius, kind], 16 * k + 4 * v);
    q.fill[4 * k + v] = fill;
    q.stroke[4 * k + v] = stroke;
  }
  q.index.set([4 * k, 4 * k + 1, 4 * k + 2, 4 * k, 4 * k + 2, 4 * k + 3], 6 * k);
}

/** Room for `count` quads. */
export function allocateQuads(count: number): NodeQuads {
  return {
    count,
    position: new Float32Array(8 * count),
    local: new Float32Array(8 * count),
    shape: new Float32Array(16 * count),
    fill: new Uint32Array(4 * count),
    stroke: new Uint32Array(4 * count),
    index: new Uint32Array(6 * count),
  };
}
