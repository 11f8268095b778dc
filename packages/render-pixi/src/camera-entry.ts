/** @tbg/render-pixi/camera: the camera's pure functions (no pixi.js, no DOM), for input handling on any thread. */
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
