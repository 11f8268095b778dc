/**
 * Node shapes as quads: four vertices per node, written straight into typed arrays, drawn by
 * one indexed draw per tile. The fragment shader cuts the shape out of its quad by a signed
 * distance (rounded rectangle, ellipse, triangle or series stamp), so a node costs the same
 * whatever its shape, and no pixi object exists per node. Each vertex also carries the slot of
 * its node in the highlight state texture, its role and its level-of-detail thresholds, so that
 * hover, selection and zoom change no buffer.
 */
import { NodeFlag, type Geometry } from '@tbg/layout';
import type { NodePaint } from '../style/paint.js';
import { TB_COLORS } from '../style/palette.js';
import type { LodThresholds } from './lod.js';

/** What a quad is, for the shader (`NodeQuads.meta`): selection and LOD rules differ. */
export const QuadRole = { node: 0, group: 1, annotation: 2, expandButton: 3, overlay: 4 } as const;
export type QuadRole = (typeof QuadRole)[keyof typeof QuadRole];

/** Extra shape kinds, after layout's ShapeKind: TensorBoard's expand button, collapsed (+) and expanded (−). */
export const BUTTON_PLUS = 7;
export const BUTTON_MINUS = 8;

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
  /** Per vertex: state slot (the node), QuadRole, hide-below scale, aggregate-below scale. */
  meta: Float32Array;
  /** Two triangles per quad. */
  index: Uint32Array;
}

/** One quad to write: a shape of `kind` in the box (x, y, w, h), or its slice `from`…`to` of the width. */
export interface QuadSpec {
  x: number;
  y: number;
  w: number;
  h: number;
  radius: number;
  kind: number;
  fill: number;
  stroke: number;
  from: number;
  to: number;
  /** State slot (node index), role and LOD thresholds. */
  id: number;
  role: QuadRole;
  hide: number;
  aggregate: number;
}

/** Room around each shape for its stroke and anti-aliasing, in world px. */
export const QUAD_PAD = 1.5;

/** 0xRRGGBB + alpha → the four bytes R, G, B, A in memory order of a little-endian Uint32. */
export function rgbaBytes(rgb: number, alpha = 255): number {
  return ((alpha << 24) | ((rgb & 0xff) << 16) | (rgb & 0xff00) | ((rgb >> 16) & 0xff)) >>> 0;
}

const CORNERS = [-1, -1, 1, -1, 1, 1, -1, 1];

/** A blank spec to fill in. */
export function quadSpec(): QuadSpec {
  return { x: 0, y: 0, w: 0, h: 0, radius: 0, kind: 0, fill: 0, stroke: 0, from: 0, to: 1, id: 0, role: QuadRole.node, hide: 0, aggregate: 0 };
}

/** How many quads node i takes: one, or one per band. */
function quadsOf(paint: NodePaint, i: number): number {
  const b = paint.bands;
  const n = b ? b.start[i + 1]! - b.start[i]! : 0;
  return n > 1 ? n : 1;
}

/** Sets `spec` to node i's shape, state slot and thresholds (colours and slice left to the caller). */
export function nodeSpec(spec: QuadSpec, g: Geometry, i: number, lod: LodThresholds | null): QuadSpec {
  const s = g.nodes.shape;
  spec.x = s[4 * i]!;
  spec.y = s[4 * i + 1]!;
  spec.w = s[4 * i + 2]!;
  spec.h = s[4 * i + 3]!;
  spec.radius = g.nodes.radius[i]!;
  spec.kind = g.nodes.shapeKind[i]!;
  spec.id = i;
  spec.role = g.nodes.flags[i]! & NodeFlag.expanded ? QuadRole.group : QuadRole.node;
  spec.hide = lod ? lod.nodeHide[i]! : 0;
  spec.aggregate = lod ? lod.nodeAggregate[i]! : 0;
  spec.from = 0;
  spec.to = 1;
  return spec;
}

export interface QuadBuildOptions {
  /** Write into these buffers (made for the same nodes) instead of new ones: animation frames. */
  into?: NodeQuads;
  /** Per node opacity, 0–255 (fading in); opaque when absent. */
  alpha?: Uint8Array;
}

/** Quads for the nodes listed in `nodes` (e.g. one tile's), in that order; banded nodes take one per band. */
export function buildNodeQuads(g: Geometry, nodes: ArrayLike<number>, paint: NodePaint, lod: LodThresholds | null = null, o: QuadBuildOptions = {}): NodeQuads {
  let count = 0;
  for (let k = 0; k < nodes.length; k++) count += quadsOf(paint, nodes[k]!);
  const q = o.into?.count === count ? o.into : allocateQuads(count);
  const spec = quadSpec();
  let slot = 0;
  for (let k = 0; k < nodes.length; k++) {
    const i = nodes[k]!;
    const b = paint.bands;
    const alpha = o.alpha ? o.alpha[i]! : 255;
    nodeSpec(spec, g, i, lod);
    if (quadsOf(paint, i) === 1 || !b) {
      spec.fill = rgbaBytes(paint.fill[i]!, alpha);
      spec.stroke = rgbaBytes(paint.stroke[i]!, alpha);
      writeShapeQuad(q, slot++, spec);
      continue;
    }
    // Bands: slices of one shape, so the shader cuts the same outline.
    spec.stroke = rgbaBytes(TB_COLORS.gradientOutline, alpha);
    for (let j = b.start[i]!; j < b.start[i + 1]!; j++) {
      spec.fill = rgbaBytes(b.color[j]!, alpha);
      spec.to = b.end[j]!;
      writeShapeQuad(q, slot++, spec);
      spec.from = spec.to;
    }
  }
  return q;
}

/** Writes quad k from `s`: the slice keeps the whole shape's local coordinates. */
export function writeShapeQuad(q: NodeQuads, k: number, s: QuadSpec): void {
  const hw = s.w / 2;
  const hh = s.h / 2;
  const cx = s.x + hw;
  const cy = s.y + hh;
  const x0 = s.from <= 0 ? -(hw + QUAD_PAD) : -hw + 2 * hw * s.from;
  const x1 = s.to >= 1 ? hw + QUAD_PAD : -hw + 2 * hw * s.to;
  for (let v = 0; v < 4; v++) {
    const lx = CORNERS[2 * v]! < 0 ? x0 : x1;
    const ly = CORNERS[2 * v + 1]! * (hh + QUAD_PAD);
    const p = 8 * k + 2 * v;
    q.position[p] = cx + lx;
    q.position[p + 1] = cy + ly;
    q.local[p] = lx;
    q.local[p + 1] = ly;
    const o = 16 * k + 4 * v;
    q.shape[o] = hw;
    q.shape[o + 1] = hh;
    q.shape[o + 2] = s.radius;
    q.shape[o + 3] = s.kind;
    q.meta[o] = s.id;
    q.meta[o + 1] = s.role;
    q.meta[o + 2] = s.hide;
    q.meta[o + 3] = s.aggregate;
    q.fill[4 * k + v] = s.fill;
    q.stroke[4 * k + v] = s.stroke;
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
    meta: new Float32Array(16 * count),
    index: new Uint32Array(6 * count),
  };
}
