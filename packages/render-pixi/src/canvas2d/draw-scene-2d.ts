/**
 * A laid-out graph drawn once with Canvas 2D: the first picture while WebGL starts (a context and
 * its shaders take a second or more on a software GPU), in a page or in any worker that holds an
 * OffscreenCanvas, without pixi.js. It reads the same builders as the WebGL meshes (node quads,
 * edge strokes, label specs) and draws them in the same order — per nesting depth, shapes, then
 * edges, then text and buttons — in the same colours and levels of detail, culled to the view.
 * Not interactive: no highlight, minimap or animation.
 */
import type { Geometry } from '@tbg/layout';
import { ANNOTATION_LABEL_PX, annotationLabels, buildAnnotationEdges, buildAnnotationQuads } from '../scene/annotations.js';
import { visibleWorld, type Camera, type Rect, type Viewport } from '../scene/camera.js';
import { EDGE_LABEL_PX, edgeLabels } from '../scene/edge-labels.js';
import { buildCoarseEdgeStrokes, buildEdgeStrokes, edgeBoxes } from '../scene/edge-strokes.js';
import { buildExpandButtonQuads } from '../scene/expand-buttons.js';
import { nodeLabels } from '../scene/label-glyphs.js';
import { EDGE_LEVELS, levelAt, lodThresholds, PLAIN_BELOW_SCALE } from '../scene/lod.js';
import { buildNodeQuads } from '../scene/node-quads.js';
import { nodeDepths } from '../scene/spatial-index.js';
import type { NodePaint } from '../style/paint.js';
import type { Theme } from '../style/theme.js';
import { cssRgb } from './colours-2d.js';
import { drawLabels2D } from './draw-labels-2d.js';
import { drawQuads2D, type QuadMode } from './draw-quads-2d.js';
import { drawStrokes2D } from './draw-strokes-2d.js';
import type { Context2D } from './shape-path-2d.js';

export interface Scene2DOptions {
  camera: Camera;
  /** The view in CSS px; the canvas holds `resolution` device px per CSS px. */
  viewport: Viewport;
  resolution: number;
  paint: NodePaint;
  theme: Theme;
  /** Levels of detail as the WebGL scene applies them (default on). */
  lod?: boolean;
}

export interface Scene2DStats {
  nodes: number;
  edgePieces: number;
  labels: number;
  ms: number;
}

/** The items of each kind in view, grouped by the nesting depth they are drawn at. */
interface DepthItems {
  nodes: number[];
  edges: number[];
  annotations: number[];
}

/** Draws `g` over the whole canvas (background first). */
export function drawScene2D(ctx: Context2D, g: Geometry, o: Scene2DOptions): Scene2DStats {
  const t0 = performance.now();
  const { camera: c, resolution: r } = o;
  ctx.setTransform(1, 0, 0, 1, 0, 0);
  ctx.fillStyle = cssRgb(o.theme.background);
  ctx.fillRect(0, 0, ctx.canvas.width, ctx.canvas.height);
  ctx.setTransform(r * c.scale, 0, 0, r * c.scale, r * c.x, r * c.y);
  const lodOn = o.lod ?? true;
  const lod = lodOn ? lodThresholds(g) : null;
  const m: QuadMode = { scale: c.scale, lod: lodOn, plain: lodOn && c.scale < PLAIN_BELOW_SCALE, theme: o.theme };
  const stats: Scene2DStats = { nodes: 0, edgePieces: 0, labels: 0, ms: 0 };
  // The edges' copy that WebGL draws at this zoom (lod.ts EDGE_LEVELS).
  const level = lodOn ? levelAt(EDGE_LEVELS, c.scale) : 0;
  const strokes = (edges: number[]) => (level ? buildCoarseEdgeStrokes(g, edges, lod, EDGE_LEVELS[level - 1]!.tolerance) : buildEdgeStrokes(g, edges, lod));
  for (const items of itemsByDepth(g, visibleWorld(c, o.viewport))) {
    stats.nodes += drawQuads2D(ctx, buildNodeQuads(g, items.nodes, o.paint, lod), m);
    drawQuads2D(ctx, buildAnnotationQuads(g, items.annotations, lod), m);
    stats.edgePieces += drawStrokes2D(ctx, strokes(items.edges), m);
    drawStrokes2D(ctx, buildAnnotationEdges(g, items.annotations, lod), m);
    stats.labels += drawLabels2D(ctx, nodeLabels(g, items.nodes, lod), m);
    if (EDGE_LABEL_PX * c.scale >= 1) drawLabels2D(ctx, edgeLabels(g, items.edges, lod), m);
    if (ANNOTATION_LABEL_PX * c.scale >= 1) drawLabels2D(ctx, annotationLabels(g, items.annotations, lod), m);
    drawQuads2D(ctx, buildExpandButtonQuads(g, items.nodes, lod), m);
  }
  ctx.setTransform(1, 0, 0, 1, 0, 0);
  stats.ms = performance.now() - t0;
  return stats;
}

const meets = (b: ArrayLike<number>, k: number, v: Rect) => b[4 * k]! <= v.x + v.width && b[4 * k]! + b[4 * k + 2]! >= v.x && b[4 * k + 1]! <= v.y + v.height && b[4 * k + 1]! + b[4 * k + 3]! >= v.y;

/** Nodes, edges and annotations that meet the view, by depth (an edge at its owner's, an annotation at its host's). */
function itemsByDepth(g: Geometry, view: Rect): DepthItems[] {
  const depth = nodeDepths(g);
  const out: DepthItems[] = [];
  const at = (d: number) => {
    while (out.length <= d) out.push({ nodes: [], edges: [], annotations: [] });
    return out[d]!;
  };
  for (let i = 0; i < g.nodes.count; i++) if (meets(g.nodes.box, i, view)) at(depth[i]!).nodes.push(i);
  const boxes = edgeBoxes(g);
  for (let e = 0; e < g.edges.count; e++) {
    const owner = g.edges.owner[e]!;
    if (meets(boxes, e, view)) at(owner < 0 ? 0 : depth[owner]!).edges.push(e);
  }
  for (let a = 0; a < g.annotations.count; a++) if (meets(g.annotations.box, a, view)) at(depth[g.annotations.host[a]!]!).annotations.push(a);
  return out;
}
