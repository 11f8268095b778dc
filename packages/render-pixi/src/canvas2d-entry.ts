/**
 * @tbg/render-pixi/canvas2d: the scene drawn once with Canvas 2D (no pixi.js, no DOM beyond a 2D
 * context), for a first picture in any thread while WebGL starts, and the Roboto loader its
 * labels need.
 */
export { drawScene2D, type Scene2DOptions, type Scene2DStats } from './canvas2d/draw-scene-2d.js';
export type { Context2D } from './canvas2d/shape-path-2d.js';
export { loadRoboto, ROBOTO_FAMILY } from './text/load-roboto.js';
