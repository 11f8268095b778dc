/**
 * @tbg/render-pixi: the WebGL scene of a laid-out tf graph (pixi.js v8): `GraphRenderer` (node
 * shapes, edges, labels, annotations, expand buttons; picking, highlight, levels of detail,
 * themes), and the DOM-free core it is built on: the camera, the spatial index for culling and
 * hit testing, spatial tiles, the vertex builders, and TensorBoard's palette.
 */
export {
  centreOn,
  rectInView,
  rectOnScreen,
  clampScale,
  DEFAULT_ZOOM_LIMITS,
  easeInOut,
  fitCamera,
  LAYOUT_TRANSITION_MS,
  lerpCamera,
  panBy,
  screenToWorld,
  visibleWorld,
  wheelFactor,
  worldToScreen,
  zoomAt,
  type Camera,
  type Rect,
  type Viewport,
  type ZoomLimits,
} from './scene/camera.js';
export { buildNodeIndex, insideShape, nodeDepths, type NodeIndex } from './scene/spatial-index.js';
export { buildTiles, visibleTiles, type TileGrid } from './scene/tiles.js';
export { ANNOTATION_ARROW, ANNOTATION_EDGE_WIDTH, ANNOTATION_LABEL_PX, annotationLabels, buildAnnotationEdges, buildAnnotationQuads } from './scene/annotations.js';
export { buildCoarseEdgeStrokes, buildEdgeStrokeLevels, buildEdgeStrokes, EdgeRole, edgeBoxes, FLATNESS, flattenBasis, PIECES_PER_SPAN, StrokeKind, type EdgeStrokes } from './scene/edge-strokes.js';
export { EDGE_LABEL_PX, edgeLabels, midpointAlong } from './scene/edge-labels.js';
export { buildExpandButtonQuads } from './scene/expand-buttons.js';
// Where the button goes is part of the geometry (re-exported: it was ours first).
export { EXPAND_BUTTON_INSET, EXPAND_BUTTON_RADIUS, expandButtonCentre, hasExpandButton } from '@tbg/layout';
export { buildEdgeGraph, HighlightBit, neighbourhood, writeHighlight, type EdgeGraph, type Highlight } from './scene/highlight.js';
export { buildLabelGlyphs, CENTRAL_TO_BASELINE, nodeLabels, type LabelGlyphs, type LabelRole, type LabelSpec } from './scene/label-glyphs.js';
export { AGGREGATE_BELOW_PX, EDGE_LEVELS, lodThresholds, MIN_LABEL_SCREEN_PX, PLAIN_BELOW_SCALE, type EdgeLevel, type LodThresholds } from './scene/lod.js';
export { DEFAULT_MINIMAP, minimapLayout, minimapShown, minimapToWorld, viewportBox, visibleFraction, type MinimapCorner, type MinimapLayout, type MinimapOptions } from './scene/minimap-layout.js';
export { buildNodeQuads, QUAD_PAD, QuadRole, rgbaBytes, type NodeQuads, type QuadBuildOptions } from './scene/node-quads.js';
export { createPicker, type Picker, type PickPart, type PickResult } from './scene/pick.js';
export { planTransition, shapesAt, type TransitionPlan } from './scene/transition.js';
export { ATLAS_FONT_PX, GlyphAtlas, SDF_EDGE, type Glyph } from './text/glyph-atlas.js';
export { loadRoboto, ROBOTO_FAMILY } from './text/load-roboto.js';
export { darker, hslToRgb, STRUCTURE_COLORS, structureColor, TB_COLORS, TB_HUES } from './style/palette.js';
export { plainPaint, type NodeBands, type NodePaint } from './style/paint.js';
export { deviceColors, devicePaint, xlaClusterColors, xlaClusterPaint, type DeviceLegendEntry } from './style/device-paint.js';
export { COMPATIBILITY_COLORS, compatibilityPaint } from './style/compatibility-paint.js';
export type { HistogramsOf } from './style/histogram-paint.js';
export { structureLegend, structurePaint, structureRanks } from './style/structure-paint.js';
export { DARK_THEME, DEFAULT_THEME, mergeTheme, parseColor, type NodeFillMode, type Theme } from './style/theme.js';
export { drawScene2D, type Scene2DOptions, type Scene2DStats } from './canvas2d/draw-scene-2d.js';
export type { Context2D } from './canvas2d/shape-path-2d.js';
export { GraphRenderer, type FrameInfo, type FrameStats, type GraphRendererOptions, type SetGeometryOptions } from './pixi/graph-renderer.js';
export type { Detail, MotionSampling } from './pixi/frame-visibility.js';
export { MAX_ANIMATED_NODES } from './pixi/transition-player.js';
export { inWorker, useWorkerAdapter } from './pixi/worker-adapter.js';
