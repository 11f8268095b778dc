/**
 * @tbg/render-pixi: the WebGL scene of a laid-out tf graph (pixi.js v8): `GraphRenderer` (node
 * shapes, edges, labels and annotations so far; edge labels, the minimap and the worker next), and the DOM-free core it is built on: the camera, the spatial index for culling and
 * hit testing, spatial tiles, node quads for the shape shader, and TensorBoard's palette.
 */
export {
  centreOn,
  clampScale,
  DEFAULT_ZOOM_LIMITS,
  easeInOut,
  fitCamera,
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
export { buildEdgeStrokes, edgeBoxes, flattenBasis, PIECES_PER_SPAN, type EdgeStrokes } from './scene/edge-strokes.js';
export { buildLabelGlyphs, CENTRAL_TO_BASELINE, nodeLabels, type LabelGlyphs, type LabelSpec } from './scene/label-glyphs.js';
export { buildNodeQuads, QUAD_PAD, rgbaBytes, type NodeQuads } from './scene/node-quads.js';
export { ATLAS_FONT_PX, GlyphAtlas, SDF_EDGE, type Glyph } from './text/glyph-atlas.js';
export { loadRoboto, ROBOTO_FAMILY } from './text/load-roboto.js';
export { darker, hslToRgb, structureColor, TB_COLORS, TB_HUES } from './style/palette.js';
export { plainPaint, type NodeBands, type NodePaint } from './style/paint.js';
export { deviceColors, devicePaint, type DeviceLegendEntry } from './style/device-paint.js';
export { structureLegend, structurePaint } from './style/structure-paint.js';
export { GraphRenderer, type FrameStats, type GraphRendererOptions } from './pixi/graph-renderer.js';
export { MIN_LABEL_SCREEN_PX } from './pixi/label-shader.js';
